/* The C API of flowgate.h, called from C: built with a C compiler against the runtime library
 * (static or shared) by tests/c_api.rs and scripts/c-api-test.sh (which also runs it under qemu
 * for aarch64 and riscv64). Prints "c_api: N checks passed" and exits 0, or names each failed
 * check and exits 1. */
#include <flowgate.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int checks, failures;

#define CHECK(cond)                                                          \
  do {                                                                       \
    checks++;                                                                \
    if (!(cond)) {                                                           \
      failures++;                                                            \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                        \
  } while (0)

/* The last error starts with `want`. */
#define CHECK_ERROR(want)                                                              \
  do {                                                                                 \
    const char *e_ = flowgate_last_error();                                            \
    checks++;                                                                          \
    if (e_ == NULL || strncmp(e_, want, strlen(want)) != 0) {                          \
      failures++;                                                                      \
      fprintf(stderr, "%s:%d: error is \"%s\", wanted \"%s...\"\n", __FILE__, __LINE__, \
              e_ ? e_ : "(null)", want);                                               \
    }                                                                                  \
  } while (0)

static void tensors(void) {
  float data[6] = {1, 2, 3, 4, 5, 6};
  int64_t shape[2] = {2, 3};
  FlowgateTensor copy, lent;
  CHECK(flowgate_tensor_new(&copy, FLOWGATE_FLOAT, 2, shape, data, FLOWGATE_COPY) == 0);
  CHECK(flowgate_tensor_new(&lent, FLOWGATE_FLOAT, 2, shape, data, FLOWGATE_BORROW) == 0);
  CHECK(copy.owner != NULL && copy.data != (void *)data);
  CHECK(lent.owner == NULL && lent.data == (void *)data && lent.shape == shape);
  data[0] = 10;
  CHECK(((float *)flowgate_tensor_data(&copy))[0] == 1.0f);
  CHECK(((float *)flowgate_tensor_data(&lent))[0] == 10.0f);
  CHECK(flowgate_tensor_dtype(&copy) == FLOWGATE_FLOAT);
  CHECK(flowgate_tensor_rank(&copy) == 2);
  CHECK(flowgate_tensor_dim(&copy, 0) == 2 && flowgate_tensor_dim(&copy, -1) == 3);
  CHECK(flowgate_tensor_size(&copy) == 6);
  float back[6];
  CHECK(flowgate_tensor_copy_data(&copy, back, sizeof back) == 0);
  CHECK(back[5] == 6.0f);
  CHECK(flowgate_tensor_copy_data(&copy, back, 4) == -1);
  CHECK_ERROR("flowgate_tensor_copy_data: the tensor (float32, 6 elements) has 24 bytes but the buffer 4");
  flowgate_tensor_free(&copy);
  flowgate_tensor_free(&lent);
  CHECK(copy.owner == NULL && copy.data == NULL && lent.data == NULL);
  flowgate_tensor_free(&copy); /* a cleared struct frees again harmlessly */
  flowgate_tensor_free(NULL);

  /* Every element type, copied. */
  int32_t codes[] = {1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 16};
  unsigned char bytes[4 * 8];
  for (size_t i = 0; i < sizeof bytes; i++) bytes[i] = (unsigned char)(i % 2);
  int64_t four[1] = {4};
  for (size_t k = 0; k < sizeof codes / sizeof codes[0]; k++) {
    FlowgateTensor t;
    size_t n = 4 * flowgate_dtype_size(codes[k]);
    CHECK(n > 0);
    CHECK(flowgate_tensor_new(&t, codes[k], 1, four, bytes, FLOWGATE_COPY) == 0);
    CHECK(flowgate_tensor_dtype(&t) == codes[k]);
    CHECK(memcmp(flowgate_tensor_data(&t), bytes, n) == 0);
    flowgate_tensor_free(&t);
  }

  /* A scalar needs no shape. */
  int64_t seven = 7;
  FlowgateTensor s;
  CHECK(flowgate_tensor_new(&s, FLOWGATE_INT64, 0, NULL, &seven, FLOWGATE_COPY) == 0);
  CHECK(flowgate_tensor_rank(&s) == 0 && flowgate_tensor_size(&s) == 1);
  CHECK(*(int64_t *)flowgate_tensor_data(&s) == 7);
  flowgate_tensor_free(&s);
}

static void bad_tensors(void) {
  int32_t data[4] = {0};
  int64_t neg[2] = {2, -2}, four[1] = {4};
  FlowgateTensor t;
  CHECK(flowgate_tensor_new(NULL, FLOWGATE_INT32, 1, four, data, FLOWGATE_COPY) == -1);
  CHECK_ERROR("flowgate_tensor_new: out is NULL");
  CHECK(flowgate_tensor_new(&t, FLOWGATE_INT32, 2, neg, data, FLOWGATE_COPY) == -1);
  CHECK_ERROR("flowgate_tensor_new: the value has a negative dimension -2 at axis 1");
  CHECK(t.dtype == 0 && t.owner == NULL);
  CHECK(flowgate_tensor_new(&t, 8, 1, four, data, FLOWGATE_COPY) == -1);
  CHECK_ERROR("flowgate_tensor_new: the value has element type string, which Flowgate does not support");
  CHECK(flowgate_tensor_new(&t, FLOWGATE_INT32, 3, NULL, data, FLOWGATE_BORROW) == -1);
  CHECK_ERROR("flowgate_tensor_new: the value has rank 3 but its shape is NULL");
  CHECK(flowgate_tensor_new(&t, FLOWGATE_INT32, 1, four, NULL, FLOWGATE_COPY) == -1);
  CHECK_ERROR("flowgate_tensor_new: the value has 4 elements but its data is NULL");
  CHECK(flowgate_tensor_new(&t, FLOWGATE_INT32, 1, four, data, 5) == -1);
  CHECK_ERROR("flowgate_tensor_new: mode 5 is neither FLOWGATE_COPY (0) nor FLOWGATE_BORROW (1)");
  CHECK(flowgate_tensor_new(&t, FLOWGATE_INT32, 100, four, data, FLOWGATE_COPY) == -1);
  CHECK_ERROR("flowgate_tensor_new: the value has rank 100 (must be 0 to 64)");

  CHECK(flowgate_tensor_rank(NULL) == -1);
  CHECK_ERROR("flowgate_tensor_rank: the tensor is NULL");
  CHECK(flowgate_tensor_data(NULL) == NULL);
  CHECK(flowgate_tensor_dtype(NULL) == 0);
  CHECK(flowgate_tensor_size(NULL) == -1);
  FlowgateTensor lent = {FLOWGATE_INT32, 1, four, data, NULL};
  CHECK(flowgate_tensor_dim(&lent, 1) == -1);
  CHECK_ERROR("flowgate_tensor_dim: axis 1 is out of range for rank 1");

  /* An owner the runtime did not make: refused, never freed. */
  uint64_t junk = 0;
  FlowgateTensor forged = {FLOWGATE_INT32, 1, four, data, &junk};
  CHECK(flowgate_tensor_size(&forged) == -1);
  CHECK_ERROR("flowgate_tensor_size: the value its owner field is not a value the runtime allocated");
  flowgate_tensor_free(&forged);
  CHECK_ERROR("flowgate_tensor_free: the value its owner field is not a value the runtime allocated");
  CHECK(forged.owner == &junk);
  flowgate_clear_error();
  CHECK(strcmp(flowgate_last_error(), "") == 0);
}

static void sequences_and_optionals(void) {
  int64_t a[3] = {1, 2, 3}, b[1] = {4};
  int64_t sa[1] = {3}, sb[1] = {1};
  FlowgateTensor items[2] = {{FLOWGATE_INT64, 1, sa, a, NULL}, {FLOWGATE_INT64, 1, sb, b, NULL}};
  FlowgateTensor seq, opt, none;
  CHECK(flowgate_sequence_new(&seq, items, 2) == 0);
  a[0] = 100;
  CHECK(seq.dtype == FLOWGATE_SEQUENCE && seq.owner != NULL);
  CHECK(flowgate_sequence_length(&seq) == 2);
  CHECK(((FlowgateSequence *)seq.data)->length == 2);
  const FlowgateTensor *i0 = flowgate_sequence_item(&seq, 0);
  CHECK(i0 != NULL && flowgate_tensor_dim(i0, 0) == 3 && ((int64_t *)i0->data)[0] == 1);
  CHECK(flowgate_sequence_item(&seq, 2) == NULL);
  CHECK_ERROR("flowgate_sequence_item: index 2 is out of range for a sequence of length 2");
  CHECK(flowgate_tensor_rank(&seq) == -1);
  CHECK_ERROR("flowgate_tensor_rank: the value is a sequence, not a tensor");

  CHECK(flowgate_optional_new(&opt, &items[1]) == 0);
  CHECK(flowgate_optional_has_value(&opt) == 1);
  CHECK(((int64_t *)flowgate_optional_value(&opt)->data)[0] == 4);
  CHECK(flowgate_optional_new(&none, NULL) == 0);
  CHECK(flowgate_optional_has_value(&none) == 0 && flowgate_optional_value(&none) == NULL);
  CHECK(flowgate_optional_has_value(&seq) == -1);
  CHECK_ERROR("flowgate_optional_has_value: the value is not an optional (its dtype is -1)");

  /* A hand-built (borrowed) sequence, read through the same functions. */
  FlowgateSequence raw = {2, items};
  FlowgateTensor lent = {FLOWGATE_SEQUENCE, 0, NULL, &raw, NULL};
  CHECK(flowgate_sequence_length(&lent) == 2 && flowgate_sequence_item(&lent, 1) == &items[1]);

  /* Items of two element types, and a bad item, are named. */
  float f[1] = {1};
  FlowgateTensor mixed[2] = {{FLOWGATE_INT64, 1, sb, b, NULL}, {FLOWGATE_FLOAT, 1, sb, f, NULL}};
  FlowgateTensor bad;
  CHECK(flowgate_sequence_new(&bad, mixed, 2) == -1);
  CHECK_ERROR("flowgate_sequence_new: item 1 is float32 but item 0 is int64");
  CHECK(flowgate_sequence_new(&bad, NULL, 2) == -1);
  CHECK_ERROR("flowgate_sequence_new: is a sequence of length 2 but its items are NULL");
  CHECK(flowgate_sequence_length(NULL) == -1);

  flowgate_tensor_free(&seq);
  flowgate_tensor_free(&opt);
  flowgate_tensor_free(&none);
}

static void *fail_on_a_thread(void *arg) {
  (void)arg;
  flowgate_tensor_rank(NULL);
  return strncmp(flowgate_last_error(), "flowgate_tensor_rank", 20) == 0 ? (void *)1 : NULL;
}

static void errors_are_per_thread(void) {
  flowgate_clear_error();
  pthread_t th;
  void *ok = NULL;
  CHECK(pthread_create(&th, NULL, fail_on_a_thread, NULL) == 0);
  CHECK(pthread_join(th, &ok) == 0);
  CHECK(ok == (void *)1);
  CHECK(strcmp(flowgate_last_error(), "") == 0);
}

int main(void) {
  tensors();
  bad_tensors();
  sequences_and_optionals();
  errors_are_per_thread();
  if (failures) {
    fprintf(stderr, "c_api: %d of %d checks failed\n", failures, checks);
    return 1;
  }
  printf("c_api: %d checks passed\n", checks);
  return 0;
}
