// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// The builtin attributes, as discardable attributes of function declarations. A dictionary
// prints sorted by name; an integer without a type is i64 and a float f64, and both print
// their type; `1 : i1` prints as `true`; floats print as in arith's ops.mlir; strings escape
// `"`, `\` and non-printable bytes as `\XX` hex pairs; a unit entry prints as its bare name.


// CHECK-LABEL: func.func private @integers(
// CHECK-SAME: ) attributes {fg.big = 18446744073709551615 : ui64,
// CHECK-SAME: fg.default = 5 : i64,
// CHECK-SAME: fg.hex = 16 : i16,
// CHECK-SAME: fg.i1 = true,
// CHECK-SAME: fg.i32 = -7 : i32,
// CHECK-SAME: fg.i64 = 42 : i64,
// CHECK-SAME: fg.idx = 3 : index,
// CHECK-SAME: fg.si8 = -1 : si8,
// CHECK-SAME: fg.ui8 = 255 : ui8}{{$}}
func.func private @integers() attributes {
  fg.i64 = 42 : i64, fg.i32 = -7 : i32, fg.default = 5, fg.i1 = 1 : i1, fg.idx = 3 : index,
  fg.si8 = -1 : si8, fg.ui8 = 255 : ui8, fg.hex = 0x10 : i16, fg.big = 18446744073709551615 : ui64}

// CHECK-LABEL: func.func private @floats(
// CHECK-SAME: ) attributes {fg.bf16 = 1.000000e+00 : bf16,
// CHECK-SAME: fg.default = 5.000000e-01 : f64,
// CHECK-SAME: fg.f16 = 6.550400e+04 : f16,
// CHECK-SAME: fg.f32 = 1.500000e+00 : f32,
// CHECK-SAME: fg.f64 = -2.000000e-03 : f64,
// CHECK-SAME: fg.hex = 0x7FC00000 : f32,
// CHECK-SAME: fg.inf = 0x7FF0000000000000 : f64,
// CHECK-SAME: fg.precise = 1.000000e-01 : f64,
// CHECK-SAME: fg.tiny = 4.940660e-324 : f64}{{$}}
func.func private @floats() attributes {
  fg.f32 = 1.5 : f32, fg.f64 = -2.0e-3 : f64, fg.default = 0.5, fg.f16 = 65504.0 : f16,
  fg.hex = 0x7FC00000 : f32, fg.inf = 0x7FF0000000000000 : f64, fg.bf16 = 1.0 : bf16,
  fg.precise = 0.1 : f64, fg.tiny = 4.9406564584124654e-324 : f64}

// CHECK-LABEL: func.func private @bools(
// CHECK-SAME: ) attributes {fg.f = false,
// CHECK-SAME: fg.t = true}{{$}}
func.func private @bools() attributes {fg.t = true, fg.f = false}

// CHECK-LABEL: func.func private @strings(
// CHECK-SAME: ) attributes {fg.c_escapes = "q\22n\0At\09",
// CHECK-SAME: fg.empty = "",
// CHECK-SAME: fg.escapes = "tab\09quote\22backslash\\newline\0A",
// CHECK-SAME: fg.plain = "hello",
// CHECK-SAME: fg.typed = "x" : i32,
// CHECK-SAME: fg.unicode = "\C3\A9t\C3\A9"}{{$}}
func.func private @strings() attributes {
  fg.plain = "hello", fg.empty = "", fg.escapes = "tab\09quote\22backslash\\newline\0A",
  fg.typed = "x" : i32, fg.unicode = "\C3\A9t\C3\A9", fg.c_escapes = "q\"n\nt\t"}

// CHECK-LABEL: func.func private @arrays(
// CHECK-SAME: ) attributes {fg.dense_empty = array<i64>,
// CHECK-SAME: fg.dense_f32 = array<f32: 1.000000e+00, 2.500000e+00>,
// CHECK-SAME: fg.dense_i1 = array<i1: true, false>,
// CHECK-SAME: fg.dense_i32 = array<i32: 7>,
// CHECK-SAME: fg.dense_i64 = array<i64: 1, -2, 3>,
// CHECK-SAME: fg.empty = [],
// CHECK-SAME: fg.ints = [1, 2, 3],
// CHECK-SAME: fg.mixed = [1 : i32, "two", 3.000000e+00 : f32, [4], unit]}{{$}}
func.func private @arrays() attributes {
  fg.empty = [], fg.ints = [1, 2, 3], fg.mixed = [1 : i32, "two", 3.0 : f32, [4], unit],
  fg.dense_i64 = array<i64: 1, -2, 3>, fg.dense_i32 = array<i32: 7>, fg.dense_empty = array<i64>,
  fg.dense_f32 = array<f32: 1.0, 2.5>, fg.dense_i1 = array<i1: true, false>}

