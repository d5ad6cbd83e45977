//! `flowgate._flowgate.Session`: one compiled model. The Python class `InferenceSession`
//! (python/flowgate/__init__.py) wraps it with onnxruntime's method names.

use crate::convert::{to_py, to_value, Lent};
use crate::errors::{compile_error, load_error, Fail, FlowgateError, InvalidArgument};
use crate::types::{ort_output_shape, ort_shape, ort_type, DimOut};
use flowgate_driver::model::{self, CompileError, CompiledModel, Options};
use flowgate_driver::signature;
use flowgate_driver::specialize::{declared_static, Key, MAX_SPECIALIZATIONS};
use flowgate_onnx_import::{ModelFormat, ModelProto};
use flowgate_runtime::RtValue;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Stack of the thread that imports and lowers a model: the recursive walkers need room for
/// the nesting the IR allows (as onnx-opt and onnx-compile give them).
const COMPILE_STACK: usize = 256 << 20;

/// A compiled model shared by every thread that calls `run`.
struct Shared(CompiledModel);

// SAFETY: after `compile` a `CompiledModel` is only read. `run` reads the entry address, the
// node names and the ports, and calls the JIT-compiled code on a thread of its own; that code
// keeps no state of its own but the runtime's once-made constants, which it stores through
// atomic compare-and-swap (flowgate-runtime's `abi/memo.rs`), and the runtime's error state is
// thread-local. The JIT module (executable memory) is freed only when the session is dropped,
// after every run holding a reference to it has returned.
unsafe impl Send for Shared {}
unsafe impl Sync for Shared {}

/// What `get_inputs()`/`get_outputs()` report for one port.
struct ArgInfo {
    name: String,
    /// An initializer gives it a value (onnxruntime lists it among the overridable
    /// initializers, not the inputs).
    has_default: bool,
    ty: String,
    shape: Vec<DimOut>,
}

/// What compiling for a run's input shapes needs (`specialize` on): as onnx-run's
/// `specialize::Model`, but shared by threads, so its cache sits behind a lock that is never
/// held while compiling.
struct Specializer {
    proto: ModelProto,
    file: String,
    options: Options,
    compiled: Mutex<Vec<(Key, Arc<Shared>)>>,
}

