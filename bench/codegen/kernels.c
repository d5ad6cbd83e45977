/* The same kernels as kernels.mlir, in C, for gcc -O2. */
#include <stdint.h>

float sum_f32_c(const float *m, int64_t n) {
  float s = 0.0f;
  for (int64_t i = 0; i < n; i++) s += m[i];
  return s;
}

int64_t while_int_c(int64_t n) {
  uint64_t x = 1, acc = 0;
  for (int64_t i = 0; i < n; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    acc ^= x >> 33;
  }
  return (int64_t)acc;
}

int64_t nest_c(int64_t n) {
  int64_t acc = 0;
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++) {
      if ((i * j) % 3 == 0) acc += i; else acc -= j;
    }
  return acc;
}

float par2d_c(const float *m, int64_t rows, int64_t cols) {
  float acc = 0.0f;
  for (int64_t i = 0; i < rows; i++)
    for (int64_t j = 0; j < cols; j++) acc += m[i * cols + j] * m[i * cols + j];
  return acc;
}
