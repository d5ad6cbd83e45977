// RUN: %onnx-opt %s -mlir-print-local-scope | %onnx-opt -mlir-print-local-scope | FileCheck %s

// Well-formed affine maps and integer sets are checked and kept as written, with upstream's
// names for the identifiers (`d<i>`, `s<i>`; upstream also simplifies the expressions): symbols
// may multiply anything and divide, dimensions only be scaled or divided by constants and
// symbols.

// CHECK-LABEL: func.func private @maps(
// CHECK-SAME: affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 floordiv 2, -(d1 mod 4) + 3, (s0 * 2) ceildiv s0)>
// CHECK-SAME: affine_map<() -> ()>
// CHECK-SAME: affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 * 2 == 8, d0 <= 7)>
// CHECK-SAME: affine_set<(d0) : (0 == 0)>
func.func private @maps() attributes {
  a = affine_map<(i, j)[s0] -> (i * s0 + j floordiv 2, -(j mod 4) + 3, (s0 * 2) ceildiv s0)>,
  b = affine_map<() -> ()>,
  c = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 * 2 == 8, d0 <= 7)>,
  d = affine_set<(d0) : ()>
}

// The layout of a memref names one dimension per memref dimension.
// CHECK-LABEL: func.func private @layout(
// CHECK-SAME: memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>
func.func private @layout(memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>)

// An identity map is the default layout, which prints as none, as upstream's MemRefType keeps
// it, also when it has symbols (upstream's AffineMap::isIdentity ignores them); a permutation stays.
// CHECK-LABEL: func.func private @identity_layout(
// CHECK-SAME: memref<4xf32>, memref<4x4xf32>,
// CHECK-SAME: memref<4xf32>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>)
func.func private @identity_layout(memref<4xf32, affine_map<(d0) -> (d0)>>, memref<4x4xf32, affine_map<(i, j) -> (i, (j))>>, memref<4xf32, affine_map<(d0)[s0] -> (d0)>>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>)

// A map written over several lines, with comments, prints on one line without them.
// CHECK-LABEL: func.func private @multiline()
// CHECK-SAME: m = affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>
func.func private @multiline() attributes {m = affine_map<(d0, // the dimensions
    d1)[s0] -> (d0 + s0, // first result
    d1)>}

// An identifier may be spelled like an operator.
// CHECK-LABEL: func.func private @renamed()
// CHECK-SAME: m = affine_map<(d0)[s0] -> (d0 mod 2 + s0)>
func.func private @renamed() attributes {m = affine_map<(mod)[floordiv] -> (mod mod 2 + floordiv)>}
