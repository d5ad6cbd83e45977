/* Two compiled ONNX models in one C program: collatz (a Loop) and scan_sum (a Scan), built from
 * their .onnx files by flowgate_compile_model() (CMakeLists.txt) or by hand (scripts/
 * c-embed-test.sh, also for aarch64 and riscv64 under qemu). Each runs on fixed inputs; the
 * outputs are checked against the same computation done here in C; then bad inputs must come
 * back as an error naming the input. Exits 0 and prints "c-embed: ok" when all is well. */
#include <flowgate.h>

#include "flowgate/collatz.h"
#include "flowgate/scan_sum.h"

#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      failures++;                                                              \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

/* The last error mentions `what`. */
static void check_error_names(const char *what) {
  const char *e = flowgate_last_error();
  if (strstr(e, what) == NULL) {
    failures++;
    fprintf(stderr, "error \"%s\" does not name %s\n", e, what);
  } else {
    printf("  rejected as expected: %s\n", e);
  }
}

/* collatz: n -> (n_final, steps, path): the Collatz steps from n down to 1. */
static void run_collatz(int64_t n) {
  FlowgateTensor in;
  CHECK(flowgate_tensor_new(&in, FLOWGATE_INT64, 0, NULL, &n, FLOWGATE_BORROW) == 0);
  FlowgateTensor out[3];
  int32_t rc = collatz_run(&in, out);
  CHECK(rc == 0);
  if (rc != 0) {
    fprintf(stderr, "collatz_run: %s\n", flowgate_last_error());
    return;
  }
  /* The same walk in C. */
  int64_t want[1000], steps = 0;
  for (int64_t v = n; v != 1 && steps < 1000; steps++) {
    v = v % 2 == 0 ? v / 2 : 3 * v + 1;
    want[steps] = v;
  }
  CHECK(flowgate_tensor_dtype(&out[0]) == FLOWGATE_INT64 && flowgate_tensor_rank(&out[0]) == 0);
  CHECK(*(int64_t *)flowgate_tensor_data(&out[0]) == 1);
  CHECK(*(int64_t *)flowgate_tensor_data(&out[1]) == steps);
  CHECK(flowgate_tensor_rank(&out[2]) == 1 && flowgate_tensor_dim(&out[2], 0) == steps);
  CHECK(memcmp(flowgate_tensor_data(&out[2]), want, (size_t)steps * sizeof(int64_t)) == 0);
  printf("collatz(%lld): %lld steps\n", (long long)n, (long long)steps);
  for (int i = 0; i < 3; i++) flowgate_tensor_free(&out[i]);
}

/* scan_sum: (initial[1,2], x[1,3,2]) -> (y[1,2], z[1,3,2]): running sums of x's rows. */
static void run_scan_sum(void) {
  float initial[2] = {0.5f, -1.0f};
  float x[6] = {1, 2, 3, 4, 5, 6};
  int64_t s_init[2] = {1, 2}, s_x[3] = {1, 3, 2};
  FlowgateTensor in[2];
  CHECK(flowgate_tensor_new(&in[0], FLOWGATE_FLOAT, 2, s_init, initial, FLOWGATE_BORROW) == 0);
  CHECK(flowgate_tensor_new(&in[1], FLOWGATE_FLOAT, 3, s_x, x, FLOWGATE_COPY) == 0);
  FlowgateTensor out[2];
  int32_t rc = scan_sum_run(in, out);
  CHECK(rc == 0);
  flowgate_tensor_free(&in[1]);
  if (rc != 0) {
    fprintf(stderr, "scan_sum_run: %s\n", flowgate_last_error());
    return;
  }
  float acc[2] = {initial[0], initial[1]}, z[6];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 2; c++) z[2 * r + c] = acc[c] += x[2 * r + c];
  float y_got[2], z_got[6];
  CHECK(flowgate_tensor_copy_data(&out[0], y_got, sizeof y_got) == 0);
  CHECK(flowgate_tensor_copy_data(&out[1], z_got, sizeof z_got) == 0);
  CHECK(flowgate_tensor_rank(&out[1]) == 3 && flowgate_tensor_dim(&out[1], 1) == 3);
  CHECK(memcmp(y_got, acc, sizeof acc) == 0 && memcmp(z_got, z, sizeof z) == 0);
  printf("scan_sum: y = [%g, %g]\n", y_got[0], y_got[1]);
  for (int i = 0; i < 2; i++) flowgate_tensor_free(&out[i]);
}

static void bad_inputs(void) {
  FlowgateTensor out[3];
  /* A float where collatz wants int64. */
  double d = 6;
  FlowgateTensor wrong_dtype = {FLOWGATE_DOUBLE, 0, NULL, &d, NULL};
  CHECK(collatz_run(&wrong_dtype, out) != 0);
  check_error_names("'n'");
  /* x of rank 2 where scan_sum wants rank 3. */
  float f[6] = {0};
  int64_t s_init[2] = {1, 2}, s_x[2] = {3, 2};
  FlowgateTensor in[2] = {{FLOWGATE_FLOAT, 2, s_init, f, NULL}, {FLOWGATE_FLOAT, 2, s_x, f, NULL}};
  CHECK(scan_sum_run(in, out) != 0);
  check_error_names("'x'");
  /* A negative dimension. */
  int64_t s_neg[3] = {1, -3, 2};
  in[1].rank = 3;
  in[1].shape = s_neg;
  CHECK(scan_sum_run(in, out) != 0);
  check_error_names("'x'");
  /* No inputs at all. */
  CHECK(collatz_run(NULL, out) != 0);
  printf("  rejected as expected: %s\n", flowgate_last_error());
}

int main(void) {
  run_collatz(6);
  run_collatz(27);
  run_collatz(1);
  run_scan_sum();
  bad_inputs();
  if (failures) {
    fprintf(stderr, "c-embed: %d checks failed\n", failures);
    return 1;
  }
  printf("c-embed: ok\n");
  return 0;
}
