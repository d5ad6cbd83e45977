//! A model's declared input types, and the values given for its inputs checked against them
//! before anything runs, as onnxruntime checks its feeds: unknown, repeated and missing names;
//! for tensors the element type, the rank, every static dimension, and every symbolic dimension
//! the same in all inputs that name it; for sequences and optionals the kind and the element
//! type. Errors name the input, what the model declares and what was given:
//! `input 'x': expected rank 3 (float32[L,1,256]), got rank 2 float32[8,256]`.
//!
//! It lives in the runtime because both callers of a model check with it: the JIT's driver and
//! a compiled model's `<name>_run`, which carries its declared signature as data (`c_api::model`).

use crate::value::{code_name, RtValue};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// One dimension of a declared tensor shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dim {
    Static(i64),
    /// A `dim_param`: every input that names it must have the same size there.
    Symbol(String),
    /// Neither (any size).
    Any,
}

/// A graph input's declared type, from its `TypeProto`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Declared {
    /// `elem` is the ONNX element type code (None: not declared); `shape` None: any rank.
    Tensor {
        elem: Option<i32>,
        shape: Option<Vec<Dim>>,
    },
    Sequence(Box<Declared>),
    Optional(Box<Declared>),
    /// No type, or one Flowgate does not check (maps, sparse tensors): anything goes.
    Any,
}

impl Declared {
    /// The element type code a tensor, or the tensors inside a sequence or optional, must have.
    fn elem(&self) -> Option<i32> {
        match self {
            Declared::Tensor { elem, .. } => *elem,
            Declared::Sequence(d) | Declared::Optional(d) => d.elem(),
            Declared::Any => None,
        }
    }
}

/// `float32[L,1,256]`, `float32[*]` (any rank), `seq(int64[?])`, `optional(float32[3])`.
impl fmt::Display for Declared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Declared::Tensor { elem, shape } => {
                f.write_str(&elem.map_or_else(|| "tensor".to_string(), code_name))?;
                match shape {
                    None => f.write_str("[*]"),
                    Some(dims) => {
                        let dims: Vec<String> = dims
                            .iter()
                            .map(|d| match d {
                                Dim::Static(v) => v.to_string(),
                                Dim::Symbol(s) => s.clone(),
                                Dim::Any => "?".to_string(),
                            })
                            .collect();
                        write!(f, "[{}]", dims.join(","))
                    }
                }
            }
            Declared::Sequence(d) => write!(f, "seq({d})"),
            Declared::Optional(d) => write!(f, "optional({d})"),
            Declared::Any => f.write_str("any type"),
        }
    }
}

/// What the checks read of a tensor or a string tensor.
struct TensorLike<'a> {
    code: i32,
    shape: &'a [usize],
    len: usize,
}

impl<'a> TensorLike<'a> {
    /// `v` must be a tensor or a string tensor (other kinds read as an empty string tensor).
    fn of(v: &'a RtValue) -> TensorLike<'a> {
        match v {
            RtValue::Tensor(t) => TensorLike { code: t.dtype().code(), shape: t.shape(), len: t.len() },
            RtValue::Strings(s) => {
                TensorLike { code: crate::value::STRING_CODE, shape: s.shape(), len: s.data().len() }
            }
            _ => TensorLike { code: crate::value::STRING_CODE, shape: &[], len: 0 },
        }
    }
}

/// A given value in the same notation: `float64[8,1,256]`, `seq(float32) of 3`,
/// `optional(none)`.
pub fn shown(v: &RtValue) -> String {
    match v {
        RtValue::Tensor(t) => {
            let dims: Vec<String> = t.shape().iter().map(usize::to_string).collect();
            format!("{}[{}]", t.dtype(), dims.join(","))
        }
        RtValue::Strings(t) => {
            let dims: Vec<String> = t.shape().iter().map(usize::to_string).collect();
            format!("string[{}]", dims.join(","))
        }
        RtValue::Sequence { dtype, items } => {
            format!("seq({}) of {}", dtype.map_or("?", |d| d.name()), items.len())
        }
        RtValue::Optional(None) => "optional(none)".to_string(),
        RtValue::Optional(Some(x)) => format!("optional({})", shown(x)),
    }
}

/// What a graph input needs to be checked: its name, declared type, and whether an
/// initializer gives it a default (then it may be left out).
pub struct InputSig<'a> {
    pub name: &'a str,
    pub declared: &'a Declared,
    pub optional: bool,
}