#[pyclass(frozen, module = "flowgate._flowgate")]
pub struct Session {
    /// The symbolic code: every run when not specializing, and the fallback past
    /// [`MAX_SPECIALIZATIONS`].
    model: Arc<Shared>,
    /// `None`: specialization is off, or no input has a symbolic dimension.
    specializer: Option<Specializer>,
    inputs: Vec<ArgInfo>,
    outputs: Vec<ArgInfo>,
    meta: Vec<(&'static str, String)>,
    model_version: i64,
    custom_metadata: Vec<(String, String)>,
    stack_size: usize,
}

fn arg_infos(ports: &[flowgate_onnx_import::proto::ValueInfoProto], inits: &[String]) -> Vec<ArgInfo> {
    ports
        .iter()
        .map(|p| ArgInfo {
            name: p.name.clone().unwrap_or_default(),
            has_default: p.name.as_ref().is_some_and(|n| inits.contains(n)),
            ty: ort_type(p.r#type.as_ref()),
            shape: ort_shape(p.r#type.as_ref()),
        })
        .collect()
}

fn load(model: &Bound<'_, PyAny>) -> PyResult<(ModelProto, String)> {
    if let Ok(b) = model.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        let format = ModelFormat::detect(Path::new(""), bytes);
        let m = flowgate_onnx_import::load_model_bytes(bytes, format, "<bytes>", Path::new("."))
            .map_err(|e| load_error(&e))?;
        return Ok((m, "<bytes>".to_string()));
    }
    let path: PathBuf = model.extract()?;
    let m = flowgate_onnx_import::load_model(&path).map_err(|e| load_error(&e))?;
    Ok((m, path.display().to_string()))
}

#[pymethods]
impl Session {
    /// `model`: a path (str or os.PathLike) or the model's bytes. `backend` and `opt_level` as
    /// onnx-run's `--backend` and `-O`; `compiled_tensors` false is `--no-compiled-tensors`;
    /// `specialize` false is `--no-specialize`; `stack_size` is the size of the stack compiled
    /// code runs on; `threads`, when given, sets the kernels' thread count (`--threads`, for the
    /// whole process; 0 is the default); `cache_dir` is `--cache-dir`.
    #[new]
    #[pyo3(signature = (model, backend = "cranelift", opt_level = None, compiled_tensors = true, specialize = true, stack_size = 64 << 20, threads = None, cache_dir = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        model: &Bound<'_, PyAny>,
        backend: &str,
        opt_level: Option<String>,
        compiled_tensors: bool,
        specialize: bool,
        stack_size: usize,
        threads: Option<usize>,
        cache_dir: Option<PathBuf>,
    ) -> PyResult<Session> {
        let (proto, file) = load(model)?;
        let backend = flowgate_driver::backend::select(backend, opt_level.as_deref(), "Python package")
            .map_err(|e| InvalidArgument::new_err(e.trim_end().trim_start_matches("error: ").to_string()))?;
        // `cache_dir`, else `$FLOWGATE_CACHE_DIR`, turns the compiled-model cache on, as
        // onnx-run's `--cache-dir`.
        let cache = flowgate_driver::cache::Cache::from_flag_or_env(cache_dir.as_deref(), env!("CARGO_PKG_VERSION"));
        let options =
            Options { backend, print_pipeline: false, stack_size, compiled_tensors, aot: false, specialize, cache };
        if let Some(n) = threads {
            // Process-wide, as onnx-run's `--threads`: the kernels' pool serves every session.
            flowgate_runtime::set_num_threads(n);
        }
        let graph = proto.graph.clone().unwrap_or_default();
        // The symbolic code is compiled now even when runs will be specialized: the model's
        // errors are raised here, as onnxruntime raises them, and it serves past the limit.
        let (compiled, inferred) = on_compile_thread(py, &file, || {
            let shapes = flowgate_driver::output_shapes::inferred_output_shapes(&proto, &file)?;
            Ok((Shared(model::compile_model(&proto, &file, &options)?), shapes))
        })?;
        let specializer = (specialize && !compiled.0.inputs.iter().all(|p| declared_static(&p.declared)))
            .then(|| Specializer { proto: proto.clone(), file: file.clone(), options, compiled: Mutex::default() });
        let inits: Vec<String> = graph.initializer.iter().filter_map(|t| t.name.clone()).collect();
        let s = |v: &Option<String>| v.clone().unwrap_or_default();
        let meta = vec![
            ("producer_name", s(&proto.producer_name)),
            ("graph_name", s(&graph.name)),
            ("domain", s(&proto.domain)),
            ("description", s(&proto.doc_string)),
            ("graph_description", s(&graph.doc_string)),
        ];
        let custom_metadata = proto
            .metadata_props
            .iter()
            .map(|p| (p.key.clone().unwrap_or_default(), p.value.clone().unwrap_or_default()))
            .collect();
        let mut outputs = arg_infos(&graph.output, &[]);
        for ((o, p), inferred) in outputs.iter_mut().zip(&graph.output).zip(inferred) {
            o.shape = ort_output_shape(p.r#type.as_ref(), inferred.as_deref());
        }
        Ok(Session {
            model: Arc::new(compiled),
            specializer,
            inputs: arg_infos(&graph.input, &inits),
            outputs,
            meta,
            // onnxruntime reports an unset model_version as INT64_MAX.
            model_version: proto.model_version.unwrap_or(i64::MAX),
            custom_metadata,
            stack_size,
        })
    }

    /// How many shape specializations have been compiled (tests).
    fn specializations(&self) -> usize {
        self.specializer.as_ref().map_or(0, |s| s.compiled.lock().map_or(0, |c| c.len()))
    }

    /// `[(name, type, shape, has_default)]` of the graph inputs; shape entries are int, str or
    /// None; `has_default`: an initializer gives the input a value.
    fn inputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        args_list(py, &self.inputs)
    }

    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        args_list(py, &self.outputs)
    }

    /// The fields of onnxruntime's `ModelMetadata`, as a dict.
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.meta {
            d.set_item(k, v)?;
        }
        d.set_item("version", self.model_version)?;
        let custom = PyDict::new(py);
        for (k, v) in &self.custom_metadata {
            custom.set_item(k, v)?;
        }
        d.set_item("custom_metadata_map", custom)?;
        Ok(d)
    }

    /// Runs the model on `feed` (input name -> value) and returns the outputs named in
    /// `output_names` (all when None or empty), in that order. The GIL is released while the
    /// model runs.
    #[pyo3(signature = (output_names, feed))]
    fn run(
        &self,
        py: Python<'_>,
        output_names: Option<Vec<String>>,
        feed: &Bound<'_, PyDict>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let m = &self.model.0;
        // Before the arguments and the outputs, so it drops last (see `Lent`).
        let mut lent = Lent::default();
        let wanted: Vec<usize> = match output_names {
            Some(names) if !names.is_empty() => names
                .iter()
                .map(|n| {
                    m.outputs.iter().position(|p| &p.name == n).ok_or_else(|| {
                        let all: Vec<&str> = m.outputs.iter().map(|p| p.name.as_str()).collect();
                        InvalidArgument::new_err(format!("the model has no output '{n}' (outputs: {})", all.join(", ")))
                    })
                })
                .collect::<PyResult<_>>()?,
            _ => (0..m.outputs.len()).collect(),
        };
        let mut given: Vec<(String, Bound<'_, PyAny>)> = Vec::new();
        for (k, v) in feed.iter() {
            let k: String = k.extract().map_err(|_| InvalidArgument::new_err("input names must be str"))?;
            given.push((k, v));
        }
        let names: Vec<&str> = given.iter().map(|(k, _)| k.as_str()).collect();
        let sig = m.signature();
        signature::check_names(&sig, &names, &|_| String::new()).map_err(InvalidArgument::new_err)?;
        let mut args: Vec<Arc<RtValue>> = Vec::with_capacity(m.inputs.len());
        for p in &m.inputs {
            let v = match given.iter().find(|(k, _)| k == &p.name) {
                Some((_, v)) => to_value(v, &p.declared, &p.name, &mut lent)?,
                // check_names let it be left out: an initializer gives its value.
                None => p
                    .default
                    .clone()
                    .ok_or_else(|| Fail::new_err(format!("internal error: input '{}' has no value", p.name)))?,
            };
            args.push(v);
        }
        signature::check_values(&sig, &args).map_err(InvalidArgument::new_err)?;
        let stack_size = self.stack_size;
        let code = self.code_for(py, &args)?;
        let outputs = py.detach(move || code.0.run(&args, stack_size)).map_err(|e| Fail::new_err(format!("{e:#}")))?.0;
        // Each output is handed over once; one asked for twice is shared, then copied.
        let mut slots: Vec<Option<Arc<RtValue>>> = outputs.into_iter().map(Some).collect();
        let mut uses = vec![0usize; slots.len()];
        for &k in &wanted {
            uses[k] += 1;
        }
        wanted
            .iter()
            .map(|&k| {
                uses[k] -= 1;
                let v = if uses[k] == 0 { slots[k].take() } else { slots[k].clone() };
                to_py(py, v.ok_or_else(|| Fail::new_err("internal error: output taken twice"))?)
            })
            .collect()
    }
}

