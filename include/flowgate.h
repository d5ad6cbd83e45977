/* flowgate.h: the C API of Flowgate's runtime library (libflowgate_runtime.a / .so).
 *
 * A model compiled with `onnx-compile model.onnx -o model.o --emit-header model.h` exports
 *
 *   int32_t <name>_run(const FlowgateTensor *inputs, FlowgateTensor *outputs);
 *
 * (inputs and outputs in graph order; model.h lists them). This header gives the value structs
 * that call takes and the functions to build its inputs and read its outputs. Link with
 * `pkg-config --libs flowgate` or CMake's `Flowgate::runtime` (README, "Embedding a model in C").
 *
 * Element types are ONNX TensorProto.DataType codes (FLOWGATE_FLOAT ... below); elements are
 * dense, row-major, in the machine's byte order, bools one byte each (0 or 1).
 *
 * Memory: a value the caller builds (by hand or with FLOWGATE_BORROW) points to the caller's
 * memory and has owner == NULL; the caller keeps that memory alive while the value is used. A
 * value the runtime made (every output of <name>_run, and what the *_new functions make with
 * copies) has owner != NULL, owns everything it points to, including a sequence's items and an
 * optional's element, and is released with flowgate_tensor_free(). The caller may read and write
 * an output's data; no other value shares it. Do not change the other fields of a runtime-made
 * value. An output slot's previous contents are overwritten, not freed.
 *
 * Errors: functions returning int32_t status give 0 on success and -1 on error; functions
 * returning a pointer give NULL, counts -1, on error. flowgate_last_error() then says what went
 * wrong (per thread). A NULL or inconsistent struct (a negative dimension, a NULL shape or data
 * pointer that is needed, an unknown element type, a changed runtime-made value) is such an error,
 * never a crash; what cannot be checked is that pointers point to as much memory as the fields
 * declare, and that `owner` is NULL in values you build.
 */
#ifndef FLOWGATE_H
#define FLOWGATE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* flowgate-abi-begin: the value ABI (DESIGN.md §7). Generated model headers carry the same
 * block under the same guard, so either header can come first. */
#ifndef FLOWGATE_ABI_TYPES
#define FLOWGATE_ABI_TYPES

/* FlowgateTensor.dtype: ONNX TensorProto.DataType codes Flowgate supports, and the two kinds
 * that are not tensors. */
#define FLOWGATE_FLOAT 1
#define FLOWGATE_UINT8 2
#define FLOWGATE_INT8 3
#define FLOWGATE_UINT16 4
#define FLOWGATE_INT16 5
#define FLOWGATE_INT32 6
#define FLOWGATE_INT64 7
#define FLOWGATE_BOOL 9
#define FLOWGATE_FLOAT16 10
#define FLOWGATE_DOUBLE 11
#define FLOWGATE_UINT32 12
#define FLOWGATE_UINT64 13
#define FLOWGATE_BFLOAT16 16
/* The float8, float4 and 2/4-bit integer types hold ONE ELEMENT PER BYTE here (as numpy's
 * ml_dtypes stores them), not packed two or four to a byte as in ONNX's TensorProto: an int4
 * element is a signed byte in -8..7, a uint2 one a byte in 0..3, a float8/float4 one its code in
 * the low bits of a byte. */
#define FLOWGATE_FLOAT8E4M3FN 17
#define FLOWGATE_FLOAT8E4M3FNUZ 18
#define FLOWGATE_FLOAT8E5M2 19
#define FLOWGATE_FLOAT8E5M2FNUZ 20
#define FLOWGATE_UINT4 21
#define FLOWGATE_INT4 22
#define FLOWGATE_FLOAT4E2M1 23
#define FLOWGATE_FLOAT8E8M0 24
#define FLOWGATE_UINT2 25
#define FLOWGATE_INT2 26
#define FLOWGATE_SEQUENCE (-1)
#define FLOWGATE_OPTIONAL (-2)

/* A tensor, a sequence or an optional. */
typedef struct FlowgateTensor {
  int32_t dtype;        /* element type code; FLOWGATE_SEQUENCE or FLOWGATE_OPTIONAL */
  int32_t rank;         /* tensors only */
  const int64_t *shape; /* rank entries (may be NULL for rank 0); tensors only */
  void *data;           /* tensor: dense row-major elements (may be NULL with no elements);
                           sequence: FlowgateSequence *;
                           optional: FlowgateTensor * of the element, or NULL when empty */
  void *owner;          /* runtime-private: NULL in values you build, set in values the
                           runtime allocated (release those with flowgate_tensor_free) */
} FlowgateTensor;

/* The items of a sequence: `length` tensors of one element type. */
typedef struct FlowgateSequence {
  int64_t length;
  FlowgateTensor *items;
} FlowgateSequence;

#endif /* FLOWGATE_ABI_TYPES */
/* flowgate-abi-end */

