//! The textual pipeline syntax: `builtin.module(func.func(canonicalize{max-iterations=3},cse),cse)`.
//!
//! Parsing is split from building: the parser turns text into a small tree of
//! [`PipelineElement`]s, and [`build_pipeline`] resolves pass names against the registered
//! [`PassInfo`]s. Every malformed string is a [`PipelineError`], never a panic.

use crate::manager::OpPassManager;
use crate::{PassInfo, PassOptions};

/// How deeply anchors may nest (`builtin.module(any(any(...)))`): building and running a
/// pipeline recurse once per level, so deeper text is an error rather than a stack overflow.
pub const PIPELINE_NESTING_LIMIT: usize = 1000;

/// One element of a textual pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PipelineElement {
    /// A pass with its raw option text (`max-iterations=3 top-down=false`).
    Pass { name: String, options: Option<String>, col: usize },
    /// A nested pipeline anchored on an op name (`func.func(...)`).
    Nested { anchor: String, elements: Vec<PipelineElement>, col: usize },
}

/// A pipeline that could not be parsed or built; the message reads like upstream's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PipelineError {
    pub message: String,
}

impl PipelineError {
    fn new(message: impl Into<String>) -> Self {
        PipelineError { message: message.into() }
    }

    /// An error at 1-based column `col` of `text`, in the format of upstream's
    /// `MLIR Textual PassPipeline Parser` diagnostics.
    fn at(text: &str, col: usize, message: &str) -> Self {
        let pad = " ".repeat(col.saturating_sub(1));
        PipelineError::new(format!("MLIR Textual PassPipeline Parser:1:{col}: error: {message}\n{text}\n{pad}^"))
    }
}

/// Parse a comma-separated list of elements (the inside of an anchor's parentheses).
pub fn parse_pipeline_elements(text: &str) -> Result<Vec<PipelineElement>, PipelineError> {
    let mut p = ElementParser { text, bytes: text.as_bytes(), pos: 0, depth: 0 };
    let elements = p.parse_list()?;
    p.skip_ws();
    if p.pos < p.bytes.len() {
        let msg = if p.bytes[p.pos] == b')' {
            "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline"
        } else {
            "expected ',' after parsing pipeline"
        };
        return Err(PipelineError::at(text, p.pos + 1, msg));
    }
    Ok(elements)
}

/// Split `anchor(inner)` into its anchor and inner text; `None` when the text is not of that
/// shape (upstream requires the top level of `--pass-pipeline` to be wrapped so).
pub fn split_anchor(text: &str) -> Option<(&str, &str)> {
    let t = text.trim();
    let open = t.find('(')?;
    let anchor = t[..open].trim();
    if anchor.is_empty() || !anchor.bytes().all(is_name_byte) || !t.ends_with(')') {
        return None;
    }
    let inner = &t[open + 1..t.len() - 1];
    // The closing parenthesis must match the opening one, not close an inner group.
    let mut depth = 0i32;
    for c in inner.bytes() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            _ => {}
        }
    }
    Some((anchor, inner))
}

/// The text between the first `(` and the last `)` of `anchor(...)`, balanced or not.
fn loose_inner(text: &str) -> Option<&str> {
    let t = text.trim();
    let open = t.find('(')?;
    let anchor = t[..open].trim();
    (!anchor.is_empty() && anchor.bytes().all(is_name_byte) && t.ends_with(')')).then(|| &t[open + 1..t.len() - 1])
}

/// Parse `anchor(...)` and build a pass manager anchored on `anchor`.
pub fn parse_pass_pipeline(text: &str, registry: &[PassInfo]) -> Result<OpPassManager, PipelineError> {
    let Some((anchor, inner)) = split_anchor(text) else {
        // `builtin.module(cse))` has the shape but not the balance: report the parenthesis
        // where upstream does, inside the anchor.
        if let Some(inner) = loose_inner(text) {
            parse_pipeline_elements(inner)?;
        }
        return Err(PipelineError::new(
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'",
        ));
    };
    let elements = parse_pipeline_elements(inner)?;
    let mut pm = OpPassManager::new(anchor);
    build_pipeline(&mut pm, &elements, inner, registry)?;
    Ok(pm)
}

/// Add `elements` to `pm`, creating passes from `registry`. `text` is the string the columns
/// refer to, for error messages.
pub fn build_pipeline(
    pm: &mut OpPassManager,
    elements: &[PipelineElement],
    text: &str,
    registry: &[PassInfo],
) -> Result<(), PipelineError> {
    for e in elements {
        match e {
            PipelineElement::Nested { anchor, elements, .. } => {
                let nested = pm.nest_explicit(anchor);
                build_pipeline(nested, elements, text, registry)?;
            }
            PipelineElement::Pass { name, options, col } => {
                let Some(info) = registry.iter().find(|i| i.argument == name) else {
                    return Err(PipelineError::at(
                        text,
                        *col,
                        &format!("'{name}' does not refer to a registered pass or pass pipeline"),
                    ));
                };
                let raw = options.as_deref().unwrap_or("");
                let opts = parse_pass_options(raw)
                    .map_err(|m| PipelineError::new(format!("{m}\nfailed to add `{name}` with options `{raw}`")))?;
                let pass = (info.create)(&opts)
                    .map_err(|m| PipelineError::new(format!("{m}\nfailed to add `{name}` with options `{raw}`")))?;
                if let Some(a) = pass.anchor() {
                    if pm.anchor() != a && pm.anchor() != crate::manager::ANY {
                        return Err(PipelineError::new(format!(
                            "Can't add pass '{}' restricted to '{a}' on a PassManager intended to run on '{}', did you intend to nest?",
                            pass.name(),
                            pm.anchor()
                        )));
                    }
                }
                pm.add_pass_explicit(pass);
            }
        }
    }
    Ok(())
}