/// The names given for a model's inputs: each must be an input of the model and appear once,
/// and every input without a default must be among them. `hint` is added to the error for a
/// missing input (`onnx-run` says how to give one).
pub fn check_names(inputs: &[InputSig<'_>], given: &[&str], hint: &dyn Fn(&str) -> String) -> Result<(), String> {
    for (k, n) in given.iter().enumerate() {
        if !inputs.iter().any(|p| p.name == *n) {
            let names: Vec<&str> = inputs.iter().map(|p| p.name).collect();
            return Err(format!("the model has no input '{n}' (inputs: {})", names.join(", ")));
        }
        if given[..k].contains(n) {
            return Err(format!("input '{n}' is given more than once"));
        }
    }
    for p in inputs {
        if !p.optional && !given.contains(&p.name) {
            return Err(format!("input '{}' ({}) is required{}", p.name, p.declared, hint(p.name)));
        }
    }
    Ok(())
}

/// Checks one value per input (in graph order) against the declared types, and symbolic
/// dimensions across inputs.
pub fn check_values(inputs: &[InputSig<'_>], values: &[Arc<RtValue>]) -> Result<(), String> {
    if values.len() != inputs.len() {
        return Err(format!("the model takes {} inputs, {} given", inputs.len(), values.len()));
    }
    // Symbol -> (size, the input that set it).
    let mut symbols: HashMap<&str, (usize, &str)> = HashMap::new();
    for (p, v) in inputs.iter().zip(values) {
        check_value(p, v, &mut symbols)?;
    }
    Ok(())
}

fn check_value<'a>(
    p: &InputSig<'a>,
    v: &RtValue,
    symbols: &mut HashMap<&'a str, (usize, &'a str)>,
) -> Result<(), String> {
    let fail = |what: String| Err(format!("input '{}': expected {what} ({}), got {}", p.name, p.declared, shown(v)));
    match (p.declared, v) {
        (Declared::Any, _) => Ok(()),
        (Declared::Tensor { elem, shape }, RtValue::Tensor(_) | RtValue::Strings(_)) => {
            let t = TensorLike::of(v);
            if elem.is_some_and(|c| c != t.code) {
                return fail("element type ".to_string() + &elem.map(code_name).unwrap_or_default());
            }
            let Some(dims) = shape else { return Ok(()) };
            // A declared scalar also takes one element of any rank: exporters declare scalars
            // that their callers feed as `[1]` (onnx-asr's `sample_rate`), and onnxruntime takes
            // them (it skips the shape check of rank-0 inputs entirely; a scalar input given
            // several elements is refused here).
            if dims.is_empty() && t.len == 1 {
                return Ok(());
            }
            if dims.len() != t.shape.len() {
                return Err(format!(
                    "input '{}': expected rank {} ({}), got rank {} {}",
                    p.name,
                    dims.len(),
                    p.declared,
                    t.shape.len(),
                    shown(v)
                ));
            }
            for (i, (d, &size)) in dims.iter().zip(t.shape).enumerate() {
                match d {
                    Dim::Static(want) if usize::try_from(*want).ok() != Some(size) => {
                        return fail(format!("dimension {i} to be {want}"));
                    }
                    Dim::Symbol(s) => match symbols.get(s.as_str()) {
                        Some(&(seen, from)) if seen != size => {
                            return fail(format!("dimension {i} ('{s}') to be {seen}, as in input '{from}'"));
                        }
                        Some(_) => {}
                        None => {
                            symbols.insert(s.as_str(), (size, p.name));
                        }
                    },
                    _ => {}
                }
            }
            Ok(())
        }
        (Declared::Tensor { .. }, _) => fail("a tensor".to_string()),
        _ => contents(p.declared, v).or_else(fail),
    }
}

