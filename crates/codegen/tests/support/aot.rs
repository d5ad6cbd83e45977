//! The one AOT test driver, parameterised by backend: object files of every backend link with
//! the same C driver through `cc` and print the same output (so all follow one C ABI), the
//! generated header compiles, cross targets get their object formats and, where a cross C
//! compiler and qemu are installed, run. Each backend's `tests/aot.rs` includes this module
//! after defining `backends()` (its levels) and `common` (the program-building helpers).

use super::backends;
use super::common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh directory for `name`, under the backend's own folder.
fn scratch(backend: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("aot-{backend}")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A module exercising scalars, several results, and memref arguments and results.
fn library() -> String {
    let add = func(
        "add_i64",
        "%a: i64, %b: i64",
        "i64",
        &[bin("r", "arith.addi", "a", "b", "i64", "i64"), ret(&[("r", "i64")])].concat(),
    );
    let scale = func(
        "scale_f32",
        "%x: f32, %y: f64",
        "f64",
        &[
            un("xd", "arith.extf", "x", "f32", "f64"),
            bin("r", "arith.mulf", "xd", "y", "f64", "f64"),
            ret(&[("r", "f64")]),
        ]
        .concat(),
    );
    let divmod = func(
        "divmod",
        "%a: i32, %b: i32",
        "i32, i32, i1",
        &[
            bin("q", "arith.divsi", "a", "b", "i32", "i32"),
            bin("r", "arith.remsi", "a", "b", "i32", "i32"),
            k("z", "0", "i32"),
            cmp("neg", "arith.cmpi", 2, "r", "z", "i32"),
            ret(&[("q", "i32"), ("r", "i32"), ("neg", "i1")]),
        ]
        .concat(),
    );
    // Sum of a strided 1-D memref.
    let sum = func(
        "sum",
        "%m: memref<?xf32, strided<[?], offset: ?>>",
        "f32",
        &[
            k("c0", "0", "index"),
            k("c1", "1", "index"),
            k("zero", "0.0", "f32"),
            "%n = \"memref.dim\"(%m, %c0) : (memref<?xf32, strided<[?], offset: ?>>, index) -> index\n".into(),
            "\"cf.br\"(%c0, %zero)[^bb1] : (index, f32) -> ()\n".into(),
            "^bb1(%i: index, %s: f32):\n".into(),
            cmp("c", "arith.cmpi", 2, "i", "n", "index"),
            "\"cf.cond_br\"(%c)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()\n".into(),
            "^bb2:\n".into(),
            "%x = \"memref.load\"(%m, %i) : (memref<?xf32, strided<[?], offset: ?>>, index) -> f32\n".into(),
            bin("s2", "arith.addf", "s", "x", "f32", "f32"),
            bin("i2", "arith.addi", "i", "c1", "index", "index"),
            "\"cf.br\"(%i2, %s2)[^bb1] : (index, f32) -> ()\n".into(),
            "^bb3:\n".into(),
            ret(&[("s", "f32")]),
        ]
        .concat(),
    );
    let iota = func(
        "iota",
        "%n: index",
        "memref<?xi32>",
        &[
            k("c0", "0", "index"),
            k("c1", "1", "index"),
            "%m = \"memref.alloc\"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xi32>\n".into(),
            "\"cf.br\"(%c0)[^bb1] : (index) -> ()\n".into(),
            "^bb1(%i: index):\n".into(),
            cmp("c", "arith.cmpi", 2, "i", "n", "index"),
            "\"cf.cond_br\"(%c)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()\n".into(),
            "^bb2:\n".into(),
            un("v", "arith.index_cast", "i", "index", "i32"),
            "\"memref.store\"(%v, %m, %i) : (i32, memref<?xi32>, index) -> ()\n".into(),
            bin("i2", "arith.addi", "i", "c1", "index", "index"),
            "\"cf.br\"(%i2)[^bb1] : (index) -> ()\n".into(),
            "^bb3:\n".into(),
            ret(&[("m", "memref<?xi32>")]),
        ]
        .concat(),
    );
    let sin =
        func("sin_f64", "%x: f64", "f64", &[un("r", "math.sin", "x", "f64", "f64"), ret(&[("r", "f64")])].concat());
    let mut fs = vec![add, scale, divmod, sum, iota, sin];
    fs.extend(struct_shapes());
    module(&fs)
}

/// Functions returning each struct shape the targets' C ABIs treat differently: each returns
/// its arguments reversed (`swap_<types>`).
pub const SHAPES: &[&[&str]] = &[
    &["f32", "f32"],
    &["f64", "i32"],
    &["i8", "f32"],
    &["i64", "i64"],
    &["f64", "f64", "f64"],
    &["f32", "f32", "f32", "f32"],
    &["i1", "f64"],
    &["i16", "i1", "i32"],
];

fn shape_name(tys: &[&str]) -> String {
    format!("swap_{}", tys.join("_"))
}

fn struct_shapes() -> Vec<String> {
    SHAPES
        .iter()
        .map(|tys| {
            let args: Vec<String> = tys.iter().enumerate().map(|(i, t)| format!("%a{i}: {t}")).collect();
            let names: Vec<String> = (0..tys.len()).rev().map(|i| format!("a{i}")).collect();
            let rev: Vec<&str> = tys.iter().rev().copied().collect();
            let vals: Vec<(&str, &str)> = names.iter().map(String::as_str).zip(rev.iter().copied()).collect();
            func(&shape_name(tys), &args.join(", "), &rev.join(", "), &ret(&vals))
        })
        .collect()
}

const DRIVER: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include "lib.h"
int main(void) {
  printf("%lld\n", (long long)add_i64(40, 2));
  printf("%g\n", scale_f32(1.5f, 4.0));
  divmod_result d = divmod(-17, 5);
  printf("%d %d %d\n", d.r0, d.r1, (int)d.r2);
  float data[6] = {1, 100, 2, 100, 3, 100};
  flowgate_memref_f32_1d m = {data, data, 0, {3}, {2}};
  printf("%g\n", sum(&m));
  iota_result it = iota(5);
  printf("%lld %lld %d\n", (long long)it.r0.sizes[0], (long long)it.r0.strides[0], it.r0.aligned[4]);
  free(it.r0.allocated);
  printf("%.3f\n", sin_f64(1.0));
  swap_f32_f32_result a = swap_f32_f32(1.5f, -2.25f);
  printf("%g %g\n", a.r0, a.r1);
  swap_f64_i32_result b = swap_f64_i32(0.5, -7);
  printf("%d %g\n", b.r0, b.r1);
  swap_i8_f32_result c = swap_i8_f32(-3, 4.5f);
  printf("%g %d\n", c.r0, c.r1);
  swap_i64_i64_result d2 = swap_i64_i64(-1, 1LL << 40);
  printf("%lld %lld\n", (long long)d2.r0, (long long)d2.r1);
  swap_f64_f64_f64_result e = swap_f64_f64_f64(1.0, 2.0, 3.0);
  printf("%g %g %g\n", e.r0, e.r1, e.r2);
  swap_f32_f32_f32_f32_result f = swap_f32_f32_f32_f32(1.0f, 2.0f, 3.0f, 4.0f);
  printf("%g %g %g %g\n", f.r0, f.r1, f.r2, f.r3);
  swap_i1_f64_result g = swap_i1_f64(true, -0.125);
  printf("%g %d\n", g.r0, (int)g.r1);
  swap_i16_i1_i32_result h = swap_i16_i1_i32(-300, true, -70000);
  printf("%d %d %d\n", h.r0, (int)h.r1, h.r2);
  return 0;
}
"#;

const DRIVER_OUT: &str = "42\n6\n-3 -2 1\n6\n5 1 4\n0.841\n-2.25 1.5\n-7 0.5\n4.5 -3\n1099511627776 -1\n3 2 1\n4 3 2 1\n-0.125 1\n-70000 1 -300\n";

fn have_cc() -> bool {
    Command::new("cc").arg("--version").output().is_ok_and(|o| o.status.success())
}

#[test]
fn object_links_with_c_and_runs() {
    assert!(have_cc(), "these tests need a C compiler named cc");
    for (name, backend) in backends() {
        let dir = scratch(backend.name(), name);
        let (ctx, m) = parse(&library());
        let out = backend.object(&ctx, m, None).unwrap();
        std::fs::write(dir.join("lib.o"), &out.bytes).unwrap();
        std::fs::write(dir.join("lib.h"), out.header("lib.h")).unwrap();
        std::fs::write(dir.join("driver.c"), DRIVER).unwrap();
        let exe = dir.join("driver");
        let st = Command::new("cc")
            .current_dir(&dir)
            .args(["-std=c11", "-Wall", "-Werror", "driver.c", "lib.o", "-lm", "-o"])
            .arg(&exe)
            .output()
            .unwrap();
        assert!(st.status.success(), "{name}: link failed: {}", String::from_utf8_lossy(&st.stderr));
        let run = Command::new(&exe).output().unwrap();
        assert!(run.status.success(), "{name}");
        assert_eq!(String::from_utf8_lossy(&run.stdout), DRIVER_OUT, "{name}");
    }
}

#[test]
fn header_declares_the_abi() {
    let (ctx, m) = parse(&library());
    let (_, backend) = backends().remove(0);
    let out = backend.object(&ctx, m, None).unwrap();
    let h = out.header("lib.h");
    assert!(h.contains("int64_t add_i64(int64_t arg0, int64_t arg1);"), "{h}");
    assert!(h.contains("typedef struct {\n  int32_t r0;\n  int32_t r1;\n  bool r2;\n} divmod_result;"), "{h}");
    assert!(h.contains("float sum(flowgate_memref_f32_1d *arg0);"), "{h}");
    assert!(h.contains("  float *allocated;\n  float *aligned;\n  int64_t offset;\n  int64_t sizes[1];\n  int64_t strides[1];\n} flowgate_memref_f32_1d;"), "{h}");
    // It compiles as C and as C++-compatible C with a caller.
    let dir = scratch(backend.name(), "header");
    std::fs::write(dir.join("lib.h"), &h).unwrap();
    std::fs::write(
        dir.join("use.c"),
        "#include \"lib.h\"\nint64_t f(void) { divmod_result d = divmod(1, 2); return add_i64(d.r0, d.r1); }\n",
    )
    .unwrap();
    let st = Command::new("cc")
        .current_dir(&dir)
        .args(["-std=c99", "-Wall", "-Werror", "-pedantic", "-c", "use.c", "-o", "use.o"])
        .output()
        .unwrap();
    assert!(st.status.success(), "{}", String::from_utf8_lossy(&st.stderr));
}

/// ELF `e_machine`, or the Mach-O CPU type, of an object file.
fn machine(bytes: &[u8]) -> String {
    if bytes.starts_with(b"\x7fELF") && bytes.len() > 20 {
        let m = u16::from_le_bytes([bytes[18], bytes[19]]);
        return format!("elf:{m}");
    }
    if bytes.starts_with(&[0xcf, 0xfa, 0xed, 0xfe]) && bytes.len() > 8 {
        let cpu = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
        return format!("macho:{cpu:#x}");
    }
    "unknown".into()
}

#[test]
fn cross_targets_produce_their_object_formats() {
    let (ctx, m) = parse(&library());
    let (_, backend) = backends().pop().expect("a level");
    for (triple, expect) in [
        ("x86_64-unknown-linux-gnu", "elf:62"),
        ("aarch64-unknown-linux-gnu", "elf:183"),
        ("riscv64gc-unknown-linux-gnu", "elf:243"),
        ("x86_64-apple-darwin", "macho:0x1000007"),
        ("aarch64-apple-darwin", "macho:0x100000c"),
    ] {
        let out = backend.object(&ctx, m, Some(triple)).unwrap_or_else(|e| panic!("{triple}: {e}"));
        assert_eq!(machine(&out.bytes), expect, "{triple}");
    }
    assert!(backend.object(&ctx, m, Some("i686-unknown-linux-gnu")).is_err());
    assert!(backend.object(&ctx, m, Some("not-a-triple-at-all")).is_err());
}

/// Where a cross C compiler and qemu are installed (Debian's gcc-aarch64-linux-gnu,
/// gcc-riscv64-linux-gnu and qemu-user), the cross objects link with the same C driver and run
/// under qemu with the same output: the ABI (struct return through x8 on AArch64, a0 on
/// RISC-V; descriptor pointers; libm calls) holds on each target.
#[test]
fn cross_objects_run_under_qemu() {
    let targets = [
        ("aarch64-unknown-linux-gnu", "aarch64-linux-gnu-gcc", "qemu-aarch64"),
        ("riscv64gc-unknown-linux-gnu", "riscv64-linux-gnu-gcc", "qemu-riscv64"),
    ];
    let (ctx, m) = parse(&library());
    for (triple, gcc, qemu) in targets {
        let present = |tool: &str| Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success());
        if !present(gcc) || !present(qemu) {
            eprintln!("note: {gcc} or {qemu} not installed; {triple} objects not run");
            continue;
        }
        for (name, backend) in backends() {
            let dir = scratch(backend.name(), &format!("{triple}-{name}"));
            let out = backend.object(&ctx, m, Some(triple)).unwrap();
            std::fs::write(dir.join("lib.o"), &out.bytes).unwrap();
            std::fs::write(dir.join("lib.h"), out.header("lib.h")).unwrap();
            std::fs::write(dir.join("driver.c"), DRIVER).unwrap();
            let exe = dir.join("driver");
            let st = Command::new(gcc)
                .current_dir(&dir)
                .args(["-std=c11", "-static", "driver.c", "lib.o", "-lm", "-o"])
                .arg(&exe)
                .output()
                .unwrap();
            assert!(st.status.success(), "{triple}: link failed: {}", String::from_utf8_lossy(&st.stderr));
            let run = Command::new(qemu).arg(&exe).output().unwrap();
            assert!(run.status.success(), "{triple}: {}", String::from_utf8_lossy(&run.stderr));
            assert_eq!(String::from_utf8_lossy(&run.stdout), DRIVER_OUT, "{triple} {name}");
        }
    }
}
