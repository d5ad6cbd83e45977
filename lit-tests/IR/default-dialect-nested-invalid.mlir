// Inside an scf.if no default dialect applies, so `call` is not `func.call` (upstream says the
// same, with a note listing its dialects that we do not have).
// RUN: %onnx-opt %s -verify-diagnostics

func.func private @g() -> i64
func.func @short_call_in_if(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{Dialect `' not found for custom op 'call'  (tried '.call' as well)}}
    %b = call @g() : () -> i64
  }
  return
}
