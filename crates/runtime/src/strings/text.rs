//! The ops of the default domain that work on text: `Equal` on strings, `StringConcat`,
//! `RegexFullMatch`, `StringSplit` and `StringNormalizer`, with onnxruntime's semantics.

use flowgate_runtime_abi::codes::CaseChange;

use super::StrTensor;
use crate::broadcast::{broadcast_indices, broadcast_pair};
use crate::error::RtResult;
use crate::value::{fmt_shape, Tensor};

/// The single string of an attribute passed as a string tensor.
pub(crate) fn single<'a>(t: &'a StrTensor, what: &str) -> RtResult<&'a str> {
    match t.data() {
        [s] => Ok(s),
        _ => bail!("{what} must be one string, got shape {}", fmt_shape(t.shape())),
    }
}

/// `f` on each pair of elements of `a` and `b` broadcast together (numpy rules).
fn broadcast_map<T>(a: &StrTensor, b: &StrTensor, f: impl Fn(&str, &str) -> T) -> RtResult<(Vec<usize>, Vec<T>)> {
    let shape = broadcast_pair(a.shape(), b.shape())?;
    let ia = broadcast_indices(a.shape(), &shape)?;
    let ib = broadcast_indices(b.shape(), &shape)?;
    let n: usize = shape.iter().product();
    let at = |ix: &Option<Vec<usize>>, i: usize| ix.as_ref().map_or(i, |v| v[i]);
    let out = (0..n).map(|i| f(&a.data()[at(&ia, i)], &b.data()[at(&ib, i)])).collect();
    Ok((shape, out))
}

/// `Equal` on string tensors: byte-wise equality, broadcast.
pub(crate) fn equal(a: &StrTensor, b: &StrTensor) -> RtResult<Tensor> {
    let (shape, v) = broadcast_map(a, b, |x, y| x == y)?;
    Tensor::from_vec(shape, v)
}

/// `StringConcat`: each pair concatenated, broadcast.
pub(crate) fn concat(a: &StrTensor, b: &StrTensor) -> RtResult<StrTensor> {
    let (shape, v) = broadcast_map(a, b, |x, y| [x, y].concat())?;
    StrTensor::new(shape, v)
}

/// `RegexFullMatch`: whether each string matches `pattern` as a whole. The pattern is compiled
/// by the `regex` crate, whose syntax is RE2's (onnxruntime uses RE2); one difference: `\w`,
/// `\d`, `\s` and `\b` are Unicode-aware here, ASCII-only in RE2.
pub(crate) fn regex_full_match(x: &StrTensor, pattern: &str) -> RtResult<Tensor> {
    let re = regex::RegexBuilder::new(&format!(r"\A(?:{pattern})\z"))
        .size_limit(1 << 24)
        .build()
        .map_err(|e| rt_err!("RegexFullMatch: invalid pattern '{pattern}': {e}"))?;
    let v: Vec<bool> = x.data().iter().map(|s| re.is_match(s)).collect();
    Tensor::from_vec(x.shape().to_vec(), v)
}

/// `StringSplit`: each string split on `delimiter` (Python's `str.split(sep, maxsplit)`), or on
/// runs of whitespace when it is absent or empty (`str.split(None, maxsplit)`). The substrings
/// gain a last axis as long as the longest split, padded with empty strings; the counts have
/// the input's shape.
pub(crate) fn split(x: &StrTensor, delimiter: Option<&str>, maxsplit: Option<usize>) -> RtResult<(StrTensor, Tensor)> {
    let parts: Vec<Vec<&str>> = x
        .data()
        .iter()
        .map(|s| match delimiter.filter(|d| !d.is_empty()) {
            Some(d) => match maxsplit {
                Some(m) => s.splitn(m + 1, d).collect(),
                None => s.split(d).collect(),
            },
            None => split_whitespace(s, maxsplit),
        })
        .collect();
    let width = parts.iter().map(Vec::len).max().unwrap_or(0);
    let mut shape = x.shape().to_vec();
    shape.push(width);
    let mut data = Vec::with_capacity(parts.len() * width);
    for p in &parts {
        data.extend(p.iter().map(|s| s.to_string()));
        data.extend(std::iter::repeat_n(String::new(), width - p.len()));
    }
    let counts = parts.iter().map(|p| p.len() as i64).collect();
    Ok((StrTensor::new(shape, data)?, Tensor::from_vec(x.shape().to_vec(), counts)?))
}

