//! `--verify-diagnostics`: the `expected-error|warning|note|remark` comments of a buffer and
//! their matching against emitted diagnostics, with upstream's rules and wording.
//!
//! `@+N`/`@-N` are relative to the comment's line, `@above` names the last line without a
//! designator, `@below` the next such line, `@unknown` matches diagnostics without a file
//! location. Plain messages match as substrings; `-re` messages are literal text with
//! `{{regex}}` segments.

use flowgate_ir::Severity;
use regex::Regex;
use std::sync::OnceLock;

/// How an expectation's message is matched.
#[derive(Debug)]
pub enum Matcher {
    Substring(String),
    Regex(Regex),
}

#[derive(Debug)]
pub struct Expected {
    pub kind: Severity,
    /// 1-based line in the whole file; `None` for `@unknown`.
    pub line: Option<u32>,
    /// Where the `expected-...` text starts, for reports.
    pub at_line: u32,
    pub at_col: u32,
    /// The message as written, for reports.
    pub text: String,
    pub matcher: Matcher,
    pub matched: bool,
}

/// An error found while reading the expectations (an invalid regex).
#[derive(Debug)]
pub struct ExpectError {
    pub line: u32,
    pub col: u32,
    pub len: usize,
    pub message: String,
}

fn designator() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(expected-(error|note|remark|warning))(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}\s*$",
        )
        .expect("the designator pattern is a valid regex")
    })
}

fn kind_of(s: &str) -> Severity {
    match s {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        "remark" => Severity::Remark,
        _ => Severity::Note,
    }
}

/// Turn an `-re` message into a regex: text outside `{{...}}` is literal.
fn regex_message(msg: &str) -> Result<Regex, String> {
    let mut pattern = String::new();
    let mut rest = msg;
    while let Some(open) = rest.find("{{") {
        pattern.push_str(&regex::escape(&rest[..open]));
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            return Err("found start of regex with no end '}}'".to_string());
        };
        pattern.push('(');
        pattern.push_str(&after[..close]);
        pattern.push(')');
        rest = &after[close + 2..];
    }
    pattern.push_str(&regex::escape(rest));
    Regex::new(&pattern).map_err(|e| format!("invalid regex: {}", first_line(&e.to_string())))
}

fn first_line(s: &str) -> String {
    s.lines().last().unwrap_or(s).trim().trim_start_matches("error: ").to_string()
}

/// Read the expectations of `text`, whose first line is line `line_offset + 1` of the file.
pub fn parse_expectations(text: &str, line_offset: u32) -> (Vec<Expected>, Vec<ExpectError>) {
    let mut out: Vec<Expected> = Vec::new();
    let mut errors = Vec::new();
    let mut last_plain_line = line_offset;
    let mut waiting_below: Vec<usize> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = line_offset + i as u32 + 1;
        let Some(caps) = designator().captures(line) else {
            last_plain_line = line_no;
            for w in waiting_below.drain(..) {
                out[w].line = Some(line_no);
            }
            continue;
        };
        let (Some(whole), Some(kind), Some(msg)) = (caps.get(1), caps.get(2), caps.get(6)) else { continue };
        let at_col = line[..whole.start()].chars().count() as u32 + 1;
        let text = msg.as_str().to_string();
        let matcher = if caps.get(3).is_some() {
            match regex_message(&text) {
                Ok(r) => Matcher::Regex(r),
                Err(message) => {
                    errors.push(ExpectError { line: line_no, col: at_col, len: text.chars().count(), message });
                    continue;
                }
            }
        } else {
            Matcher::Substring(text.clone())
        };
        let mut e = Expected {
            kind: kind_of(kind.as_str()),
            line: Some(line_no),
            at_line: line_no,
            at_col,
            text,
            matcher,
            matched: false,
        };
        match caps.get(5).map(|m| m.as_str()) {
            None => {}
            Some("above") => e.line = Some(last_plain_line),
            Some("below") => {
                waiting_below.push(out.len());
            }
            Some("unknown") => e.line = None,
            Some(off) => {
                let n: i64 = off[1..].parse().unwrap_or(i64::MAX);
                let target = if off.starts_with('+') { line_no as i64 + n } else { line_no as i64 - n };
                e.line = Some(u32::try_from(target).unwrap_or(u32::MAX));
            }
        }
        out.push(e);
    }
    (out, errors)
}

impl Expected {
    pub fn matches(&self, msg: &str) -> bool {
        match &self.matcher {
            Matcher::Substring(s) => msg.contains(s.as_str()),
            Matcher::Regex(r) => r.is_match(msg),
        }
    }
}

/// Find and mark the expectation a diagnostic satisfies. `line` is `None` for diagnostics
/// without a location in the checked file. An expectation already matched may absorb
/// further diagnostics, as upstream's verifier allows (it reports some parse errors twice
/// at one place, e.g. `expected attribute value` then `expected attribute`); unmatched ones
/// are preferred so that repeated expectations are each claimed.
pub fn claim(expected: &mut [Expected], kind: Severity, line: Option<u32>, msg: &str) -> bool {
    let fits = |e: &Expected| e.kind == kind && e.line == line && e.matches(msg);
    let pick = expected.iter().position(|e| !e.matched && fits(e)).or_else(|| expected.iter().position(fits));
    match pick {
        Some(i) => {
            expected[i].matched = true;
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_and_designators() {
        let src = "a\n// expected-error@+1 {{one}}\nb\n// expected-warning @above {{two}}\n// expected-note@below {{three}}\n// expected-remark @-1 {{four}}\nc\n// expected-error @unknown {{five}}\n";
        let (e, errs) = parse_expectations(src, 10);
        assert!(errs.is_empty());
        let lines: Vec<Option<u32>> = e.iter().map(|x| x.line).collect();
        assert_eq!(lines, vec![Some(13), Some(13), Some(17), Some(15), None]);
        assert_eq!(e[0].at_col, 4);
    }

    #[test]
    fn regex_and_substring() {
        let src = "// expected-error-re {{use of {{[a-z]+}} value}}\n// expected-error {{of undeclared}}\n";
        let (mut e, _) = parse_expectations(src, 0);
        assert!(claim(&mut e, Severity::Error, Some(1), "use of undeclared value"));
        // A repeat is absorbed by the matched expectation, as upstream's verifier does.
        assert!(claim(&mut e, Severity::Error, Some(1), "use of undeclared value"));
        assert!(!claim(&mut e, Severity::Error, Some(1), "something else"));
        assert!(claim(&mut e, Severity::Error, Some(2), "use of undeclared SSA value"));
        assert!(!claim(&mut e, Severity::Warning, Some(2), "of undeclared"));
    }

    #[test]
    fn bad_regex_is_reported() {
        let (e, errs) = parse_expectations("// expected-error-re {{a{{[}}}}\n", 0);
        assert!(e.is_empty());
        assert_eq!(errs.len(), 1);
        assert!(errs[0].message.starts_with("invalid regex"));
    }
}
