// A compiled model's C entry `<name>_run` checks its inputs (issue 20 item 4): a null pointer,
// a wrong element type, rank or dimension, a negative dimension, or two inputs that disagree on
// a shared symbolic dimension return non-zero with a message naming the input, outputs zeroed.
// Two models (one with a Loop) link into one program: each object exports its `<name>_run`
// alone.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %onnx-compile %S/Inputs/model-checks.onnxtxt -o %t/checks.o --emit-header %t/checks.h
// RUN: %onnx-compile %testdata/onnx-backend-cf/test_loop11/model.onnx --name loop -o %t/loop.o --emit-header %t/loop.h
// RUN: nm -g --defined-only %t/checks.o | FileCheck %s --check-prefix=SYMS --implicit-check-not=" T " --implicit-check-not=" D " --implicit-check-not=" R " --implicit-check-not=" B "
// RUN: %cc -std=c11 -Wall -Werror -I %t -I %flowgate_src_root/include %s %t/checks.o %t/loop.o %flowgate_runtime -lm -lpthread -ldl -o %t/prog
// RUN: %t/prog | FileCheck %s
// RUN: FileCheck %s --check-prefix=HEADER < %t/checks.h

// SYMS: {{^[0-9a-f]+}} T model_checks_run{{$}}

// HEADER: #ifndef FLOWGATE_ABI_TYPES
// HEADER: typedef struct FlowgateTensor {
// HEADER: const char *flowgate_last_error(void);
// HEADER: * Inputs:
// HEADER-NEXT: *   [0] "x": float32[N,3] (dtype 1)
// HEADER-NEXT: *   [1] "y": float32[N,3] (dtype 1)
// HEADER-NEXT: * Outputs:
// HEADER-NEXT: *   [0] "z": float32[N,3] (dtype 1)
// HEADER-NEXT: * Symbolic dimensions (N) take any size
// HEADER: int32_t model_checks_run(const FlowgateTensor *inputs, FlowgateTensor *outputs);

// CHECK: ok 0: rank 2 [2,3] z = 11 22 33 44 55 66
// CHECK-NEXT: null inputs: 1 the model takes 2 inputs and the inputs pointer is null
// CHECK-NEXT: dtype: 1 input 'x': expected element type float32 (float32[N,3]), got float64[2,3]
// CHECK-NEXT: rank: 1 input 'x': expected rank 2 (float32[N,3]), got rank 1 float32[6]
// CHECK-NEXT: dimension: 1 input 'y': expected dimension 1 to be 3 (float32[N,3]), got float32[2,4]
// CHECK-NEXT: negative: 1 input 'x': has a negative dimension -2 at axis 0
// CHECK-NEXT: symbolic: 1 input 'y': expected dimension 0 ('N') to be 2, as in input 'x' (float32[N,3]), got float32[1,3]
// CHECK-NEXT: null data: 1 input 'y': has 6 elements but its data is NULL
// CHECK-NEXT: null shape: 1 input 'x': has rank 2 but its shape is NULL
// CHECK-NEXT: unknown dtype: 1 input 'x': has element type string, which Flowgate does not support
// CHECK-NEXT: not a tensor: 1 input 'x': expected a tensor (float32[N,3]), got optional(none)
// CHECK-NEXT: null outputs: 1 the model has 1 outputs and the outputs pointer is null
// CHECK-NEXT: outputs zeroed: 0 0 0
// CHECK-NEXT: loop 0: res_y = 15 res_scan = 1 3 6 10 15
// CHECK-NEXT: loop again 0: res_y = 15

#include "checks.h"
#include "loop.h"
/* After a model header: the two share the value-ABI block. */
#include "flowgate.h"
#include <stdio.h>
#include <string.h>

static float xs[6] = {1, 2, 3, 4, 5, 6};
static float ys[6] = {10, 20, 30, 40, 50, 60};
static double ds[6];
static float y8[8];
static int64_t s23[2] = {2, 3}, s24[2] = {2, 4}, s13[2] = {1, 3}, s6[1] = {6}, neg[2] = {-2, 3};

