//! Upstream's `expand-strided-metadata` (`MemRef/Transforms/ExpandStridedMetadata.cpp`): the
//! view ops `subview`, `expand_shape` and `collapse_shape` become
//! `extract_strided_metadata` of their source, index arithmetic on its offset, sizes and
//! strides, and one `reinterpret_cast` of the source's base buffer to the same result type.
//! After it, a code generator needs only those two ops to handle every view: the descriptor
//! arithmetic lives here once, in the IR, instead of in each backend.
//!
//! Upstream emits `affine.apply` for the arithmetic; this emits `arith.muli`/`arith.addi` on
//! `index` (there is no affine dialect here), and only for entries the result type leaves
//! dynamic: a static entry of the result type is given as that static value, as upstream's
//! constified lists are. `canonicalize` afterwards folds what the source type knows.

use crate::canonicalize::mixed::{self, Entry, Lists};
use crate::util::{i64_array, ranked};
use flowgate_builtin::offsets::mixed as mixed_list;
use flowgate_ir::{Builder, Context, Diagnostic, Location, OpId, OperationState, Type, TypeKind, Value, DYNAMIC};

const VIEWS: &[&str] = &["memref.subview", "memref.expand_shape", "memref.collapse_shape"];

/// Rewrite every view op under `root`. An op whose lists do not match its types (IR the
/// verifier rejects) is an error that names it, never a silent skip.
pub fn expand_strided_metadata(ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
    let mut views = Vec::new();
    ctx.walk(root, &mut |op| {
        if VIEWS.iter().any(|n| ctx.is_op(op, n)) {
            views.push(op);
        }
    });
    for op in views {
        expand(ctx, op)?;
    }
    Ok(())
}

/// The source's metadata as SSA values.
struct Metadata {
    base: Value,
    offset: Value,
    sizes: Vec<Value>,
    strides: Vec<Value>,
}

/// The new view's offset, sizes and strides.
struct View {
    offset: Entry,
    sizes: Vec<Entry>,
    strides: Vec<Entry>,
}

fn expand(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let bad = |ctx: &Context, what: &str| Diagnostic::op_error(ctx, op, format!("cannot be expanded: {what}"));
    let source = ctx.operand(op, 0);
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let Some(res) = ranked(ctx, result_ty) else { return Err(bad(ctx, "its result is not a ranked memref")) };
    let Some(src) = ranked(ctx, ctx.value_type(source)) else {
        return Err(bad(ctx, "its source is not a ranked memref"));
    };
    let loc = ctx.op_loc(op);
    let mut b = Builder::before(ctx, op);
    let md = extract_metadata(&mut b, source, src.shape.len(), src.element, src.memory_space, loc);
    let name = b.ctx.op_name(op).to_string();
    let view = match name.as_str() {
        "memref.subview" => subview(&mut b, op, &md, &res.shape, loc),
        "memref.expand_shape" => expand_shape(&mut b, op, &md, &res.shape, loc),
        _ => collapse_shape(&mut b, op, &md, res.shape.len(), loc),
    };
    let Some(view) = view else {
        return Err(bad(b.ctx, "its offsets, sizes, strides or reassociation do not match its types"));
    };
    // Static entries of the result type are given as such (reinterpret_cast requires it).
    let Some((res_strides, res_offset)) = crate::util::strides_and_offset(b.ctx, result_ty) else {
        return Err(bad(b.ctx, "its result has no strided layout"));
    };
    let pick = |known: i64, e: Entry| if known == DYNAMIC { e } else { Entry::Static(known) };
    let offset = pick(res_offset, view.offset);
    let sizes: Vec<Entry> = res.shape.iter().zip(view.sizes).map(|(&k, e)| pick(k, e)).collect();
    let strides: Vec<Entry> = res_strides.iter().zip(view.strides).map(|(&k, e)| pick(k, e)).collect();
    let lists = Lists { source: md.base, offsets: vec![offset], sizes, strides };
    let st = mixed::state(b.ctx, "memref.reinterpret_cast", loc, &lists, result_ty);
    let v = b.create_value(st);
    b.ctx.replace_op(op, &[v]);
    Ok(())
}

fn extract_metadata(
    b: &mut Builder<'_>,
    source: Value,
    rank: usize,
    element: Type,
    memory_space: Option<flowgate_ir::Attribute>,
    loc: Location,
) -> Metadata {
    let idx = b.ctx.index_type();
    let base_ty = b.ctx.intern_type(TypeKind::MemRef { shape: vec![], element, layout: None, memory_space });
    let mut results = vec![base_ty];
    results.extend(std::iter::repeat_n(idx, 1 + 2 * rank));
    let st = OperationState::new(b.ctx, "memref.extract_strided_metadata", loc).operands(&[source]).results(&results);
    let md = b.create(st);
    let r = b.ctx.results(md).to_vec();
    Metadata { base: r[0], offset: r[1], sizes: r[2..2 + rank].to_vec(), strides: r[2 + rank..].to_vec() }
}

