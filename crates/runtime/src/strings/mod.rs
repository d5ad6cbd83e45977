//! String tensors: their own kind of value ([`RtValue::Strings`]), not a [`Data`] variant, so no
//! numeric kernel can take one for numbers (each refuses it as "expected a tensor, got a string
//! tensor"). The string ops live in `text` and `label_encoder`; the data-movement ops
//! (`Reshape`, `Transpose`, `Gather`, `Slice`, `Concat`, ...) take string tensors through
//! [`lift`]: the numeric kernel moves an INT64 tensor of element indices, and the result's
//! indices pick the strings. Every movement op is therefore written once.
//!
//! [`Data`]: crate::value::Data

pub(crate) mod label_encoder;
pub(crate) mod text;

use std::sync::Arc;

use crate::abi::support::{run, val, Kind};
use crate::error::RtResult;
use crate::value::{fmt_shape, Handle, RtValue, Tensor};

/// A dense row-major tensor of UTF-8 strings. The fields are private so that `shape` always
/// matches the element count.
#[derive(Clone, Debug, PartialEq)]
pub struct StrTensor {
    shape: Vec<usize>,
    data: Vec<String>,
}

impl StrTensor {
    pub fn new(shape: Vec<usize>, data: Vec<String>) -> RtResult<StrTensor> {
        let n = shape.iter().try_fold(1usize, |a, &d| a.checked_mul(d));
        if n != Some(data.len()) {
            bail!("a string tensor of shape {} cannot hold {} strings", fmt_shape(&shape), data.len());
        }
        Ok(StrTensor { shape, data })
    }

    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    pub fn data(&self) -> &[String] {
        &self.data
    }

    pub fn into_data(self) -> Vec<String> {
        self.data
    }

    /// The body of a constant blob after its header (`Tensor::from_blob` reads the header):
    /// each string as an i64 byte length then its UTF-8 bytes.
    pub(crate) fn from_blob_body(shape: Vec<usize>, mut body: &[u8]) -> RtResult<StrTensor> {
        let mut data = Vec::new();
        while !body.is_empty() {
            let (len, rest) =
                body.split_first_chunk::<8>().ok_or_else(|| rt_err!("string constant blob is truncated"))?;
            let len = usize::try_from(i64::from_le_bytes(*len))
                .ok()
                .filter(|&n| n <= rest.len())
                .ok_or_else(|| rt_err!("string constant blob is truncated"))?;
            let s = std::str::from_utf8(&rest[..len]).map_err(|_| rt_err!("string constant is not UTF-8"))?;
            data.push(s.to_string());
            body = &rest[len..];
        }
        StrTensor::new(shape, data)
    }
}

/// A tensor operand of a data-movement op: numbers as they are, strings as the INT64 indices
/// of their elements, offset by `base` (so the inputs of a `Concat` stay apart).
pub(crate) enum Operand<'a> {
    Numbers(&'a Tensor),
    Strings(Tensor, &'a [String]),
}

impl Operand<'_> {
    pub(crate) fn tensor(&self) -> &Tensor {
        match self {
            Operand::Numbers(t) => t,
            Operand::Strings(t, _) => t,
        }
    }
}

/// `v` as a movement op's operand; string elements are numbered from `base`.
pub(crate) fn operand(v: &RtValue, base: usize) -> RtResult<Operand<'_>> {
    match v {
        RtValue::Strings(s) => {
            let idx = (base..base + s.data.len()).map(|i| i as i64).collect();
            Ok(Operand::Strings(Tensor::from_vec(s.shape.clone(), idx)?, &s.data))
        }
        other => Ok(Operand::Numbers(other.as_tensor()?)),
    }
}

/// Runs a data-movement kernel on operands that may be string tensors: when any is, they must
/// all be, and the kernel's INT64 result picks from their strings (in operand order).
pub(crate) fn lift(values: &[&RtValue], kernel: impl FnOnce(&[&Tensor]) -> RtResult<Tensor>) -> RtResult<RtValue> {
    let strings = values.iter().filter(|v| matches!(v, RtValue::Strings(_))).count();
    if strings == 0 {
        let ts = values.iter().map(|v| v.as_tensor()).collect::<RtResult<Vec<_>>>()?;
        return kernel(&ts).map(RtValue::tensor);
    }
    if strings != values.len() {
        bail!("string tensors cannot be combined with {} tensors", first_numeric(values));
    }
    let mut ops = Vec::with_capacity(values.len());
    let mut pool: Vec<&str> = Vec::new();
    for v in values {
        let op = operand(v, pool.len())?;
        if let Operand::Strings(_, s) = &op {
            pool.extend(s.iter().map(String::as_str));
        }
        ops.push(op);
    }
    let ts: Vec<&Tensor> = ops.iter().map(Operand::tensor).collect();
    let idx = kernel(&ts)?;
    let picks = idx.to_i64s("string indices")?;
    let data = picks
        .iter()
        .map(|&i| pool.get(i as usize).map(|s| s.to_string()))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| rt_err!("internal error: a movement op produced a string index out of range"))?;
    Ok(RtValue::strings(StrTensor::new(idx.shape().to_vec(), data)?))
}

