//! Source files that are not UTF-8. Upstream reads bytes: any byte may sit in a comment, and a
//! string literal may hold any byte (a `StringAttr` is a byte string). Our text is `str`, so
//! [`source_from_bytes`] makes it so before lexing: bytes that are not UTF-8 inside comments
//! become U+FFFD, inside string literals the escape `\XX`; anywhere else they are an error at
//! their line and column (upstream's `unexpected character`).
//!
//! Strings hold such bytes as the private-use characters U+10FF80..U+10FFFF
//! ([`string_from_bytes`]); the printer writes them back as `\XX` escapes of the byte, so they
//! round-trip as upstream prints them.

use std::borrow::Cow;

/// A byte that is not UTF-8 outside comments and strings (1-based line and byte column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnexpectedByte {
    pub line: usize,
    pub column: usize,
}

impl std::fmt::Display for UnexpectedByte {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: error: unexpected character", self.line, self.column)
    }
}

const RAW_BASE: u32 = 0x10_FF00;

/// The text of a source file: borrowed when it is UTF-8, otherwise mended as described above.
pub fn source_from_bytes(bytes: &[u8]) -> Result<Cow<'_, str>, UnexpectedByte> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(Cow::Borrowed(s));
    }
    #[derive(PartialEq)]
    enum State {
        Code,
        Comment,
        Str,
    }
    let mut out = String::with_capacity(bytes.len() + 16);
    let mut state = State::Code;
    let (mut line, mut line_start) = (1usize, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let len = utf8_len(&bytes[i..]);
        if len == 0 {
            match state {
                State::Comment => out.push('\u{FFFD}'),
                State::Str => out.push_str(&format!("\\{b:02X}")),
                State::Code => return Err(UnexpectedByte { line, column: i - line_start + 1 }),
            }
            i += 1;
            continue;
        }
        match (&state, b) {
            (_, b'\n') => {
                // A string literal ends at a newline too (the lexer reports it).
                state = State::Code;
                line += 1;
                line_start = i + 1;
            }
            (State::Code, b'/') if bytes.get(i + 1) == Some(&b'/') => state = State::Comment,
            (State::Code, b'"') => state = State::Str,
            (State::Str, b'"') => state = State::Code,
            (State::Str, b'\\') if bytes.get(i + 1).is_some_and(|&n| n == b'"' || n == b'\\') => {
                out.push_str(if bytes[i + 1] == b'"' { "\\\"" } else { "\\\\" });
                i += 2;
                continue;
            }
            _ => {}
        }
        // `len` bytes that are valid UTF-8.
        out.push_str(std::str::from_utf8(&bytes[i..i + len]).unwrap_or("\u{FFFD}"));
        i += len;
    }
    Ok(Cow::Owned(out))
}

/// The length of the UTF-8 sequence at the start of `b`, or 0 when it is not one.
fn utf8_len(b: &[u8]) -> usize {
    let n = match b[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return 0,
    };
    match b.get(..n).map(std::str::from_utf8) {
        Some(Ok(_)) => n,
        _ => 0,
    }
}

/// A string from the bytes of a decoded literal: bytes that are not UTF-8 are kept as the
/// characters U+10FF80..U+10FFFF (see [`raw_byte`]).
pub fn string_from_bytes(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let bytes = e.into_bytes();
            let mut out = String::with_capacity(bytes.len() + 8);
            let mut i = 0;
            while i < bytes.len() {
                match utf8_len(&bytes[i..]) {
                    0 => {
                        out.push(char::from_u32(RAW_BASE + u32::from(bytes[i])).unwrap_or('\u{FFFD}'));
                        i += 1;
                    }
                    n => {
                        out.push_str(std::str::from_utf8(&bytes[i..i + n]).unwrap_or("\u{FFFD}"));
                        i += n;
                    }
                }
            }
            out
        }
    }
}

/// The raw byte a character of [`string_from_bytes`] stands for.
pub fn raw_byte(c: char) -> Option<u8> {
    let v = u32::from(c);
    (RAW_BASE + 0x80..=RAW_BASE + 0xff).contains(&v).then(|| (v - RAW_BASE) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_input_is_borrowed() {
        assert!(matches!(source_from_bytes("a \"é\" // ü\n".as_bytes()), Ok(Cow::Borrowed(_))));
    }

    #[test]
    fn bytes_in_comments_and_strings_are_mended() {
        let src = b"// \xff x\n\"a\xfe\\\"\xfd\" b // \xc3\n";
        let s = source_from_bytes(src).unwrap();
        assert_eq!(s, "// \u{FFFD} x\n\"a\\FE\\\"\\FD\" b // \u{FFFD}\n");
    }

    #[test]
    fn bytes_elsewhere_are_located() {
        assert_eq!(source_from_bytes(b"a\nbc \xff").unwrap_err(), UnexpectedByte { line: 2, column: 4 });
        // A string ends at the end of its line.
        assert_eq!(source_from_bytes(b"\"abc\n\xff").unwrap_err(), UnexpectedByte { line: 2, column: 1 });
        // `//` inside a string starts no comment.
        assert_eq!(source_from_bytes(b"\"//\" \xff").unwrap_err(), UnexpectedByte { line: 1, column: 6 });
    }

    #[test]
    fn raw_bytes_round_trip_through_strings() {
        let s = string_from_bytes(vec![b'a', 0xff, 0xc3, 0xa9, 0x80]);
        let raws: Vec<Option<u8>> = s.chars().map(raw_byte).collect();
        assert_eq!(raws, [None, Some(0xff), None, Some(0x80)]);
        assert_eq!(string_from_bytes(b"ok".to_vec()), "ok");
    }
}