/// Python's `s.split(None, maxsplit)`: leading whitespace is skipped, runs of whitespace
/// separate, and after `maxsplit` splits the rest (leading whitespace removed) is one part.
fn split_whitespace(s: &str, maxsplit: Option<usize>) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = s.trim_start();
    while !rest.is_empty() {
        if maxsplit == Some(out.len()) {
            out.push(rest);
            break;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    out
}

/// `StringNormalizer`: removes the stopwords (compared case-insensitively unless
/// `case_sensitive`, as Unicode lowercase), then changes case. The input is `[C]` or `[1, C]`;
/// when every string is removed the output holds one empty string, as the spec says.
pub(crate) fn normalize(
    x: &StrTensor,
    case: CaseChange,
    case_sensitive: bool,
    stopwords: &[String],
) -> RtResult<StrTensor> {
    let two_d = match x.shape() {
        [_] => false,
        [1, _] => true,
        s => bail!("StringNormalizer takes a [C] or [1, C] tensor, got shape {}", fmt_shape(s)),
    };
    let fold = |s: &str| if case_sensitive { s.to_string() } else { s.to_lowercase() };
    let stop: std::collections::HashSet<String> = stopwords.iter().map(|s| fold(s)).collect();
    let mut kept: Vec<String> = x
        .data()
        .iter()
        .filter(|s| !stop.contains(&fold(s)))
        .map(|s| match case {
            CaseChange::Lower => s.to_lowercase(),
            CaseChange::Upper => s.to_uppercase(),
            CaseChange::None => s.clone(),
        })
        .collect();
    if kept.is_empty() {
        kept.push(String::new());
    }
    let shape = if two_d { vec![1, kept.len()] } else { vec![kept.len()] };
    StrTensor::new(shape, kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(shape: &[usize], v: &[&str]) -> StrTensor {
        StrTensor::new(shape.to_vec(), v.iter().map(|s| s.to_string()).collect()).expect("shape")
    }

    #[test]
    fn equal_and_concat_broadcast() {
        let a = st(&[2, 1], &["a", "b"]);
        let b = st(&[2], &["a", "x"]);
        let e = equal(&a, &b).expect("ok");
        assert_eq!(e.shape(), &[2, 2]);
        assert_eq!(e.as_slice::<bool>(), Some(&[true, false, false, false][..]));
        let c = concat(&a, &b).expect("ok");
        assert_eq!(c.data(), &["aa", "ax", "ba", "bx"]);
        assert!(equal(&st(&[2], &["a", "b"]), &st(&[3], &["a", "b", "c"])).is_err());
    }

    #[test]
    fn regex_matches_whole_strings_and_reports_bad_patterns() {
        let x = st(&[3], &["abc", "abcd", ""]);
        let m = regex_full_match(&x, "a.c").expect("ok");
        assert_eq!(m.as_slice::<bool>(), Some(&[true, false, false][..]));
        // An alternation must not escape the anchors.
        let m = regex_full_match(&x, "x|abc").expect("ok");
        assert_eq!(m.as_slice::<bool>(), Some(&[true, false, false][..]));
        let e = regex_full_match(&x, "(").unwrap_err();
        assert!(e.to_string().contains("invalid pattern '('"), "{e}");
    }

    #[test]
    fn split_as_python() {
        let x = st(&[3], &["a,b,,c", "", "x"]);
        let (p, n) = split(&x, Some(","), None).expect("ok");
        assert_eq!(p.shape(), &[3, 4]);
        assert_eq!(p.data()[..4], ["a", "b", "", "c"]);
        assert_eq!(p.data()[4..8], ["", "", "", ""]);
        assert_eq!(n.as_slice::<i64>(), Some(&[4, 1, 1][..]));
        let (p, n) = split(&st(&[2], &["  o n  n x ", ""]), None, Some(2)).expect("ok");
        assert_eq!(p.data(), &["o", "n", "n x ", "", "", ""]);
        assert_eq!(n.as_slice::<i64>(), Some(&[3, 0][..]));
        let (p, _) = split(&st(&[0], &[]), Some(""), None).expect("ok");
        assert_eq!(p.shape(), &[0, 0]);
    }

    #[test]
    fn normalizer_removes_stopwords_and_changes_case() {
        let x = st(&[1, 3], &["Monday", "tuesday", "MONDAY"]);
        let stop = vec!["monday".to_string()];
        let y = normalize(&x, CaseChange::Upper, false, &stop).expect("ok");
        assert_eq!((y.shape(), y.data()), (&[1, 1][..], &["TUESDAY".to_string()][..]));
        let y = normalize(&x, CaseChange::None, true, &stop).expect("ok");
        assert_eq!(y.data(), &["Monday", "tuesday", "MONDAY"]);
        let y = normalize(&st(&[1], &["monday"]), CaseChange::Lower, true, &stop).expect("ok");
        assert_eq!((y.shape(), y.data()), (&[1][..], &[String::new()][..]));
        assert!(normalize(&st(&[2, 1], &["a", "b"]), CaseChange::None, true, &[]).is_err());
    }
}
