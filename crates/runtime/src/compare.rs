//! Comparing values against expected outputs (for the conformance tools) and printing them.

use crate::dispatch::Elem;
use crate::value::{fmt_shape, RtValue, Tensor};

/// Checks `actual` against `expected`: kinds, dtypes and shapes exactly; integers and bools
/// exactly; floats within `atol + rtol * |expected|` (NaN equals NaN; infinities must match).
pub fn compare(expected: &RtValue, actual: &RtValue, rtol: f64, atol: f64) -> Result<(), String> {
    match (expected, actual) {
        (RtValue::Tensor(e), RtValue::Tensor(a)) => compare_tensors(e, a, rtol, atol),
        (RtValue::Strings(e), RtValue::Strings(a)) => {
            if e.shape() != a.shape() {
                return Err(format!("shape: expected {}, got {}", fmt_shape(e.shape()), fmt_shape(a.shape())));
            }
            match e.data().iter().zip(a.data()).position(|(x, y)| x != y) {
                Some(i) => Err(format!("element {i}: expected {:?}, got {:?}", e.data()[i], a.data()[i])),
                None => Ok(()),
            }
        }
        (RtValue::Sequence { items: e, .. }, RtValue::Sequence { items: a, .. }) => {
            if e.len() != a.len() {
                return Err(format!("sequence length: expected {}, got {}", e.len(), a.len()));
            }
            for (i, (x, y)) in e.iter().zip(a).enumerate() {
                compare(x, y, rtol, atol).map_err(|m| format!("sequence item {i}: {m}"))?;
            }
            Ok(())
        }
        (RtValue::Optional(e), RtValue::Optional(a)) => match (e, a) {
            (None, None) => Ok(()),
            (Some(x), Some(y)) => compare(x, y, rtol, atol).map_err(|m| format!("optional value: {m}")),
            (None, Some(_)) => Err("expected an empty optional, got a value".to_string()),
            (Some(_), None) => Err("expected an optional value, got an empty optional".to_string()),
        },
        (e, a) => Err(format!("expected a {}, got a {}", e.kind_name(), a.kind_name())),
    }
}

fn compare_tensors(e: &Tensor, a: &Tensor, rtol: f64, atol: f64) -> Result<(), String> {
    if e.dtype() != a.dtype() {
        return Err(format!("element type: expected {}, got {}", e.dtype(), a.dtype()));
    }
    if e.shape() != a.shape() {
        return Err(format!("shape: expected {}, got {}", fmt_shape(e.shape()), fmt_shape(a.shape())));
    }
    dispatch!(e.data(), ev => {
        let av = Elem::slice(a.data()).unwrap_or(&[]);
        compare_vecs(ev, av, rtol, atol)
    })
}

fn compare_vecs<T: Elem>(e: &[T], a: &[T], rtol: f64, atol: f64) -> Result<(), String> {
    let float = T::DTYPE.is_float();
    for (i, (x, y)) in e.iter().zip(a).enumerate() {
        let ok = if float {
            let (x, y) = (x.to_f64(), y.to_f64());
            if x.is_nan() || y.is_nan() {
                x.is_nan() && y.is_nan()
            } else if x.is_infinite() || y.is_infinite() {
                x == y
            } else {
                (y - x).abs() <= atol + rtol * x.abs()
            }
        } else {
            x == y
        };
        if !ok {
            return Err(format!("element {i}: expected {}, got {}", fmt_elem(*x), fmt_elem(*y)));
        }
    }
    Ok(())
}

fn fmt_elem<T: Elem>(x: T) -> String {
    if T::DTYPE == crate::value::DType::F64 {
        format!("{}", x.to_f64())
    } else if T::DTYPE.is_float() {
        // Every f32, f16 and bf16 value is an f32: print its shortest round-trip form.
        format!("{}", x.to_f64() as f32)
    } else if T::DTYPE == crate::value::DType::Bool {
        format!("{}", x.to_i128() != 0)
    } else {
        format!("{}", x.to_i128())
    }
}

/// How many elements [`describe`] prints before `...`.
const SHOWN: usize = 8;

