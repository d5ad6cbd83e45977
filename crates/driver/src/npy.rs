//! NumPy `.npy` files to and from tensors, with npyz. npyz trusts the header: it multiplies
//! the shape's dimensions unchecked (a shape claiming 2^63-1 elements, or (0, 2^40, 2^40) whose
//! strides overflow, panicked) and allocates the header's claimed length. So the header is
//! checked first, with the same Python-literal parser npyz uses (py_literal): its length
//! against the file and numpy's own limit, its nesting, and the shape's size; then the data's
//! length against the shape. Every error names the file and the reason.

use anyhow::{anyhow, bail, Result};
use flowgate_runtime::{checked_numel, DType, Tensor};
use py_literal::Value;
use std::path::Path;

/// numpy's `np.load` refuses longer headers by default (`max_header_size`).
const MAX_HEADER: usize = 10_000;
/// A plain array's header nests two levels (the dict, the shape tuple); a structured dtype's
/// `descr` (refused anyway) a few more. Deeper headers are refused before py_literal sees
/// them: its pest grammar backtracks, parsing what a `[`, `(` or `{` holds again for each
/// alternative (`list`'s `(value ~ ",")* ~ value?`, `dict` then `set`), so time grows
/// exponentially with depth: a 157-byte header nesting 22 levels (the fuzzer's
/// `regressions/input_npy/timeout-03f5...`) ran for minutes. Five levels cost at most 4^5
/// passes over a header numpy would read.
const MAX_NESTING: usize = 5;

/// Reads a NumPy `.npy` file as a tensor.
pub fn read_npy(path: &Path) -> Result<Tensor> {
    let bytes = std::fs::read(path).map_err(|e| anyhow!("cannot read '{}': {e}", path.display()))?;
    npy_tensor(&bytes).map_err(|e| anyhow!("'{}': {e}", path.display()))
}

/// A `.npy` file's bytes as a tensor (C order, plain numeric or bool element types).
pub fn npy_tensor(bytes: &[u8]) -> Result<Tensor> {
    let data_start = check_header(bytes)?;
    let npy = npyz::NpyFile::new(bytes).map_err(|e| anyhow!("not a .npy file: {}", one_line(&e)))?;
    if npy.order() != npyz::Order::C {
        bail!("Fortran-order arrays are not supported (header field 'fortran_order')");
    }
    let descr = match npy.dtype() {
        npyz::DType::Plain(ts) => ts.to_string(),
        _ => bail!("structured arrays are not supported (header field 'descr')"),
    };
    let dtype = match descr.trim_start_matches(['<', '|', '=']) {
        "f4" => DType::F32,
        "f8" => DType::F64,
        "f2" => DType::F16,
        "i1" => DType::I8,
        "i2" => DType::I16,
        "i4" => DType::I32,
        "i8" => DType::I64,
        "u1" => DType::U8,
        "u2" => DType::U16,
        "u4" => DType::U32,
        "u8" => DType::U64,
        "b1" => DType::Bool,
        other => bail!("element type '{other}' is not supported (header field 'descr')"),
    };
    // check_header bounded the shape, so these fit.
    let shape: Vec<usize> = npy.shape().iter().map(|&d| d as usize).collect();
    let n = checked_numel(&shape, dtype.size()).map_err(|e| anyhow!("header field 'shape': {}", e.0))?;
    let (have, need) = (bytes.len() - data_start, n * dtype.size());
    if have != need {
        bail!("the data is {have} bytes, but header fields 'shape' {shape:?} and 'descr' '{descr}' need {need}");
    }
    macro_rules! read {
        ($t:ty) => {{
            let v: Vec<$t> = npy.into_vec().map_err(|e| anyhow!("cannot read the data: {e}"))?;
            Tensor::from_vec(shape, v).map_err(|e| anyhow!("{}", e.0))?
        }};
    }
    Ok(match dtype {
        DType::F32 => read!(f32),
        DType::F64 => read!(f64),
        DType::F16 => read!(half::f16),
        DType::I8 => read!(i8),
        DType::I16 => read!(i16),
        DType::I32 => read!(i32),
        DType::I64 => read!(i64),
        DType::U8 => read!(u8),
        DType::U16 => read!(u16),
        DType::U32 => read!(u32),
        DType::U64 => read!(u64),
        DType::Bool => read!(bool),
        DType::BF16 => bail!("bfloat16 has no .npy element type"),
        d => bail!("{d} has no .npy element type"),
    })
}

