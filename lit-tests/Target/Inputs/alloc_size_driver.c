/* Calls the function of alloc-size-checks.mlir named by argv[1] and prints its result. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int64_t overflow(void);
int64_t huge(void);
int64_t static_huge(void);
int64_t fine(void);

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  int64_t r = strcmp(argv[1], "overflow") == 0      ? overflow()
              : strcmp(argv[1], "huge") == 0        ? huge()
              : strcmp(argv[1], "static_huge") == 0 ? static_huge()
                                                    : fine();
  printf("%" PRId64 "\n", r);
  return 0;
}
