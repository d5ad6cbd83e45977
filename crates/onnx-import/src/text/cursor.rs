//! Character-level scanning shared by the grammar modules: whitespace and `#` comments,
//! identifiers, punctuation and error positions.

use super::{TextError, MAX_NESTING};

/// Recursive-descent state. Grammar rules live in sibling modules as `impl Parser` blocks.
pub(super) struct Parser<'a> {
    src: &'a str,
    file: &'a str,
    pos: usize,
    depth: u32,
}

pub(super) type PResult<T> = Result<T, TextError>;

impl<'a> Parser<'a> {
    pub(super) fn new(src: &'a str, file: &'a str) -> Self {
        Parser { src, file, pos: 0, depth: 0 }
    }

    fn rest(&self) -> &'a [u8] {
        self.src.as_bytes().get(self.pos..).unwrap_or(&[])
    }

    /// The unread input.
    pub(super) fn rest_str(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    pub(super) fn char_at(&self, pos: usize) -> Option<char> {
        self.src.get(pos..).and_then(|s| s.chars().next())
    }

    /// Byte at the cursor without skipping whitespace.
    pub(super) fn raw_peek(&self) -> Option<u8> {
        self.rest().first().copied()
    }

    pub(super) fn raw_peek_at(&self, ahead: usize) -> Option<u8> {
        self.rest().get(ahead).copied()
    }

    pub(super) fn bump(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.src.len());
    }

    pub(super) fn pos(&self) -> usize {
        self.pos
    }

    pub(super) fn slice(&self, from: usize, to: usize) -> &'a str {
        // Positions only ever advance over ASCII bytes or whole string literals, so they sit on
        // char boundaries; `get` keeps that an invariant we rely on rather than a panic.
        self.src.get(from..to).unwrap_or("")
    }

    pub(super) fn skip_ws(&mut self) {
        loop {
            while self.raw_peek().is_some_and(|c| c.is_ascii_whitespace() || c == 0x0b) {
                self.pos += 1;
            }
            if self.raw_peek() != Some(b'#') {
                return;
            }
            while self.raw_peek().is_some_and(|c| c != b'\n') {
                self.pos += 1;
            }
        }
    }

    /// Next significant byte, after whitespace and comments.
    pub(super) fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.raw_peek()
    }

    pub(super) fn matches(&mut self, ch: u8) -> bool {
        if self.peek() == Some(ch) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub(super) fn expect(&mut self, ch: u8) -> PResult<()> {
        if self.matches(ch) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{}'", ch as char)))
        }
    }

    /// The `>` of `=>` must follow `=` immediately.
    pub(super) fn expect_arrow(&mut self) -> PResult<()> {
        self.expect(b'=')?;
        if self.raw_peek() == Some(b'>') {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected("'=>'"))
        }
    }

    pub(super) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    pub(super) fn expect_end(&mut self) -> PResult<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.unexpected("end of input"))
        }
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`, or "" when none is there.
    pub(super) fn optional_identifier(&mut self) -> &'a str {
        self.skip_ws();
        let from = self.pos;
        if self.raw_peek().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_') {
            self.pos += 1;
            while self.raw_peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_') {
                self.pos += 1;
            }
        }
        self.slice(from, self.pos)
    }

    pub(super) fn identifier(&mut self) -> PResult<&'a str> {
        let id = self.optional_identifier();
        if id.is_empty() {
            Err(self.unexpected("an identifier"))
        } else {
            Ok(id)
        }
    }

    pub(super) fn peek_identifier(&mut self) -> &'a str {
        let save = self.pos;
        let id = self.optional_identifier();
        self.pos = save;
        id
    }

    /// A name: a bare identifier or a string literal (for names such as `"x.1"`).
    pub(super) fn quotable_identifier(&mut self) -> PResult<String> {
        if self.peek() == Some(b'"') {
            self.string_literal()
        } else {
            self.identifier().map(str::to_string)
        }
    }

    pub(super) fn optional_quotable_identifier(&mut self) -> PResult<String> {
        if self.peek() == Some(b'"') {
            self.string_literal()
        } else {
            Ok(self.optional_identifier().to_string())
        }
    }

    /// Runs `f` one nesting level deeper, refusing input nested beyond [`MAX_NESTING`].
    pub(super) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_NESTING {
            return Err(self.error_here(format!("graphs and types are nested more than {MAX_NESTING} levels deep")));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    pub(super) fn error_at(&self, pos: usize, message: String) -> TextError {
        let before = self.src.get(..pos).unwrap_or(self.src);
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let col = before.get(line_start..).map(|s| s.chars().count()).unwrap_or(0) + 1;
        TextError { file: self.file.to_string(), line, col, message }
    }

    /// An error at the next significant token.
    pub(super) fn error_here(&mut self, message: String) -> TextError {
        self.skip_ws();
        self.error_at(self.pos, message)
    }

    pub(super) fn unexpected(&mut self, wanted: &str) -> TextError {
        let found = self.describe_next();
        self.error_here(format!("expected {wanted}, found {found}"))
    }

    fn describe_next(&mut self) -> String {
        self.skip_ws();
        let rest = self.src.get(self.pos..).unwrap_or("");
        match rest.chars().next() {
            None => "end of input".to_string(),
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                let id = self.peek_identifier();
                format!("'{id}'")
            }
            Some(c) => format!("'{c}'"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_comments_and_reports_positions() {
        let mut p = Parser::new("  # comment\n  \t abc", "f.txt");
        assert_eq!(p.identifier().expect("identifier"), "abc");
        let mut p = Parser::new("a\n  é$", "f.txt");
        p.identifier().expect("identifier");
        p.bump(3); // newline, two spaces
        let e = p.expect(b'(').unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
        assert_eq!(e.to_string(), "f.txt:2:3: error: expected '(', found 'é'");
    }

    #[test]
    fn arrow_must_be_contiguous() {
        let mut p = Parser::new("= >", "f");
        assert!(p.expect_arrow().is_err());
        let mut p = Parser::new(" =>", "f");
        assert!(p.expect_arrow().is_ok());
    }
}