static FlowgateTensor t(int32_t dtype, int32_t rank, const int64_t *shape, void *data) {
  FlowgateTensor v = {dtype, rank, shape, data, NULL};
  return v;
}

/* Runs checks with x and y, prints the status and the error (or nothing on success). */
static void bad(const char *what, FlowgateTensor x, FlowgateTensor y) {
  FlowgateTensor in[2] = {x, y};
  FlowgateTensor out[1];
  memset(out, 0x5a, sizeof out);
  int32_t r = model_checks_run(in, out);
  printf("%s: %d %s\n", what, r, r ? flowgate_last_error() : "");
  if (out[0].data != NULL || out[0].owner != NULL || out[0].shape != NULL) printf("outputs not zeroed\n");
}

int main(void) {
  FlowgateTensor in[2] = {t(1, 2, s23, xs), t(1, 2, s23, ys)};
  FlowgateTensor out[MODEL_CHECKS_NUM_OUTPUTS];
  int32_t r = model_checks_run(in, out);
  const float *z = out[0].data;
  printf("ok %d: rank %d [%lld,%lld] z = %g %g %g %g %g %g\n", r, out[0].rank, (long long)out[0].shape[0],
         (long long)out[0].shape[1], z[0], z[1], z[2], z[3], z[4], z[5]);
  flowgate_tensor_free(&out[0]);
  flowgate_tensor_free(&out[0]); /* zeroed by the first call: a no-op */
  flowgate_tensor_free(NULL);

  r = model_checks_run(NULL, out);
  printf("null inputs: %d %s\n", r, flowgate_last_error());
  bad("dtype", t(11, 2, s23, ds), t(1, 2, s23, ys));
  bad("rank", t(1, 1, s6, xs), t(1, 2, s23, ys));
  bad("dimension", t(1, 2, s23, xs), t(1, 2, s24, y8));
  bad("negative", t(1, 2, neg, xs), t(1, 2, s23, ys));
  bad("symbolic", t(1, 2, s23, xs), t(1, 2, s13, ys));
  bad("null data", t(1, 2, s23, xs), t(1, 2, s23, NULL));
  bad("null shape", t(1, 2, NULL, xs), t(1, 2, s23, ys));
  bad("unknown dtype", t(8, 2, s23, xs), t(1, 2, s23, ys));
  bad("not a tensor", t(FLOWGATE_OPTIONAL, 0, NULL, NULL), t(1, 2, s23, ys));
  r = model_checks_run(in, NULL);
  printf("null outputs: %d %s\n", r, flowgate_last_error());

  FlowgateTensor zeroed[1];
  memset(zeroed, 0x5a, sizeof zeroed);
  model_checks_run(NULL, zeroed);
  printf("outputs zeroed: %d %d %d\n", zeroed[0].dtype, zeroed[0].data != NULL, zeroed[0].owner != NULL);

  /* The second model: a Loop of 5 trips accumulating y (0) + 1 + 2 + ... */
  int64_t trips = 5;
  uint8_t cond = 1;
  float y = 0;
  int64_t s1[1] = {1};
  FlowgateTensor lin[LOOP_NUM_INPUTS] = {t(7, 0, NULL, &trips), t(9, 0, NULL, &cond), t(1, 1, s1, &y)};
  FlowgateTensor lout[LOOP_NUM_OUTPUTS];
  r = loop_run(lin, lout);
  const float *ry = lout[0].data, *rs = lout[1].data;
  printf("loop %d: res_y = %g res_scan = %g %g %g %g %g\n", r, ry[0], rs[0], rs[1], rs[2], rs[3], rs[4]);
  for (int k = 0; k < LOOP_NUM_OUTPUTS; k++) flowgate_tensor_free(&lout[k]);
  r = loop_run(lin, lout);
  printf("loop again %d: res_y = %g\n", r, ((const float *)lout[0].data)[0]);
  for (int k = 0; k < LOOP_NUM_OUTPUTS; k++) flowgate_tensor_free(&lout[k]);
  return 0;
}
