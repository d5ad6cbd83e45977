// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// builtin.module (named, nested, with attributes, empty) and builtin.unrealized_conversion_cast.
// Module attributes print sorted by name; `module` needs no `builtin.` prefix, while
// unrealized_conversion_cast keeps it inside a func.func (whose default dialect is func).

// CHECK-LABEL: module @outer attributes {fg.target = "x86_64", fg.version = 2 : i64} {
// CHECK-NEXT:    module @inner {
// CHECK-NEXT:      func.func @f() {
// CHECK-NEXT:        return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    module {
// CHECK-NEXT:      module @deepest {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    module @empty {
// CHECK-NEXT:    }
// CHECK-NEXT:    module @explicit_prefix {
// CHECK-NEXT:    }
module @outer attributes {fg.version = 2 : i64, fg.target = "x86_64"} {
  module @inner {
    func.func @f() {
      return
    }
  }
  module {
    module @deepest {
    }
  }
  module @empty {
  }
  builtin.module @explicit_prefix {
  }

// CHECK-LABEL:   func.func @casts(
// CHECK-SAME:        %[[A:.*]]: i32, %[[X:.*]]: f32) -> (i64, f32, index) {
// CHECK-NEXT:      %[[ONE_TO_ONE:.*]] = builtin.unrealized_conversion_cast %[[A]] : i32 to i64
// CHECK-NEXT:      %[[TWO_TO_ONE:.*]] = builtin.unrealized_conversion_cast %[[A]], %[[X]] : i32, f32 to f32
// CHECK-NEXT:      %[[ONE_TO_TWO:.*]]:2 = builtin.unrealized_conversion_cast %[[X]] : f32 to index, index
// CHECK-NEXT:      %{{.*}} = builtin.unrealized_conversion_cast to i8
// CHECK-NEXT:      return %[[ONE_TO_ONE]], %[[TWO_TO_ONE]], %[[ONE_TO_TWO]]#1 : i64, f32, index
// CHECK-NEXT:    }
// CHECK-NEXT:  }
  func.func @casts(%a: i32, %x: f32) -> (i64, f32, index) {
    %0 = builtin.unrealized_conversion_cast %a : i32 to i64
    %1 = builtin.unrealized_conversion_cast %a, %x : i32, f32 to f32
    %2:2 = builtin.unrealized_conversion_cast %x : f32 to index, index
    %3 = builtin.unrealized_conversion_cast to i8
    return %0, %1, %2#1 : i64, f32, index
  }
}
