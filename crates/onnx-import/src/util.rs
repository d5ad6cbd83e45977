//! Small helpers shared by the error types.

use std::borrow::Cow;

/// Escapes control characters (newlines above all) so that a message built from names found
/// in the input stays on one line: ONNX names are arbitrary strings.
pub(crate) fn one_line(s: &str) -> Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_only_control_characters() {
        assert_eq!(one_line("a\nb\t\u{0}é"), "a\\nb\\t\\0é");
        assert!(matches!(one_line("plain 'x'"), Cow::Borrowed(_)));
    }
}
