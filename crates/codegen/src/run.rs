//! Running a `.mlir` entry that takes no arguments and returns scalars (what `onnx-run` runs):
//! which results it has, how they come back and how they print, the same for every backend.

use crate::abi::{FuncAbi, Kind, Scalar};
use crate::error::{CodegenError, Result};
use std::fmt;
use std::time::Duration;

/// One scalar result of a run.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ScalarValue {
    /// An integer of `width` bits (64 for `index`), sign-extended; `i1` holds 0 or 1.
    Int {
        value: i64,
        width: u32,
    },
    F32(f32),
    F64(f64),
}

impl fmt::Display for ScalarValue {
    /// Integers in signed decimal (`i1` as 0/1), floats as C's `%e` (`3.500000e+00`), which is
    /// how upstream's `mlir-runner -entry-point-result=...` prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ScalarValue::Int { value, .. } => write!(f, "{value}"),
            ScalarValue::F32(x) => f.write_str(&format_e(x as f64)),
            ScalarValue::F64(x) => f.write_str(&format_e(x)),
        }
    }
}

/// C's `printf("%e")`, with LLVM's spellings of the special values (`nan`, `INF`, `-INF`).
pub fn format_e(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "INF".into() } else { "-INF".into() };
    }
    let s = format!("{x:.6e}");
    // Rust writes `3.500000e0`; C writes `3.500000e+00`.
    match s.split_once('e') {
        Some((mant, exp)) => {
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            format!("{mant}e{sign}{digits:0>2}")
        }
        None => s,
    }
}

/// The outcome of running a `.mlir` entry.
#[derive(Debug)]
pub struct RunOutput {
    pub values: Vec<ScalarValue>,
    /// Translation, the backend's compilation and linking.
    pub compile_time: Duration,
    pub run_time: Duration,
    /// Per-function compile time.
    pub function_times: Vec<(String, Duration)>,
}

pub const ENTRY_WRAPPER: &str = "__flowgate_entry";

/// Calls the closure it is given: where compiled code runs. `onnx-run` passes one that runs it
/// on a thread with a stack of the user's size, watched for overflow; a plain run calls it in
/// place.
pub type Invoke<'a> = &'a dyn Fn(&mut (dyn FnMut() + Send));

/// The scalar results of `entry` (found in the table as `found`), or the error that it cannot
/// be run: missing, a declaration, taking arguments or returning a memref.
pub fn entry_results(entry: &str, found: Option<(bool, &FuncAbi)>) -> Result<Vec<Scalar>> {
    let Some((defined, abi)) = found else {
        return Err(CodegenError::Run(format!("entry point '{entry}' not found")));
    };
    if !defined {
        return Err(CodegenError::Run(format!("entry point '{entry}' is a declaration without a body")));
    }
    if !abi.params.is_empty() {
        return Err(CodegenError::Run(format!("entry point '{entry}' must take no arguments")));
    }
    abi.results
        .iter()
        .map(|k| match k {
            Kind::Scalar(s) => Ok(*s),
            Kind::MemRef { .. } => {
                Err(CodegenError::Run(format!("entry point '{entry}' returns a memref, which cannot be printed")))
            }
        })
        .collect()
}

/// Call the entry wrapper `void f(uint64_t *out)` at `code` inside `invoke` and read its
/// 8-byte slots as `results`; returns the values and the run time.
///
/// # Safety
/// `code` must be a function of that signature writing at most one slot per result, and stay
/// valid during the call.
pub unsafe fn call_entry_wrapper(
    code: *const u8,
    results: &[Scalar],
    invoke: Invoke<'_>,
) -> (Vec<ScalarValue>, Duration) {
    let mut slots = vec![0u64; results.len().max(1)];
    // SAFETY: the caller guarantees the signature and validity.
    let f: extern "C" fn(*mut u64) = unsafe { std::mem::transmute(code) };
    let run_start = std::time::Instant::now();
    invoke(&mut || f(slots.as_mut_ptr()));
    let run_time = run_start.elapsed();
    let values = results
        .iter()
        .zip(&slots)
        .map(|(s, &bits)| match s {
            Scalar::F32 => ScalarValue::F32(f32::from_bits(bits as u32)),
            Scalar::F64 => ScalarValue::F64(f64::from_bits(bits)),
            s => ScalarValue::Int { value: bits as i64, width: s.int_width().unwrap_or(64) },
        })
        .collect();
    (values, run_time)
}
