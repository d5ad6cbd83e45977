//! The lowering's state and the small builders every op family uses: an insertion point,
//! runtime calls (checked against and declared from the runtime-abi table), constants, and conversions between a
//! value's register form and its runtime handle.

use super::types::{self, Elem};
use flowgate_ir::{
    Attribute, BlockId, Builder, Context, Diagnostic, InsertPoint, LocKind, Location, OpId, OperationState, Type,
    TypeKind, Value,
};
use flowgate_runtime_abi::{RtFn, Ty};
use std::collections::HashMap;

pub(crate) type LResult<T> = Result<T, Diagnostic>;

pub(crate) struct Lower<'a> {
    pub ctx: &'a mut Context,
    pub module: OpId,
    /// Every value's ONNX type from before the lowering (values created by the lowering inherit
    /// the type of the value they replace).
    pub orig: HashMap<Value, Type>,
    pub ip: InsertPoint,
    /// The location new ops get.
    pub loc: Location,
    /// The node-name table runtime errors index (`flowgate.node_names` on the module).
    pub nodes: Vec<String>,
    node_ids: HashMap<String, i32>,
    declared: HashMap<String, Type>,
    globals: usize,
    /// The names of the slot globals made so far (`slot`), which `release.rs` empties.
    pub slots: Vec<String>,
    /// Lowered values computed from constants alone (`memo.rs`).
    pub consts: std::collections::HashSet<Value>,
    /// Whether tensors of static shape are memrefs (the compiled-tensor tier, `compiled/`).
    pub compiled: bool,
    /// The function being lowered.
    pub func: Option<OpId>,
    /// The largest MatMul (multiply-adds) the compiled tier computes as a loop nest.
    pub max_matmul: i64,
    /// The compiled tier's buffers and conversions in the function being lowered.
    pub tier: super::compiled::TierState,
}

impl<'a> Lower<'a> {
    pub fn new(ctx: &'a mut Context, module: OpId) -> Self {
        let loc = ctx.op_loc(module);
        let mut declared = HashMap::new();
        // Functions already declared in the module (a second run, or hand-written input).
        for f in ctx.find_ops(module, "func.func") {
            if let (Some(n), Some(t)) = (
                ctx.attr(f, "sym_name").and_then(|a| ctx.attr_as_str(a)).map(str::to_string),
                ctx.attr(f, "function_type").and_then(|a| ctx.attr_as_type(a)),
            ) {
                declared.insert(n, t);
            }
        }
        Lower {
            ctx,
            module,
            orig: HashMap::new(),
            ip: InsertPoint::Detached,
            loc,
            nodes: Vec::new(),
            node_ids: HashMap::new(),
            consts: Default::default(),
            declared,
            globals: 0,
            slots: Vec::new(),
            compiled: false,
            func: None,
            max_matmul: 0,
            tier: Default::default(),
        }
    }

    pub fn ptr(&mut self) -> Type {
        types::ptr_type(self.ctx)
    }