/* The largest rank a tensor struct may declare, and how deeply sequences and optionals may nest. */
#define FLOWGATE_MAX_RANK 64
#define FLOWGATE_MAX_DEPTH 64

/* flowgate_tensor_new modes. */
#define FLOWGATE_COPY 0   /* copy shape and data: the result owns them (free it) */
#define FLOWGATE_BORROW 1 /* point at the caller's shape and data (owner stays NULL) */

/* ---- Errors ------------------------------------------------------------------------------ */

/* The message of the last failing call on this thread (a flowgate_* function or <name>_run),
 * "" when there was none. Never NULL; valid until the next failing call on this thread.
 * Successful calls do not clear it. */
const char *flowgate_last_error(void);

/* Forgets this thread's last error. */
void flowgate_clear_error(void);

/* ---- Threads ----------------------------------------------------------------------------- */

/* Sets how many threads the kernels of every model in this process split their work over, the
 * calling thread included (1: no pool); 0 restores the default, the number of physical cores.
 * Results are the same for any count. Returns 0, or -1 for a negative n. */
int32_t flowgate_set_num_threads(int32_t n);

/* The thread count kernels use now (at least 1). */
int32_t flowgate_num_threads(void);

/* ---- Tensors ----------------------------------------------------------------------------- */

/* Bytes per element of element type `dtype`; 0 for a code Flowgate does not support. */
size_t flowgate_dtype_size(int32_t dtype);

/* Fills *out with a tensor of element type `dtype` and shape shape[0..rank) whose elements are
 * at `data` (product of the shape times flowgate_dtype_size(dtype) bytes). FLOWGATE_COPY copies
 * shape and data (free *out when done); FLOWGATE_BORROW checks them and points *out at them
 * (freeing it is allowed and does nothing but clear it). On error *out is left empty. */
int32_t flowgate_tensor_new(FlowgateTensor *out, int32_t dtype, int32_t rank, const int64_t *shape, void *data, int32_t mode);

/* The value's dtype field (an element type, FLOWGATE_SEQUENCE or FLOWGATE_OPTIONAL); 0 if t is NULL. */
int32_t flowgate_tensor_dtype(const FlowgateTensor *t);

/* The tensor's rank; -1 on error (also for a sequence or optional). */
int32_t flowgate_tensor_rank(const FlowgateTensor *t);

/* Dimension `axis` (negative counts from the end); -1 on error. */
int64_t flowgate_tensor_dim(const FlowgateTensor *t, int32_t axis);

/* The number of elements; -1 on error. */
int64_t flowgate_tensor_size(const FlowgateTensor *t);

/* The elements, NULL on error (or for a borrowed tensor without elements and without data). */
void *flowgate_tensor_data(const FlowgateTensor *t);

/* Copies the elements to dst, which must have exactly the tensor's byte size: 0, or -1 on error. */
int32_t flowgate_tensor_copy_data(const FlowgateTensor *t, void *dst, size_t dst_bytes);

/* Releases a runtime-made value of any kind (a sequence's items and an optional's element with
 * it) and clears the struct; a value you built is only cleared. NULL is a no-op. */
void flowgate_tensor_free(FlowgateTensor *t);

/* ---- Sequences and optionals --------------------------------------------------------------- */

/* To pass a sequence or optional you own without copying, fill the structs by hand:
 *   FlowgateTensor items[2] = {...};               (tensors of one element type)
 *   FlowgateSequence seq = {2, items};
 *   FlowgateTensor in = {FLOWGATE_SEQUENCE, 0, NULL, &seq, NULL};
 *   FlowgateTensor opt = {FLOWGATE_OPTIONAL, 0, NULL, &items[0], NULL};   (or data NULL: empty)
 */

/* Fills *out with a sequence holding copies of items[0..length) (tensors of one element type;
 * an empty sequence when length is 0). Free *out when done. */
int32_t flowgate_sequence_new(FlowgateTensor *out, const FlowgateTensor *items, int64_t length);

/* The number of items; -1 on error (also when s is not a sequence). */
int64_t flowgate_sequence_length(const FlowgateTensor *s);

/* Item `index` (0-based), owned by the sequence; NULL on error. */
const FlowgateTensor *flowgate_sequence_item(const FlowgateTensor *s, int64_t index);

/* Fills *out with an optional holding a copy of *value, or an empty one when value is NULL.
 * Free *out when done. */
int32_t flowgate_optional_new(FlowgateTensor *out, const FlowgateTensor *value);

/* 1 if the optional holds a value, 0 if it is empty, -1 on error. */
int32_t flowgate_optional_has_value(const FlowgateTensor *o);

/* The optional's element, owned by the optional; NULL when it is empty or on error. */
const FlowgateTensor *flowgate_optional_value(const FlowgateTensor *o);

#ifdef __cplusplus
}
#endif

#endif /* FLOWGATE_H */