/// `a * b` and `a + b` on index entries: folded when both are static, else an arith op.
fn arith(b: &mut Builder<'_>, name: &str, x: Entry, y: Entry, loc: Location) -> Entry {
    match (name, x, y) {
        ("arith.muli", Entry::Static(p), Entry::Static(q)) => {
            if let Some(v) = p.checked_mul(q) {
                return Entry::Static(v);
            }
        }
        ("arith.addi", Entry::Static(p), Entry::Static(q)) => {
            if let Some(v) = p.checked_add(q) {
                return Entry::Static(v);
            }
        }
        ("arith.muli", Entry::Static(1), e) | ("arith.muli", e, Entry::Static(1)) => return e,
        ("arith.addi", Entry::Static(0), e) | ("arith.addi", e, Entry::Static(0)) => return e,
        _ => {}
    }
    let (xv, yv) = (value(b, x, loc), value(b, y, loc));
    let idx = b.ctx.index_type();
    let st = OperationState::new(b.ctx, name, loc).operands(&[xv, yv]).results(&[idx]);
    Entry::Dynamic(b.create_value(st))
}

fn value(b: &mut Builder<'_>, e: Entry, loc: Location) -> Value {
    match e {
        Entry::Dynamic(v) => v,
        Entry::Static(c) => mixed::index_constant(b, c, loc),
    }
}

/// offset' = offset + sum(offset_k * stride_k), stride'_k = stride_k * step_k, sizes as given;
/// unit dimensions the result type drops (a rank-reducing subview) are left out.
fn subview(b: &mut Builder<'_>, op: OpId, md: &Metadata, res_shape: &[i64], loc: Location) -> Option<View> {
    let l = mixed::read(b.ctx, op)?;
    let rank = md.sizes.len();
    if l.offsets.len() != rank || l.sizes.len() != rank || l.strides.len() != rank {
        return None;
    }
    let mut offset = Entry::Dynamic(md.offset);
    let mut strides = Vec::with_capacity(rank);
    for k in 0..rank {
        let t = arith(b, "arith.muli", l.offsets[k], Entry::Dynamic(md.strides[k]), loc);
        offset = arith(b, "arith.addi", offset, t, loc);
        strides.push(arith(b, "arith.muli", l.strides[k], Entry::Dynamic(md.strides[k]), loc));
    }
    let mut drop = rank.checked_sub(res_shape.len())?;
    let (mut out_sizes, mut out_strides) = (Vec::new(), Vec::new());
    for (&size, stride) in l.sizes.iter().zip(strides) {
        if drop > 0 && size == Entry::Static(1) && res_shape.get(out_sizes.len()) != Some(&1) {
            drop -= 1;
            continue;
        }
        out_sizes.push(size);
        out_strides.push(stride);
    }
    (drop == 0 && out_sizes.len() == res_shape.len()).then_some(View { offset, sizes: out_sizes, strides: out_strides })
}

fn groups(ctx: &Context, op: OpId, rank: usize) -> Option<Vec<Vec<usize>>> {
    let g = flowgate_builtin::reassociation::reassociation(ctx, op)?;
    let g: Vec<Vec<usize>> = g
        .into_iter()
        .map(|g| g.into_iter().map(|d| usize::try_from(d).ok().filter(|&d| d < rank)).collect())
        .collect::<Option<_>>()?;
    Some(g)
}

/// Each source dimension splits into its group; the innermost dimension of a group keeps the
/// source stride, each outer one the product of the sizes inside it.
fn expand_shape(b: &mut Builder<'_>, op: OpId, md: &Metadata, res_shape: &[i64], loc: Location) -> Option<View> {
    let groups = groups(b.ctx, op, res_shape.len())?;
    if groups.len() != md.sizes.len() {
        return None;
    }
    let statics = i64_array(b.ctx, op, "static_output_shape");
    let statics = if statics.is_empty() { res_shape.to_vec() } else { statics };
    let seg = b.ctx.operands(op)[1..].to_vec();
    let sizes = mixed_list(&statics, &seg)?;
    if sizes.len() != res_shape.len() {
        return None;
    }
    let mut strides = vec![Entry::Static(1); sizes.len()];
    for (k, g) in groups.iter().enumerate() {
        let mut stride = Entry::Dynamic(md.strides[k]);
        for &d in g.iter().rev() {
            strides[d] = stride;
            stride = arith(b, "arith.muli", stride, sizes[d], loc);
        }
    }
    Some(View { offset: Entry::Dynamic(md.offset), sizes, strides })
}

/// Each group becomes one dimension: the product of its sizes, with the stride of its innermost
/// dimension (upstream requires the group to be contiguous).
fn collapse_shape(b: &mut Builder<'_>, op: OpId, md: &Metadata, res_rank: usize, loc: Location) -> Option<View> {
    let groups = groups(b.ctx, op, md.sizes.len())?;
    if groups.len() != res_rank {
        return None;
    }
    let (mut sizes, mut strides) = (Vec::new(), Vec::new());
    for g in &groups {
        let (&first, &last) = (g.first()?, g.last()?);
        let mut size = Entry::Dynamic(md.sizes[first]);
        for &d in &g[1..] {
            size = arith(b, "arith.muli", size, Entry::Dynamic(md.sizes[d]), loc);
        }
        sizes.push(size);
        strides.push(Entry::Dynamic(md.strides[last]));
    }
    Some(View { offset: Entry::Dynamic(md.offset), sizes, strides })
}
