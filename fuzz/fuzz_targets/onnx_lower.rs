//! Arbitrary bytes as an ONNX model, through the whole compiler: decode, check, import, the
//! lowering pipeline (convert-onnx-to-scf, convert-onnx-to-loops, canonicalize, cse,
//! convert-scf-to-cf) and Cranelift code generation with the runtime bound. Every stage may
//! reject the input with a diagnostic; none may panic, and a module the pipeline accepts must
//! verify and compile (a code-generator diagnostic is fine, an internal error is not).
#![no_main]

use flowgate_codegen_cranelift::pipeline::{lowering_pipeline, run_lowering};
use flowgate_codegen_cranelift::{jit, CodegenError, OptLevel};
use flowgate_ir::Context;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(model) = flowgate_onnx_import::decode_model_named(data, "fuzz.onnx") else { return };
    let mut ctx = Context::new();
    flowgate_registry::register_all_dialects(&mut ctx);
    let Ok(imported) = flowgate_onnx_import::import_model_to_ir(&mut ctx, &model, "fuzz.onnx") else { return };
    let module = imported.module;
    let passes = flowgate_registry::all_passes();
    let opt = if data.len() % 2 == 0 { OptLevel::Speed } else { OptLevel::None };
    if run_lowering(&mut ctx, module, &lowering_pipeline(opt), &passes, &mut |_, _| {}).is_err() {
        return;
    }
    match jit::compile(&ctx, module, opt, &flowgate_runtime::symbols()) {
        Ok(_) | Err(CodegenError::Unsupported(_)) => {}
        Err(e) => panic!("the code generator failed on a lowered module: {e}"),
    }
});
