//! String tensors, which only the runtime holds (`!onnx.string` elements, always handles): the
//! text ops (`Equal` on strings, `StringConcat`, `RegexFullMatch`, `StringSplit`,
//! `StringNormalizer`, `TfIdfVectorizer` on strings or integers) and `ai.onnx.ml.LabelEncoder`
//! as runtime calls, with their attributes as
//! constant tensors. The data-movement ops take string tensors through their usual runtime
//! calls (the runtime moves element indices, see its `strings` module); any other op given a
//! string tensor is refused here by name, at compile time.

use flowgate_ir::{AttrKind, OpId, Value};
use flowgate_onnx::types::is_string_tensor;
use flowgate_runtime_abi::codes::{CaseChange, TfIdfMode};

use super::constants::{f32_tensor, i64_tensor, string_tensor, tensor_constant};
use super::emit::{LResult, Lower};

/// Ops whose lowering passes string tensors through unchanged or to a runtime call that moves
/// their elements.
const MOVES_STRINGS: &[&str] = &[
    "Identity",
    "Constant",
    "Reshape",
    "Flatten",
    "Squeeze",
    "Unsqueeze",
    "Transpose",
    "Gather",
    "GatherElements",
    "Slice",
    "Concat",
    "Expand",
    "Tile",
    "Shape",
    "Size",
    "Unique",
];

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let ops = l.ctx.operands(op).to_vec();
    let results = l.ctx.results(op).to_vec();
    let strings = ops.iter().chain(&results).any(|&v| is_string_tensor(l.ctx, l.onnx_type(v)));
    let node = l.node_id(op);
    let need = |l: &Lower<'_>, n: usize| match ops.len() >= n {
        true => Ok(()),
        false => Err(l.err(op, format!("{name} needs {n} input{}", if n == 1 { "" } else { "s" }))),
    };
    let r = match name {
        "Equal" | "StringConcat" if strings || name == "StringConcat" => {
            need(l, 2)?;
            let a = l.handle(ops[0])?;
            let b = l.handle(ops[1])?;
            let f = if name == "Equal" { "string_equal" } else { "string_concat" };
            l.rt(f, &[node, a, b])?
        }
        "RegexFullMatch" => {
            need(l, 1)?;
            let pattern = l.str_attr(op, "pattern").ok_or_else(|| l.err(op, "RegexFullMatch needs a 'pattern'"))?;
            let p = string_tensor(l, &[pattern])?;
            let x = l.handle(ops[0])?;
            l.rt("regex_full_match", &[node, x, p])?
        }
        "StringSplit" => {
            need(l, 1)?;
            let d = match l.str_attr(op, "delimiter") {
                Some(d) => string_tensor(l, &[d])?,
                None => l.rt("null", &[])?,
            };
            let maxsplit = l.const_i64(l.int_attr(op, "maxsplit").unwrap_or(-1));
            let x = l.handle(ops[0])?;
            let seq = l.rt("string_split", &[node, x, d, maxsplit])?;
            return l.seq_elements(node, seq, results.len().min(2)).map(Some);
        }
        "StringNormalizer" => {
            need(l, 1)?;
            let action = l.str_attr(op, "case_change_action").unwrap_or_else(|| "NONE".to_string());
            let case = CaseChange::from_name(&action)
                .ok_or_else(|| l.err(op, format!("StringNormalizer: unknown case_change_action '{action}'")))?;
            let case = l.const_i32(case.code());
            let sensitive = l.const_i32((l.int_attr(op, "is_case_sensitive").unwrap_or(0) != 0) as i32);
            let stop = strings_attr(l, op, "stopwords").unwrap_or_default();
            let stop = string_tensor(l, &stop)?;
            let x = l.handle(ops[0])?;
            l.rt("string_normalizer", &[node, x, case, sensitive, stop])?
        }
        "LabelEncoder" => {
            need(l, 1)?;
            label_encoder(l, op, node, ops[0])?
        }
        "TfIdfVectorizer" => {
            need(l, 1)?;
            tfidf(l, op, node, ops[0])?
        }
        _ if strings && !MOVES_STRINGS.contains(&name) => {
            let what = super::emit::node_description(l.ctx, op);
            return Err(l.err(op, format!("{what}: op type '{name}' does not take string tensors")));
        }
        _ => return Ok(None),
    };
    Ok(Some(vec![r]))
}

fn strings_attr(l: &Lower<'_>, op: OpId, name: &str) -> Option<Vec<String>> {
    let a = l.attr_of(op, name)?;
    let items = l.ctx.attr_as_array(a)?;
    items.iter().map(|&i| l.ctx.attr_as_str(i).map(str::to_string)).collect()
}

fn floats_attr(l: &Lower<'_>, op: OpId, name: &str) -> Option<Vec<f64>> {
    let a = l.attr_of(op, name)?;
    let items = l.ctx.attr_as_array(a)?;
    items.iter().map(|&i| l.ctx.attr_as_float(i)).collect()
}

