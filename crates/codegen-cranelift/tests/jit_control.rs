//! JIT runs of control flow (cf block arguments), calls, math and memrefs.

mod common;
use common::*;
use flowgate_codegen_cranelift::{jit, CodegenError, OptLevel};

/// Sum of 0..n through a loop whose header carries the induction variable and the sum.
fn sum_loop(n: &str) -> String {
    let body = [
        k("c0", "0", "index"),
        k("c1", "1", "index"),
        k("n", n, "index"),
        k("s0", "0", "i64"),
        "\"cf.br\"(%c0, %s0)[^bb1] : (index, i64) -> ()\n".into(),
        "^bb1(%i: index, %s: i64):\n".into(),
        cmp("c", "arith.cmpi", 2, "i", "n", "index"),
        "\"cf.cond_br\"(%c, %i, %s)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, index, i64) -> ()\n"
            .into(),
        "^bb2(%j: index, %t: i64):\n".into(),
        un("ji", "arith.index_cast", "j", "index", "i64"),
        bin("t2", "arith.addi", "t", "ji", "i64", "i64"),
        bin("j2", "arith.addi", "j", "c1", "index", "index"),
        "\"cf.br\"(%j2, %t2)[^bb1] : (index, i64) -> ()\n".into(),
        "^bb3:\n".into(),
        ret(&[("s", "i64")]),
    ]
    .concat();
    main_module("i64", &body)
}

#[test]
fn loop_with_block_arguments() {
    assert_eq!(run(&sum_loop("100")), ["4950"]);
    assert_eq!(run(&sum_loop("0")), ["0"]);
}

#[test]
fn blocks_out_of_dominance_order() {
    // The exit block comes first in the layout; translation must follow dominance instead.
    let body = [
        k("a", "5", "i32"),
        "\"cf.br\"()[^bb2] : () -> ()\n".into(),
        "^bb1(%x: i32):\n".into(),
        ret(&[("x", "i32")]),
        "^bb2:\n".into(),
        bin("y", "arith.muli", "a", "a", "i32", "i32"),
        "\"cf.br\"(%y)[^bb1] : (i32) -> ()\n".into(),
    ]
    .concat();
    assert_eq!(run(&main_module("i32", &body)), ["25"]);
}

#[test]
fn switch_with_block_arguments() {
    let prog = |flag: i32| {
        let body = [
            k("f", &flag.to_string(), "i32"),
            k("a", "10", "i32"),
            k("b", "20", "i32"),
            "\"cf.switch\"(%f, %a, %b, %a)[^bb1, ^bb2, ^bb3] <{case_operand_segments = array<i32: 1, 1>, \
             case_values = dense<[-1, 4]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 2>}> : (i32, i32, i32, i32) -> ()\n"
                .into(),
            "^bb1(%x: i32):\n".into(),
            ret(&[("x", "i32")]),
            "^bb2(%y: i32):\n".into(),
            bin("y2", "arith.addi", "y", "y", "i32", "i32"),
            ret(&[("y2", "i32")]),
            "^bb3(%z: i32):\n".into(),
            bin("z2", "arith.muli", "z", "z", "i32", "i32"),
            ret(&[("z2", "i32")]),
        ]
        .concat();
        main_module("i32", &body)
    };
    assert_eq!(run(&prog(-1)), ["40"]);
    assert_eq!(run(&prog(4)), ["100"]);
    assert_eq!(run(&prog(7)), ["10"]);
}

