//! Shape specialization in the JIT (issue 18 item 3): a model is compiled for the concrete
//! shapes of the inputs it is called with, so symbolic dimensions are constants before shape
//! inference and the compiled-tensor tier see them, and most tensors get static shapes.
//!
//! A [`Model`] keeps the loaded `ModelProto` and a small cache of compiled specializations, keyed
//! by the input tensors' shapes (the guard, as PyTorch's guards check a compiled frame's
//! inputs). A call whose shapes match no entry compiles another one; past
//! [`MAX_SPECIALIZATIONS`] the fully symbolic code is compiled once and serves every further
//! shape, as PyTorch falls back after its recompile limit. `Options::specialize` false
//! (`onnx-run --no-specialize`) compiles only the symbolic code, once, when the model is loaded.

use crate::model::{self, CompileError, CompiledModel, Options, Port};
use crate::signature::{self, Declared, Dim, InputSig};
use anyhow::{anyhow, Result};
use flowgate_ir::{Context, Diagnostic, OpId};
use flowgate_onnx_import::ModelProto;
use flowgate_runtime::RtValue;
use std::cell::{Cell, OnceCell, RefCell};
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// How many shape specializations a model keeps before it falls back to the symbolic code.
pub const MAX_SPECIALIZATIONS: usize = 8;

/// The guard's key: each input's shape when it is a tensor (sequences and optionals are not
/// specialized).
pub type Key = Vec<Option<Vec<usize>>>;

/// A model that compiles itself for the shapes it is called with.
pub struct Model<'o> {
    proto: ModelProto,
    file: String,
    o: &'o Options,
    /// Every graph input, in order, with its declared (symbolic) type: inputs are checked
    /// against it before a specialization is chosen.
    pub inputs: Vec<Port>,
    pub outputs: Vec<Port>,
    /// No specialization (`--no-specialize`, or every input's shape declared static): the
    /// symbolic code serves every call.
    fixed: bool,
    cache: RefCell<Cache>,
    /// The digest of the model's bytes, the compiled-model cache's key (with `o.cache` only).
    digest: OnceCell<crate::cache::Digest>,
    /// Time spent reading and hashing the model for the digest, not yet counted: the next
    /// compile's time includes it (a cached start is not only the library's loading).
    digest_time: Cell<Duration>,
}

#[derive(Default)]
struct Cache {
    specialized: Vec<(Key, Rc<CompiledModel>)>,
    symbolic: Option<Rc<CompiledModel>>,
    /// (compile time, lowering time) of every compile, in order.
    compiles: Vec<(Duration, Duration)>,
}

impl<'o> Model<'o> {
    /// Loads `path`. Without specialization, or when every input's shape is declared static
    /// (so the one specialization is the symbolic code), it is compiled now; otherwise on the
    /// first call.
    pub fn load(path: &Path, o: &'o Options) -> std::result::Result<Model<'o>, String> {
        let (proto, bytes) = flowgate_onnx_import::load_model_and_bytes(path).map_err(|e| format!("{e}\n"))?;
        let digest = OnceCell::new();
        let start = std::time::Instant::now();
        if let (Some(_), Some(bytes)) = (&o.cache, &bytes) {
            // The file as it is (cheaper than encoding the decoded model again). With external
            // data the bytes are not the whole model: the encoding is hashed when needed.
            let _ = digest.set(crate::cache::digest(bytes));
        }
        drop(bytes);
        let m = Model::with_digest(proto, &path.display().to_string(), o, digest, start.elapsed());
        m.map_err(|e| e.message)
    }

    pub fn new(proto: ModelProto, file: &str, o: &'o Options) -> std::result::Result<Model<'o>, CompileError> {
        Model::with_digest(proto, file, o, OnceCell::new(), Duration::ZERO)
    }

    fn with_digest(
        proto: ModelProto,
        file: &str,
        o: &'o Options,
        digest: OnceCell<crate::cache::Digest>,
        digest_time: Duration,
    ) -> std::result::Result<Model<'o>, CompileError> {
        let (inputs, outputs) = model::ports(&proto)
            .map_err(|e| CompileError { stage: model::Stage::Import, message: format!("{file}: error: {e}\n") })?;
        let fixed = !o.specialize || inputs.iter().all(|p| declared_static(&p.declared));
        let m = Model {
            proto,
            file: file.to_string(),
            o,
            inputs,
            outputs,
            fixed,
            cache: RefCell::default(),
            digest,
            digest_time: Cell::new(digest_time),
        };
        if m.fixed {
            m.symbolic()?;
        }
        Ok(m)
    }

    /// The inputs as [`signature`] checks them.
    pub fn signature(&self) -> Vec<InputSig<'_>> {
        self.inputs
            .iter()
            .map(|p| InputSig { name: &p.name, declared: &p.declared, optional: p.default.is_some() })
            .collect()
    }