/// A one-line summary: `float32[2,3] = [1, 2, 3, 4, 5, 6]`.
pub fn describe(v: &RtValue) -> String {
    match v {
        RtValue::Tensor(t) => {
            let dims: Vec<String> = t.shape().iter().map(usize::to_string).collect();
            let elems: Vec<String> = dispatch!(t.data(), d => d.iter().take(SHOWN).map(|x| fmt_elem(*x)).collect());
            let more = if t.len() > SHOWN { ", ..." } else { "" };
            format!("{}[{}] = [{}{}]", t.dtype(), dims.join(","), elems.join(", "), more)
        }
        RtValue::Strings(t) => {
            let dims: Vec<String> = t.shape().iter().map(usize::to_string).collect();
            let elems: Vec<String> = t.data().iter().take(SHOWN).map(|s| format!("{s:?}")).collect();
            let more = if t.data().len() > SHOWN { ", ..." } else { "" };
            format!("string[{}] = [{}{}]", dims.join(","), elems.join(", "), more)
        }
        RtValue::Sequence { dtype, items } => {
            let d = dtype.map_or("?", |d| d.name());
            let parts: Vec<String> = items.iter().take(SHOWN).map(|x| describe(x)).collect();
            let more = if items.len() > SHOWN { ", ..." } else { "" };
            format!("sequence<{d}>({}) [{}{}]", items.len(), parts.join("; "), more)
        }
        RtValue::Optional(None) => "optional(none)".to_string(),
        RtValue::Optional(Some(x)) => format!("optional({})", describe(x)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn f(v: Vec<f32>) -> RtValue {
        RtValue::tensor(Tensor::from_vec(vec![v.len()], v).unwrap())
    }

    #[test]
    fn tolerances_and_messages() {
        assert!(compare(&f(vec![1.0, f32::NAN]), &f(vec![1.0005, f32::NAN]), 1e-3, 0.0).is_ok());
        assert_eq!(
            compare(&f(vec![1.0, 2.0]), &f(vec![1.0, 2.5]), 1e-3, 1e-3).unwrap_err(),
            "element 1: expected 2, got 2.5"
        );
        assert!(compare(&f(vec![f32::INFINITY]), &f(vec![f32::INFINITY]), 0.0, 0.0).is_ok());
        assert!(compare(&f(vec![f32::INFINITY]), &f(vec![f32::NEG_INFINITY]), 1.0, 1.0).is_err());
        assert!(compare(&f(vec![0.0]), &f(vec![f32::NAN]), 1.0, 1.0).is_err());
        assert!(compare(&f(vec![1.0]), &f(vec![1.0, 2.0]), 0.0, 0.0).unwrap_err().starts_with("shape"));
        let i = RtValue::tensor(Tensor::from_i64s(vec![1]));
        assert!(compare(&f(vec![1.0]), &i, 0.0, 0.0).unwrap_err().starts_with("element type"));
        let s1 = RtValue::sequence(None, vec![Arc::new(f(vec![1.0]))]);
        let s2 = RtValue::sequence(None, vec![Arc::new(f(vec![2.0]))]);
        assert_eq!(compare(&s1, &s2, 0.0, 0.0).unwrap_err(), "sequence item 0: element 0: expected 1, got 2");
        assert!(compare(&s1, &f(vec![1.0]), 0.0, 0.0).is_err());
        assert!(compare(&RtValue::optional(None), &RtValue::optional(None), 0.0, 0.0).is_ok());
        let st = |v: &[&str]| {
            let data = v.iter().map(|s| s.to_string()).collect();
            RtValue::strings(crate::StrTensor::new(vec![v.len()], data).unwrap())
        };
        assert!(compare(&st(&["a", "b"]), &st(&["a", "b"]), 0.0, 0.0).is_ok());
        assert_eq!(
            compare(&st(&["a", "b"]), &st(&["a", "c"]), 0.0, 0.0).unwrap_err(),
            r#"element 1: expected "b", got "c""#
        );
        assert!(compare(&st(&["a"]), &st(&["a", "b"]), 0.0, 0.0).unwrap_err().starts_with("shape"));
        assert_eq!(compare(&st(&["1"]), &i, 0.0, 0.0).unwrap_err(), "expected a string tensor, got a tensor");
        assert_eq!(describe(&st(&["a"])), r#"string[1] = ["a"]"#);
    }

    #[test]
    fn describe_values() {
        let t = RtValue::tensor(Tensor::from_vec(vec![2, 5], (1..=10).map(|x| x as f32).collect()).unwrap());
        assert_eq!(describe(&t), "float32[2,5] = [1, 2, 3, 4, 5, 6, 7, 8, ...]");
        let b = RtValue::tensor(Tensor::scalar(true));
        assert_eq!(describe(&b), "bool[] = [true]");
        assert_eq!(describe(&RtValue::optional(None)), "optional(none)");
    }
}