/// Checks what npyz would trust: the preamble, the header's length and nesting, and that the
/// shape's size is representable. Returns where the data starts.
fn check_header(bytes: &[u8]) -> Result<usize> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        bail!("not a .npy file: it does not start with the magic string \\x93NUMPY");
    }
    let (len, start) = match bytes[6] {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 if bytes.len() >= 12 => (u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize, 12),
        v => bail!("not a .npy file: format version {v}.{} is not supported", bytes[7]),
    };
    if len > MAX_HEADER {
        bail!("the header is {len} bytes, more than numpy reads ({MAX_HEADER})");
    }
    let text = bytes.get(start..start + len).ok_or_else(|| {
        anyhow!("the header is {len} bytes but the file ends {} bytes after its start", bytes.len() - start)
    })?;
    let mut depth = 0usize;
    for &b in text {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_NESTING {
            bail!("the header nests deeper than {MAX_NESTING} levels of brackets (an array's header nests 2: the dict and 'shape')");
        }
    }
    // Exactly the text npyz parses (its final newline dropped, nothing else), so a header this
    // check accepts is one npyz accepts.
    let text = text.strip_suffix(b"\n").unwrap_or(text);
    let text = std::str::from_utf8(text).map_err(|e| anyhow!("the header is not text: {e}"))?;
    let header: Value = text
        .parse()
        .map_err(|e: py_literal::ParseError| anyhow!("the header is not a Python literal: {}", one_line(&e)))?;
    let Value::Dict(fields) = header else { bail!("the header is not a dict") };
    let shape = fields
        .iter()
        .find(|(k, _)| matches!(k, Value::String(s) if s == "shape"))
        .map(|(_, v)| v)
        .ok_or_else(|| anyhow!("the header has no field 'shape'"))?;
    let (Value::Tuple(dims) | Value::List(dims)) = shape else { bail!("header field 'shape' is not a tuple") };
    let dims: Vec<usize> = dims
        .iter()
        .map(|d| match d {
            Value::Integer(i) => usize::try_from(i).ok(),
            _ => None,
        })
        .collect::<Option<_>>()
        .ok_or_else(|| anyhow!("header field 'shape' {shape} holds something other than a size"))?;
    checked_numel(&dims, 1).map_err(|e| anyhow!("header field 'shape': {}", e.0))?;
    Ok(start + len)
}

/// A parser's message on one line. pest's syntax errors draw the text with a caret under the
/// position (`--> 1:106`, the line, `^---`, `= expected EOI`): they become `syntax error at
/// line 1, column 106: expected EOI`, without the header's text; other messages have their
/// whitespace runs (newlines included) collapsed to one space.
fn one_line(e: &dyn std::fmt::Display) -> String {
    let text = e.to_string();
    let pos = text.lines().find_map(|l| l.split_once("--> ").map(|(_, p)| p));
    let what = text.lines().find_map(|l| l.trim_start().strip_prefix("= "));
    match (pos.and_then(|p| p.trim().split_once(':')), what) {
        (Some((line, col)), Some(what)) => format!("syntax error at line {line}, column {col}: {}", what.trim()),
        _ => text.split_whitespace().collect::<Vec<_>>().join(" "),
    }
}

