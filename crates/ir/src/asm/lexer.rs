//! Tokens of MLIR's textual format.

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TokKind {
    Eof,
    Error,
    BareId,
    /// `%name`
    PercentId,
    /// `^name`
    CaretId,
    /// `#name`
    HashId,
    /// `!name`
    BangId,
    /// `@name` or `@"name"`
    AtId,
    Integer,
    Float,
    String,
    LParen,
    RParen,
    LBrace,
    RBrace,
    LSquare,
    RSquare,
    Less,
    Greater,
    Comma,
    Colon,
    Equal,
    Arrow,
    Plus,
    Minus,
    Star,
    Question,
    Ellipsis,
    Vertical,
    /// `{-#`
    FileMetadataBegin,
    /// `#-}`
    FileMetadataEnd,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokKind,
    pub start: usize,
    pub end: usize,
}

pub struct Lexer<'s> {
    pub src: &'s str,
    pub pos: usize,
}

fn is_id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

impl<'s> Lexer<'s> {
    pub fn new(src: &'s str) -> Self {
        Lexer { src, pos: 0 }
    }

    fn peek(&self, off: usize) -> u8 {
        *self.src.as_bytes().get(self.pos + off).unwrap_or(&0)
    }

    fn tok(&self, kind: TokKind, start: usize) -> Token {
        Token { kind, start, end: self.pos }
    }