#[test]
fn recursive_calls_and_multiple_results() {
    let fib = func(
        "fib",
        "%n: i64",
        "i64",
        &[
            k("two", "2", "i64"),
            k("one", "1", "i64"),
            cmp("small", "arith.cmpi", 2, "n", "two", "i64"),
            "\"cf.cond_br\"(%small)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()\n".into(),
            "^bb1:\n".into(),
            ret(&[("n", "i64")]),
            "^bb2:\n".into(),
            bin("n1", "arith.subi", "n", "one", "i64", "i64"),
            bin("n2", "arith.subi", "n", "two", "i64", "i64"),
            "%f1 = \"func.call\"(%n1) <{callee = @fib}> : (i64) -> i64\n".into(),
            "%f2 = \"func.call\"(%n2) <{callee = @fib}> : (i64) -> i64\n".into(),
            bin("f", "arith.addi", "f1", "f2", "i64", "i64"),
            ret(&[("f", "i64")]),
        ]
        .concat(),
    );
    let divmod = func(
        "divmod",
        "%a: i32, %b: i32",
        "i32, i32",
        &[
            bin("q", "arith.divsi", "a", "b", "i32", "i32"),
            bin("r", "arith.remsi", "a", "b", "i32", "i32"),
            ret(&[("q", "i32"), ("r", "i32")]),
        ]
        .concat(),
    );
    let main = func(
        "main",
        "",
        "i64, i32, i32, f64",
        &[
            k("n", "20", "i64"),
            "%r = \"func.call\"(%n) <{callee = @fib}> : (i64) -> i64\n".into(),
            k("a", "-17", "i32"),
            k("b", "5", "i32"),
            "%q, %m = \"func.call\"(%a, %b) <{callee = @divmod}> : (i32, i32) -> (i32, i32)\n".into(),
            k("x", "2.0", "f64"),
            "%s = \"func.call\"(%x) <{callee = @ext_sqrt}> : (f64) -> f64\n".into(),
            ret(&[("r", "i64"), ("q", "i32"), ("m", "i32"), ("s", "f64")]),
        ]
        .concat(),
    );
    // A private declaration resolves to a host symbol (here libm's sqrt, under a C name).
    let decl = "\"func.func\"() <{function_type = (f64) -> f64, sym_name = \"sqrt\", sym_visibility = \"private\"}> ({\n}) : () -> ()\n";
    let main = main.replace("@ext_sqrt", "@sqrt");
    let src = module(&[fib, divmod, decl.to_string(), main]);
    assert_eq!(run(&src), ["6765", "-3", "-2", "1.414214e+00"]);
}

#[test]
fn math_functions() {
    let body = [
        k("x", "2.0", "f32"),
        k("z", "0.0", "f64"),
        k("ten", "10.0", "f32"),
        k("neg", "-2.5", "f64"),
        un("a", "math.sqrt", "x", "f32", "f32"),
        un("b", "math.exp", "z", "f64", "f64"),
        bin("c", "math.powf", "x", "ten", "f32", "f32"),
        un("d", "math.sin", "z", "f64", "f64"),
        un("e", "math.absf", "neg", "f64", "f64"),
        un("f", "math.floor", "neg", "f64", "f64"),
        un("g", "math.roundeven", "neg", "f64", "f64"),
        un("h", "math.round", "neg", "f64", "f64"),
        un("i", "math.log2", "ten", "f32", "f32"),
        ret(&[
            ("a", "f32"),
            ("b", "f64"),
            ("c", "f32"),
            ("d", "f64"),
            ("e", "f64"),
            ("f", "f64"),
            ("g", "f64"),
            ("h", "f64"),
            ("i", "f32"),
        ]),
    ]
    .concat();
    assert_eq!(
        run(&main_module("f32, f64, f32, f64, f64, f64, f64, f64, f32", &body)),
        [
            "1.414214e+00",
            "1.000000e+00",
            "1.024000e+03",
            "0.000000e+00",
            "2.500000e+00",
            "-3.000000e+00",
            "-2.000000e+00",
            "-3.000000e+00",
            "3.321928e+00"
        ]
    );
}

#[test]
fn integer_math() {
    let body = [
        k("a", "-5", "i32"),
        k("b", "1", "i32"),
        un("r0", "math.absi", "a", "i32", "i32"),
        un("r1", "math.ctlz", "b", "i32", "i32"),
        un("r2", "math.cttz", "a", "i32", "i32"),
        un("r3", "math.ctpop", "a", "i32", "i32"),
        ret(&[("r0", "i32"), ("r1", "i32"), ("r2", "i32"), ("r3", "i32")]),
    ]
    .concat();
    assert_eq!(run(&main_module("i32, i32, i32, i32", &body)), ["5", "31", "0", "31"]);
}

