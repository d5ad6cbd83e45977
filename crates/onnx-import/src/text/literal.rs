//! Literals: strings with backslash escapes, integers, and floats (including `nan`/`inf`).

use super::cursor::{PResult, Parser};

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Literal {
    Int(String),
    Float(String),
    Str(String),
}

impl Parser<'_> {
    /// A double-quoted string. A backslash makes the next character literal (so `\"` is a quote
    /// and `\n` is the letter n), exactly as the reference parser treats it.
    pub(super) fn string_literal(&mut self) -> PResult<String> {
        let start = {
            self.skip_ws();
            self.pos()
        };
        if self.raw_peek() != Some(b'"') {
            return Err(self.unexpected("a string literal"));
        }
        self.bump(1);
        let mut out = String::new();
        let mut chars = self.rest_str().char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.bump(i + 1);
                    return Ok(out);
                }
                '\\' => match chars.next() {
                    Some((_, escaped)) => out.push(escaped),
                    None => break,
                },
                c => out.push(c),
            }
        }
        Err(self.error_at(start, "unterminated string literal".to_string()))
    }

    /// True when the next word is `nan`, `inf` or `infinity` (any case) not followed by a digit.
    pub(super) fn next_is_float_word(&mut self) -> bool {
        self.skip_ws();
        let mut n = 0;
        while self.raw_peek_at(n).is_some_and(|c| c.is_ascii_alphabetic()) {
            n += 1;
        }
        if n == 0 || self.raw_peek_at(n).is_some_and(|c| c.is_ascii_digit()) {
            return false;
        }
        let from = self.pos();
        let word = self.slice(from, from + n).to_ascii_lowercase();
        matches!(word.as_str(), "nan" | "inf" | "infinity")
    }

    pub(super) fn literal(&mut self) -> PResult<Literal> {
        self.skip_ws();
        let from = self.pos();
        match self.raw_peek() {
            Some(b'"') => return self.string_literal().map(Literal::Str),
            Some(b'-') => self.bump(1),
            _ => {}
        }
        match self.raw_peek() {
            Some(c) if c.is_ascii_alphabetic() => {
                if !self.next_is_float_word() {
                    return Err(self.error_at(from, "invalid float literal".to_string()));
                }
                while self.raw_peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                    self.bump(1);
                }
                Ok(Literal::Float(self.slice(from, self.pos()).to_string()))
            }
            Some(c) if c.is_ascii_digit() => {
                let mut is_float = false;
                while let Some(c) = self.raw_peek() {
                    if c.is_ascii_digit() {
                        self.bump(1);
                    } else if c == b'.' && !is_float {
                        is_float = true;
                        self.bump(1);
                    } else {
                        break;
                    }
                }
                if matches!(self.raw_peek(), Some(b'e' | b'E')) {
                    is_float = true;
                    self.bump(1);
                    if matches!(self.raw_peek(), Some(b'+' | b'-')) {
                        self.bump(1);
                    }
                    while self.raw_peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump(1);
                    }
                }
                let text = self.slice(from, self.pos()).to_string();
                Ok(if is_float { Literal::Float(text) } else { Literal::Int(text) })
            }
            _ => Err(self.error_at(from, format!("expected a value, found {}", self.describe_at(from)))),
        }
    }

    fn describe_at(&self, pos: usize) -> String {
        match self.char_at(pos) {
            Some(c) => format!("'{c}'"),
            None => "end of input".to_string(),
        }
    }

    pub(super) fn int_value(&mut self) -> PResult<i64> {
        self.skip_ws();
        let at = self.pos();
        match self.literal()? {
            Literal::Int(s) => {
                s.parse::<i64>().map_err(|_| self.error_at(at, format!("integer {s} does not fit in 64 bits")))
            }
            _ => Err(self.error_at(at, "expected an integer".to_string())),
        }
    }

    pub(super) fn uint_value(&mut self) -> PResult<u64> {
        self.skip_ws();
        let at = self.pos();
        match self.literal()? {
            Literal::Int(s) => {
                s.parse::<u64>().map_err(|_| self.error_at(at, format!("{s} is not an unsigned 64-bit integer")))
            }
            _ => Err(self.error_at(at, "expected an integer".to_string())),
        }
    }

    pub(super) fn f32_value(&mut self) -> PResult<f32> {
        self.skip_ws();
        let at = self.pos();
        match self.literal()? {
            Literal::Int(s) | Literal::Float(s) => {
                parse_f32(&s).ok_or_else(|| self.error_at(at, format!("invalid float literal '{s}'")))
            }
            Literal::Str(_) => Err(self.error_at(at, "expected a number".to_string())),
        }
    }

    pub(super) fn f64_value(&mut self) -> PResult<f64> {
        self.skip_ws();
        let at = self.pos();
        match self.literal()? {
            Literal::Int(s) | Literal::Float(s) => {
                s.parse::<f64>().map_err(|_| self.error_at(at, format!("invalid float literal '{s}'")))
            }
            Literal::Str(_) => Err(self.error_at(at, "expected a number".to_string())),
        }
    }

    pub(super) fn string_value(&mut self) -> PResult<String> {
        self.string_literal()
    }
}

/// Rust's float parser accepts the same spellings as C's `strtof` for what the lexer lets
/// through (`nan`, `inf`, `infinity` in any case, exponents), rounding correctly.
pub(super) fn parse_f32(s: &str) -> Option<f32> {
    s.parse::<f32>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(src: &str) -> PResult<Literal> {
        Parser::new(src, "t").literal()
    }

    #[test]
    fn numbers_and_words() {
        assert_eq!(lit(" 42").ok(), Some(Literal::Int("42".into())));
        assert_eq!(lit("-7,").ok(), Some(Literal::Int("-7".into())));
        assert_eq!(lit("1.5.3").ok(), Some(Literal::Float("1.5".into())));
        assert_eq!(lit("2e-3").ok(), Some(Literal::Float("2e-3".into())));
        assert_eq!(lit("-inf").ok(), Some(Literal::Float("-inf".into())));
        assert_eq!(lit("NaN").ok(), Some(Literal::Float("NaN".into())));
        assert!(lit("nan1").is_err());
        assert!(lit("foo").is_err());
        assert!(lit("").is_err());
        assert!(lit("-").is_err());
    }

    #[test]
    fn strings_keep_escaped_characters_literally() {
        assert_eq!(lit(r#""a\"b\\c\n""#).ok(), Some(Literal::Str("a\"b\\cn".into())));
        assert_eq!(lit("\"héllo\"").ok(), Some(Literal::Str("héllo".into())));
        let e = lit("x\"abc").unwrap_err();
        assert!(e.message.contains("invalid float"), "{e}");
        let e = Parser::new("  \"abc\\", "t").string_literal().unwrap_err();
        assert_eq!(e.to_string(), "t:1:3: error: unterminated string literal");
    }

    #[test]
    fn float_parsing_matches_strtof() {
        assert_eq!(parse_f32("inf"), Some(f32::INFINITY));
        assert_eq!(parse_f32("-Infinity"), Some(f32::NEG_INFINITY));
        assert!(parse_f32("nan").is_some_and(f32::is_nan));
        assert_eq!(parse_f32("1."), Some(1.0));
        let mut p = Parser::new("99999999999999999999", "t");
        assert!(p.int_value().is_err());
    }
}