impl Session {
    /// The code for `args` (already checked): the symbolic code, or the specialization for
    /// their shapes, compiled now (GIL released) if none is cached and the limit allows.
    fn code_for(&self, py: Python<'_>, args: &[Arc<RtValue>]) -> PyResult<Arc<Shared>> {
        let Some(sp) = &self.specializer else { return Ok(self.model.clone()) };
        let key: Key = args.iter().map(|a| a.as_tensor().ok().map(|t| t.shape().to_vec())).collect();
        {
            let cache = sp.compiled.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((_, m)) = cache.iter().find(|(k, _)| *k == key) {
                return Ok(m.clone());
            }
            if cache.len() >= MAX_SPECIALIZATIONS {
                return Ok(self.model.clone());
            }
        }
        // A specialization that does not compile (the concrete shapes let a compile-time check
        // refuse what the run would report) leaves the call to the symbolic code, whose run
        // raises the error naming the node, as without specialization.
        let m = match on_compile_thread(py, &sp.file, || {
            model::compile_model_for(&sp.proto, &sp.file, &sp.options, Some(&key)).map(Shared)
        }) {
            Ok(m) => Arc::new(m),
            Err(_) => self.model.clone(),
        };
        let mut cache = sp.compiled.lock().unwrap_or_else(|e| e.into_inner());
        // Another thread may have compiled the same shapes meanwhile: keep the first.
        if let Some((_, first)) = cache.iter().find(|(k, _)| *k == key) {
            return Ok(first.clone());
        }
        if cache.len() < MAX_SPECIALIZATIONS {
            cache.push((key, m.clone()));
        }
        Ok(m)
    }
}

/// Runs `f` (an import, lowering and compile) on a thread with room for the recursive walkers
/// (as onnx-opt and onnx-compile give them), with the GIL released.
fn on_compile_thread<T: Send>(
    py: Python<'_>,
    file: &str,
    f: impl FnOnce() -> Result<T, CompileError> + Send,
) -> PyResult<T> {
    let r = py.detach(|| {
        std::thread::scope(|s| {
            std::thread::Builder::new()
                .name("flowgate compile".into())
                .stack_size(COMPILE_STACK)
                .spawn_scoped(s, f)
                .map(|h| h.join())
        })
    });
    match r {
        Err(e) => Err(FlowgateError::new_err(format!("cannot start the compiling thread: {e}"))),
        Ok(Err(_)) => Err(FlowgateError::new_err(format!("{file}: internal error: the compiler panicked"))),
        Ok(Ok(r)) => r.map_err(compile_error),
    }
}

fn args_list<'py>(py: Python<'py>, args: &[ArgInfo]) -> PyResult<Bound<'py, PyList>> {
    let items = args
        .iter()
        .map(|a| {
            let shape = a
                .shape
                .iter()
                .map(|d| -> PyResult<Py<PyAny>> {
                    Ok(match d {
                        DimOut::Int(v) => v.into_pyobject(py)?.into_any().unbind(),
                        DimOut::Name(n) => n.into_pyobject(py)?.into_any().unbind(),
                        DimOut::Unknown => py.None(),
                    })
                })
                .collect::<PyResult<Vec<_>>>()?;
            Ok((a.name.clone(), a.ty.clone(), PyList::new(py, shape)?, a.has_default))
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}
