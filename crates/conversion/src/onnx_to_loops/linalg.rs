//! `MatMul` (numpy semantics) and `Gemm` (alpha, beta, transA, transB, C broadcast): the
//! runtime's GEMM through matrixmultiply. `Einsum`: one runtime call on the sequence of its
//! operands, the equation's bytes as a constant INT64 tensor. `Det`: one runtime call (LU).

use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let ops = l.ctx.operands(op).to_vec();
    let r = match name {
        "Det" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            l.rt("det", &[node, x])?
        }
        "MatMul" => {
            let node = l.node_id(op);
            let a = l.handle(ops[0])?;
            let b = l.handle(ops[1])?;
            l.rt("matmul", &[node, a, b])?
        }
        "Gemm" => {
            let node = l.node_id(op);
            if ops.len() < 2 {
                return Err(l.err(op, "Gemm needs inputs A and B"));
            }
            let a = l.handle(ops[0])?;
            let b = l.handle(ops[1])?;
            let c = l.input_or_null(op, 2)?;
            let alpha = l.const_f64(l.float_attr(op, "alpha").unwrap_or(1.0));
            let beta = l.const_f64(l.float_attr(op, "beta").unwrap_or(1.0));
            let ta = l.const_i32(l.int_attr(op, "transA").unwrap_or(0) as i32);
            let tb = l.const_i32(l.int_attr(op, "transB").unwrap_or(0) as i32);
            l.rt("gemm", &[node, a, b, c, alpha, beta, ta, tb])?
        }
        "Einsum" => {
            let node = l.node_id(op);
            let eq = l.str_attr(op, "equation").ok_or_else(|| l.err(op, "Einsum needs an 'equation' attribute"))?;
            let codes: Vec<i64> = eq.bytes().map(i64::from).collect();
            let eq = super::constants::i64_tensor(l, &codes)?;
            let seq = super::movement::sequence_of(l, op, &ops)?;
            l.rt("einsum", &[node, seq, eq])?
        }
        _ => return Ok(None),
    };
    Ok(Some(vec![r]))
}
