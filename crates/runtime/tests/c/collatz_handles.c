/* The Collatz model (testdata/onnx-cf/loop_while_collatz: a data-dependent Loop) compiled for
 * a cross target by `onnx-translate` + `onnx-compile --target`, called through its `main_graph`
 * entry with the runtime's handle ABI (crates/runtime/README.md: a handle in, a struct of three
 * handles out), and checked against the same walk done here in C. scripts/c-embed-test.sh links
 * it with the target's runtime and runs it under qemu. Exits 0 and prints "collatz: ok". */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  void *n_final, *steps, *path;
} main_graph_result;
main_graph_result main_graph(void *n);

/* The runtime's handle ABI (the runtime-abi table). */
void *flowgate_rt_box_i64(int64_t v, int32_t dtype);
int64_t flowgate_rt_unbox_i64(int32_t node, void *h);
int64_t flowgate_rt_dim(int32_t node, void *h, int64_t axis);
void flowgate_rt_read_buffer(int32_t node, void *h, int64_t dst, int32_t dtype, int64_t numel);
uint8_t flowgate_rt_ok(void);
void flowgate_rt_release(void *h);
int64_t flowgate_rt_live_values(void);

#define INT64 7

/* `count_leaks`: the first run may keep memoized constants alive (by design, for the process's
 * life), so values are counted from the second run on. */
static int check(int64_t n, int count_leaks) {
  int64_t want[1000], steps = 0;
  for (int64_t v = n; v != 1 && steps < 1000; steps++) want[steps] = v = v % 2 == 0 ? v / 2 : 3 * v + 1;
  int64_t live = flowgate_rt_live_values();
  void *in = flowgate_rt_box_i64(n, INT64);
  main_graph_result r = main_graph(in);
  int64_t got_final = flowgate_rt_unbox_i64(-1, r.n_final);
  int64_t got_steps = flowgate_rt_unbox_i64(-1, r.steps);
  int64_t len = flowgate_rt_dim(-1, r.path, 0);
  int64_t path[1000] = {0};
  if (len == steps) flowgate_rt_read_buffer(-1, r.path, (int64_t)(intptr_t)path, INT64, len);
  int ok = flowgate_rt_ok() && got_final == 1 && got_steps == steps && len == steps &&
           memcmp(path, want, (size_t)steps * sizeof(int64_t)) == 0;
  flowgate_rt_release(in);
  flowgate_rt_release(r.n_final);
  flowgate_rt_release(r.steps);
  flowgate_rt_release(r.path);
  ok = ok && (!count_leaks || flowgate_rt_live_values() == live);
  printf("collatz(%lld): %lld steps, %s\n", (long long)n, (long long)got_steps, ok ? "as computed in C" : "WRONG");
  return ok;
}

int main(void) {
  int ok = check(6, 0) & check(6, 1) & check(27, 1) & check(1, 1);
  puts(ok ? "collatz: ok" : "collatz: FAILED");
  return ok ? 0 : 1;
}