/// Sequences and optionals, and the tensors in them: the kind and the element type only (the
/// shapes of a sequence's tensors vary). Err holds what was expected.
fn contents(d: &Declared, v: &RtValue) -> Result<(), String> {
    let elem = |code: i32| match d.elem() {
        Some(w) if w != code => Err(format!("element type {}", code_name(w))),
        _ => Ok(()),
    };
    match (d, v) {
        (Declared::Any, _) => Ok(()),
        (Declared::Tensor { .. }, RtValue::Tensor(_) | RtValue::Strings(_)) => elem(TensorLike::of(v).code),
        (Declared::Tensor { .. }, _) => Err("a tensor".to_string()),
        (Declared::Sequence(inner), RtValue::Sequence { dtype, items }) => {
            if let Some(dt) = dtype {
                elem(dt.code())?;
            }
            items.iter().try_for_each(|i| contents(inner, i))
        }
        (Declared::Sequence(_), _) => Err("a sequence".to_string()),
        (Declared::Optional(_), RtValue::Optional(None)) => Ok(()),
        (Declared::Optional(inner), RtValue::Optional(Some(x))) => contents(inner, x),
        (Declared::Optional(_), _) => Err("an optional".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{DType, Tensor};

    const F32: i32 = 1;
    const I64: i32 = 7;

    fn tensor(elem: i32, dims: &[Dim]) -> Declared {
        Declared::Tensor { elem: Some(elem), shape: Some(dims.to_vec()) }
    }

    fn sym(s: &str) -> Dim {
        Dim::Symbol(s.to_string())
    }

    fn f32s(shape: &[usize]) -> Arc<RtValue> {
        let n = shape.iter().product();
        Arc::new(RtValue::tensor(Tensor::from_vec(shape.to_vec(), vec![0f32; n]).unwrap()))
    }

    fn i64s(shape: &[usize]) -> Arc<RtValue> {
        let n = shape.iter().product();
        Arc::new(RtValue::tensor(Tensor::from_vec(shape.to_vec(), vec![0i64; n]).unwrap()))
    }

    fn check(decl: &[(&str, Declared)], values: &[Arc<RtValue>]) -> Result<(), String> {
        let sigs: Vec<InputSig<'_>> =
            decl.iter().map(|(n, d)| InputSig { name: n, declared: d, optional: false }).collect();
        check_values(&sigs, values)
    }

    /// The Mamba Scan's inputs: `delta`, `x` are `float32[L,1,256]`, `B` is `float32[L,1,16]`.
    fn mamba() -> Vec<(&'static str, Declared)> {
        let l = || sym("L");
        vec![
            ("delta", tensor(F32, &[l(), Dim::Static(1), Dim::Static(256)])),
            ("x", tensor(F32, &[l(), Dim::Static(1), Dim::Static(256)])),
            ("B", tensor(F32, &[l(), Dim::Static(1), Dim::Static(16)])),
        ]
    }

    #[test]
    fn matching_values_pass() {
        check(&mamba(), &[f32s(&[8, 1, 256]), f32s(&[8, 1, 256]), f32s(&[8, 1, 16])]).unwrap();
        // `?` and an undeclared shape take any size and any rank.
        let any = vec![
            ("a", tensor(F32, &[Dim::Any])),
            ("b", Declared::Tensor { elem: Some(F32), shape: None }),
            ("c", Declared::Any),
        ];
        check(&any, &[f32s(&[0]), f32s(&[2, 3, 4]), i64s(&[1])]).unwrap();
    }

    #[test]
    fn symbolic_dimension_must_agree_across_inputs() {
        let e = check(&mamba(), &[f32s(&[5, 1, 256]), f32s(&[8, 1, 256]), f32s(&[8, 1, 16])]).unwrap_err();
        assert_eq!(
            e,
            "input 'x': expected dimension 0 ('L') to be 5, as in input 'delta' (float32[L,1,256]), got float32[8,1,256]"
        );
        let e = check(&mamba(), &[f32s(&[8, 1, 256]), f32s(&[8, 1, 256]), f32s(&[5, 1, 16])]).unwrap_err();
        assert!(e.starts_with("input 'B': expected dimension 0 ('L') to be 8, as in input 'delta'"), "{e}");
    }

    #[test]
    fn rank_is_checked() {
        let e = check(&mamba()[..1], &[f32s(&[8, 256])]).unwrap_err();
        assert_eq!(e, "input 'delta': expected rank 3 (float32[L,1,256]), got rank 2 float32[8,256]");
    }

    #[test]
    fn a_scalar_takes_one_element_of_any_rank() {
        let d = vec![("n", tensor(I64, &[]))];
        check(&d, &[i64s(&[])]).unwrap();
        check(&d, &[i64s(&[1])]).unwrap();
        check(&d, &[i64s(&[1, 1])]).unwrap();
        assert_eq!(check(&d, &[i64s(&[2])]).unwrap_err(), "input 'n': expected rank 0 (int64[]), got rank 1 int64[2]");
        assert_eq!(check(&d, &[i64s(&[0])]).unwrap_err(), "input 'n': expected rank 0 (int64[]), got rank 1 int64[0]");
    }

    #[test]
    fn static_dimensions_are_checked_also_when_empty() {
        let e = check(&mamba()[..1], &[f32s(&[8, 1, 255])]).unwrap_err();
        assert_eq!(e, "input 'delta': expected dimension 2 to be 256 (float32[L,1,256]), got float32[8,1,255]");
        let e = check(&mamba()[..1], &[f32s(&[8, 0, 256])]).unwrap_err();
        assert_eq!(e, "input 'delta': expected dimension 1 to be 1 (float32[L,1,256]), got float32[8,0,256]");
    }

    #[test]
    fn element_type_is_checked() {
        let d = vec![("n", tensor(I64, &[Dim::Static(2)]))];
        let i32s = Arc::new(RtValue::tensor(Tensor::from_vec(vec![2], vec![0i32; 2]).unwrap()));
        assert_eq!(check(&d, &[i32s]).unwrap_err(), "input 'n': expected element type int64 (int64[2]), got int32[2]");
        let e = check(
            &mamba()[..1],
            &[Arc::new(RtValue::tensor(Tensor::from_vec(vec![8, 1, 256], vec![0f64; 2048]).unwrap()))],
        )
        .unwrap_err();
        assert_eq!(e, "input 'delta': expected element type float32 (float32[L,1,256]), got float64[8,1,256]");
    }

    #[test]
    fn kinds_are_checked() {
        let seq = vec![("s", Declared::Sequence(Box::new(tensor(F32, &[Dim::Any]))))];
        assert_eq!(
            check(&seq, &[f32s(&[3])]).unwrap_err(),
            "input 's': expected a sequence (seq(float32[?])), got float32[3]"
        );
        let d = vec![("t", tensor(F32, &[Dim::Any]))];
        let s = Arc::new(RtValue::sequence(Some(DType::F32), vec![f32s(&[3])]));
        assert_eq!(check(&d, &[s]).unwrap_err(), "input 't': expected a tensor (float32[?]), got seq(float32) of 1");
    }

    #[test]
    fn sequences_and_optionals_are_checked_by_element_type() {
        let seq = vec![("s", Declared::Sequence(Box::new(tensor(F32, &[Dim::Static(3)]))))];
        // Shapes of a sequence's tensors vary; only the element type is checked.
        let ok = Arc::new(RtValue::sequence(Some(DType::F32), vec![f32s(&[3]), f32s(&[5])]));
        check(&seq, &[ok]).unwrap();
        let bad = Arc::new(RtValue::sequence(Some(DType::I64), vec![i64s(&[3])]));
        assert_eq!(
            check(&seq, &[bad]).unwrap_err(),
            "input 's': expected element type float32 (seq(float32[3])), got seq(int64) of 1"
        );
        // A tensor of the wrong type inside a sequence that claims the right one.
        let mixed = Arc::new(RtValue::sequence(Some(DType::F32), vec![f32s(&[3]), i64s(&[3])]));
        assert!(check(&seq, &[mixed]).unwrap_err().contains("expected element type float32"));
        let opt = vec![("o", Declared::Optional(Box::new(tensor(F32, &[Dim::Any]))))];
        check(&opt, &[Arc::new(RtValue::optional(None))]).unwrap();
        check(&opt, &[Arc::new(RtValue::optional(Some(f32s(&[2]))))]).unwrap();
        assert_eq!(
            check(&opt, &[Arc::new(RtValue::optional(Some(i64s(&[2]))))]).unwrap_err(),
            "input 'o': expected element type float32 (optional(float32[?])), got optional(int64[2])"
        );
        assert_eq!(
            check(&opt, &[f32s(&[2])]).unwrap_err(),
            "input 'o': expected an optional (optional(float32[?])), got float32[2]"
        );
    }

    #[test]
    fn names_are_checked() {
        let d = tensor(F32, &[Dim::Any]);
        let sigs = [
            InputSig { name: "a", declared: &d, optional: false },
            InputSig { name: "w", declared: &d, optional: true },
        ];
        let hint = |n: &str| format!(" (use --input {n}=FILE)");
        check_names(&sigs, &["a"], &hint).unwrap();
        check_names(&sigs, &["w", "a"], &hint).unwrap();
        assert_eq!(check_names(&sigs, &["a", "b"], &hint).unwrap_err(), "the model has no input 'b' (inputs: a, w)");
        assert_eq!(check_names(&sigs, &["a", "a"], &hint).unwrap_err(), "input 'a' is given more than once");
        assert_eq!(
            check_names(&sigs, &["w"], &hint).unwrap_err(),
            "input 'a' (float32[?]) is required (use --input a=FILE)"
        );
        assert_eq!(check_values(&sigs, &[f32s(&[1])]).unwrap_err(), "the model takes 2 inputs, 1 given");
    }
}