#[test]
fn memref_alloc_load_store_dim_subview() {
    // A ?x4 f32 buffer filled with 10*i + j, then a strided 2x2 subview at [1, 1] with
    // strides [1, 2]: elements (1,1)=11, (1,3)=13, (2,1)=21, (2,3)=23.
    let body = [
        k("c0", "0", "index"),
        k("c1", "1", "index"),
        k("c2", "2", "index"),
        k("c3", "3", "index"),
        k("c4", "4", "index"),
        k("n", "3", "index"),
        "%m = \"memref.alloc\"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?x4xf32>\n".into(),
        "\"cf.br\"(%c0)[^bb1] : (index) -> ()\n".into(),
        "^bb1(%i: index):\n".into(),
        cmp("ci", "arith.cmpi", 2, "i", "n", "index"),
        "\"cf.cond_br\"(%ci, %c0)[^bb2, ^bb5] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, index) -> ()\n".into(),
        "^bb2(%j: index):\n".into(),
        cmp("cj", "arith.cmpi", 2, "j", "c4", "index"),
        "\"cf.cond_br\"(%cj)[^bb3, ^bb4] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()\n".into(),
        "^bb3:\n".into(),
        k("ten", "10", "index"),
        bin("t", "arith.muli", "i", "ten", "index", "index"),
        bin("v", "arith.addi", "t", "j", "index", "index"),
        un("vi", "arith.index_cast", "v", "index", "i64"),
        un("vf", "arith.sitofp", "vi", "i64", "f32"),
        "\"memref.store\"(%vf, %m, %i, %j) : (f32, memref<?x4xf32>, index, index) -> ()\n".into(),
        bin("j2", "arith.addi", "j", "c1", "index", "index"),
        "\"cf.br\"(%j2)[^bb2] : (index) -> ()\n".into(),
        "^bb4:\n".into(),
        bin("i2", "arith.addi", "i", "c1", "index", "index"),
        "\"cf.br\"(%i2)[^bb1] : (index) -> ()\n".into(),
        "^bb5:\n".into(),
        "%d0 = \"memref.dim\"(%m, %c0) : (memref<?x4xf32>, index) -> index\n".into(),
        "%d1 = \"memref.dim\"(%m, %c1) : (memref<?x4xf32>, index) -> index\n".into(),
        "%sv = \"memref.subview\"(%m, %c1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 2>}> : (memref<?x4xf32>, index) -> memref<2x2xf32, strided<[4, 2], offset: ?>>\n".into(),
        "%x0 = \"memref.load\"(%sv, %c0, %c1) : (memref<2x2xf32, strided<[4, 2], offset: ?>>, index, index) -> f32\n".into(),
        "%x1 = \"memref.load\"(%sv, %c1, %c0) : (memref<2x2xf32, strided<[4, 2], offset: ?>>, index, index) -> f32\n".into(),
        "%x2 = \"memref.load\"(%sv, %c1, %c1) : (memref<2x2xf32, strided<[4, 2], offset: ?>>, index, index) -> f32\n".into(),
        "%row = \"memref.subview\"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, 1>}> : (memref<?x4xf32>) -> memref<4xf32, strided<[1], offset: 8>>\n".into(),
        "%x3 = \"memref.load\"(%row, %c3) : (memref<4xf32, strided<[1], offset: 8>>, index) -> f32\n".into(),
        "%rd = \"memref.dim\"(%row, %c0) : (memref<4xf32, strided<[1], offset: 8>>, index) -> index\n".into(),
        "\"memref.dealloc\"(%m) : (memref<?x4xf32>) -> ()\n".into(),
        ret(&[("d0", "index"), ("d1", "index"), ("x0", "f32"), ("x1", "f32"), ("x2", "f32"), ("x3", "f32"), ("rd", "index")]),
    ]
    .concat();
    assert_eq!(
        run(&main_module("index, index, f32, f32, f32, f32, index", &body)),
        ["3", "4", "1.300000e+01", "2.100000e+01", "2.300000e+01", "2.300000e+01", "4"]
    );
}