/// Writes a tensor as `.npy` (bfloat16 and the float8/float4 formats, which NumPy lacks, as
/// float32; int4/int2 as int8, uint4/uint2 as uint8).
pub fn write_npy(path: &Path, t: &Tensor) -> Result<()> {
    use npyz::WriterBuilder;
    if t.dtype().is_small() {
        let wide = match t.dtype() {
            DType::I4 | DType::I2 => DType::I8,
            DType::U4 | DType::U2 => DType::U8,
            _ => DType::F32,
        };
        return write_npy(path, &flowgate_runtime::cast(t, wide));
    }
    let shown = path.display();
    let file = std::fs::File::create(path).map_err(|e| anyhow!("cannot write '{shown}': {e}"))?;
    let shape: Vec<u64> = t.shape().iter().map(|&d| d as u64).collect();
    let mut w = std::io::BufWriter::new(file);
    macro_rules! write {
        ($v:expr) => {{
            let mut wr = npyz::WriteOptions::new()
                .default_dtype()
                .shape(&shape)
                .writer(&mut w)
                .begin_nd()
                .map_err(|e| anyhow!("cannot write '{shown}': {e}"))?;
            wr.extend($v).map_err(|e| anyhow!("cannot write '{shown}': {e}"))?;
            wr.finish().map_err(|e| anyhow!("cannot write '{shown}': {e}"))?;
        }};
    }
    match t.dtype() {
        DType::F32 => write!(t.as_slice::<f32>().unwrap_or(&[]).iter().copied()),
        DType::F64 => write!(t.as_slice::<f64>().unwrap_or(&[]).iter().copied()),
        DType::F16 => write!(t.as_slice::<half::f16>().unwrap_or(&[]).iter().copied()),
        DType::BF16 => write!(t.as_slice::<half::bf16>().unwrap_or(&[]).iter().map(|x| x.to_f32())),
        DType::I8 => write!(t.as_slice::<i8>().unwrap_or(&[]).iter().copied()),
        DType::I16 => write!(t.as_slice::<i16>().unwrap_or(&[]).iter().copied()),
        DType::I32 => write!(t.as_slice::<i32>().unwrap_or(&[]).iter().copied()),
        DType::I64 => write!(t.as_slice::<i64>().unwrap_or(&[]).iter().copied()),
        DType::U8 => write!(t.as_slice::<u8>().unwrap_or(&[]).iter().copied()),
        DType::U16 => write!(t.as_slice::<u16>().unwrap_or(&[]).iter().copied()),
        DType::U32 => write!(t.as_slice::<u32>().unwrap_or(&[]).iter().copied()),
        DType::U64 => write!(t.as_slice::<u64>().unwrap_or(&[]).iter().copied()),
        DType::Bool => write!(t.as_slice::<bool>().unwrap_or(&[]).iter().copied()),
        d => bail!("cannot write {d} as .npy"),
    }
    use std::io::Write as _;
    w.flush().map_err(|e| anyhow!("cannot write '{shown}': {e}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A version 1.0 file: magic, header length, the header dict padded to 64 bytes, `data`.
    fn npy(header: &str, data: &[u8]) -> Vec<u8> {
        let mut h = header.as_bytes().to_vec();
        while !(10 + h.len() + 1).is_multiple_of(64) {
            h.push(b' ');
        }
        h.push(b'\n');
        let mut out = b"\x93NUMPY\x01\x00".to_vec();
        out.extend((h.len() as u16).to_le_bytes());
        out.extend(h);
        out.extend(data);
        out
    }

    fn f4(shape: &str) -> String {
        format!("{{'descr': '<f4', 'fortran_order': False, 'shape': {shape}, }}")
    }

    fn err(bytes: &[u8]) -> String {
        npy_tensor(bytes).unwrap_err().to_string()
    }

    #[test]
    fn reads_what_it_writes() {
        let dir = std::env::temp_dir().join(format!("flowgate-npy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let t = Tensor::from_vec(vec![2, 3], vec![1i64, -2, 3, 4, 5, 6]).unwrap();
        let f = dir.join("t.npy");
        write_npy(&f, &t).unwrap();
        assert_eq!(read_npy(&f).unwrap(), t);
        let e = read_npy(&dir.join("missing.npy")).unwrap_err().to_string();
        assert!(e.starts_with("cannot read '") && e.contains("missing.npy': No such file"), "{e}");
        std::fs::remove_dir_all(dir).unwrap();
        let t = npy_tensor(&npy(&f4("(2,)"), &[0, 0, 128, 63, 0, 0, 0, 64])).unwrap();
        assert_eq!(t.as_slice::<f32>().unwrap(), &[1.0, 2.0]);
    }

    #[test]
    fn huge_shapes_are_errors_not_overflows() {
        assert_eq!(
            err(&npy(&f4("(9223372036854775807,)"), &[])),
            "header field 'shape': cannot allocate a tensor of shape {9223372036854775807}"
        );
        assert!(err(&npy(&f4("(4294967296, 4294967296)"), &[])).starts_with("header field 'shape'"));
        // npyz's strides of the non-zero dimensions would overflow even though there are no elements.
        assert!(err(&npy(&f4("(0, 1099511627776, 1099511627776)"), &[])).starts_with("header field 'shape'"));
        assert!(err(&npy(&f4("(18446744073709551616,)"), &[])).contains("holds something other than a size"));
        assert!(err(&npy(&f4("(-1,)"), &[])).contains("holds something other than a size"));
    }

    #[test]
    fn data_length_must_match_the_header() {
        assert_eq!(
            err(&npy(&f4("(4,)"), &[0; 7])),
            "the data is 7 bytes, but header fields 'shape' [4] and 'descr' '<f4' need 16"
        );
        assert_eq!(
            err(&npy(&f4("(1,)"), &[0; 5])),
            "the data is 5 bytes, but header fields 'shape' [1] and 'descr' '<f4' need 4"
        );
    }

    #[test]
    fn bad_headers_name_the_field() {
        assert_eq!(err(b""), "not a .npy file: it does not start with the magic string \\x93NUMPY");
        assert_eq!(
            err(b"PK\x03\x04 not npy at all"),
            "not a .npy file: it does not start with the magic string \\x93NUMPY"
        );
        let mut v9 = npy(&f4("(1,)"), &[0; 4]);
        v9[6] = 9;
        assert_eq!(err(&v9), "not a .npy file: format version 9.0 is not supported");
        let mut long = npy(&f4("(1,)"), &[0; 4]);
        long[8..10].copy_from_slice(&60000u16.to_le_bytes());
        assert_eq!(err(&long), "the header is 60000 bytes, more than numpy reads (10000)");
        long[8..10].copy_from_slice(&9000u16.to_le_bytes());
        assert!(err(&long).starts_with("the header is 9000 bytes but the file ends"), "{}", err(&long));
        let deep = format!("{{'shape': {}1{}}}", "(".repeat(5), ")".repeat(5));
        assert_eq!(
            err(&npy(&deep, &[])),
            "the header nests deeper than 5 levels of brackets (an array's header nests 2: the dict and 'shape')"
        );
        // pest's drawing of the text with a caret becomes its position and expectation.
        let e = err(&npy("{'descr': '<f4'", &[]));
        assert!(
            e.starts_with("the header is not a Python literal: syntax error at line 1, column 15: expected "),
            "{e}"
        );
        assert!(!e.contains('\n') && !e.contains("<f4"), "{e}");
        // Only the final newline is dropped, as npyz drops it: anything else after the dict is
        // the parser's error, not npyz's (the fuzzer's regressions/input_npy/crash-13f9...).
        let crlf = format!("{}\r\n", f4("(1,)"));
        let e = err(&npy(&crlf, &[0; 4]));
        assert!(e.starts_with("the header is not a Python literal: syntax error at line 1, column "), "{e}");
        assert_eq!(err(&npy("{'descr': '<f4', 'fortran_order': False}", &[])), "the header has no field 'shape'");
        assert_eq!(
            err(&npy("{'descr': '<f4', 'fortran_order': False, 'shape': 3}", &[])),
            "header field 'shape' is not a tuple"
        );
        let c8 = "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }";
        assert_eq!(err(&npy(c8, &[0; 8])), "element type 'c8' is not supported (header field 'descr')");
        let fortran = "{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }";
        assert_eq!(
            err(&npy(fortran, &[0; 4])),
            "Fortran-order arrays are not supported (header field 'fortran_order')"
        );
        assert!(err(&npy("{'descr': '<f4', 'shape': (1,), }", &[0; 4])).starts_with("not a .npy file: "));
    }
}
