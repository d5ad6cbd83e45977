//! Arbitrary bytes as an ONNX model, through the whole pipeline exactly as `onnx-run` takes it:
//! `flowgate_driver::specialize::Model::load` and `Model::run` (load, import, the input checks
//! against the declared types, lowering specialized for the inputs' shapes or not, Cranelift JIT
//! at -O0 or the default level, with or without the compiled-tensor tier, as the model's hash
//! picks; then the stack-guarded thread and the runtime's error slot) on inputs generated from
//! the declared types. Diagnostics and runtime errors are fine; a panic, abort, stack overflow
//! or sanitizer report is a finding.
//!
//! Inputs: every tensor input gets its declared dtype and static dimensions; each symbolic or
//! unknown dimension gets 0..=3, picked by a hash of the model bytes (the same symbol gets the
//! same size everywhere, as the input checks demand); the data is 0,1,2,3,0,... so trip counts
//! and indices read from it stay small. Sequences are empty, optionals empty or holding a
//! generated value. A model whose inputs cannot be made (string tensors, huge static shapes)
//! is compiled but not run.
#![no_main]

use flowgate_driver::backend;
use flowgate_driver::model::{Options, Port};
use flowgate_driver::signature::{Declared, Dim};
use flowgate_driver::specialize::Model;
use flowgate_runtime::{DType, RtValue, Tensor};
use libfuzzer_sys::fuzz_target;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// Bigger models are skipped: the seeds' largest useful ones are below this.
const MAX_MODEL_BYTES: usize = 1 << 20;
/// Nodes of the main graph; more only slows the fuzzer down.
const MAX_NODES: usize = 400;
/// Elements of one generated input tensor.
const MAX_ELEMS: usize = 1 << 16;
/// `onnx-run`'s default `--stack-size`.
const STACK_SIZE: usize = 64 << 20;

/// The model file: `compile` takes a path, as `onnx-run` does (one file per process, in a
/// directory of its own so external-data paths find nothing by accident).
fn model_path() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("flowgate-fuzz-onnx-run-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("cannot create the fuzz model directory");
        dir.join("model.onnx")
    })
}

fuzz_target!(|data: &[u8]| {
    if data.len() > MAX_MODEL_BYTES {
        return;
    }
    let Ok(m) = flowgate_onnx_import::decode_model_named(data, "fuzz.onnx") else { return };
    if m.graph.as_ref().is_some_and(|g| g.node.len() > MAX_NODES) {
        return;
    }
    let path = model_path();
    std::fs::write(path, data).expect("cannot write the fuzz model");
    let hash = fnv(data);
    // Bits 0-2 pick the optimization level, the tensor tier and shape specialization (onnx-run's
    // -O, --no-compiled-tensors and --no-specialize).
    let level = if hash & 1 == 0 { None } else { Some("0") };
    let (compiled_tensors, specialize) = (hash & 2 == 0, hash & 4 == 0);
    let backend = backend::select("cranelift", level, "onnx_run").expect("cranelift is always built");
    let o =
        Options { backend, print_pipeline: false, stack_size: STACK_SIZE, compiled_tensors, aot: false, specialize, cache: None };
    let Ok(model) = Model::load(path, &o) else { return };
    let Some(args) = inputs(&model.inputs, hash >> 3) else { return };
    // Errors (compile errors of a specialization, input checks, runtime errors) are fine; what
    // must not happen is a crash.
    let _ = model.run(&args, STACK_SIZE);
});

fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// One value per graph input: the initializer for those that have one, else a generated one.
fn inputs(ports: &[Port], seed: u64) -> Option<Vec<Arc<RtValue>>> {
    let mut g = Gen { seed, symbols: HashMap::new() };
    ports
        .iter()
        .map(|p| match &p.default {
            Some(d) => Some(d.clone()),
            None => g.value(&p.declared).map(Arc::new),
        })
        .collect()
}

struct Gen {
    seed: u64,
    symbols: HashMap<String, usize>,
}

impl Gen {
    /// 0..=3 from the seed, a different two bits each call.
    fn small(&mut self) -> usize {
        let v = (self.seed & 3) as usize;
        self.seed = self.seed.rotate_right(2) ^ 0x9e37_79b9;
        v
    }

    fn value(&mut self, d: &Declared) -> Option<RtValue> {
        match d {
            Declared::Tensor { elem, shape } => {
                let dtype = DType::from_code(elem.unwrap_or(1)).ok()?;
                let shape = match shape {
                    None => vec![self.small()],
                    Some(dims) => dims.iter().map(|d| self.dim(d)).collect::<Option<Vec<_>>>()?,
                };
                self.tensor(dtype, shape).map(RtValue::tensor)
            }
            Declared::Sequence(inner) => {
                let dtype = match &**inner {
                    Declared::Tensor { elem: Some(c), .. } => Some(DType::from_code(*c).ok()?),
                    _ => None,
                };
                Some(RtValue::sequence(dtype, Vec::new()))
            }
            Declared::Optional(inner) => {
                if self.small() == 0 {
                    Some(RtValue::optional(None))
                } else {
                    Some(RtValue::optional(Some(Arc::new(self.value(inner)?))))
                }
            }
            Declared::Any => {
                let n = self.small();
                self.tensor(DType::F32, vec![n]).map(RtValue::tensor)
            }
        }
    }

    fn dim(&mut self, d: &Dim) -> Option<usize> {
        match d {
            Dim::Static(v) => usize::try_from(*v).ok(),
            Dim::Symbol(s) => {
                if let Some(&v) = self.symbols.get(s) {
                    return Some(v);
                }
                let v = self.small();
                self.symbols.insert(s.clone(), v);
                Some(v)
            }
            Dim::Any => Some(self.small()),
        }
    }

    /// Elements 0,1,2,3,0,1,... from a seed-picked start, in `dtype`.
    fn tensor(&mut self, dtype: DType, shape: Vec<usize>) -> Option<Tensor> {
        let n = shape.iter().try_fold(1usize, |a, &d| a.checked_mul(d)).filter(|&n| n <= MAX_ELEMS)?;
        let start = self.small();
        let mut bytes = Vec::with_capacity(n * dtype.size());
        for i in 0..n {
            let v = ((start + i) % 4) as u8;
            match dtype {
                DType::Bool => bytes.push(v & 1),
                DType::U8 | DType::I8 => bytes.push(v),
                DType::U16 | DType::I16 => bytes.extend(u16::from(v).to_le_bytes()),
                DType::U32 | DType::I32 => bytes.extend(u32::from(v).to_le_bytes()),
                DType::U64 | DType::I64 => bytes.extend(u64::from(v).to_le_bytes()),
                DType::F32 => bytes.extend(f32::from(v).to_le_bytes()),
                DType::F64 => bytes.extend(f64::from(v).to_le_bytes()),
                DType::F16 => bytes.extend(half::f16::from(v).to_le_bytes()),
                DType::BF16 => bytes.extend(half::bf16::from(v).to_le_bytes()),
            }
        }
        Tensor::new(dtype, shape, &bytes).ok()
    }
}
