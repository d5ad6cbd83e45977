//! `memref.alloc` / `alloca` / `realloc`: constant sizes become static dimensions (upstream's
//! `SimplifyAllocConst`, a `memref.cast` keeps the old type for the users), and an allocation
//! only stored into and deallocated goes with those users (`SimplifyDeadAlloc`).

use super::constant_index;
use crate::util::{ranked, segments};
use flowgate_ir::{Builder, OpId, OperationState, RewritePattern, TypeKind, DYNAMIC};

pub(crate) fn alloc_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(SimplifyAllocConst { name: "memref.alloc" }), Box::new(SimplifyDeadAlloc { name: "memref.alloc" })]
}

pub(crate) fn alloca_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(SimplifyAllocConst { name: "memref.alloca" }), Box::new(SimplifyDeadAlloc { name: "memref.alloca" })]
}

pub(crate) fn realloc_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(SimplifyDeadAlloc { name: "memref.realloc" })]
}

struct SimplifyAllocConst {
    name: &'static str,
}

impl RewritePattern for SimplifyAllocConst {
    fn root(&self) -> Option<&'static str> {
        Some(self.name)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(seg) = segments(ctx, op, 2) else { return false };
        let (sizes, symbols) = (&seg[0], &seg[1]);
        let Some(&res) = ctx.results(op).first() else { return false };
        let old_ty = ctx.value_type(res);
        let Some(m) = ranked(ctx, old_ty) else { return false };
        // A negative constant size is undefined behaviour; upstream leaves it dynamic.
        let static_size = |v| constant_index(ctx, v).and_then(|c| i64::try_from(c).ok()).filter(|&c| c >= 0);
        if m.shape.iter().filter(|&&d| d == DYNAMIC).count() != sizes.len()
            || sizes.iter().all(|&v| static_size(v).is_none())
        {
            return false;
        }
        let mut shape = m.shape.clone();
        let mut kept = Vec::new();
        let mut next = sizes.iter();
        for d in shape.iter_mut().filter(|d| **d == DYNAMIC) {
            let Some(&v) = next.next() else { return false };
            match static_size(v) {
                Some(c) => *d = c,
                None => kept.push(v),
            }
        }
        let new_ty = ctx.intern_type(TypeKind::MemRef {
            shape,
            element: m.element,
            layout: m.layout,
            memory_space: m.memory_space,
        });
        let loc = ctx.op_loc(op);
        let mut operands = kept.clone();
        operands.extend(symbols);
        let seg_attr = ctx.dense_i32_array_attr(&[kept.len() as i32, symbols.len() as i32]);
        let mut st = OperationState::new(ctx, self.name, loc).operands(&operands).results(&[new_ty]);
        st.add_attr(ctx, "operandSegmentSizes", seg_attr);
        if let Some(a) = ctx.attr(op, "alignment") {
            st.add_attr(ctx, "alignment", a);
        }
        let new = b.create(st);
        let new_res = b.ctx.result(new, 0);
        let cast = OperationState::new(b.ctx, "memref.cast", loc).operands(&[new_res]).results(&[old_ty]);
        let cast = b.create(cast);
        let cast_res = b.ctx.result(cast, 0);
        b.ctx.replace_op(op, &[cast_res]);
        true
    }
}

struct SimplifyDeadAlloc {
    name: &'static str,
}

impl RewritePattern for SimplifyDeadAlloc {
    fn root(&self) -> Option<&'static str> {
        Some(self.name)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(&res) = ctx.results(op).first() else { return false };
        let users: Vec<OpId> = ctx.uses(res).iter().map(|u| u.op).collect();
        // A store of the buffer itself (as the value) publishes it; only stores into it and
        // deallocations may go.
        let removable = |u: OpId| {
            (ctx.is_op(u, "memref.store") && ctx.operands(u).first() != Some(&res)) || ctx.is_op(u, "memref.dealloc")
        };
        if !users.iter().all(|&u| removable(u)) {
            return false;
        }
        let mut users = users;
        users.sort();
        users.dedup();
        for u in users {
            ctx.erase_op(u);
        }
        ctx.erase_op(op);
        true
    }
}