    pub fn err(&self, op: OpId, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.ctx.op_loc(op), msg.into())
    }

    /// The ONNX type of `v` (its type before the lowering).
    pub fn onnx_type(&self, v: Value) -> Type {
        self.orig.get(&v).copied().unwrap_or_else(|| self.ctx.value_type(v))
    }

    pub fn elem(&self, v: Value) -> Option<Elem> {
        let t = self.onnx_type(v);
        types::tensor_elem(self.ctx, t).or_else(|| types::elem_of_scalar_type(self.ctx, t))
    }

    pub fn is_handle(&self, v: Value) -> bool {
        types::is_ptr(self.ctx, self.ctx.value_type(v))
    }

    /// Whether an optional input is absent (`onnx.NoValue` or of type `none`).
    pub fn absent(&self, v: Value) -> bool {
        matches!(self.ctx.type_kind(self.ctx.value_type(v)), TypeKind::None)
            || self.ctx.defining_op(v).is_some_and(|o| self.ctx.is_op(o, "onnx.NoValue"))
    }

    pub fn create(&mut self, st: OperationState) -> OpId {
        let mut b = Builder { ctx: self.ctx, ip: self.ip };
        b.create(st)
    }

    pub fn op1(&mut self, name: &str, operands: &[Value], result: Type) -> Value {
        let st = OperationState::new(self.ctx, name, self.loc).operands(operands).results(&[result]);
        let op = self.create(st);
        self.ctx.result(op, 0)
    }

    pub fn with_builder<R>(&mut self, f: impl FnOnce(&mut Builder<'_>, Location) -> R) -> R {
        let loc = self.loc;
        let mut b = Builder { ctx: self.ctx, ip: self.ip };
        f(&mut b, loc)
    }

    pub fn const_i64(&mut self, v: i64) -> Value {
        let t = self.ctx.integer_type(64);
        self.with_builder(|b, loc| flowgate_arith::builders::constant_int(b, v as i128, t, loc))
    }

    pub fn const_i32(&mut self, v: i32) -> Value {
        let t = self.ctx.integer_type(32);
        self.with_builder(|b, loc| flowgate_arith::builders::constant_int(b, v as i128, t, loc))
    }

    pub fn const_int(&mut self, v: i128, t: Type) -> Value {
        self.with_builder(|b, loc| flowgate_arith::builders::constant_int(b, v, t, loc))
    }

    pub fn const_float(&mut self, v: f64, t: Type) -> Value {
        self.with_builder(|b, loc| flowgate_arith::builders::constant_float(b, v, t, loc))
    }

    pub fn arith(&mut self, name: &str, a: Value, b2: Value) -> Value {
        let r = self.with_builder(|b, loc| flowgate_arith::builders::binary(b, name, a, b2, loc));
        r.unwrap_or_else(|| panic!("internal: '{name}' is not an arith binary op"))
    }

    pub fn cast(&mut self, name: &str, x: Value, to: Type) -> Value {
        let r = self.with_builder(|b, loc| flowgate_arith::builders::cast(b, name, x, to, loc));
        r.unwrap_or_else(|| panic!("internal: '{name}' is not an arith cast"))
    }

    pub fn cmpi(&mut self, pred: &str, a: Value, b2: Value) -> Value {
        let r = self.with_builder(|b, loc| flowgate_arith::builders::cmpi(b, pred, a, b2, loc));
        r.unwrap_or_else(|| panic!("internal: cmpi predicate '{pred}'"))
    }

    pub fn cmpf(&mut self, pred: &str, a: Value, b2: Value) -> Value {
        let r = self.with_builder(|b, loc| flowgate_arith::builders::cmpf(b, pred, a, b2, loc));
        r.unwrap_or_else(|| panic!("internal: cmpf predicate '{pred}'"))
    }

    pub fn select(&mut self, c: Value, t: Value, f: Value) -> Value {
        self.with_builder(|b, loc| flowgate_arith::builders::select(b, c, t, f, loc))
    }

    /// A `math` op on one float operand (`math.sqrt`, ...), with upstream's default fastmath.
    pub fn math1(&mut self, name: &str, x: Value) -> LResult<Value> {
        let t = self.ctx.value_type(x);
        let fm = flowgate_ir::asm::parse_attr_str(self.ctx, "#arith.fastmath<none>")?;
        let st =
            OperationState::new(self.ctx, name, self.loc).operands(&[x]).results(&[t]).attr(self.ctx, "fastmath", fm);
        let op = self.create(st);
        Ok(self.ctx.result(op, 0))
    }

    /// `math.absi` and other integer math ops without flags.
    pub fn math1_int(&mut self, name: &str, x: Value) -> Value {
        let t = self.ctx.value_type(x);
        self.op1(name, &[x], t)
    }

    pub fn math2(&mut self, name: &str, x: Value, y: Value) -> LResult<Value> {
        let t = self.ctx.value_type(x);
        let fm = flowgate_ir::asm::parse_attr_str(self.ctx, "#arith.fastmath<none>")?;
        let st = OperationState::new(self.ctx, name, self.loc)
            .operands(&[x, y])
            .results(&[t])
            .attr(self.ctx, "fastmath", fm);
        let op = self.create(st);
        Ok(self.ctx.result(op, 0))
    }

    /// Declare `@name` (private, no body) in the module with this signature unless it exists.
    pub fn declare(&mut self, name: &str, inputs: Vec<Type>, results: Vec<Type>) -> LResult<()> {
        let fty = self.ctx.function_type(inputs, results);
        if let Some(&t) = self.declared.get(name) {
            if t != fty {
                return Err(Diagnostic::error(self.loc, format!("internal: '{name}' declared with two signatures")));
            }
            return Ok(());
        }
        let region = self.ctx.create_region();
        let sym = self.ctx.string_attr(name);
        let ta = self.ctx.type_attr(fty);
        let vis = self.ctx.string_attr("private");
        let loc = self.ctx.unknown_loc();
        let st = OperationState::new(self.ctx, "func.func", loc)
            .regions(&[region])
            .attr(self.ctx, "sym_name", sym)
            .attr(self.ctx, "function_type", ta)
            .attr(self.ctx, "sym_visibility", vis);
        let f = self.ctx.create_op(st);
        self.append_to_module(f);
        self.declared.insert(name.to_string(), fty);
        Ok(())
    }

    /// Appends the public `func.func @name` of type `fty` with body `region` to the module.
    pub fn define_function(&mut self, name: &str, fty: Type, region: flowgate_ir::RegionId, loc: Location) -> OpId {
        let sym = self.ctx.string_attr(name);
        let ta = self.ctx.type_attr(fty);
        let st = OperationState::new(self.ctx, "func.func", loc)
            .regions(&[region])
            .attr(self.ctx, "sym_name", sym)
            .attr(self.ctx, "function_type", ta);
        let f = self.ctx.create_op(st);
        self.append_to_module(f);
        f
    }

    pub fn append_to_module(&mut self, op: OpId) {
        let body = self.ctx.region(self.module, 0);
        if let Some(b) = self.ctx.entry_block(body) {
            self.ctx.append_op(b, op);
        }
    }

    /// A new public `func.func @name(args) -> ()` at the end of the module, with the insertion
    /// point at the end of its (empty) entry block, which is returned; `loc` for its ops.
    pub fn start_function(&mut self, name: &str, args: &[Type], loc: Location) -> BlockId {
        let region = self.ctx.create_region();
        let block = self.ctx.add_block(region, args, loc);
        let fty = self.ctx.function_type(args.to_vec(), vec![]);
        self.define_function(name, fty, region, loc);
        self.ip = InsertPoint::End(block);
        self.loc = loc;
        block
    }

    /// `func.call @name(args) : (...) -> results` of a function of the module.
    pub fn call(&mut self, name: &str, args: &[Value], results: &[Type]) -> LResult<Vec<Value>> {
        let callee = self.ctx.symbol_ref_attr(name);
        let st = OperationState::new(self.ctx, "func.call", self.loc)
            .operands(args)
            .results(results)
            .attr(self.ctx, "callee", callee);
        let op = self.create(st);
        Ok(self.ctx.results(op).to_vec())
    }

    /// A call of runtime function `name` (`flowgate_rt_<name>`) returning its one result.
    pub fn rt(&mut self, name: &str, args: &[Value]) -> LResult<Value> {
        let r = self.rt_call(name, args)?;
        r.first()
            .copied()
            .ok_or_else(|| Diagnostic::error(self.loc, format!("internal: flowgate_rt_{name} returns nothing")))
    }

    /// A kernel's leading arguments: the node index, operands `0..required` as handles (an error
    /// naming `inputs` when fewer are given), then operands `required..total` or null handles.
    pub fn node_and_inputs(&mut self, op: OpId, required: usize, total: usize, inputs: &str) -> LResult<Vec<Value>> {
        let ops = self.ctx.operands(op).to_vec();
        if ops.len() < required {
            let name = self.ctx.op_name(op).strip_prefix("onnx.").unwrap_or_default().to_string();
            return Err(self.err(op, format!("{name} needs inputs {inputs}")));
        }
        let mut args = vec![self.node_id(op)];
        for &v in &ops[..required] {
            args.push(self.handle(v)?);
        }
        for k in required..total {
            args.push(self.input_or_null(op, k)?);
        }
        Ok(args)
    }

    /// The first `n` elements of runtime sequence `seq`: the results of a kernel that returns
    /// several tensors as one sequence (Split, TopK, MaxPool with indices, LSTM, Attention).
    pub fn seq_elements(&mut self, node: Value, seq: Value, n: usize) -> LResult<Vec<Value>> {
        (0..n)
            .map(|k| {
                let kv = self.const_i64(k as i64);
                self.rt("seq_at", &[node, seq, kv])
            })
            .collect()
    }

    /// A call of runtime function `name` that returns nothing.
    pub fn rt_void(&mut self, name: &str, args: &[Value]) -> LResult<()> {
        self.rt_call(name, args).map(drop)
    }

    /// A runtime call, checked against the runtime-abi table (arity and each argument's type)
    /// and declared from it: a call that disagrees with the runtime fails here, not at run time.
    fn rt_call(&mut self, name: &str, args: &[Value]) -> LResult<Vec<Value>> {
        let f = self.declare_rt(name)?;
        if args.len() != f.params.len() {
            let msg = format!("internal: flowgate_rt_{name} takes {} arguments, got {}", f.params.len(), args.len());
            return Err(Diagnostic::error(self.loc, msg));
        }
        for (k, (&a, &(pname, ty))) in args.iter().zip(f.params).enumerate() {
            if self.ctx.value_type(a) != self.ir_type(ty) {
                let msg = format!("internal: argument {k} ({pname}) of flowgate_rt_{name} is not {ty:?}");
                return Err(Diagnostic::error(self.loc, msg));
            }
        }
        let results: Vec<Type> = f.result.map(|r| self.ir_type(r)).into_iter().collect();
        self.call(f.symbol, args, &results)
    }

    /// Declares runtime function `name` from the runtime-abi table (once).
    pub fn declare_rt(&mut self, name: &str) -> LResult<&'static RtFn> {
        let f = flowgate_runtime_abi::lookup(name).ok_or_else(|| {
            Diagnostic::error(self.loc, format!("internal: flowgate_rt_{name} is not in the runtime-abi table"))
        })?;
        let inputs = f.params.iter().map(|p| self.ir_type(p.1)).collect();
        let results = f.result.map(|r| self.ir_type(r)).into_iter().collect();
        self.declare(f.symbol, inputs, results)?;
        Ok(f)
    }

    /// The IR type of a runtime-abi type.
    fn ir_type(&mut self, t: Ty) -> Type {
        match t {
            Ty::Node | Ty::I32 => self.ctx.integer_type(32),
            Ty::I64 => self.ctx.integer_type(64),
            Ty::F32 => self.ctx.float_type(flowgate_ir::FloatKind::F32),
            Ty::F64 => self.ctx.float_type(flowgate_ir::FloatKind::F64),
            Ty::Bool => self.ctx.i1_type(),
            Ty::Handle | Ty::Frame | Ty::CValues => self.ptr(),
            Ty::Bytes | Ty::View => {
                let i8t = self.ctx.integer_type(8);
                self.ctx.memref_type(vec![flowgate_ir::DYNAMIC], i8t)
            }
        }
    }

    /// The `node` argument of runtime calls for `op`: its index in the node-name table.
    pub fn node_id(&mut self, op: OpId) -> Value {
        let id = self.node_index(op);
        self.const_i32(id)
    }

    /// `op`'s index in the node-name table.
    pub fn node_index(&mut self, op: OpId) -> i32 {
        let text = node_description(self.ctx, op);
        let id = match self.node_ids.get(&text) {
            Some(&i) => i,
            None => {
                let i = self.nodes.len() as i32;
                self.nodes.push(text.clone());
                self.node_ids.insert(text, i);
                i
            }
        };
        id
    }

    /// A handle for `v`, boxing a register value of ONNX element `elem`.
    pub fn handle(&mut self, v: Value) -> LResult<Value> {
        if self.is_handle(v) {
            return Ok(v);
        }
        if self.is_memref(v) {
            return self.handle_of_buffer(v);
        }
        let t = self.ctx.value_type(v);
        let elem = self
            .elem(v)
            .or_else(|| types::elem_of_scalar_type(self.ctx, t))
            .ok_or_else(|| Diagnostic::error(self.loc, "internal: cannot box a value of this type"))?;
        let dtype = self.const_i32(elem.dtype());
        let h = match elem {
            Elem::Float(flowgate_ir::FloatKind::F64) => self.rt("box_f64", &[v, dtype])?,
            // f32, and float16/bfloat16 held in an f32 register.
            Elem::Float(_) => self.rt("box_f32", &[v, dtype])?,
            Elem::Bool | Elem::UInt(_) => {
                let i64t = self.ctx.integer_type(64);
                let w = self.widen_to_i64(v, i64t, true);
                self.rt("box_i64", &[w, dtype])?
            }
            Elem::SInt(_) => {
                let i64t = self.ctx.integer_type(64);
                let w = self.widen_to_i64(v, i64t, false);
                self.rt("box_i64", &[w, dtype])?
            }
        };
        let ot = self.onnx_type(v);
        self.orig.insert(h, ot);
        Ok(h)
    }

    fn widen_to_i64(&mut self, v: Value, i64t: Type, unsigned: bool) -> Value {
        if self.ctx.int_width(self.ctx.value_type(v)) == Some(64) {
            return v;
        }
        self.cast(if unsigned { "arith.extui" } else { "arith.extsi" }, v, i64t)
    }

    /// The register value of `v` as element `elem` (unboxing a handle; the runtime checks that
    /// it holds exactly one element).
    pub fn scalar(&mut self, node: Value, v: Value, elem: Elem) -> LResult<Value> {
        let v = if self.is_memref(v) { self.handle(v)? } else { v };
        if !self.is_handle(v) {
            return Ok(v);
        }
        let st = elem.scalar_type(self.ctx);
        match elem {
            Elem::Float(flowgate_ir::FloatKind::F64) => self.rt("unbox_f64", &[node, v]),
            // f32, and float16/bfloat16 held in an f32 register.
            Elem::Float(_) => self.rt("unbox_f32", &[node, v]),
            _ => {
                let x = self.rt("unbox_i64", &[node, v])?;
                Ok(if self.ctx.int_width(st) == Some(64) { x } else { self.cast("arith.trunci", x, st) })
            }
        }
    }

    /// An `i64` from an integer value (a position, an axis given as a tensor).
    pub fn int64(&mut self, node: Value, v: Value) -> LResult<Value> {
        let i64t = self.ctx.integer_type(64);
        let v = if self.is_memref(v) { self.handle(v)? } else { v };
        if self.is_handle(v) {
            return self.rt("unbox_i64", &[node, v]);
        }
        let unsigned = self.elem(v).is_some_and(|e| e.is_unsigned() || e == Elem::Bool);
        Ok(self.widen_to_i64(v, i64t, unsigned))
    }

    /// Bring `v` to the representation `want` (a handle or a register type), as the target of a
    /// yield, a loop init or a cast needs.
    pub fn coerce(&mut self, node: Value, v: Value, want: Type) -> LResult<Value> {
        let have = self.ctx.value_type(v);
        if have == want {
            return Ok(v);
        }
        if types::is_ptr(self.ctx, want) {
            return self.handle(v);
        }
        if super::compiled::is_memref_type(self.ctx, want) {
            let node = self.node_of(node);
            return self.memref_of_type(v, node, want);
        }
        let elem = types::elem_of_scalar_type(self.ctx, want)
            .ok_or_else(|| Diagnostic::error(self.loc, "internal: cannot convert to this type"))?;
        // Keep the signedness of the ONNX type the value had.
        let elem = match (elem, self.elem(v)) {
            (Elem::SInt(w), Some(Elem::UInt(w2))) if w == w2 => Elem::UInt(w),
            _ => elem,
        };
        self.scalar(node, v, elem)
    }

    /// A constant blob global (`memref<Nxi8>`) and a `memref<?xi8>` view of it.
    pub fn blob(&mut self, bytes: &[u8]) -> LResult<Value> {
        let name = format!("__flowgate_const_{}", self.globals);
        self.globals += 1;
        self.global_bytes(&name, bytes, true)
    }

    /// A runtime tensor constant from `blob` (as `Tensor::from_blob` reads it), made on the
    /// first call only: a writable 8-byte global of the module keeps the handle, so a model
    /// does not decode its weights again on every run or every loop trip.
    pub fn constant_tensor(&mut self, blob: &[u8]) -> LResult<Value> {
        let m = self.blob(blob)?;
        let slot = self.slot()?;
        let h = self.rt("constant_cached", &[m, slot])?;
        self.consts.insert(h);
        Ok(h)
    }

    /// A writable 8-byte global, zero at load, that keeps a handle across runs.
    /// Its handle is released by the module's `__flowgate_release_slots` (`release.rs`).
    pub fn slot(&mut self) -> LResult<Value> {
        let name = format!("__flowgate_const_slot_{}", self.globals);
        self.globals += 1;
        self.slots.push(name.clone());
        self.global_bytes(&name, &[0; 8], false)
    }

    /// A global `memref<Nxi8>` named `name` holding `bytes` (read-only when `constant`), and a
    /// `memref<?xi8>` view of it.
    pub(crate) fn global_bytes(&mut self, name: &str, bytes: &[u8], constant: bool) -> LResult<Value> {
        let i8t = self.ctx.integer_type(8);
        let n = bytes.len() as i64;
        let mty = self.ctx.memref_type(vec![n], i8t);
        let tty = self.ctx.tensor_type(vec![n], i8t);
        let init = self.ctx.intern_attr(flowgate_ir::AttrKind::DenseElements {
            ty: tty,
            splat: false,
            data: flowgate_ir::DenseElements::Hex(bytes.to_vec()),
        });
        let sym = self.ctx.string_attr(name);
        let vis = self.ctx.string_attr("private");
        let ta = self.ctx.type_attr(mty);
        let unit = self.ctx.unit_attr();
        let i64t = self.ctx.integer_type(64);
        let align = self.ctx.integer_attr(8, i64t);
        let loc = self.ctx.unknown_loc();
        let mut st = OperationState::new(self.ctx, "memref.global", loc)
            .attr(self.ctx, "sym_name", sym)
            .attr(self.ctx, "sym_visibility", vis)
            .attr(self.ctx, "type", ta)
            .attr(self.ctx, "initial_value", init);
        if constant {
            st = st.attr(self.ctx, "constant", unit);
        }
        let st = st.attr(self.ctx, "alignment", align);
        let g = self.ctx.create_op(st);
        self.append_to_module(g);
        Ok(self.global_view(name, n))
    }

    /// A `memref<?xi8>` view of the `n`-byte global `name`, at the insertion point.
    pub fn global_view(&mut self, name: &str, n: i64) -> Value {
        let i8t = self.ctx.integer_type(8);
        let mty = self.ctx.memref_type(vec![n], i8t);
        let gref = self.ctx.symbol_ref_attr(name);
        let st =
            OperationState::new(self.ctx, "memref.get_global", self.loc).results(&[mty]).attr(self.ctx, "name", gref);
        let op = self.create(st);
        let m = self.ctx.result(op, 0);
        let dyn_ty = self.ctx.memref_type(vec![flowgate_ir::DYNAMIC], i8t);
        self.op1("memref.cast", &[m], dyn_ty)
    }

    pub fn attr_of(&self, op: OpId, name: &str) -> Option<Attribute> {
        self.ctx.attr(op, name)
    }

    pub fn int_attr(&self, op: OpId, name: &str) -> Option<i64> {
        self.ctx.attr(op, name).and_then(|a| self.ctx.attr_as_int(a)).map(|v| v as i64)
    }

    pub fn ints_attr(&self, op: OpId, name: &str) -> Option<Vec<i64>> {
        let a = self.ctx.attr(op, name)?;
        if let Some(items) = self.ctx.attr_as_array(a) {
            return items.iter().map(|&i| self.ctx.attr_as_int(i).map(|v| v as i64)).collect();
        }
        self.ctx.attr_as_dense_array(a).map(|v| v.iter().map(|&x| x as i64).collect())
    }

    pub fn float_attr(&self, op: OpId, name: &str) -> Option<f64> {
        let a = self.ctx.attr(op, name)?;
        self.ctx.attr_as_float(a).or_else(|| self.ctx.attr_as_int(a).map(|v| v as f64))
    }

    pub fn const_f64(&mut self, v: f64) -> Value {
        let t = self.ctx.float_type(flowgate_ir::FloatKind::F64);
        self.const_float(v, t)
    }

    /// A handle for optional input `k` of `op`, or a null handle when it is absent.
    pub fn input_or_null(&mut self, op: OpId, k: usize) -> LResult<Value> {
        match self.ctx.operands(op).get(k).copied() {
            Some(v) if !self.absent(v) => self.handle(v),
            _ => self.rt("null", &[]),
        }
    }

    /// An INT64 list attribute as a constant 1-D tensor handle (built once, at function entry),
    /// or a null handle when the attribute is absent.
    pub fn ints_attr_or_null(&mut self, op: OpId, name: &str) -> LResult<Value> {
        let Some(vals) = self.ints_attr(op, name) else { return self.rt("null", &[]) };
        let saved = self.ip;
        if let Some(f) = self.ctx.find_ancestor(op, |c, o| c.is_op(o, "func.func")) {
            if let Some(first) = self.ctx.entry_block(self.ctx.region(f, 0)).and_then(|b| self.ctx.first_op(b)) {
                self.ip = InsertPoint::Before(first);
            }
        }
        let h = super::constants::i64_tensor(self, &vals);
        self.ip = saved;
        h
    }

    pub fn str_attr(&self, op: OpId, name: &str) -> Option<String> {
        self.ctx.attr(op, name).and_then(|a| self.ctx.attr_as_str(a)).map(str::to_string)
    }
}

