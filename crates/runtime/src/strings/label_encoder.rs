//! `ai.onnx.ml.LabelEncoder`: maps each element of its input through a table of keys to
//! values, or to a default. Keys and values are strings or numbers (the lowering turns each
//! opset's attribute forms into a keys tensor, a values tensor and a one-element default); the
//! output takes the values' type and the input's shape.

use std::collections::HashMap;

use super::lift;
use crate::error::RtResult;
use crate::value::{fmt_shape, RtValue, Tensor};

/// A key as the table compares it: strings byte-wise; integers exactly; floats by value, with
/// every NaN equal to every other (opset 4) and -0 equal to 0 (as onnxruntime's hash map).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Key<'a> {
    Str(&'a str),
    Int(i64),
    Float(u64),
}

fn keys_of(v: &RtValue) -> RtResult<Vec<Key<'_>>> {
    match v {
        RtValue::Strings(s) => Ok(s.data().iter().map(|s| Key::Str(s)).collect()),
        other => {
            let t = other.as_tensor()?;
            if t.dtype().is_float() {
                let f = crate::cast::cast(t, crate::value::DType::F64);
                let v = f.as_slice::<f64>().unwrap_or(&[]);
                Ok(v.iter().map(|&x| Key::Float(float_key(x))).collect())
            } else {
                Ok(t.to_i64s("LabelEncoder input")?.into_iter().map(Key::Int).collect())
            }
        }
    }
}

fn float_key(x: f64) -> u64 {
    if x.is_nan() {
        f64::NAN.to_bits()
    } else if x == 0.0 {
        0
    } else {
        x.to_bits()
    }
}

/// Which keys can equal which: strings, integers, floats.
fn key_kind(v: &RtValue) -> &'static str {
    match v {
        RtValue::Strings(_) => "string",
        other => match other.as_tensor() {
            Ok(t) if t.dtype().is_float() => "floating-point",
            _ => "integer",
        },
    }
}

fn type_name(v: &RtValue) -> String {
    match v {
        RtValue::Strings(_) => "string".to_string(),
        other => other.as_tensor().map_or_else(|_| other.kind_name().to_string(), |t| t.dtype().name().to_string()),
    }
}

fn len(v: &RtValue) -> RtResult<usize> {
    Ok(match v {
        RtValue::Strings(s) => s.data().len(),
        other => other.as_tensor()?.len(),
    })
}

pub(crate) fn label_encoder(x: &RtValue, keys: &RtValue, values: &RtValue, default: &RtValue) -> RtResult<RtValue> {
    if key_kind(keys) != key_kind(x) {
        bail!("LabelEncoder: the input is {} but the keys are {}", type_name(x), type_name(keys));
    }
    let keys = keys_of(keys)?;
    let n = len(values)?;
    if keys.len() != n {
        bail!("LabelEncoder: {} keys but {n} values", keys.len());
    }
    if len(default)? != 1 {
        bail!("LabelEncoder: the default must be one value");
    }
    // The first of equal keys wins, as onnxruntime's map insertion keeps it.
    let mut table = HashMap::with_capacity(n);
    for (i, k) in keys.into_iter().enumerate() {
        table.entry(k).or_insert(i as i64);
    }
    let shape = match x {
        RtValue::Strings(s) => s.shape().to_vec(),
        other => other.as_tensor()?.shape().to_vec(),
    };
    let picks: Vec<i64> = keys_of(x)?.iter().map(|k| table.get(k).copied().unwrap_or(n as i64)).collect();
    let picks = Tensor::from_vec(shape, picks)?;
    // A numeric default takes the values' type (the lowering gives opset 2's `default_int64`
    // and `default_float` as int64 and float32 whatever the values are).
    let cast_default;
    let default = match (values, default) {
        (RtValue::Tensor(v), RtValue::Tensor(d)) if v.dtype() != d.dtype() => {
            cast_default = RtValue::tensor(crate::cast::cast(d, v.dtype()));
            &cast_default
        }
        _ => default,
    };
    // Gather from the values followed by the default.
    lift(&[values, default], |ts| {
        let flat = |t: &Tensor| t.clone().with_shape(vec![t.len()]);
        let (v, d) = (flat(ts[0])?, flat(ts[1])?);
        let all = crate::movement::concat(&[&v, &d], 0).map_err(|e| {
            rt_err!("LabelEncoder: the values ({}) and the default disagree: {e}", fmt_shape(ts[0].shape()))
        })?;
        crate::movement::gather(&all, &picks, 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strings::StrTensor;

    fn strs(v: &[&str]) -> RtValue {
        RtValue::strings(StrTensor::new(vec![v.len()], v.iter().map(|s| s.to_string()).collect()).expect("ok"))
    }

    #[test]
    fn strings_to_ints_and_back() {
        let keys = strs(&["a", "b", "c"]);
        let vals = RtValue::tensor(Tensor::from_vec(vec![3], vec![0i64, 1, 2]).expect("ok"));
        let def = RtValue::tensor(Tensor::from_vec(vec![1], vec![-1i64]).expect("ok"));
        let y = label_encoder(&strs(&["a", "d", "c"]), &keys, &vals, &def).expect("ok");
        assert_eq!(y.as_tensor().expect("tensor").as_slice::<i64>(), Some(&[0, -1, 2][..]));
        let back = label_encoder(
            y.as_tensor().map(|t| RtValue::tensor(t.clone())).as_ref().expect("t"),
            &vals,
            &keys,
            &strs(&["?"]),
        )
        .expect("ok");
        assert_eq!(back.as_strings().expect("strings").data(), &["a", "?", "c"]);
    }

    #[test]
    fn float_keys_match_nan_and_signed_zero() {
        let keys = RtValue::tensor(Tensor::from_vec(vec![2], vec![f32::NAN, 0.0]).expect("ok"));
        let vals = strs(&["nan", "zero"]);
        let x = RtValue::tensor(Tensor::from_vec(vec![3], vec![f32::NAN, -0.0, 1.0]).expect("ok"));
        let y = label_encoder(&x, &keys, &vals, &strs(&["_Unused"])).expect("ok");
        assert_eq!(y.as_strings().expect("strings").data(), &["nan", "zero", "_Unused"]);
    }

    #[test]
    fn mismatches_are_errors() {
        let keys = strs(&["a"]);
        let vals = RtValue::tensor(Tensor::from_vec(vec![1], vec![0i64]).expect("ok"));
        let def = RtValue::tensor(Tensor::from_vec(vec![1], vec![-1i64]).expect("ok"));
        let ints = RtValue::tensor(Tensor::from_vec(vec![1], vec![0i64]).expect("ok"));
        let e = label_encoder(&ints, &keys, &vals, &def).unwrap_err();
        assert!(e.to_string().contains("the input is int64 but the keys are string"), "{e}");
        let floats = RtValue::tensor(Tensor::from_vec(vec![1], vec![0.0f32]).expect("ok"));
        let e = label_encoder(&floats, &vals, &keys, &strs(&["x"])).unwrap_err();
        assert!(e.to_string().contains("the input is float32 but the keys are int64"), "{e}");
        let two = RtValue::tensor(Tensor::from_vec(vec![2], vec![0i64, 1]).expect("ok"));
        assert!(label_encoder(&strs(&["a"]), &keys, &two, &def).is_err());
        assert!(label_encoder(&strs(&["a"]), &keys, &vals, &strs(&["x"])).is_err());
    }
}