/// Parse `key=value key2=value2` (the inside of `{...}`). Values may be quoted or braced; a key
/// alone means `true`, as upstream's boolean flags do.
pub fn parse_pass_options(text: &str) -> Result<PassOptions, String> {
    let mut opts = PassOptions::default();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i] != '=' && !chars[i].is_whitespace() {
            i += 1;
        }
        let key: String = chars[start..i].iter().collect();
        if key.is_empty() {
            return Err(format!("<Pass-Options-Parser>: expected an option name in '{text}'"));
        }
        let value = if i < chars.len() && chars[i] == '=' {
            i += 1;
            let vstart = i;
            let mut depth = 0i32;
            let mut quote: Option<char> = None;
            while i < chars.len() {
                let c = chars[i];
                match quote {
                    Some(q) if c == q => quote = None,
                    Some(_) => {}
                    None => match c {
                        '"' | '\'' => quote = Some(c),
                        '{' | '[' | '(' => depth += 1,
                        '}' | ']' | ')' => depth -= 1,
                        c if c.is_whitespace() && depth <= 0 => break,
                        _ => {}
                    },
                }
                i += 1;
            }
            if quote.is_some() || depth != 0 {
                return Err(format!("<Pass-Options-Parser>: unbalanced quotes or brackets in '{text}'"));
            }
            let v: String = chars[vstart..i].iter().collect();
            strip_quotes(&v).to_string()
        } else {
            "true".to_string()
        };
        opts.values.insert(key, value);
    }
    Ok(opts)
}

fn strip_quotes(v: &str) -> &str {
    for q in ['"', '\''] {
        if v.len() >= 2 && v.starts_with(q) && v.ends_with(q) {
            return &v[1..v.len() - 1];
        }
    }
    v
}

fn is_name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'$')
}

struct ElementParser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// Anchors open around the current position.
    depth: usize,
}

impl ElementParser<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn parse_list(&mut self) -> Result<Vec<PipelineElement>, PipelineError> {
        let mut out = Vec::new();
        self.skip_ws();
        // An empty pipeline (`builtin.module()`) is valid.
        if matches!(self.peek(), None | Some(b')')) {
            return Ok(out);
        }
        loop {
            out.push(self.parse_element()?);
            self.skip_ws();
            if self.peek() == Some(b',') {
                self.pos += 1;
                continue;
            }
            return Ok(out);
        }
    }

    fn parse_element(&mut self) -> Result<PipelineElement, PipelineError> {
        self.skip_ws();
        let start = self.pos;
        while self.peek().is_some_and(is_name_byte) {
            self.pos += 1;
        }
        let name = self.text[start..self.pos].to_string();
        let col = start + 1;
        if name.is_empty() {
            return Err(PipelineError::at(self.text, col, "'' does not refer to a registered pass or pass pipeline"));
        }
        self.skip_ws();
        match self.peek() {
            Some(b'(') => {
                if self.depth >= PIPELINE_NESTING_LIMIT {
                    return Err(PipelineError::at(
                        self.text,
                        col,
                        &format!("nesting too deep (limit {PIPELINE_NESTING_LIMIT})"),
                    ));
                }
                self.pos += 1;
                let inner_col = self.pos + 1;
                self.depth += 1;
                let elements = self.parse_list();
                self.depth -= 1;
                let elements = elements?;
                self.skip_ws();
                if self.peek() != Some(b')') {
                    return Err(PipelineError::at(
                        self.text,
                        inner_col,
                        "encountered unbalanced parentheses while parsing pipeline",
                    ));
                }
                self.pos += 1;
                Ok(PipelineElement::Nested { anchor: name, elements, col })
            }
            Some(b'{') => {
                let open = self.pos;
                self.pos += 1;
                let mut depth = 1;
                while let Some(c) = self.peek() {
                    self.pos += 1;
                    match c {
                        b'{' => depth += 1,
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                if depth != 0 {
                    return Err(PipelineError::at(
                        self.text,
                        open + 1,
                        "missing closing '}' while processing pass options",
                    ));
                }
                let options = self.text[open + 1..self.pos - 1].to_string();
                Ok(PipelineElement::Pass { name, options: Some(options), col })
            }
            _ => Ok(PipelineElement::Pass { name, options: None, col }),
        }
    }
}