#[test]
fn memref_arguments_and_results_cross_calls() {
    // `fill` takes a memref and writes it; `make` returns a fresh memref with another result.
    let fill = func(
        "fill",
        "%m: memref<?xi64>, %v: i64",
        "",
        &[
            k("c0", "0", "index"),
            k("c1", "1", "index"),
            "%n = \"memref.dim\"(%m, %c0) : (memref<?xi64>, index) -> index\n".into(),
            "\"cf.br\"(%c0)[^bb1] : (index) -> ()\n".into(),
            "^bb1(%i: index):\n".into(),
            cmp("c", "arith.cmpi", 2, "i", "n", "index"),
            "\"cf.cond_br\"(%c)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()\n".into(),
            "^bb2:\n".into(),
            "\"memref.store\"(%v, %m, %i) : (i64, memref<?xi64>, index) -> ()\n".into(),
            bin("i2", "arith.addi", "i", "c1", "index", "index"),
            "\"cf.br\"(%i2)[^bb1] : (index) -> ()\n".into(),
            "^bb3:\n".into(),
            "\"func.return\"() : () -> ()\n".into(),
        ]
        .concat(),
    );
    let make = func(
        "make",
        "%n: index",
        "memref<?xi64>, index",
        &[
            "%m = \"memref.alloc\"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xi64>\n".into(),
            k("seven", "7", "i64"),
            "\"func.call\"(%m, %seven) <{callee = @fill}> : (memref<?xi64>, i64) -> ()\n".into(),
            ret(&[("m", "memref<?xi64>"), ("n", "index")]),
        ]
        .concat(),
    );
    let main = func(
        "main",
        "",
        "i64, index",
        &[
            k("five", "5", "index"),
            k("c4", "4", "index"),
            "%m, %n = \"func.call\"(%five) <{callee = @make}> : (index) -> (memref<?xi64>, index)\n".into(),
            "%x = \"memref.load\"(%m, %c4) : (memref<?xi64>, index) -> i64\n".into(),
            "\"memref.dealloc\"(%m) : (memref<?xi64>) -> ()\n".into(),
            ret(&[("x", "i64"), ("n", "index")]),
        ]
        .concat(),
    );
    assert_eq!(run(&module(&[fill, make, main])), ["7", "5"]);
}

#[test]
fn unsupported_op_is_a_located_diagnostic() {
    let body = [
        k("a", "1", "i32"),
        "%b = \"scf.execute_region\"() ({\n  \"scf.yield\"(%a) : (i32) -> ()\n}) : () -> i32\n".into(),
        ret(&[("b", "i32")]),
    ]
    .concat();
    match try_run(&main_module("i32", &body), OptLevel::Speed) {
        Err(CodegenError::Unsupported(d)) => {
            assert_eq!(d.message, "'scf.execute_region' op is not supported by the Cranelift code generator");
        }
        other => panic!("expected an unsupported-op diagnostic, got {other:?}"),
    }
}

#[test]
fn unsupported_types_and_bad_entries_are_errors() {
    let body = [k("a", "1", "i7"), ret(&[("a", "i7")])].concat();
    assert!(matches!(try_run(&main_module("i7", &body), OptLevel::None), Err(CodegenError::Unsupported(_))));
    let body = [k("a", "1", "i32"), ret(&[("a", "i32")])].concat();
    let (ctx, m) = parse(&main_module("i32", &body));
    assert!(matches!(jit::run(&ctx, m, "nope", OptLevel::None), Err(CodegenError::Run(_))));
    // An external function that does not exist is an error, not a panic in the JIT linker.
    let decl = "\"func.func\"() <{function_type = () -> i32, sym_name = \"no_such_symbol_xyz\", sym_visibility = \"private\"}> ({\n}) : () -> ()\n";
    let main = func(
        "main",
        "",
        "i32",
        "%r = \"func.call\"() <{callee = @no_such_symbol_xyz}> : () -> i32\n\"func.return\"(%r) : (i32) -> ()\n",
    );
    let (ctx, m) = parse(&module(&[decl.to_string(), main]));
    assert!(matches!(jit::run(&ctx, m, "main", OptLevel::None), Err(CodegenError::Run(_))));
}

#[test]
fn memref_globals_copy_reinterpret_and_realloc() {
    // The lit test's program (generic form printed by upstream mlir-opt).
    let src = include_str!("../../../lit-tests/Target/jit-memref-globals.mlir");
    assert_eq!(run(src), ["6", "0.000000e+00", "2.500000e+00", "5", "6", "6"]);
}

