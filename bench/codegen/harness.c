/* Times each Flowgate kernel against its C twin (best of RUNS) and checks they agree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "kernels.h"

float sum_f32_c(const float *m, int64_t n);
int64_t while_int_c(int64_t n);
int64_t nest_c(int64_t n);
float par2d_c(const float *m, int64_t rows, int64_t cols);

#define RUNS 5
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
#define BEST(var, expr)                                   \
  do {                                                    \
    var = 1e30;                                           \
    for (int r_ = 0; r_ < RUNS; r_++) {                   \
      double t0_ = now();                                 \
      expr;                                               \
      double d_ = now() - t0_;                            \
      if (d_ < var) var = d_;                             \
    }                                                     \
  } while (0)

static void report(const char *name, double fg, double c, int same) {
  printf("%-10s flowgate %8.3f ms   gcc -O2 %8.3f ms   ratio %5.2fx   %s\n", name, fg * 1e3, c * 1e3,
         fg / c, same ? "same result" : "RESULTS DIFFER");
}

int main(void) {
  const int64_t N = 10000000;
  float *buf = malloc(sizeof(float) * N);
  for (int64_t i = 0; i < N; i++) buf[i] = (float)((i * 7) % 13) * 0.25f;
  flowgate_memref_f32_1d m1 = {buf, buf, 0, {N}, {1}};
  volatile float fr = 0, cr = 0;
  double tf, tc;
  BEST(tf, fr = sum_f32(&m1));
  BEST(tc, cr = sum_f32_c(buf, N));
  report("sum_f32", tf, tc, fr == cr);

  volatile int64_t fi = 0, ci = 0;
  BEST(tf, fi = while_int(1000000));
  BEST(tc, ci = while_int_c(1000000));
  report("while_int", tf, tc, fi == ci);

  BEST(tf, fi = nest(2000));
  BEST(tc, ci = nest_c(2000));
  report("nest", tf, tc, fi == ci);

  const int64_t R = 2000, C = 2000;
  flowgate_memref_f32_2d m2 = {buf, buf, 0, {R, C}, {C, 1}};
  BEST(tf, fr = par2d(&m2));
  BEST(tc, cr = par2d_c(buf, R, C));
  report("par2d", tf, tc, fr == cr);
  free(buf);
  return 0;
}
