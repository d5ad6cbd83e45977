//! The shapes shape inference finds for a model's graph outputs, with the symbolic names of the
//! input dimensions they carry: what onnxruntime's `get_outputs()` reports once merged with the
//! declared shapes (the Python package does the merge, as ONNX's `mergeInShapeInfo`).
//!
//! Flowgate's IR types keep a dimension as a size or `?`, not its `dim_param` name. So the model
//! is imported twice: once as declared (its static dimensions are certain), once specialized
//! with a distinct odd size standing for each symbolic input dimension (a *sentinel*). An output
//! dimension that is `?` in the first and a symbol's sentinel in the second is that symbol; any
//! other size the second finds depends on the sentinels and stays unknown.

use crate::model::{self, CompileError};
use crate::signature::{Declared, Dim};
use crate::specialize::{specialize_module, Key};
use flowgate_ir::{Context, OpId, DYNAMIC};
use flowgate_onnx_import::ModelProto;

/// One inferred output dimension.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InferredDim {
    Static(i64),
    /// The size of the input dimension named so.
    Symbol(String),
    Unknown,
}

/// Sizes standing for symbolic dimensions: primes no real model is likely to use, small enough
/// that products of a few of them stay far from overflow.
const SENTINELS: [usize; 16] =
    [1009, 1013, 1019, 1021, 1031, 1033, 1039, 1049, 1051, 1061, 1063, 1069, 1087, 1091, 1093, 1097];

/// The prefix of the names given to input dimensions without one: not a valid `dim_param`, so
/// it never matches a model's name, and no output is given it.
const ANONYMOUS: &str = " anonymous ";

/// Per graph output: its dimensions when inference knows the output is a tensor of known rank,
/// else `None`. An import error comes back as the compile would report it.
pub fn inferred_output_shapes(model: &ModelProto, file: &str) -> Result<Vec<Option<Vec<InferredDim>>>, CompileError> {
    let (ctx, imported) = model::import(model, file)?;
    let plain = result_dims(&ctx, imported.module);
    let (inputs, _) = model::ports(model)
        .map_err(|e| CompileError { stage: model::Stage::Import, message: format!("{file}: error: {e}\n") })?;
    let mut names: Vec<String> = Vec::new();
    let key: Key = inputs.iter().map(|p| sentinel_shape(&p.declared, &mut names)).collect();
    // The second import only adds names; a model it fails on keeps the static dimensions.
    let named = if names.is_empty() || names.len() > SENTINELS.len() { None } else { specialized(model, file, &key) };
    Ok(plain
        .into_iter()
        .enumerate()
        .map(|(k, dims)| {
            let dims = dims?;
            let alt = named.as_ref().and_then(|n| n.get(k).cloned().flatten()).filter(|a| a.len() == dims.len());
            Some(
                dims.iter()
                    .enumerate()
                    .map(|(i, &d)| match d {
                        DYNAMIC => alt
                            .as_ref()
                            .and_then(|a| SENTINELS.iter().position(|&s| a[i] == s as i64))
                            .and_then(|j| names.get(j).filter(|n| !n.starts_with(ANONYMOUS)).cloned())
                            .map_or(InferredDim::Unknown, InferredDim::Symbol),
                        d => InferredDim::Static(d),
                    })
                    .collect(),
            )
        })
        .collect())
}

/// The input's shape with each symbolic dimension replaced by its name's sentinel (a dimension
/// with no name gets one of its own, which no output reports as a name); `None` for anything
/// but a tensor of known rank.
fn sentinel_shape(d: &Declared, names: &mut Vec<String>) -> Option<Vec<usize>> {
    let Declared::Tensor { shape: Some(dims), .. } = d else { return None };
    let mut out = Vec::with_capacity(dims.len());
    for d in dims {
        let name = match d {
            Dim::Static(v) => {
                out.push(usize::try_from(*v).ok()?);
                continue;
            }
            Dim::Any => format!("{ANONYMOUS}{}", names.len()),
            Dim::Symbol(s) => s.clone(),
        };
        let j = names.iter().position(|n| *n == name).unwrap_or_else(|| {
            names.push(name);
            names.len() - 1
        });
        out.push(SENTINELS.get(j).copied().unwrap_or(1));
    }
    Some(out)
}

fn specialized(model: &ModelProto, file: &str, key: &Key) -> Option<Vec<Option<Vec<i64>>>> {
    let (mut ctx, imported) = model::import(model, file).ok()?;
    let func = model::main_function(&ctx, imported.module)?;
    specialize_module(&mut ctx, imported.module, func, key).ok()?;
    Some(result_dims(&ctx, imported.module))
}

/// The dimensions (`DYNAMIC` when unknown) of each value the main graph returns, `None` for a
/// value that is not a ranked tensor.
fn result_dims(ctx: &Context, module: OpId) -> Vec<Option<Vec<i64>>> {
    let Some(ret) = model::main_function(ctx, module)
        .and_then(|f| ctx.regions(f).first().copied())
        .and_then(|r| ctx.entry_block(r))
        .and_then(|b| ctx.last_op(b))
    else {
        return Vec::new();
    };
    ctx.operand_types(ret).into_iter().map(|t| flowgate_onnx_shape::types::view(ctx, t).and_then(|v| v.dims)).collect()
}