#[test]
fn unrealized_casts_between_same_representations_are_free() {
    let body = [
        k("a", "41", "i64"),
        "%b = \"builtin.unrealized_conversion_cast\"(%a) : (i64) -> index\n".into(),
        k("one", "1", "index"),
        bin("c", "arith.addi", "b", "one", "index", "index"),
        ret(&[("c", "index")]),
    ]
    .concat();
    assert_eq!(run(&main_module("index", &body)), ["42"]);
    // Different representations stay unsupported.
    let body = [
        k("a", "1", "i32"),
        "%b = \"builtin.unrealized_conversion_cast\"(%a) : (i32) -> f32\n".into(),
        ret(&[("b", "f32")]),
    ]
    .concat();
    assert!(matches!(try_run(&main_module("f32", &body), OptLevel::None), Err(CodegenError::Unsupported(_))));
}

#[test]
fn rank_zero_alloca_i1_elements_and_casts() {
    let body = [
        k("c0", "0", "index"),
        k("c2", "2", "index"),
        k("x", "2.5", "f64"),
        k("t", "1", "i1"),
        "%s = \"memref.alloca\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<f64>\n".into(),
        "\"memref.store\"(%x, %s) : (f64, memref<f64>) -> ()\n".into(),
        "%y = \"memref.load\"(%s) : (memref<f64>) -> f64\n".into(),
        "%b = \"memref.alloc\"() <{alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<3xi1>\n".into(),
        "\"memref.store\"(%t, %b, %c2) : (i1, memref<3xi1>, index) -> ()\n".into(),
        "%bc = \"memref.cast\"(%b) : (memref<3xi1>) -> memref<?xi1>\n".into(),
        "%v = \"memref.load\"(%bc, %c2) : (memref<?xi1>, index) -> i1\n".into(),
        "%n = \"memref.dim\"(%bc, %c0) : (memref<?xi1>, index) -> index\n".into(),
        "%p = \"memref.extract_aligned_pointer_as_index\"(%b) : (memref<3xi1>) -> index\n".into(),
        k("c63", "63", "index"),
        bin("mis", "arith.andi", "p", "c63", "index", "index"),
        "\"memref.dealloc\"(%b) : (memref<3xi1>) -> ()\n".into(),
        ret(&[("y", "f64"), ("v", "i1"), ("n", "index"), ("mis", "index")]),
    ]
    .concat();
    assert_eq!(run(&main_module("f64, i1, index, index", &body)), ["2.500000e+00", "1", "3", "0"]);
}

#[test]
fn extract_strided_metadata_of_a_subview() {
    let body = [
        "%m = \"memref.alloc\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x6xf32>\n".into(),
        "%sv = \"memref.subview\"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 2>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 2, 3>}> : (memref<4x6xf32>) -> memref<2x2xf32, strided<[12, 3], offset: 8>>\n".into(),
        "%base, %off, %s0, %s1, %t0, %t1 = \"memref.extract_strided_metadata\"(%sv) : (memref<2x2xf32, strided<[12, 3], offset: 8>>) -> (memref<f32>, index, index, index, index, index)\n".into(),
        "\"memref.dealloc\"(%m) : (memref<4x6xf32>) -> ()\n".into(),
        ret(&[("off", "index"), ("s0", "index"), ("s1", "index"), ("t0", "index"), ("t1", "index")]),
    ]
    .concat();
    assert_eq!(run(&main_module("index, index, index, index, index", &body)), ["8", "2", "2", "12", "3"]);
}