/// A list or tensor attribute of LabelEncoder (`<prefix>_strings`, `_int64s`, `_floats`,
/// `_tensor`) as a constant tensor handle, or None when none is given.
fn table_attr(l: &mut Lower<'_>, op: OpId, prefix: &str) -> LResult<Option<Value>> {
    if let Some(v) = strings_attr(l, op, &format!("{prefix}_strings")) {
        return string_tensor(l, &v).map(Some);
    }
    if let Some(v) = l.ints_attr(op, &format!("{prefix}_int64s")) {
        return i64_tensor(l, &v).map(Some);
    }
    if let Some(v) = floats_attr(l, op, &format!("{prefix}_floats")) {
        return f32_tensor(l, &v).map(Some);
    }
    match l.attr_of(op, &format!("{prefix}_tensor")) {
        Some(a) => match l.ctx.attr_kind(a) {
            AttrKind::DenseElements { ty, .. } => {
                let ty = *ty;
                tensor_constant(l, op, a, ty).map(Some)
            }
            _ => Err(l.err(op, format!("LabelEncoder: '{prefix}_tensor' must be a tensor"))),
        },
        None => Ok(None),
    }
}

/// LabelEncoder of every opset: opset 1's `classes_strings` (strings to their index or back,
/// by the input's type) or opsets 2 to 4's keys and values; the default matches the values'
/// kind (`default_string` "_Unused", `default_int64` -1, `default_float` -0.0) unless
/// `default_tensor` gives it; the runtime casts a numeric default to the values' type.
fn label_encoder(l: &mut Lower<'_>, op: OpId, node: Value, input: Value) -> LResult<Value> {
    let string_input = is_string_tensor(l.ctx, l.onnx_type(input));
    let (keys, values) = if let Some(classes) = strings_attr(l, op, "classes_strings") {
        let index: Vec<i64> = (0..classes.len() as i64).collect();
        let (names, index) = (string_tensor(l, &classes)?, i64_tensor(l, &index)?);
        if string_input {
            (names, index)
        } else {
            (index, names)
        }
    } else {
        let keys = table_attr(l, op, "keys")?.ok_or_else(|| l.err(op, "LabelEncoder needs keys"))?;
        let values = table_attr(l, op, "values")?.ok_or_else(|| l.err(op, "LabelEncoder needs values"))?;
        (keys, values)
    };
    let values_are_strings = if l.attr_of(op, "classes_strings").is_some() {
        !string_input
    } else {
        l.attr_of(op, "values_strings").is_some()
            || l.attr_of(op, "values_tensor").is_some_and(|a| match l.ctx.attr_kind(a) {
                AttrKind::DenseElements { ty, .. } => is_string_tensor(l.ctx, *ty),
                _ => false,
            })
    };
    let default = match l.attr_of(op, "default_tensor") {
        Some(_) => table_attr(l, op, "default")?.ok_or_else(|| l.err(op, "LabelEncoder: no default"))?,
        None if values_are_strings => {
            let d = l.str_attr(op, "default_string").unwrap_or_else(|| "_Unused".to_string());
            string_tensor(l, &[d])?
        }
        None if l.attr_of(op, "values_floats").is_some() => {
            f32_tensor(l, &[l.float_attr(op, "default_float").unwrap_or(-0.0)])?
        }
        None => i64_tensor(l, &[l.int_attr(op, "default_int64").unwrap_or(-1)])?,
    };
    let x = l.handle(input)?;
    l.rt("label_encoder", &[node, x, keys, values, default])
}

/// TfIdfVectorizer: the pool (`pool_strings` or `pool_int64s`), `ngram_counts`,
/// `ngram_indexes` and `weights` as constant tensors; the runtime checks how they fit.
fn tfidf(l: &mut Lower<'_>, op: OpId, node: Value, input: Value) -> LResult<Value> {
    let pool = match strings_attr(l, op, "pool_strings") {
        Some(p) => string_tensor(l, &p)?,
        None => match l.ints_attr(op, "pool_int64s") {
            Some(p) => i64_tensor(l, &p)?,
            None => return Err(l.err(op, "TfIdfVectorizer needs pool_int64s or pool_strings")),
        },
    };
    let mut list = |name: &str| {
        let v = l.ints_attr(op, name).ok_or_else(|| l.err(op, format!("TfIdfVectorizer needs '{name}'")))?;
        i64_tensor(l, &v)
    };
    let counts = list("ngram_counts")?;
    let indexes = list("ngram_indexes")?;
    let weights = match floats_attr(l, op, "weights") {
        Some(w) => f32_tensor(l, &w)?,
        None => l.rt("null", &[])?,
    };
    let mut args = vec![node, l.handle(input)?, pool, counts, indexes, weights];
    for name in ["min_gram_length", "max_gram_length", "max_skip_count"] {
        let v = l.int_attr(op, name).ok_or_else(|| l.err(op, format!("TfIdfVectorizer needs '{name}'")))?;
        args.push(l.const_i64(v));
    }
    let mode = l.str_attr(op, "mode").ok_or_else(|| l.err(op, "TfIdfVectorizer needs 'mode'"))?;
    let mode =
        TfIdfMode::from_name(&mode).ok_or_else(|| l.err(op, format!("TfIdfVectorizer: unknown mode '{mode}'")))?;
    args.push(l.const_i32(mode.code()));
    l.rt("tfidf", &args)
}
