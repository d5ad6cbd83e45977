//! `convert-onnx-to-loops`: ONNX tensors to registers and runtime values (DESIGN.md §6).
//!
//! Runs after `convert-onnx-to-scf`, so control flow is already `scf` and only compute ops and
//! the few `tensor` ops that pass values in and out of scalars are left. Each value becomes:
//! - an SSA scalar when it is a rank-0 tensor of a type compiled code computes with, so loop
//!   counters, conditions and scalar recurrences run in registers with `arith`/`math` ops;
//! - otherwise an `!llvm.ptr` handle to a reference-counted runtime value (`crates/runtime`),
//!   and the op becomes a call to the runtime kernel of its family.
//!
//! Then `ownership` inserts the reference counting (retain before a use that consumes a value,
//! release after the last use), so every runtime value is freed as soon as it is dead and a
//! loop that makes a tensor per iteration runs in bounded memory. Last, every public function
//! gets an entry wrapper that takes its arguments from a runtime call frame (`entry`), and a
//! module with slot globals a function that releases what they keep (`release`).
//!
//! One file per op family; ops that differ only in their scalar function are rows of the
//! table in `elementwise.rs`.

mod compiled;
mod constants;
mod detection;
mod elementwise;
mod emit;
mod entry;
mod image;
mod linalg;
mod loss;
mod memo;
mod ml;
mod model_entry;
mod movement;
mod nn;
mod ownership;
mod quant;
mod reduce;
mod release;
mod resize;
mod rnn;
mod scalar;
mod sequence;
mod shape;
mod signal;
mod strings;
mod tensor_ops;
mod training;
mod types;

use emit::{LResult, Lower};
use flowgate_ir::structural::{self, TypeConverter};
use flowgate_ir::{Context, Diagnostic, InsertPoint, OpId, Value};
use flowgate_pass::{Pass, PassInfo};

pub fn pass_info() -> PassInfo {
    PassInfo {
        argument: "convert-onnx-to-loops",
        description: "Lower onnx tensors to scalars, memrefs and runtime values, and onnx ops to arith/math, loop nests or runtime calls",
        create: |o| {
            o.check_known("convert-onnx-to-loops", &[COMPILED_TENSORS, MAX_MATMUL_NEST])?;
            let max = o.get_u64(MAX_MATMUL_NEST, DEFAULT_MAX_MATMUL_NEST)?;
            Ok(Box::new(OnnxToLoops {
                compiled_tensors: o.get_bool(COMPILED_TENSORS, true)?,
                max_matmul_nest: i64::try_from(max).unwrap_or(i64::MAX),
            }))
        },
    }
}

/// The pass option that turns the compiled-tensor tier (`compiled/`) on (the default) or off
/// (every non-scalar tensor a runtime handle).
pub const COMPILED_TENSORS: &str = "compiled-tensors";

/// The pass option bounding the MatMuls (in multiply-adds, M * N * K) the compiled tier
/// computes as loop nests; larger ones call the runtime's GEMM. The nest is scalar code at about
/// 2 multiply-adds a cycle, the GEMM vectorized at 10 or more after a crossing of about a
/// microsecond: tf2onnx's LSTM step ([16, 32] x [32, 128], 65536) ran 0.275 ms a call as a nest
/// at the old bound 2^16 and 0.203 ms through the GEMM (onnxruntime 0.135 ms).
pub const MAX_MATMUL_NEST: &str = "max-matmul-nest";
pub const DEFAULT_MAX_MATMUL_NEST: u64 = 1 << 12;

pub struct OnnxToLoops {
    pub compiled_tensors: bool,
    pub max_matmul_nest: i64,
}

impl Pass for OnnxToLoops {
    fn argument(&self) -> &'static str {
        "convert-onnx-to-loops"
    }
    fn name(&self) -> &'static str {
        "ConvertOnnxToLoops"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, ctx: &mut Context, module: OpId) -> Result<(), Diagnostic> {
        run_on_module(ctx, module, self.compiled_tensors, self.max_matmul_nest)
    }
}

