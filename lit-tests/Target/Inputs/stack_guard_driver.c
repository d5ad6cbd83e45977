/* Runs a compiled function on a thread whose stack sits right above a guard page, with 15 MB
   of readable, writable canary memory below the guard. Code that moves its stack pointer 10 MB
   down without probing writes into the canaries ("corrupted"); code with stack probes touches
   the guard page first, and the SIGSEGV handler reports it ("guard page hit"). */
#define _GNU_SOURCE
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int64_t big_frame(void);

#define MB (1024 * 1024)
#define BELOW (15 * MB)
#define STACK (1 * MB)

static char *region;
static size_t page;

static void on_segv(int sig, siginfo_t *info, void *uctx) {
  (void)sig;
  (void)uctx;
  char *a = (char *)info->si_addr;
  const char *msg = (a >= region + BELOW && a < region + BELOW + page) ? "guard page hit\n" : "segfault elsewhere\n";
  write(1, msg, strlen(msg));
  _exit(3);
}

static void *run(void *arg) {
  (void)arg;
  /* The handler needs a stack of its own on this thread: its stack is the one that overflows. */
  static char altstack[64 * 1024];
  stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
  sigaltstack(&ss, NULL);
  int64_t r = big_frame();
  printf("returned %" PRId64 "\n", r);
  return NULL;
}

int main(void) {
  page = (size_t)sysconf(_SC_PAGESIZE);
  size_t total = BELOW + page + STACK;
  region = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (region == MAP_FAILED) return 2;
  memset(region, 0xAB, BELOW);
  if (mprotect(region + BELOW, page, PROT_NONE) != 0) return 2;

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigaction(SIGSEGV, &sa, NULL);

  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstack(&attr, region + BELOW + page, STACK);
  pthread_t t;
  if (pthread_create(&t, &attr, run, NULL) != 0) return 2;
  pthread_join(t, NULL);
  for (size_t i = 0; i < BELOW; i++) {
    if ((unsigned char)region[i] != 0xAB) {
      printf("corrupted\n");
      return 4;
    }
  }
  printf("intact\n");
  return 0;
}