// CHECK-LABEL: func.func private @dictionaries(
// CHECK-SAME: ) attributes {fg.empty = {},
// CHECK-SAME: fg.nested = {a = {c = "x"}, b = 2 : i64},
// CHECK-SAME: fg.unit_entry = {flag}}{{$}}
func.func private @dictionaries() attributes {
  fg.empty = {}, fg.nested = {b = 2 : i64, a = {c = "x"}}, fg.unit_entry = {flag}}

// CHECK-LABEL: func.func private @dense(
// CHECK-SAME: ) attributes {fg.bool = dense<[true, false, true]> : tensor<3xi1>,
// CHECK-SAME: fg.empty = dense<> : tensor<0xf32>,
// CHECK-SAME: fg.f64 = dense<[1.000000e-01, -2.000000e+00]> : vector<2xf64>,
// CHECK-SAME: fg.full = dense<{{\[\[}}1, 2], [3, 4{{\]\]}}> : tensor<2x2xi8>,
// CHECK-SAME: fg.hexfloat = dense<0x7FC00000> : tensor<2xf32>,
// CHECK-SAME: fg.idx = dense<[1, 2]> : tensor<2xindex>,
// CHECK-SAME: fg.scalar = dense<3> : tensor<i64>,
// CHECK-SAME: fg.splat_bool = dense<true> : vector<4xi1>,
// CHECK-SAME: fg.splat_f = dense<1.500000e+00> : tensor<2x2xf32>,
// CHECK-SAME: fg.splat_i = dense<7> : tensor<4xi32>}{{$}}
func.func private @dense() attributes {
  fg.splat_i = dense<7> : tensor<4xi32>, fg.splat_f = dense<1.5> : tensor<2x2xf32>,
  fg.full = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>, fg.bool = dense<[true, false, true]> : tensor<3xi1>,
  fg.f64 = dense<[0.1, -2.0]> : vector<2xf64>, fg.scalar = dense<3> : tensor<i64>,
  fg.empty = dense<> : tensor<0xf32>, fg.splat_bool = dense<true> : vector<4xi1>,
  fg.idx = dense<[1, 2]> : tensor<2xindex>, fg.hexfloat = dense<0x7FC00000> : tensor<2xf32>}

// CHECK-LABEL: func.func private @types(
// CHECK-SAME: ) attributes {fg.fn = (i32) -> f32,
// CHECK-SAME: fg.idx = index,
// CHECK-SAME: fg.int = i32,
// CHECK-SAME: fg.memref = memref<4xi8>,
// CHECK-SAME: fg.none = none,
// CHECK-SAME: fg.tensor = tensor<?x4xf32>}{{$}}
func.func private @types() attributes {
  fg.int = i32, fg.fn = (i32) -> f32, fg.tensor = tensor<?x4xf32>, fg.memref = memref<4xi8>,
  fg.none = none, fg.idx = index}

// CHECK-LABEL: func.func private @symbols(
// CHECK-SAME: ) attributes {fg.array = [@x, @y::@z],
// CHECK-SAME: fg.deep = @a::@b::@c,
// CHECK-SAME: fg.flat = @foo,
// CHECK-SAME: fg.nested = @a::@b,
// CHECK-SAME: fg.quoted = @"with space"}{{$}}
func.func private @symbols() attributes {
  fg.flat = @foo, fg.nested = @a::@b, fg.deep = @a::@b::@c, fg.quoted = @"with space",
  fg.array = [@x, @y::@z]}

// CHECK-LABEL: func.func private @unit_attrs(
// CHECK-SAME: ) attributes {fg.explicit_unit,
// CHECK-SAME: fg.unit}{{$}}
func.func private @unit_attrs() attributes {fg.unit, fg.explicit_unit = unit}