/// The attribute holding the node-name table runtime errors refer to.
pub const NODE_NAMES_ATTR: &str = "flowgate.node_names";
/// The prefix of the entry wrappers: `@__flowgate_run_<func>(%frame: !llvm.ptr)`.
pub const ENTRY_PREFIX: &str = "__flowgate_run_";
/// `@__flowgate_release_slots()`: drops the values the module's slots keep (`release.rs`); made
/// only when the module has slots. Call it before freeing the compiled code.
pub const RELEASE_SLOTS: &str = "__flowgate_release_slots";

pub use model_entry::add_model_entry;

fn run_on_module(ctx: &mut Context, module: OpId, compiled_tensors: bool, max_matmul: i64) -> Result<(), Diagnostic> {
    let funcs: Vec<OpId> = direct_functions(ctx, module).into_iter().filter(|&f| needs_lowering(ctx, f)).collect();
    if funcs.is_empty() {
        return Ok(());
    }
    let mut l = Lower::new(ctx, module);
    l.compiled = compiled_tensors;
    l.max_matmul = max_matmul;
    for &f in &funcs {
        lower_function(&mut l, f)?;
    }
    for &f in &funcs {
        if l.ctx.attr(f, "sym_visibility").is_none_or(|a| l.ctx.attr_as_str(a) != Some("private")) {
            entry::build_wrapper(&mut l, f)?;
        }
    }
    release::build(&mut l)?;
    let names: Vec<_> = l.nodes.clone().iter().map(|n| l.ctx.string_attr(n)).collect();
    let arr = l.ctx.array_attr(names);
    l.ctx.set_attr(module, NODE_NAMES_ATTR, arr);
    Ok(())
}

fn direct_functions(ctx: &Context, module: OpId) -> Vec<OpId> {
    let body = ctx.region(module, 0);
    let mut out = Vec::new();
    for &b in ctx.region_blocks(body) {
        for op in ctx.block_ops(b) {
            if ctx.is_op(op, "func.func") && !ctx.regions(op).is_empty() && !ctx.is_region_empty(ctx.region(op, 0)) {
                out.push(op);
            }
        }
    }
    out
}

/// A function has something to lower when an ONNX value type or op appears in it.
fn needs_lowering(ctx: &Context, f: OpId) -> bool {
    let mut found = false;
    ctx.walk(f, &mut |op| {
        let n = ctx.op_name(op);
        if n.starts_with("onnx.") || n.starts_with("tensor.") {
            found = true;
        }
        for &r in ctx.results(op) {
            found |= types::is_onnx_value_type(ctx, ctx.value_type(r));
        }
        for &reg in ctx.regions(op) {
            for &b in ctx.region_blocks(reg) {
                for &a in ctx.block_args(b) {
                    found |= types::is_onnx_value_type(ctx, ctx.value_type(a));
                }
            }
        }
    });
    found
}

fn lower_function(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    l.func = Some(f);
    l.tier = Default::default();
    snapshot_types(l, f);
    retype_signature(l, f)?;
    retype_structure(l, f)?;
    compiled::stack::plan(l, f)?;
    lower_ops(l, f)?;
    fix_joins(l, f)?;
    compiled::stack::write_rows_in_place(l);
    compiled::in_place::insert(l, f)?;
    compiled::carried::insert(l, f)?;
    let promoted = compiled::promote::carry_scalars(l, f);
    compiled::promote::forward(l, f);
    compiled::promote::drop_dead_stores(l, &promoted);
    erase_novalues(l, f);
    stop_loops_on_error(l, f)?;
    ownership::insert(l, f)?;
    compiled::free_buffers(l, f);
    Ok(())
}

fn snapshot_types(l: &mut Lower<'_>, f: OpId) {
    let ctx = &*l.ctx;
    let mut orig = std::mem::take(&mut l.orig);
    ctx.walk(f, &mut |op| {
        for &r in ctx.results(op) {
            orig.insert(r, ctx.value_type(r));
        }
        for &reg in ctx.regions(op) {
            for &b in ctx.region_blocks(reg) {
                for &a in ctx.block_args(b) {
                    orig.insert(a, ctx.value_type(a));
                }
            }
        }
    });
    l.orig = orig;
}

