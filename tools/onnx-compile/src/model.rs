//! An ONNX model to an object file exporting `<name>_run` (or a shared library with
//! `--shared`) and its C header: the work is flowgate-driver's (`model::lower`, `aot`).

use crate::{write_error, Cli};
use flowgate_codegen::backend::CodegenBackend;
use flowgate_driver::{aot, model};
use flowgate_progress::Progress;

pub(crate) fn compile_model(cli: &Cli, backend: Box<dyn CodegenBackend>, progress: &Progress) -> Result<(), String> {
    let file = cli.input.display().to_string();
    let name = match &cli.name {
        Some(n) => {
            aot::check_name(n).map_err(|e| format!("error: --name: {e}\n"))?;
            n.clone()
        }
        None => aot::default_name(&cli.input),
    };
    let options = model::Options {
        print_pipeline: cli.print_pipeline,
        stack_size: 0,
        aot: true,
        specialize: false,
        ..model::Options::new(backend)
    };
    progress.set(format!("compiling {file}: lowering…"));
    let mut lowered = model::lower(&cli.input, &options)?;
    progress.set(format!("compiling {file}: code generation…"));
    let out = aot::compile_object(&mut lowered, &name, &*options.backend, cli.target.as_deref())?;
    progress.set("");
    if cli.shared {
        if cli.target.is_some() && std::env::var_os("FLOWGATE_RUNTIME_LIB").is_none() {
            return Err(format!(
                "error: --shared with --target needs the runtime built for {} (set FLOWGATE_RUNTIME_LIB, and CC to its C compiler)\n",
                out.triple
            ));
        }
        let dir = tempfile::tempdir().map_err(|e| format!("error: temporary folder: {e}\n"))?;
        let obj = dir.path().join(format!("{name}.o"));
        std::fs::write(&obj, &out.bytes).map_err(|e| write_error(&obj, e))?;
        let runtime = aot::runtime_library().map_err(|e| format!("error: {e}\n"))?;
        aot::link_shared(&obj, &cli.output, &runtime, &[]).map_err(|e| format!("error: {e}\n"))?;
    } else {
        std::fs::write(&cli.output, &out.bytes).map_err(|e| write_error(&cli.output, e))?;
    }
    if let Some(h) = &cli.header {
        std::fs::write(h, aot::header(&name, &file, &lowered.inputs, &lowered.outputs))
            .map_err(|e| write_error(h, e))?;
    }
    if cli.time {
        eprintln!("lowering passes: {:.3} ms", lowered.lowering_time.as_secs_f64() * 1e3);
        for (f, t) in &out.function_times {
            eprintln!("{f}: {:.3} ms", t.as_secs_f64() * 1e3);
        }
    }
    Ok(())
}
