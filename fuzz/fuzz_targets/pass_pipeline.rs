//! Arbitrary text as a pass pipeline: the textual pipeline parser (`parse_pipeline_elements`),
//! the builder that resolves passes and their options (`parse_pass_pipeline` against every
//! registered pass), and onnx-opt's `--pass-pipeline` running whatever builds over a small
//! module with scf, arith, cf and memref ops. Any panic is a bug; a bad pipeline must be a
//! diagnostic; what onnx-opt prints on success must parse again.
#![no_main]

use libfuzzer_sys::fuzz_target;

const MODULE: &str = r#"
func.func @f(%n: index, %b: i1, %m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %m[%c0] : memref<4xi32>
    %s = arith.select %b, %v, %acc : i32
    %t = arith.addi %acc, %s : i32
    scf.yield %t : i32
  }
  %w = scf.while (%x = %r) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %z : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  cf.br ^end(%w : i32)
^end(%e: i32):
  return %e : i32
}
"#;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let registry = flowgate_registry::all_passes();
    let _ = flowgate_pass::parse_pipeline_elements(text);
    let _ = flowgate_pass::parse_pass_pipeline(text, &registry);
    let args: Vec<String> = vec!["-".into(), format!("--pass-pipeline={text}")];
    let out = onnx_opt::run_opt(&args, MODULE.as_bytes());
    if out.status == 0 {
        let again = onnx_opt::run_opt(&["-".to_string()], &out.stdout);
        assert_eq!(again.status, 0, "printed IR does not parse back:\n{}\n{}", String::from_utf8_lossy(&out.stdout), again.stderr);
    } else {
        assert!(!out.stderr.is_empty(), "failed without a diagnostic: {text:?}");
    }
});
