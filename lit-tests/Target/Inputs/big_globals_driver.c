// Calls the functions of big-globals.mlir's main.mlir from C: the object's zero splats live in
// bss, so the program starts without a 1 GB image.
#include <stdint.h>
#include <stdio.h>

int8_t zero_last(void);
int8_t written_last(void);
float float_splat_last(void);
int16_t small_splat(void);

int main(void) {
  printf("%d %d %g %d\n", zero_last(), written_last(), float_splat_last(), small_splat());
  return 0;
}