fn first_numeric(values: &[&RtValue]) -> String {
    values
        .iter()
        .find_map(|v| v.as_tensor().ok().map(|t| t.dtype().name().to_string()))
        .unwrap_or_else(|| "other".to_string())
}

/// A movement kernel's C glue: [`lift`] on the handle `x`, with the kernel's other inputs
/// captured by the closure.
///
/// # Safety
/// As every C glue function (`abi::support`).
pub(crate) unsafe fn run_moved(node: i32, x: Handle, kernel: impl FnOnce(&Tensor) -> RtResult<Tensor>) -> Handle {
    run(node, Kind::Tensor, || lift(&[val(x)?], |ts| kernel(ts[0])).map(Arc::new))
}

/// A tensor with the shape of `x` (a tensor or a string tensor), for the ops that read only
/// the shape (`Shape`, `Size`).
///
/// # Safety
/// As every C glue function (`abi::support`).
pub(crate) unsafe fn shaped<'a>(x: Handle) -> RtResult<Operand<'a>> {
    operand(val(x)?, 0)
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use std::sync::Arc;

    use flowgate_runtime_abi::codes::CaseChange;

    use super::label_encoder::label_encoder;
    use super::text;
    use crate::abi::support::*;
    use crate::value::{Handle, RtValue};

    unsafe fn strs<'a>(h: Handle) -> crate::error::RtResult<&'a super::StrTensor> {
        val(h)?.as_strings()
    }

    pub(crate) unsafe fn flowgate_rt_string_equal(node: i32, a: Handle, b: Handle) -> Handle {
        run_t(node, || text::equal(strs(a)?, strs(b)?))
    }

    pub(crate) unsafe fn flowgate_rt_string_concat(node: i32, a: Handle, b: Handle) -> Handle {
        run_v(node, Kind::Tensor, || Ok(RtValue::strings(text::concat(strs(a)?, strs(b)?)?)))
    }

    pub(crate) unsafe fn flowgate_rt_regex_full_match(node: i32, x: Handle, pattern: Handle) -> Handle {
        run_t(node, || text::regex_full_match(strs(x)?, text::single(strs(pattern)?, "pattern")?))
    }

    /// `StringSplit`: a sequence of its two outputs, the substrings and their counts.
    pub(crate) unsafe fn flowgate_rt_string_split(
        node: i32,
        x: Handle,
        delimiter_or_null: Handle,
        maxsplit: i64,
    ) -> Handle {
        run_v(node, Kind::Sequence, || {
            let delimiter = match delimiter_or_null.is_null() {
                true => None,
                false => Some(text::single(strs(delimiter_or_null)?, "delimiter")?),
            };
            let (parts, counts) = text::split(strs(x)?, delimiter, (maxsplit >= 0).then_some(maxsplit as usize))?;
            let items = vec![Arc::new(RtValue::strings(parts)), Arc::new(RtValue::tensor(counts))];
            Ok(RtValue::sequence(None, items))
        })
    }

    pub(crate) unsafe fn flowgate_rt_string_normalizer(
        node: i32,
        x: Handle,
        case_change: i32,
        case_sensitive: i32,
        stopwords: Handle,
    ) -> Handle {
        run_v(node, Kind::Tensor, || {
            let case = crate::error::decode::<CaseChange>(case_change)?;
            let t = text::normalize(strs(x)?, case, case_sensitive != 0, strs(stopwords)?.data())?;
            Ok(RtValue::strings(t))
        })
    }

    pub(crate) unsafe fn flowgate_rt_label_encoder(
        node: i32,
        x: Handle,
        keys: Handle,
        values: Handle,
        default: Handle,
    ) -> Handle {
        run_v(node, Kind::Tensor, || label_encoder(val(x)?, val(keys)?, val(values)?, val(default)?))
    }
}