/// Function arguments and results are always handles (the entry wrapper and callers pass
/// runtime values); rank-0 arguments are unboxed once at entry.
fn retype_signature(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    let body = l.ctx.region(f, 0);
    let Some(entry) = l.ctx.entry_block(body) else { return Ok(()) };
    let ptr = l.ptr();
    let args = l.ctx.block_args(entry).to_vec();
    l.loc = l.ctx.op_loc(f);
    for a in args {
        let t = l.ctx.value_type(a);
        if !types::is_onnx_value_type(l.ctx, t) {
            continue;
        }
        l.ctx.set_value_type(a, ptr);
        if let Some(e) = types::scalar_elem(l.ctx, t) {
            // The uses to redirect, taken before the unbox adds its own.
            let uses = l.ctx.uses(a).to_vec();
            l.ip = match l.ctx.first_op(entry) {
                Some(o) => InsertPoint::Before(o),
                None => InsertPoint::End(entry),
            };
            let node = l.node_id(f);
            let s = l.scalar(node, a, e)?;
            l.orig.insert(s, t);
            for u in uses {
                l.ctx.set_operand(u.op, u.index as usize, s);
            }
        }
    }
    let inputs: Vec<_> = l.ctx.block_args(entry).iter().map(|&a| l.ctx.value_type(a)).collect();
    let old = flowgate_func::function_type(l.ctx, f);
    let results: Vec<_> = match old {
        Some(sig) => sig.results.iter().map(|&t| if types::is_onnx_value_type(l.ctx, t) { ptr } else { t }).collect(),
        None => Vec::new(),
    };
    let fty = l.ctx.function_type(inputs, results);
    let ta = l.ctx.type_attr(fty);
    l.ctx.set_attr(f, "function_type", ta);
    Ok(())
}

/// The lowering as the structural type conversion's converter: ONNX types become their lowered
/// types, and a value is brought to another form (a register scalar boxed into a handle, a
/// handle unboxed, a buffer) by `coerce`, located at the op that receives it.
impl TypeConverter for Lower<'_> {
    type Error = Diagnostic;

    fn context(&mut self) -> &mut Context {
        self.ctx
    }

    fn convert_type(&mut self, ty: flowgate_ir::Type) -> Option<flowgate_ir::Type> {
        self.lowered_type(ty)
    }

    fn materialize(&mut self, user: OpId, value: Value, to: flowgate_ir::Type) -> LResult<Value> {
        self.ip = InsertPoint::Before(user);
        self.loc = self.ctx.op_loc(user);
        let node = self.node_id(user);
        self.coerce(node, value, to)
    }
}

/// Results of structured ops and block arguments of their regions take their lowered types
/// (the structural type conversion's first step). Any other op that is not lowered and
/// carries an ONNX value would keep a type no backend knows: it is refused here, naming it.
fn retype_structure(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    structural::convert_carried_types(l, f);
    let mut bad = None;
    l.ctx.walk(f, &mut |op| {
        let n = l.ctx.op_name(op);
        let lowered = n.starts_with("onnx.") || n.starts_with("tensor.");
        if bad.is_none()
            && !lowered
            && l.ctx.results(op).iter().any(|&r| types::is_onnx_value_type(l.ctx, l.ctx.value_type(r)))
        {
            bad = Some(op);
        }
    });
    match bad {
        Some(op) => Err(l.err(
            op,
            format!("'{}' carries an ONNX value, which convert-onnx-to-loops does not convert", l.ctx.op_name(op)),
        )),
        None => Ok(()),
    }
}

