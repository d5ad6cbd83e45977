//! `--input` values are checked against the model's declared input types before anything runs
//! (issue 23): each rule refused with the input's name, the declared type and what was given.

use flowgate_onnx_import::proto::TensorProto;
use flowgate_onnx_import::text::parse_model_text;
use prost::Message as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Two inputs sharing the symbol `L`, a static dimension, an int64 input, and an input with an
/// initializer default (so optional).
const MODEL: &str = r#"<ir_version: 8, opset_import: ["" : 17]>
g (float[L,2] a, float[L,2] b, int64[1] n, float[2] w) => (float[L,2] y, int64[1] m) <float[2] w = {1.0, 2.0}> {
  s = Add (a, b)
  y = Mul (s, w)
  m = Identity (n)
}"#;

/// A float32 tensor of shape `dims`, every element `value`.
fn f32_filled(dims: &[i64], value: f32) -> TensorProto {
    TensorProto {
        data_type: Some(1),
        dims: dims.to_vec(),
        float_data: vec![value; dims.iter().product::<i64>() as usize],
        ..Default::default()
    }
}

struct Dir(PathBuf);

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn setup() -> Dir {
    static N: AtomicUsize = AtomicUsize::new(0);
    let d = std::env::temp_dir().join(format!(
        "onnx-run-inputs-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&d).unwrap();
    let model = parse_model_text(MODEL, "m.onnxtxt").unwrap();
    std::fs::write(d.join("m.onnx"), model.encode_to_vec()).unwrap();
    let f32s = |dims: &[i64]| f32_filled(dims, 1.0);
    let write = |name: &str, t: TensorProto| std::fs::write(d.join(name), t.encode_to_vec()).unwrap();
    write("a3.pb", f32s(&[3, 2]));
    write("b3.pb", f32s(&[3, 2]));
    write("b4.pb", f32s(&[4, 2]));
    write("rank1.pb", f32s(&[6]));
    write("dim3.pb", f32s(&[3, 3]));
    write("empty.pb", f32s(&[0, 2]));
    write(
        "f64.pb",
        TensorProto { data_type: Some(11), dims: vec![3, 2], double_data: vec![1.0; 6], ..Default::default() },
    );
    write("n.pb", TensorProto { data_type: Some(7), dims: vec![1], int64_data: vec![5], ..Default::default() });
    write("n32.pb", TensorProto { data_type: Some(6), dims: vec![1], int32_data: vec![5], ..Default::default() });
    Dir(d)
}

/// Runs onnx-run on the model with `--input` for each `name=file`; (exit code, stdout, stderr).
fn run(d: &Path, inputs: &[(&str, &str)]) -> (i32, String, String) {
    let mut args = vec![d.join("m.onnx").display().to_string()];
    for (n, f) in inputs {
        args.push("--input".into());
        args.push(format!("{n}={}", d.join(f).display()));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_onnx-run")).args(&args).output().unwrap();
    let s = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), s(&out.stdout), s(&out.stderr))
}

#[test]
fn good_inputs_run_and_the_default_applies() {
    let d = setup();
    let (code, out, err) = run(&d.0, &[("a", "a3.pb"), ("b", "b3.pb"), ("n", "n.pb")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("y: float32[3,2] = [2, 4, 2, 4, 2, 4]"), "{out}");
}

/// One row per rule: the inputs given and what onnx-run must say.
const REFUSED: &[(&[(&str, &str)], &str)] = &[
    // A symbolic dimension must be the same in every input that names it.
    (
        &[("a", "a3.pb"), ("b", "b4.pb"), ("n", "n.pb")],
        "input 'b': expected dimension 0 ('L') to be 3, as in input 'a' (float32[L,2]), got float32[4,2]",
    ),
    // Rank.
    (
        &[("a", "rank1.pb"), ("b", "b3.pb"), ("n", "n.pb")],
        "input 'a': expected rank 2 (float32[L,2]), got rank 1 float32[6]",
    ),
    // A static dimension, and an empty tensor where the model declares a size.
    (
        &[("a", "dim3.pb"), ("b", "b3.pb"), ("n", "n.pb")],
        "input 'a': expected dimension 1 to be 2 (float32[L,2]), got float32[3,3]",
    ),
    (
        &[("a", "empty.pb"), ("b", "b3.pb"), ("n", "n.pb")],
        "input 'b': expected dimension 0 ('L') to be 0, as in input 'a'",
    ),
    // Element types: int32 for int64, float64 for float32.
    (
        &[("a", "a3.pb"), ("b", "b3.pb"), ("n", "n32.pb")],
        "input 'n': expected element type int64 (int64[1]), got int32[1]",
    ),
    (
        &[("a", "f64.pb"), ("b", "b3.pb"), ("n", "n.pb")],
        "input 'a': expected element type float32 (float32[L,2]), got float64[3,2]",
    ),
    // Names: unknown, repeated, missing (checked before any file is read).
    (
        &[("a", "a3.pb"), ("b", "b3.pb"), ("n", "n.pb"), ("c", "n.pb")],
        "the model has no input 'c' (inputs: a, b, n, w)",
    ),
    (&[("a", "a3.pb"), ("b", "b3.pb"), ("n", "n.pb"), ("a", "b4.pb")], "input 'a' is given more than once"),
    (&[("a", "a3.pb"), ("n", "n.pb")], "input 'b' (float32[L,2]) is required (use --input b=FILE)"),
    (&[("a", "a3.pb"), ("n", "no-such-file.pb")], "input 'b' (float32[L,2]) is required"),
];

#[test]
fn each_rule_refuses_with_the_input_named() {
    let d = setup();
    for (inputs, want) in REFUSED {
        let (code, out, err) = run(&d.0, inputs);
        assert_eq!(code, 1, "{inputs:?}: {out}{err}");
        assert!(out.is_empty(), "{inputs:?}: {out}");
        assert!(err.contains(want), "{inputs:?}: expected `{want}` in: {err}");
    }
}

/// The Mamba selective scan of issue 23: `delta` with L = 5 and the other scan inputs with
/// L = 8 used to run 5 steps and exit 0.
#[test]
fn mamba_scan_lengths_disagree() {
    let d = setup();
    let f32s = |dims: &[i64]| f32_filled(dims, 0.5);
    for (n, dims) in [
        ("delta", vec![5, 1, 256]),
        ("x", vec![8, 1, 256]),
        ("B", vec![8, 1, 16]),
        ("C", vec![8, 1, 16]),
        ("state0", vec![1, 256, 16]),
    ] {
        std::fs::write(d.0.join(format!("{n}.pb")), f32s(&dims).encode_to_vec()).unwrap();
    }
    let model =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/onnx-cf/mamba_selective_scan_scan/model.onnx");
    let mut args = vec![model.display().to_string()];
    for n in ["delta", "x", "B", "C", "state0"] {
        args.extend(["--input".to_string(), format!("{n}={}", d.0.join(format!("{n}.pb")).display())]);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_onnx-run")).args(&args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.contains("input 'x': expected dimension 0 ('L') to be 5, as in input 'delta' (float32[L,1,256]), got float32[8,1,256]"),
        "{err}"
    );
}

/// Input files that cannot be read (issue 23): a `.npy` claiming 2^63-1 elements panicked, a
/// truncated one said only `failed to fill whole buffer`, a bad `.pb` only its name.
#[test]
fn bad_files_name_the_file_and_the_reason() {
    let d = setup();
    let npy = |shape: &str, data: &[u8]| {
        let mut h = format!("{{'descr': '<f4', 'fortran_order': False, 'shape': {shape}, }}").into_bytes();
        h.resize(117, b' ');
        h.push(b'\n');
        let mut out = b"\x93NUMPY\x01\x00\x76\x00".to_vec();
        out.extend(h);
        out.extend(data);
        out
    };
    std::fs::write(d.0.join("huge.npy"), npy("(9223372036854775807,)", &[])).unwrap();
    std::fs::write(d.0.join("short.npy"), npy("(3, 2)", &[0; 7])).unwrap();
    std::fs::write(d.0.join("bad.pb"), b"garbage\n").unwrap();
    let cases = [
        ("huge.npy", "huge.npy': header field 'shape': cannot allocate a tensor of shape {9223372036854775807}"),
        ("short.npy", "short.npy': the data is 7 bytes, but header fields 'shape' [3, 2] and 'descr' '<f4' need 24"),
        ("bad.pb", "bad.pb': not a TensorProto: failed to decode Protobuf message: "),
        ("missing.pb", "cannot read '"),
    ];
    for (file, want) in cases {
        let (code, out, err) = run(&d.0, &[("a", file), ("b", "b3.pb"), ("n", "n.pb")]);
        assert_eq!(code, 1, "{file}: {out}{err}");
        assert!(err.contains(want), "{file}: expected `{want}` in: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Scan inputs declared with different symbols (so the declared types cannot tie them) are
/// checked at run time: lengths 3 and 5 are refused naming the Scan node, not cut to 3 steps.
#[test]
fn scan_inputs_of_different_lengths_fail_at_run_time() {
    const SCAN: &str = r#"<ir_version: 8, opset_import: ["" : 17]>
g (float[A,2] x, float[B,2] y) => (float[2] s, float[C,2] out) {
  zero = Constant <value = float[2] {0.0, 0.0}> ()
  s, out = Scan <num_scan_inputs = 2, body = step (float[2] acc, float[2] a, float[2] b) => (float[2] acc2, float[2] o) {
    t = Add (a, b)
    acc2 = Add (acc, t)
    o = Identity (t)
  }> (zero, x, y)
}"#;
    let d = setup();
    let model = parse_model_text(SCAN, "scan.onnxtxt").unwrap();
    std::fs::write(d.0.join("m.onnx"), model.encode_to_vec()).unwrap();
    let (code, out, err) = run(&d.0, &[("x", "a3.pb"), ("y", "b3.pb")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("s: float32[2] = [6, 6]"), "{out}");
    let (code, out, err) = run(&d.0, &[("x", "a3.pb"), ("y", "b4.pb")]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(
            "node 'Scan#1' (Scan) in graph g: scan inputs have inconsistent sequence lengths: scan input #0 has 3 steps, scan input #1 has 4 along axis 0 (shape {4,2})"
        ),
        "{err}"
    );
}

/// Writes `d/m.onnx`: an opset-8 Scan summing scan inputs `x` and `y` into state `init` (output
/// `s`) and yielding each step's sum (output `out`); `lens` is `sequence_lens`'s declared type
/// (absent: no `sequence_lens`), `params` the other graph inputs, `results` the graph outputs.
fn write_scan_8(d: &Path, lens: Option<&str>, params: &str, results: &str) {
    let (lens_param, lens_arg) = match lens {
        Some(t) => (format!("{t} lens, "), "lens"),
        None => (String::new(), ""),
    };
    let text = format!(
        r#"<ir_version: 3, opset_import: ["" : 8]>
g ({lens_param}{params}) => ({results}) {{
  s, out = Scan <num_scan_inputs = 2, body = step (float[2] acc, float[2] a, float[2] b) => (float[2] acc2, float[2] o) {{
    t = Add (a, b)
    acc2 = Add (acc, t)
    o = Identity (t)
  }}> ({lens_arg}, init, x, y)
}}"#
    );
    let model = parse_model_text(&text, "scan8.onnxtxt").unwrap();
    std::fs::write(d.join("m.onnx"), model.encode_to_vec()).unwrap();
}

/// Opset-8 Scan (batch axis 0, sequence axis 1, optional `sequence_lens`): scan inputs whose
/// sequence lengths differ are refused naming the Scan node, with and without `sequence_lens`,
/// instead of running the first input's length (and cutting the other short or reading past it).
#[test]
fn scan_8_inputs_of_different_lengths_fail_at_run_time() {
    let d = setup();
    let f32s = |dims: &[i64]| f32_filled(dims, 1.0);
    let write = |name: &str, t: TensorProto| std::fs::write(d.0.join(name), t.encode_to_vec()).unwrap();
    write("init.pb", f32s(&[1, 2]));
    write("x3.pb", f32s(&[1, 3, 2]));
    write("y3.pb", f32s(&[1, 3, 2]));
    write("y4.pb", f32s(&[1, 4, 2]));
    write("lens.pb", TensorProto { data_type: Some(7), dims: vec![1], int64_data: vec![2], ..Default::default() });
    let want = "node 'Scan#0' (Scan) in graph g: scan inputs have inconsistent sequence lengths: scan input #0 has 3 steps, scan input #1 has 4 along axis 1 (shape {1,4,2})";
    for (lens, ok_out) in [("lens", "s: float32[1,2] = [5, 5]"), ("", "s: float32[1,2] = [7, 7]")] {
        let lens_type = (!lens.is_empty()).then_some("int64[1]");
        write_scan_8(
            &d.0,
            lens_type,
            "float[1,2] init, float[1,A,2] x, float[1,B,2] y",
            "float[1,2] s, float[1,C,2] out",
        );
        let mut inputs = vec![("init", "init.pb"), ("x", "x3.pb"), ("y", "y3.pb")];
        if !lens.is_empty() {
            inputs.push(("lens", "lens.pb"));
        }
        let (code, out, err) = run(&d.0, &inputs);
        assert_eq!(code, 0, "lens '{lens}': {err}");
        assert!(out.contains(ok_out), "lens '{lens}': {out}");
        inputs[2] = ("y", "y4.pb");
        let (code, out, err) = run(&d.0, &inputs);
        assert_eq!(code, 1, "lens '{lens}': {out}{err}");
        assert!(out.is_empty(), "lens '{lens}': {out}");
        assert!(err.contains(want), "lens '{lens}': {err}");
    }
}

/// Opset-8 Scan: states, scan inputs and `sequence_lens` whose batch sizes (axis 0) differ are
/// refused naming the Scan node and the operand, as onnxruntime refuses them, instead of
/// running scan input #0's batch size and cutting the others short (or reading past them).
/// Each operand has its own symbolic batch dimension, so only the run-time check can see it.
#[test]
fn scan_8_operands_of_different_batch_sizes_fail_at_run_time() {
    let d = setup();
    let f32s = |dims: &[i64]| f32_filled(dims, 1.0);
    let write = |name: &str, t: TensorProto| std::fs::write(d.0.join(name), t.encode_to_vec()).unwrap();
    let lens = |n: usize| TensorProto {
        data_type: Some(7),
        dims: vec![n as i64],
        int64_data: vec![3; n],
        ..Default::default()
    };
    write("init1.pb", f32s(&[1, 2]));
    write("init2.pb", f32s(&[2, 2]));
    write("x1.pb", f32s(&[1, 3, 2]));
    write("x2.pb", f32s(&[2, 3, 2]));
    write("y1.pb", f32s(&[1, 3, 2]));
    write("y2.pb", f32s(&[2, 3, 2]));
    write("lens1.pb", lens(1));
    write("lens2.pb", lens(2));
    let node = "node 'Scan#0' (Scan) in graph g: scan inputs have inconsistent batch sizes: scan input #0 has";
    // (init, x, y, lens) files and the error; None: runs, every batch entry summing 1 + 3 * 2.
    let cases: &[(&str, &str, &str, &str, Option<&str>)] = &[
        ("init2.pb", "x2.pb", "y2.pb", "lens2.pb", None),
        ("init2.pb", "x1.pb", "y1.pb", "lens1.pb", Some("1, state #0 has 2 along axis 0 (shape {2,2})")),
        ("init1.pb", "x2.pb", "y2.pb", "lens2.pb", Some("2, state #0 has 1 along axis 0 (shape {1,2})")),
        ("init1.pb", "x1.pb", "y2.pb", "lens1.pb", Some("1, scan input #1 has 2 along axis 0 (shape {2,3,2})")),
        ("init2.pb", "x2.pb", "y1.pb", "lens2.pb", Some("2, scan input #1 has 1 along axis 0 (shape {1,3,2})")),
        ("init1.pb", "x1.pb", "y1.pb", "lens2.pb", Some("1, sequence_lens has 2 along axis 0 (shape {2})")),
        ("init2.pb", "x2.pb", "y2.pb", "lens1.pb", Some("2, sequence_lens has 1 along axis 0 (shape {1})")),
    ];
    for with_lens in [true, false] {
        let lens_type = with_lens.then_some("int64[N]");
        write_scan_8(
            &d.0,
            lens_type,
            "float[S,2] init, float[B,3,2] x, float[C,3,2] y",
            "float[D,2] s, float[E,3,2] out",
        );
        for &(init, x, y, l, want) in cases {
            if !with_lens && want.is_some_and(|w| w.contains("sequence_lens")) {
                continue;
            }
            let mut inputs = vec![("init", init), ("x", x), ("y", y)];
            if with_lens {
                inputs.push(("lens", l));
            }
            let (code, out, err) = run(&d.0, &inputs);
            let case = format!("lens {with_lens}, {inputs:?}");
            match want {
                None => {
                    assert_eq!(code, 0, "{case}: {err}");
                    assert!(out.contains("s: float32[2,2] = [7, 7, 7, 7]"), "{case}: {out}");
                }
                Some(want) => {
                    assert_eq!(code, 1, "{case}: {out}{err}");
                    assert!(out.is_empty(), "{case}: {out}");
                    assert!(err.contains(&format!("{node} {want}")), "{case}: {err}");
                }
            }
        }
    }
}