/// `node 'name' (OpType) in graph path`, from an imported op's `loc("name"("path"))`.
pub(crate) fn node_description(ctx: &Context, op: OpId) -> String {
    // Internal ops the lowering of an ONNX op adds are named `onnx.<OpType>.<what>`
    // (`onnx.Scan.check_length`): they report as that op.
    let name = ctx.op_name(op);
    let op_type = match name.strip_prefix("onnx.") {
        Some(short) => short.split('.').next().unwrap_or(short),
        None => name,
    }
    .to_string();
    if let LocKind::Name { name, child } = ctx.loc_kind(ctx.op_loc(op)) {
        let path = child.and_then(|c| match ctx.loc_kind(c) {
            LocKind::Name { name, .. } => Some(ctx.str(*name).to_string()),
            _ => None,
        });
        return match path {
            Some(p) => format!("node '{}' ({op_type}) in graph {p}", ctx.str(*name)),
            None => format!("node '{}' ({op_type})", ctx.str(*name)),
        };
    }
    match ctx.file_line_col(ctx.op_loc(op)) {
        Some((f, l, c)) => format!("{op_type} at {f}:{l}:{c}"),
        None => format!("node ({op_type})"),
    }
}

#[cfg(test)]
mod tests {
    use super::Lower;
    use flowgate_ir::asm::{parse_source, ParserConfig};
    use flowgate_ir::{Context, InsertPoint};