fn lower_ops(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    compiled::reduce::record_axes(l, f);
    l.tier.constant = memo::constant_ops(l.ctx, f);
    // Pre-order, so definitions are lowered before their uses.
    let ops: Vec<OpId> = l
        .ctx
        .collect_ops(f, flowgate_ir::WalkOrder::PreOrder)
        .into_iter()
        .filter(|&op| {
            let n = l.ctx.op_name(op);
            (n.starts_with("onnx.") && n != "onnx.NoValue") || n.starts_with("tensor.")
        })
        .collect();
    for op in ops {
        // Fused into its only user's loop nest, which computes it (compiled/nest.rs).
        if compiled::nest::defer(l, op) {
            continue;
        }
        if !l.ctx.regions(op).is_empty() {
            return Err(l.err(
                op,
                format!("'{}' has regions; run convert-onnx-to-scf before convert-onnx-to-loops", l.ctx.op_name(op)),
            ));
        }
        l.ip = InsertPoint::Before(op);
        l.loc = l.ctx.op_loc(op);
        let constant = memo::is_pure(l.ctx.op_name(op)) && memo::operands_constant(l, op);
        let new = lower_op(l, op)?;
        let results = l.ctx.results(op).to_vec();
        if new.len() != results.len() {
            return Err(l.err(op, "internal: lowering produced the wrong number of results"));
        }
        if constant {
            if let [v] = new.as_slice() {
                memo::memoize(l, *v)?;
            }
        }
        let operands = l.ctx.operands(op).to_vec();
        for (r, n) in results.into_iter().zip(new) {
            let ot = l.onnx_type(r);
            let n = round_narrow(l, op, n, ot, &operands);
            // A value passed through (Identity, a cast, an extract) keeps the ONNX type it had.
            l.orig.entry(n).or_insert(ot);
            let want = l.lowered_type(ot).unwrap_or(ot);
            // A value of the compiled tier stays a handle when its op has no loop nest: its
            // users convert it (once) if they need a buffer.
            let stays = compiled::is_memref_type(l.ctx, want) && l.is_handle(n);
            let n = if l.ctx.value_type(n) == want || stays {
                n
            } else {
                let node = l.node_id(op);
                let c = l.coerce(node, n, want)?;
                l.orig.entry(c).or_insert(ot);
                c
            };
            if constant {
                l.consts.insert(n);
            }
            l.ctx.replace_all_uses(r, n);
        }
        l.ctx.erase_op(op);
    }
    // Ops fused into a nest, last first (a fused op may use an earlier one).
    for op in std::mem::take(&mut l.tier.fused).into_iter().rev() {
        l.ctx.erase_op(op);
    }
    Ok(())
}

/// A float16/bfloat16 register an op computed (in f32) is rounded to its precision; values
/// passed through (operands, constants) already have it, and casts round themselves.
fn round_narrow(l: &mut Lower<'_>, op: OpId, n: Value, ot: flowgate_ir::Type, operands: &[Value]) -> Value {
    let Some(kind) = types::scalar_elem(l.ctx, ot).and_then(|e| e.narrow()) else { return n };
    let passed = operands.contains(&n)
        || l.ctx.defining_op(n).is_some_and(|d| l.ctx.is_op(d, "arith.constant"))
        || matches!(l.ctx.op_name(op), "onnx.Cast" | "onnx.CastLike");
    if l.is_handle(n) || passed || l.ctx.value_type(n) != l.ctx.float_type(flowgate_ir::FloatKind::F32) {
        return n;
    }
    let r = scalar::round_to_narrow(l, n, kind);
    l.orig.insert(r, ot);
    r
}

