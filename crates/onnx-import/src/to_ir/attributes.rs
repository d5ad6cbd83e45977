//! ONNX node attributes as IR attributes. Every kind is kept: `int` is an `i64` integer,
//! `float` an `f32` float, `string` a string, `tensor` a dense elements attribute, the list
//! kinds are arrays, and type protos are type attributes. Graphs become regions (the caller
//! builds them); sparse tensors are rejected with the feature's name.

use flowgate_ir::{Attribute, Context, FloatKind};

use super::tensor::import_tensor;
use super::types::import_type;
use crate::proto::attribute_proto::AttributeType;
use crate::proto::{AttributeProto, GraphProto};

/// What an ONNX attribute becomes.
pub enum Imported<'m> {
    Attr(Attribute),
    /// One subgraph (`graph`), or a list of them (`graphs`): regions of the op.
    Graphs(Vec<&'m GraphProto>),
}

/// The attribute's kind: its `type` field, else the field that is set (old exporters and
/// hand-built protos leave `type` out).
fn kind(a: &AttributeProto) -> AttributeType {
    if let Some(t) = a.r#type.and_then(|t| AttributeType::try_from(t).ok()) {
        if t != AttributeType::Undefined {
            return t;
        }
    }
    if a.g.is_some() {
        AttributeType::Graph
    } else if a.t.is_some() {
        AttributeType::Tensor
    } else if a.sparse_tensor.is_some() {
        AttributeType::SparseTensor
    } else if a.tp.is_some() {
        AttributeType::TypeProto
    } else if a.s.is_some() {
        AttributeType::String
    } else if a.i.is_some() {
        AttributeType::Int
    } else if a.f.is_some() {
        AttributeType::Float
    } else if !a.graphs.is_empty() {
        AttributeType::Graphs
    } else if !a.tensors.is_empty() {
        AttributeType::Tensors
    } else if !a.sparse_tensors.is_empty() {
        AttributeType::SparseTensors
    } else if !a.type_protos.is_empty() {
        AttributeType::TypeProtos
    } else if !a.strings.is_empty() {
        AttributeType::Strings
    } else if !a.floats.is_empty() {
        AttributeType::Floats
    } else {
        // An empty list of unknown kind; ints is the most common.
        AttributeType::Ints
    }
}

fn utf8(bytes: &[u8], name: &str) -> Result<String, String> {
    String::from_utf8(bytes.to_vec()).map_err(|_| format!("attribute '{name}': the string is not valid UTF-8"))
}

pub fn import_attribute<'m>(ctx: &mut Context, a: &'m AttributeProto) -> Result<Imported<'m>, String> {
    let name = a.name.as_deref().unwrap_or("");
    let missing = |what: &str| format!("attribute '{name}' of kind {what} has no value");
    let i64t = ctx.integer_type(64);
    let f32t = ctx.float_type(FloatKind::F32);
    let attr = match kind(a) {
        AttributeType::Int => ctx.integer_attr(a.i.ok_or_else(|| missing("int"))? as i128, i64t),
        AttributeType::Float => ctx.float_attr(a.f.ok_or_else(|| missing("float"))? as f64, f32t),
        AttributeType::String => {
            let s = utf8(a.s.as_deref().ok_or_else(|| missing("string"))?, name)?;
            ctx.string_attr(&s)
        }
        AttributeType::Tensor => {
            let t = a.t.as_ref().ok_or_else(|| missing("tensor"))?;
            import_tensor(ctx, t).map_err(|e| format!("attribute '{name}': {e}"))?
        }
        AttributeType::Graph => return Ok(Imported::Graphs(vec![a.g.as_ref().ok_or_else(|| missing("graph"))?])),
        AttributeType::Graphs => return Ok(Imported::Graphs(a.graphs.iter().collect())),
        AttributeType::Ints => {
            let items = a.ints.iter().map(|&i| ctx.integer_attr(i as i128, i64t)).collect();
            ctx.array_attr(items)
        }
        AttributeType::Floats => {
            let items = a.floats.iter().map(|&f| ctx.float_attr(f as f64, f32t)).collect();
            ctx.array_attr(items)
        }
        AttributeType::Strings => {
            let mut items = Vec::with_capacity(a.strings.len());
            for s in &a.strings {
                let s = utf8(s, name)?;
                items.push(ctx.string_attr(&s));
            }
            ctx.array_attr(items)
        }
        AttributeType::Tensors => {
            let mut items = Vec::with_capacity(a.tensors.len());
            for t in &a.tensors {
                items.push(import_tensor(ctx, t).map_err(|e| format!("attribute '{name}': {e}"))?);
            }
            ctx.array_attr(items)
        }
        AttributeType::TypeProto => {
            let tp = a.tp.as_ref().ok_or_else(|| missing("type_proto"))?;
            let t = import_type(ctx, tp).map_err(|e| format!("attribute '{name}': {e}"))?;
            ctx.type_attr(t)
        }
        AttributeType::TypeProtos => {
            let mut items = Vec::with_capacity(a.type_protos.len());
            for tp in &a.type_protos {
                let t = import_type(ctx, tp).map_err(|e| format!("attribute '{name}': {e}"))?;
                items.push(ctx.type_attr(t));
            }
            ctx.array_attr(items)
        }
        AttributeType::SparseTensor | AttributeType::SparseTensors => {
            return Err(format!("attribute '{name}': sparse tensor attributes are not supported"))
        }
        AttributeType::Undefined => return Err(format!("attribute '{name}' has no kind and no value")),
    };
    Ok(Imported::Attr(attr))
}
