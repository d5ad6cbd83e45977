/* Calls the functions of aot-link.mlir through the header onnx-compile wrote. */
#include <stdio.h>
#include <stdlib.h>
#include "lib.h"

int main(void) {
  printf("%lld\n", (long long)collatz_steps(27));
  minmax_result mm = minmax(-4.5, 3.0f);
  printf("%g %g %d\n", mm.r0, mm.r1, (int)mm.r2);
  int64_t data[5] = {5, 1, 4, 2, 3};
  flowgate_memref_i64_1d m = {data, data, 0, {5}, {1}};
  scale(&m, 10);
  printf("%lld %lld\n", (long long)data[0], (long long)data[4]);
  return 0;
}