fn lower_op(l: &mut Lower<'_>, op: OpId) -> LResult<Vec<Value>> {
    let name = l.ctx.op_name(op).to_string();
    let short = name.strip_prefix("onnx.").unwrap_or(&name).to_string();
    // An op of another domain is lowered only when it is one Flowgate knows; a custom-domain op
    // that happens to share a default op's name must not be taken for it.
    if let Some(domain) = l.str_attr(op, "onnx.domain").filter(|d| d != "ai.onnx" && !d.is_empty()) {
        if !flowgate_onnx::is_known_domain_op(&domain, &short) {
            let what = emit::node_description(l.ctx, op);
            return Err(l.err(
                op,
                format!("{what}: op type '{short}' of domain '{domain}' is not supported by convert-onnx-to-loops"),
            ));
        }
    } else if flowgate_onnx::DOMAIN_OPS.iter().any(|&(_, o)| o == short) {
        let what = emit::node_description(l.ctx, op);
        return Err(l.err(op, format!("{what}: op type '{short}' is not in the default domain")));
    }
    if let Some(r) = strings::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = tensor_ops::lower(l, op, &name)? {
        return Ok(r);
    }
    if let Some(r) = constants::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = compiled::stack::lower_insert(l, op)? {
        return Ok(r);
    }
    if let Some(r) = compiled::stack::lower_concat(l, op)? {
        return Ok(r);
    }
    if let Some(r) = compiled::gather::lower(l, op)? {
        return Ok(r);
    }
    if let Some(r) = compiled::nest::lower(l, op)? {
        return Ok(r);
    }
    if let Some(r) = compiled::reduce::lower(l, op)? {
        return Ok(r);
    }
    if let Some(r) = elementwise::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = shape::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = movement::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = movement::lower_indexed(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = reduce::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = linalg::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = nn::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = quant::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = loss::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = rnn::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = resize::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = detection::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = signal::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = image::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = sequence::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = ml::lower(l, op, &short)? {
        return Ok(r);
    }
    if let Some(r) = training::lower(l, op, &short)? {
        return Ok(r);
    }
    Err(l.err(op, format!("op type '{short}' is not supported by convert-onnx-to-loops")))
}

/// Where a value flows into a block argument or result (yields, loop inits, branches,
/// returns), bring it to the target's representation: a branch may yield a register scalar
/// where the join is a handle, or the reverse (the structural type conversion's second step).
/// A function's results are its signature, not a region edge, so its `func.return` gets its
/// targets here.
fn fix_joins(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    structural::materialize_joins(l, f)?;
    let ptr = l.ptr();
    for ret in l.ctx.find_ops(f, "func.return") {
        if l.ctx.parent_op(ret) != Some(f) {
            continue;
        }
        let targets: Vec<_> = (0..l.ctx.operands(ret).len())
            .filter(|&i| types::is_onnx_value_type(l.ctx, l.onnx_type(l.ctx.operand(ret, i))))
            .map(|i| (i, ptr))
            .collect();
        structural::materialize_operands(l, ret, &targets)?;
    }
    Ok(())
}

fn erase_novalues(l: &mut Lower<'_>, f: OpId) {
    for op in l.ctx.find_ops(f, "onnx.NoValue") {
        if l.ctx.results(op).iter().all(|&r| !l.ctx.has_uses(r)) {
            l.ctx.erase_op(op);
        }
    }
}

/// A `scf.while` whose body calls a runtime function that can fail also stops when a call
/// failed: after a run-time error (an index out of range, say) kernels return placeholders, and a
/// loop whose exit depends on their values could otherwise run on forever. The test is a call
/// per trip, so a loop whose calls cannot fail (the runtime-abi table's `fails` flag) or that
/// makes none (a loop over registers) gets none. Counted loops end anyway.
fn stop_loops_on_error(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    for w in l.ctx.find_ops(f, flowgate_scf::WhileOp::NAME) {
        let mut may_fail = false;
        l.ctx.walk(w, &mut |op| {
            may_fail |= l.ctx.is_op(op, "func.call")
                && l.ctx
                    .attr(op, "callee")
                    .and_then(|a| l.ctx.attr_as_symbol_ref(a))
                    .and_then(|c| c.strip_prefix("flowgate_rt_"))
                    .and_then(flowgate_runtime_abi::lookup)
                    .is_some_and(|f| f.may_fail);
        });
        if !may_fail {
            continue;
        }
        let Some(before) = l.ctx.entry_block(l.ctx.region(w, 0)) else { continue };
        let Some(cond) = l.ctx.terminator(before).filter(|&t| l.ctx.is_op(t, flowgate_scf::ConditionOp::NAME)) else {
            continue;
        };
        l.ip = InsertPoint::Before(cond);
        l.loc = l.ctx.op_loc(w);
        let ok = l.rt("ok", &[])?;
        let c = l.ctx.operand(cond, 0);
        let both = l.arith("arith.andi", c, ok);
        l.ctx.set_operand(cond, 0, both);
    }
    Ok(())
}