#[test]
fn collapse_and_expand_shape() {
    // A 3x4x2 i32 buffer holding 0..24 in row-major order; collapse to 12x2 and expand the
    // middle dimension of the original to 2x2.
    let body = [
        k("c0", "0", "index"),
        k("c1", "1", "index"),
        k("c3", "3", "index"),
        k("n", "24", "index"),
        "%flat = \"memref.alloc\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<24xi32>\n".into(),
        "\"cf.br\"(%c0)[^head] : (index) -> ()\n".into(),
        "^head(%i: index):\n".into(),
        cmp("c", "arith.cmpi", 2, "i", "n", "index"),
        "\"cf.cond_br\"(%c)[^body, ^done] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()\n".into(),
        "^body:\n".into(),
        un("v", "arith.index_cast", "i", "index", "i32"),
        "\"memref.store\"(%v, %flat, %i) : (i32, memref<24xi32>, index) -> ()\n".into(),
        bin("i2", "arith.addi", "i", "c1", "index", "index"),
        "\"cf.br\"(%i2)[^head] : (index) -> ()\n".into(),
        "^done:\n".into(),
        "%m0 = \"memref.expand_shape\"(%flat) <{reassociation = [[0, 1, 2]], static_output_shape = array<i64: 3, 4, 2>}> : (memref<24xi32>) -> memref<3x4x2xi32>\n".into(),
        "%m = \"memref.cast\"(%m0) : (memref<3x4x2xi32>) -> memref<?x4x2xi32>\n".into(),
        "%a = \"memref.load\"(%m, %c1, %c3, %c1) : (memref<?x4x2xi32>, index, index, index) -> i32\n".into(),
        "%cl = \"memref.collapse_shape\"(%m) <{reassociation = [[0, 1], [2]]}> : (memref<?x4x2xi32>) -> memref<?x2xi32>\n".into(),
        "%b = \"memref.load\"(%cl, %c3, %c1) : (memref<?x2xi32>, index, index) -> i32\n".into(),
        "%rows = \"memref.dim\"(%cl, %c0) : (memref<?x2xi32>, index) -> index\n".into(),
        "%e = \"memref.expand_shape\"(%m, %c3) <{reassociation = [[0], [1, 2], [3]], static_output_shape = array<i64: -9223372036854775808, 2, 2, 2>}> : (memref<?x4x2xi32>, index) -> memref<?x2x2x2xi32>\n".into(),
        "%x = \"memref.load\"(%e, %c1, %c1, %c0, %c1) : (memref<?x2x2x2xi32>, index, index, index, index) -> i32\n".into(),
        "\"memref.dealloc\"(%flat) : (memref<24xi32>) -> ()\n".into(),
        ret(&[("a", "i32"), ("b", "i32"), ("rows", "index"), ("x", "i32")]),
    ]
    .concat();
    // m[1][3][1] = 8 + 6 + 1 = 15; cl[3][1] = 7; 12 rows; e[1][1][0][1] = m[1][2][1] = 13.
    assert_eq!(run(&main_module("i32, i32, index, i32", &body)), ["15", "7", "12", "13"]);
}

/// Results come back in registers or memory as each target's C ABI says; calls between
/// Flowgate functions pack and unpack them symmetrically.
#[test]
fn struct_returns_between_functions() {
    let swap = |name: &str, tys: &[&str]| {
        let args: Vec<String> = tys.iter().enumerate().map(|(i, t)| format!("%a{i}: {t}")).collect();
        let names: Vec<String> = (0..tys.len()).rev().map(|i| format!("a{i}")).collect();
        let rev: Vec<&str> = tys.iter().rev().copied().collect();
        let vals: Vec<(&str, &str)> = names.iter().map(String::as_str).zip(rev.iter().copied()).collect();
        func(name, &args.join(", "), &rev.join(", "), &ret(&vals))
    };
    let main = func(
        "main",
        "",
        "f32, f32, i8, f32, i1, i16, f64, f64",
        &[
            k("x", "1.5", "f32"),
            k("y", "-2.25", "f32"),
            k("b", "-3", "i8"),
            k("h", "-300", "i16"),
            k("t", "1", "i1"),
            k("w", "-70000", "i32"),
            k("d", "0.5", "f64"),
            k("e", "-8.0", "f64"),
            "%p0, %p1 = \"func.call\"(%x, %y) <{callee = @s_ff}> : (f32, f32) -> (f32, f32)\n".into(),
            "%q0, %q1 = \"func.call\"(%b, %x) <{callee = @s_bf}> : (i8, f32) -> (f32, i8)\n".into(),
            "%r0, %r1, %r2 = \"func.call\"(%h, %t, %w) <{callee = @s_hti}> : (i16, i1, i32) -> (i32, i1, i16)\n".into(),
            "%s0, %s1, %s2 = \"func.call\"(%d, %e, %d) <{callee = @s_ddd}> : (f64, f64, f64) -> (f64, f64, f64)\n"
                .into(),
            ret(&[
                ("p0", "f32"),
                ("p1", "f32"),
                ("q1", "i8"),
                ("q0", "f32"),
                ("r1", "i1"),
                ("r2", "i16"),
                ("s1", "f64"),
                ("s2", "f64"),
            ]),
        ]
        .concat(),
    );
    let src = module(&[
        swap("s_ff", &["f32", "f32"]),
        swap("s_bf", &["i8", "f32"]),
        swap("s_hti", &["i16", "i1", "i32"]),
        swap("s_ddd", &["f64", "f64", "f64"]),
        main,
    ]);
    assert_eq!(
        run(&src),
        ["-2.250000e+00", "1.500000e+00", "-3", "1.500000e+00", "1", "-300", "-8.000000e+00", "5.000000e-01"]
    );
    // An entry point whose results come back in registers.
    let body = [k("a", "7", "i32"), k("b", "-1", "i32"), ret(&[("a", "i32"), ("b", "i32")])].concat();
    assert_eq!(run(&main_module("i32, i32", &body)), ["7", "-1"]);
}

