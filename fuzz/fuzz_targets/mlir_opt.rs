//! Arbitrary text through onnx-opt's parser, verifier, printer and pass pipelines (canonicalize
//! + CSE, scf-to-cf, and the -O2 loop optimizations of onnx-run/onnx-compile), in both output
//! forms. Any panic is a bug; errors must come back as diagnostics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the run, so one corpus exercises several paths.
    let Some((&mode, text)) = data.split_first() else { return };
    let mut args: Vec<String> = vec!["-".into(), "--allow-unregistered-dialect".into()];
    match mode % 5 {
        0 => {}
        1 => args.push("--mlir-print-op-generic".into()),
        2 => args.push("--pass-pipeline=builtin.module(func.func(canonicalize,cse))".into()),
        3 => args.extend(["--convert-scf-to-cf".into(), "--canonicalize".into(), "--split-input-file".into()]),
        _ => args.extend(
            [
                "--scf-if-to-select",
                "--scf-for-strength-reduction",
                "--arith-divisibility-to-mul",
                "--scf-for-to-while",
                "--scf-rotate-while",
                "--convert-scf-to-cf",
                "--canonicalize",
                "--split-input-file",
            ]
            .map(String::from),
        ),
    }
    let split = args.iter().any(|a| a == "--split-input-file");
    let out = onnx_opt::run_opt(&args, text);
    if out.status == 0 {
        // What we print must parse again (split the same way: chunks are separate modules, so
        // the same symbol may be defined in two of them).
        let mut reparse: Vec<String> = vec!["-".into(), "--allow-unregistered-dialect".into()];
        if split {
            reparse.push("--split-input-file".into());
        }
        let again = onnx_opt::run_opt(&reparse, &out.stdout);
        assert_eq!(again.status, 0, "printed IR does not parse back:\n{}\n{}", String::from_utf8_lossy(&out.stdout), again.stderr);
    }
});