    fn skip_trivia(&mut self) {
        let b = self.src.as_bytes();
        while self.pos < b.len() {
            match b[self.pos] {
                b' ' | b'\t' | b'\n' | b'\r' => self.pos += 1,
                b'/' if self.peek(1) == b'/' => {
                    while self.pos < b.len() && b[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    pub fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        let b = self.src.as_bytes();
        if self.pos >= b.len() {
            return self.tok(TokKind::Eof, start);
        }
        let c = b[self.pos];
        self.pos += 1;
        use TokKind::*;
        match c {
            b'(' => self.tok(LParen, start),
            b')' => self.tok(RParen, start),
            b'{' => {
                if self.peek(0) == b'-' && self.peek(1) == b'#' {
                    self.pos += 2;
                    return self.tok(FileMetadataBegin, start);
                }
                self.tok(LBrace, start)
            }
            b'}' => self.tok(RBrace, start),
            b'[' => self.tok(LSquare, start),
            b']' => self.tok(RSquare, start),
            b'<' => self.tok(Less, start),
            b'>' => self.tok(Greater, start),
            b',' => self.tok(Comma, start),
            b':' => self.tok(Colon, start),
            b'=' => self.tok(Equal, start),
            b'+' => self.tok(Plus, start),
            b'*' => self.tok(Star, start),
            b'?' => self.tok(Question, start),
            b'|' => self.tok(Vertical, start),
            b'-' => {
                if self.peek(0) == b'>' {
                    self.pos += 1;
                    return self.tok(Arrow, start);
                }
                self.tok(Minus, start)
            }
            b'.' => {
                if self.peek(0) == b'.' && self.peek(1) == b'.' {
                    self.pos += 2;
                    return self.tok(Ellipsis, start);
                }
                self.tok(Error, start)
            }
            b'"' => self.lex_string(start),
            b'%' => self.lex_prefixed(start, PercentId),
            b'^' => self.lex_prefixed(start, CaretId),
            b'#' => {
                if self.peek(0) == b'-' && self.peek(1) == b'}' {
                    self.pos += 2;
                    return self.tok(FileMetadataEnd, start);
                }
                self.lex_prefixed(start, HashId)
            }
            b'!' => self.lex_prefixed(start, BangId),
            b'@' => {
                if self.peek(0) == b'"' {
                    self.pos += 1;
                    let t = self.lex_string(start);
                    return Token { kind: if t.kind == String { AtId } else { Error }, ..t };
                }
                // Upstream: an @-identifier starts with a letter or '_' (unlike `%`/`^` names).
                if !(self.peek(0).is_ascii_alphabetic() || self.peek(0) == b'_') {
                    return self.tok(Error, start);
                }
                self.lex_prefixed(start, AtId)
            }
            c if c.is_ascii_digit() => self.lex_number(start),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while self.pos < b.len() && is_id_char(b[self.pos]) {
                    self.pos += 1;
                }
                self.tok(BareId, start)
            }
            _ => {
                // Step over a whole UTF-8 character so spans stay on char boundaries.
                while self.pos < b.len() && !self.src.is_char_boundary(self.pos) {
                    self.pos += 1;
                }
                self.tok(Error, start)
            }
        }
    }

    fn lex_prefixed(&mut self, start: usize, kind: TokKind) -> Token {
        let b = self.src.as_bytes();
        let s = self.pos;
        if self.pos < b.len() && b[self.pos].is_ascii_digit() {
            while self.pos < b.len() && b[self.pos].is_ascii_digit() {
                self.pos += 1;
            }
        } else if self.pos < b.len()
            && (b[self.pos].is_ascii_alphabetic() || matches!(b[self.pos], b'_' | b'$' | b'.' | b'-'))
        {
            while self.pos < b.len() && is_suffix_char(b[self.pos]) {
                self.pos += 1;
            }
        }
        if self.pos == s {
            return self.tok(TokKind::Error, start);
        }
        self.tok(kind, start)
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let b = self.src.as_bytes();
        if b[start] == b'0' && self.peek(0) == b'x' && self.peek(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.pos < b.len() && b[self.pos].is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.tok(TokKind::Integer, start);
        }
        while self.pos < b.len() && b[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(0) != b'.' {
            return self.tok(TokKind::Integer, start);
        }
        self.pos += 1;
        while self.pos < b.len() && b[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E') {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.peek(0), b'+' | b'-') {
                self.pos += 1;
            }
            if self.peek(0).is_ascii_digit() {
                while self.pos < b.len() && b[self.pos].is_ascii_digit() {
                    self.pos += 1;
                }
            } else {
                self.pos = save;
            }
        }
        self.tok(TokKind::Float, start)
    }

    fn lex_string(&mut self, start: usize) -> Token {
        let b = self.src.as_bytes();
        while self.pos < b.len() {
            match b[self.pos] {
                b'"' => {
                    self.pos += 1;
                    return self.tok(TokKind::String, start);
                }
                b'\\' => self.pos += 2,
                b'\n' => break,
                _ => self.pos += 1,
            }
        }
        self.pos = self.pos.min(b.len());
        self.tok(TokKind::Error, start)
    }
}

/// Where and why the lexer refused `tok` (an `Error` token), in upstream's wording: its lexer
/// reports these itself and the parser's own error at that token is dropped.
pub fn error_of(src: &str, tok: Token) -> (usize, &'static str) {
    let b = src.as_bytes();
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    // An unterminated string (also after `@`) ends at the newline or the end of the input.
    let string_end = (tok.end, "expected '\"' in string literal");
    match at(tok.start) {
        b'.' => (tok.start + 1, "expected three consecutive dots for an ellipsis"),
        b'@' if at(tok.start + 1) == b'"' => string_end,
        b'@' => (tok.start + 1, "@ identifier expected to start with letter or '_'"),
        b'"' => string_end,
        b'#' => (tok.start, "invalid attribute name"),
        b'%' => (tok.start, "invalid SSA name"),
        b'^' => (tok.start, "invalid block name"),
        b'!' => (tok.start, "invalid type identifier"),
        _ => (tok.start, "unexpected character"),
    }
}

/// The byte offset in a string literal's body of the first `\` that starts no known escape
/// (`\"`, `\\`, `\n`, `\t` or two hex digits); upstream rejects those.
pub fn bad_escape(body: &str) -> Option<usize> {
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b'n' | b't' | b'"' | b'\\') => i += 2,
            Some(c) if c.is_ascii_hexdigit() && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit) => i += 3,
            _ => return Some(i),
        }
    }
    None
}

/// Decode the body of a string literal token (without quotes), handling `\"`, `\\`, `\n`, `\t`
/// and two-digit hex escapes. Returns raw bytes: MLIR strings may hold any bytes.
pub fn unescape(body: &str) -> Vec<u8> {
    let b = body.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' || i + 1 >= b.len() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let c = b[i + 1];
        match c {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'"' => out.push(b'"'),
            b'\\' => out.push(b'\\'),
            _ if c.is_ascii_hexdigit() && i + 2 < b.len() && b[i + 2].is_ascii_hexdigit() => {
                let hex = |x: u8| (x as char).to_digit(16).unwrap_or(0) as u8;
                out.push(hex(c) * 16 + hex(b[i + 2]));
                i += 3;
                continue;
            }
            _ => out.push(c),
        }
        i += 2;
    }
    out
}
