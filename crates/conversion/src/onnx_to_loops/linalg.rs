//! `MatMul`: the runtime's GEMM (matrixmultiply), numpy semantics.

use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    if name != "MatMul" {
        return Ok(None);
    }
    let ops = l.ctx.operands(op).to_vec();
    let node = l.node_id(op);
    let a = l.handle(ops[0])?;
    let b = l.handle(ops[1])?;
    Ok(Some(vec![l.rt("matmul", &[node, a, b])?]))
}