    /// (compile time, lowering time) of every compile so far, in order. With the compiled-model
    /// cache, the first includes reading and hashing the model for the key.
    pub fn compiles(&self) -> Vec<(Duration, Duration)> {
        self.cache.borrow().compiles.clone()
    }

    /// How many shape specializations are compiled.
    pub fn specializations(&self) -> usize {
        self.cache.borrow().specialized.len()
    }

    /// The compiled code for `args` (checked against the declared types first): the cached
    /// specialization for their shapes, a new one, or the symbolic code. A compile error comes
    /// back as a [`CompileError`] (already rendered; `downcast_ref` tells it apart).
    pub fn code_for(&self, args: &[Arc<RtValue>]) -> Result<Rc<CompiledModel>> {
        signature::check_values(&self.signature(), args).map_err(|e| anyhow!(e))?;
        let compile_err = anyhow::Error::new;
        if self.fixed {
            return self.symbolic().map_err(compile_err);
        }
        let key: Key = args.iter().map(|a| a.as_tensor().ok().map(|t| t.shape().to_vec())).collect();
        if let Some(m) = self.lookup(&key) {
            return Ok(m);
        }
        if self.specializations() >= MAX_SPECIALIZATIONS {
            return self.symbolic().map_err(compile_err);
        }
        let m = Rc::new(
            model::compile_model_with(&self.proto, self.digest(), &self.file, self.o, Some(&key))
                .map_err(compile_err)?,
        );
        let mut c = self.cache.borrow_mut();
        c.compiles.push((m.compile_time + self.digest_time.take(), m.lowering_time));
        c.specialized.push((key, m.clone()));
        Ok(m)
    }

    /// Runs once (see [`CompiledModel::run`]), compiling a specialization first when needed.
    pub fn run(&self, args: &[Arc<RtValue>], stack_size: usize) -> Result<(Vec<Arc<RtValue>>, Duration)> {
        self.code_for(args)?.run(args, stack_size)
    }

    /// The model's digest when the cache is on (the file's, or its encoding's).
    fn digest(&self) -> Option<&crate::cache::Digest> {
        self.o.cache.as_ref()?;
        Some(self.digest.get_or_init(|| {
            let start = std::time::Instant::now();
            let d = crate::cache::digest(&prost::Message::encode_to_vec(&self.proto));
            self.digest_time.set(self.digest_time.get() + start.elapsed());
            d
        }))
    }

    /// Where the code of each compile so far came from, in order.
    pub fn origins(&self) -> Vec<model::Origin> {
        let c = self.cache.borrow();
        c.symbolic.iter().chain(c.specialized.iter().map(|(_, m)| m)).map(|m| m.origin).collect()
    }

    fn lookup(&self, key: &Key) -> Option<Rc<CompiledModel>> {
        self.cache.borrow().specialized.iter().find(|(k, _)| k == key).map(|(_, m)| m.clone())
    }

