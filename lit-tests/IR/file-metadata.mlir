// Issue 11: the `{-# ... #-}` file metadata dictionary is parsed as upstream does: only the
// keys `dialect_resources` and `external_resources`; resource groups of registered dialects
// that handle resources (of ours only `builtin`); blobs as "0x" + 4-byte alignment (zero or a
// power of two) + data; external resources checked by the kind of their value and dropped.
// RUN: split-file %s %t
// RUN: %onnx-opt %t/ok.mlir | FileCheck %s
// RUN: %onnx-opt %t/bad.mlir -split-input-file -verify-diagnostics

// CHECK: arith.constant dense_resource<b.1> : tensor<2xi8>
// CHECK: builtin: {
// CHECK-NEXT: b.1: "0x010000000102"

//--- ok.mlir
{-# #-}
func.func @f() -> tensor<2xi8> {
  %0 = arith.constant dense_resource<b.1> : tensor<2xi8>
  return %0 : tensor<2xi8>
}
{-#
  dialect_resources: {
    builtin: {
      b.1: "0x010000000102",
      "quoted key": "0x00000000"
    }
  },
  external_resources: {
    some_tool: {
      flag: true,
      other: false,
      text: "any string",
      "blob key": "0x08000000AABB"
    },
    empty: {}
  }
#-}

//--- bad.mlir
// expected-error@+2 {{expected identifier key in file metadata dictionary}}
{-#

// -----

// expected-error@+2 {{expected ':'}}
{-#
  dialect_resources
#-}

// -----

// expected-error@+2 {{unknown key 'resources' in file metadata dictionary}}
{-#
  resources: {}
#-}

// -----

// expected-error@+2 {{expected ',' or '#-}'}}
{-#
  dialect_resources: {} external_resources: {}
#-}

// -----

// expected-error@+2 {{expected '{'}}
{-#
  external_resources: 3
#-}

// -----

// expected-error@+3 {{expected identifier key for 'resource' entry}}
{-#
  dialect_resources: {
    "builtin": {}
  }
#-}

// -----

// expected-error@+3 {{dialect 'nonexistent' is unknown}}
{-#
  dialect_resources: {
    nonexistent: {}
  }
#-}

// -----

// expected-error@+3 {{unexpected 'resource' section for dialect 'arith'}}
{-#
  dialect_resources: {
    arith: { k: "0x04000000" }
  }
#-}

// -----

// expected-error@+4 {{expected identifier key for 'resource' entry}}
{-#
  dialect_resources: {
    builtin: {
      10: "0x04000000"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'k'}}
{-#
  dialect_resources: {
    builtin: {
      k: "0x123"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'k' to encode alignment in first 4 bytes}}
{-#
  dialect_resources: {
    builtin: {
      k: "0x010203"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'k' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
{-#
  dialect_resources: {
    builtin: {
      k: "0x0300000001"
    }
  }
#-}

// -----

// expected-error@+4 {{expected identifier key for 'external_resources' entry}}
{-#
  external_resources: {
    tool: {
      [: true
    }
  }
#-}

// -----

// expected-error@+4 {{expected string value for key 'k'}}
{-#
  external_resources: {
    tool: {
      k: 42
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'k'}}
{-#
  external_resources: {
    tool: {
      k: "0xZZ"
    }
  }
#-}

// -----

// expected-error@+4 {{expected '"' in string literal}}
// expected-error@+3 {{expected hex string blob for key 'k'}}
{-#
  dialect_resources: {
    builtin: { k: "0x
  }
#-}