    /// A lowering state positioned at the end of an empty module.
    fn with_lower(f: impl FnOnce(&mut Lower<'_>)) {
        let mut ctx = Context::new();
        flowgate_builtin::register(&mut ctx);
        let module = parse_source(&mut ctx, "t.mlir", "module {}", ParserConfig::default()).expect("parse");
        let block = ctx.entry_block(ctx.region(module, 0)).expect("module block");
        let mut l = Lower::new(&mut ctx, module);
        l.ip = InsertPoint::End(block);
        f(&mut l);
    }

    #[test]
    fn runtime_calls_are_checked_against_the_table() {
        with_lower(|l| {
            let node = l.const_i32(0);
            let x = l.rt("null", &[]).expect("null");
            let r = l.rt("transpose", &[node, x, x]).expect("a call as the table says");
            assert!(l.is_handle(r));
            let err = |e: flowgate_ir::Diagnostic| e.message;
            assert!(err(l.rt("transpose", &[node, x]).unwrap_err()).contains("takes 3 arguments, got 2"));
            let i64v = l.const_i64(0);
            assert!(err(l.rt("transpose", &[i64v, x, x]).unwrap_err()).contains("argument 0 (node)"));
            assert!(err(l.rt("no_such_kernel", &[]).unwrap_err()).contains("not in the runtime-abi table"));
            assert!(err(l.rt("release", &[x]).unwrap_err()).contains("returns nothing"));
        });
    }
}