    fn symbolic(&self) -> std::result::Result<Rc<CompiledModel>, CompileError> {
        if let Some(m) = &self.cache.borrow().symbolic {
            return Ok(m.clone());
        }
        let m = Rc::new(model::compile_model_with(&self.proto, self.digest(), &self.file, self.o, None)?);
        let mut c = self.cache.borrow_mut();
        c.compiles.push((m.compile_time + self.digest_time.take(), m.lowering_time));
        c.symbolic = Some(m.clone());
        Ok(m)
    }
}

/// Whether specializing on this input's value can tell the compiler nothing new: a tensor of
/// static declared shape, or a sequence or optional (not specialized).
pub fn declared_static(d: &Declared) -> bool {
    match d {
        Declared::Tensor { shape: Some(dims), .. } => dims.iter().all(|d| matches!(d, Dim::Static(_))),
        Declared::Tensor { shape: None, .. } | Declared::Any => false,
        _ => true,
    }
}

/// The attribute that keeps, on an `onnx.Loop`, the types its body yields for its scan outputs
/// before specialization: a loop that makes no trip stacks nothing, and onnxruntime gives such
/// an output the dimensions it knows statically, 0 for the others; the lowering takes the
/// empty result's shape from these types so the answer does not depend on specialization.
pub use flowgate_conversion::onnx_to_scf::ZERO_TRIP_TYPES_ATTR;

/// Specializes the imported main graph `func` of `module` for `key`: each tensor argument with
/// a shape in `key` gets that static shape (element type kept), then `--onnx-shape-inference`
/// carries the shapes through every op, `Loop`, `Scan` and `If` bodies included.
pub fn specialize_module(
    ctx: &mut Context,
    module: OpId,
    func: OpId,
    key: &Key,
) -> std::result::Result<(), Diagnostic> {
    record_zero_trip_types(ctx, module);
    let Some(ft) = ctx.attr(func, "function_type").and_then(|a| ctx.attr_as_type(a)) else { return Ok(()) };
    let Some((mut inputs, results)) = ctx.function_signature(ft).map(|(i, r)| (i.to_vec(), r.to_vec())) else {
        return Ok(());
    };
    let Some(entry) = ctx.regions(func).first().and_then(|&r| ctx.entry_block(r)) else { return Ok(()) };
    let args = ctx.block_args(entry).to_vec();
    for ((arg, ty), shape) in args.iter().zip(inputs.iter_mut()).zip(key) {
        let Some(shape) = shape else { continue };
        let Some(v) = flowgate_onnx_shape::types::view(ctx, *ty) else { continue };
        if v.dims.as_ref().is_some_and(|d| d.len() != shape.len()) {
            continue;
        }
        let dims = shape.iter().map(|&d| d as i64).collect();
        let t = flowgate_onnx_shape::types::tensor(ctx, v.elem, Some(dims));
        ctx.set_value_type(*arg, t);
        *ty = t;
    }
    let nft = ctx.function_type(inputs, results);
    let a = ctx.type_attr(nft);
    ctx.set_attr(func, "function_type", a);
    flowgate_pass::Pass::run(&mut flowgate_onnx_shape::OnnxShapeInference, ctx, module)
}

/// Sets [`ZERO_TRIP_TYPES_ATTR`] on every `onnx.Loop` with scan outputs.
fn record_zero_trip_types(ctx: &mut Context, module: OpId) {
    for op in ctx.find_ops(module, "onnx.Loop") {
        let n = ctx.operands(op).len().saturating_sub(2);
        let Some(yield_op) = ctx.regions(op).first().and_then(|&r| ctx.entry_block(r)).and_then(|b| ctx.last_op(b))
        else {
            continue;
        };
        let types = ctx.operand_types(yield_op);
        let Some(scan) = types.get(1 + n..).filter(|s| !s.is_empty()) else { continue };
        let attrs = scan.iter().copied().map(|t| ctx.type_attr(t)).collect();
        let a = ctx.array_attr(attrs);
        ctx.set_attr(op, ZERO_TRIP_TYPES_ATTR, a);
    }
}