/// What slips past an unregistered dialect's (absent) verifier and makes Cranelift's verifier
/// fail is an internal compiler error naming the function, not a panic.
#[test]
fn cranelift_verifier_failures_are_reported() {
    let src = module(&[func("bad", "", "i64", &[k("a", "1", "i32"), ret(&[("a", "i32")])].concat())]);
    let mut ctx = flowgate_ir::Context::new();
    ctx.allow_unregistered = true; // func itself unregistered: no func.return type check
    let m = flowgate_ir::asm::parse_source(&mut ctx, "t.mlir", &src, Default::default()).expect("parses");
    let err = flowgate_codegen_cranelift::object::compile_object(&ctx, m, None, OptLevel::None).err();
    match err {
        Some(CodegenError::Verifier { func, .. }) => assert_eq!(func, "bad"),
        other => panic!("expected a verifier error, got {other:?}"),
    }
}

/// Memref descriptors flow through block arguments and `arith.select` part by part.
#[test]
fn memrefs_as_block_arguments_and_select_operands() {
    let body = [
        k("c0", "0", "index"),
        k("c1", "1", "index"),
        k("n", "4", "index"),
        k("x", "5", "i32"),
        k("y", "9", "i32"),
        k("t", "1", "i1"),
        "%a = \"memref.alloc\"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xi32>\n".into(),
        "%b = \"memref.alloc\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2xi32>\n".into(),
        "%bc = \"memref.cast\"(%b) : (memref<2xi32>) -> memref<?xi32>\n".into(),
        "\"memref.store\"(%x, %a, %c1) : (i32, memref<?xi32>, index) -> ()\n".into(),
        "\"memref.store\"(%y, %b, %c1) : (i32, memref<2xi32>, index) -> ()\n".into(),
        "%s = \"arith.select\"(%t, %bc, %a) : (i1, memref<?xi32>, memref<?xi32>) -> memref<?xi32>\n".into(),
        "\"cf.cond_br\"(%t, %a, %bc)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, memref<?xi32>, memref<?xi32>) -> ()\n".into(),
        "^bb1(%m: memref<?xi32>):\n".into(),
        "%v = \"memref.load\"(%m, %c1) : (memref<?xi32>, index) -> i32\n".into(),
        "%d = \"memref.dim\"(%m, %c0) : (memref<?xi32>, index) -> index\n".into(),
        "%w = \"memref.load\"(%s, %c1) : (memref<?xi32>, index) -> i32\n".into(),
        "%e = \"memref.dim\"(%s, %c0) : (memref<?xi32>, index) -> index\n".into(),
        "\"memref.dealloc\"(%a) : (memref<?xi32>) -> ()\n".into(),
        "\"memref.dealloc\"(%b) : (memref<2xi32>) -> ()\n".into(),
        ret(&[("v", "i32"), ("d", "index"), ("w", "i32"), ("e", "index")]),
    ]
    .concat();
    assert_eq!(run(&main_module("i32, index, i32, index", &body)), ["5", "4", "9", "2"]);
}
