//! Run-time values (tensors, sequences, optionals), their element types, handles and the
//! live-value count.

use std::ffi::c_void;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use half::{bf16, f16};

use crate::dispatch::Elem;
use crate::error::{RtError, RtResult};
use crate::prepack::Prepared;
pub use crate::strings::StrTensor;

/// An opaque value as compiled code sees it: `Arc::into_raw(Arc<RtValue>)`.
pub type Handle = *mut c_void;

/// Element types, numbered as ONNX's `TensorProto.DataType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum DType {
    F32 = 1,
    U8 = 2,
    I8 = 3,
    U16 = 4,
    I16 = 5,
    I32 = 6,
    I64 = 7,
    Bool = 9,
    F16 = 10,
    F64 = 11,
    U32 = 12,
    U64 = 13,
    BF16 = 16,
    F8E4M3FN = 17,
    F8E4M3FNUZ = 18,
    F8E5M2 = 19,
    F8E5M2FNUZ = 20,
    U4 = 21,
    I4 = 22,
    F4E2M1 = 23,
    F8E8M0 = 24,
    U2 = 25,
    I2 = 26,
}

/// ONNX's name for a `TensorProto.DataType` code, for error messages about codes we refuse.
/// The name of an ONNX element type code: numpy's name for the types the runtime holds
/// (`float32`), ONNX's for the others (`string`).
pub fn code_name(code: i32) -> String {
    DType::from_code(code).map_or_else(|_| onnx_code_name(code), |d| d.name().to_string())
}

fn onnx_code_name(code: i32) -> String {
    let name = match code {
        0 => "undefined",
        8 => "string",
        14 => "complex64",
        15 => "complex128",
        _ => return format!("#{code}"),
    };
    name.to_string()
}

impl DType {
    pub const ALL: [DType; 23] = [
        DType::F32,
        DType::U8,
        DType::I8,
        DType::U16,
        DType::I16,
        DType::I32,
        DType::I64,
        DType::Bool,
        DType::F16,
        DType::F64,
        DType::U32,
        DType::U64,
        DType::BF16,
        DType::F8E4M3FN,
        DType::F8E4M3FNUZ,
        DType::F8E5M2,
        DType::F8E5M2FNUZ,
        DType::U4,
        DType::I4,
        DType::F4E2M1,
        DType::F8E8M0,
        DType::U2,
        DType::I2,
    ];

    pub fn from_code(code: i32) -> RtResult<DType> {
        DType::ALL
            .into_iter()
            .find(|d| d.code() == code)
            .ok_or_else(|| rt_err!("unsupported element type {}", onnx_code_name(code)))
    }

    pub fn code(self) -> i32 {
        self as i32
    }

    /// numpy's name (`float32`, `int64`, `bool`, ...).
    pub fn name(self) -> &'static str {
        match self {
            DType::F32 => "float32",
            DType::U8 => "uint8",
            DType::I8 => "int8",
            DType::U16 => "uint16",
            DType::I16 => "int16",
            DType::I32 => "int32",
            DType::I64 => "int64",
            DType::Bool => "bool",
            DType::F16 => "float16",
            DType::F64 => "float64",
            DType::U32 => "uint32",
            DType::U64 => "uint64",
            DType::BF16 => "bfloat16",
            DType::F8E4M3FN => "float8e4m3fn",
            DType::F8E4M3FNUZ => "float8e4m3fnuz",
            DType::F8E5M2 => "float8e5m2",
            DType::F8E5M2FNUZ => "float8e5m2fnuz",
            DType::U4 => "uint4",
            DType::I4 => "int4",
            DType::F4E2M1 => "float4e2m1",
            DType::F8E8M0 => "float8e8m0",
            DType::U2 => "uint2",
            DType::I2 => "int2",
        }
    }

    /// Bytes per element in the dense little-endian layout.
    pub fn size(self) -> usize {
        match self {
            DType::Bool | DType::U8 | DType::I8 => 1,
            DType::U16 | DType::I16 | DType::F16 | DType::BF16 => 2,
            DType::F32 | DType::I32 | DType::U32 => 4,
            DType::F64 | DType::I64 | DType::U64 => 8,
            // One element per byte (sub-byte types unpacked; see small_types.rs).
            _ => 1,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, DType::F32 | DType::F64 | DType::F16 | DType::BF16) || self.is_small_float()
    }

    /// The float8/float4 formats (stored as their codes, computed in f64).
    pub fn is_small_float(self) -> bool {
        matches!(
            self,
            DType::F8E4M3FN | DType::F8E4M3FNUZ | DType::F8E5M2 | DType::F8E5M2FNUZ | DType::F8E8M0 | DType::F4E2M1
        )
    }

    /// The storage-only types of `small_types.rs`: the small floats and int4/uint4/int2/uint2.
    pub fn is_small(self) -> bool {
        self.is_small_float() || matches!(self, DType::I4 | DType::U4 | DType::I2 | DType::U2)
    }

    pub fn is_signed_int(self) -> bool {
        matches!(self, DType::I8 | DType::I16 | DType::I32 | DType::I64)
    }

    pub fn is_unsigned_int(self) -> bool {
        matches!(self, DType::U8 | DType::U16 | DType::U32 | DType::U64)
    }

    pub fn is_int(self) -> bool {
        self.is_signed_int() || self.is_unsigned_int()
    }
}

/// Dense row-major element storage, one variant per element type.
#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    F32(Vec<f32>),
    F64(Vec<f64>),
    F16(Vec<f16>),
    BF16(Vec<bf16>),
    I8(Vec<i8>),
    I16(Vec<i16>),
    I32(Vec<i32>),
    I64(Vec<i64>),
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
    Bool(Vec<bool>),
    F8E4M3FN(Vec<crate::small_types::F8E4M3FN>),
    F8E4M3FNUZ(Vec<crate::small_types::F8E4M3FNUZ>),
    F8E5M2(Vec<crate::small_types::F8E5M2>),
    F8E5M2FNUZ(Vec<crate::small_types::F8E5M2FNUZ>),
    U4(Vec<crate::small_types::U4>),
    I4(Vec<crate::small_types::I4>),
    F4E2M1(Vec<crate::small_types::F4E2M1>),
    F8E8M0(Vec<crate::small_types::F8E8M0>),
    U2(Vec<crate::small_types::U2>),
    I2(Vec<crate::small_types::I2>),
}

/// Above this a tensor is refused rather than allocated (1 TiB: no real model needs more, and
/// it keeps every later size computation far from overflow).
pub const MAX_BYTES: usize = 1 << 40;

/// Bound on the product of a shape's non-zero dimensions (see [`checked_numel`]).
const MAX_DIM_PRODUCT: usize = 1 << 60;

/// Formats a shape as onnxruntime does: `{2,3}`.
pub fn fmt_shape(shape: &[usize]) -> String {
    let mut s = String::from("{");
    for (i, d) in shape.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{d}");
    }
    s.push('}');
    s
}

/// The element count of `shape`, refusing shapes whose element or byte count overflows or
/// exceeds [`MAX_BYTES`] (for elements of `elem_size` bytes).
pub fn checked_numel(shape: &[usize], elem_size: usize) -> RtResult<usize> {
    // The product of the non-zero dimensions is bounded too, so that no partial product of a
    // shape (outer/inner sizes, strides) can overflow even when another dimension is 0.
    let nonzero = shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d.max(1))).filter(|&p| p <= MAX_DIM_PRODUCT);
    if nonzero.is_none() {
        bail!("cannot allocate a tensor of shape {}", fmt_shape(shape));
    }
    let n: usize = shape.iter().product();
    match n.checked_mul(elem_size.max(1)) {
        Some(bytes) if bytes <= MAX_BYTES => Ok(n),
        _ => Err(rt_err!(
            "cannot allocate a tensor of shape {} ({} elements of {} bytes)",
            fmt_shape(shape),
            n,
            elem_size
        )),
    }
}

impl Data {
    pub fn dtype(&self) -> DType {
        dispatch!(self, v => elem_dtype(v))
    }

    pub fn len(&self) -> usize {
        dispatch!(self, v => v.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `n` zero elements (false for bool).
    pub fn zeros(dtype: DType, n: usize) -> RtResult<Data> {
        Ok(dispatch_dtype!(dtype, T => T::into_data(try_zeroed::<T>(n)?)))
    }

    /// Elements at `indices` (each must be in bounds; callers compute them from the shape).
    pub fn take(&self, indices: &[usize]) -> RtResult<Data> {
        dispatch!(self, v => take_vec(v, indices).map(Elem::into_data))
    }

    /// The elements at `base + sum(index * strides)` for every index of `shape`, row-major
    /// (see `broadcast::strided_take`).
    pub fn take_strided(&self, shape: &[usize], strides: &[isize], base: isize) -> RtResult<Data> {
        dispatch!(self, v => crate::broadcast::strided_take(v, shape, strides, base).map(Elem::into_data))
    }

    /// These elements, of shape `src`, broadcast to `out`.
    pub fn take_broadcast(&self, src: &[usize], out: &[usize]) -> RtResult<Data> {
        dispatch!(self, v => crate::broadcast::broadcast_take(v, src, out).map(Elem::into_data))
    }
}

fn elem_dtype<T: Elem>(_: &[T]) -> DType {
    T::DTYPE
}

/// An empty Vec with room for `n` elements, or an error when the allocator refuses (instead of
/// the abort a plain `Vec::with_capacity` would give).
pub(crate) fn try_vec<T>(n: usize) -> RtResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| rt_err!("cannot allocate {} bytes", n.saturating_mul(std::mem::size_of::<T>())))?;
    Ok(v)
}

/// `n` copies of `x`, as [`try_vec`].
pub(crate) fn try_filled<T: Clone>(x: T, n: usize) -> RtResult<Vec<T>> {
    let mut v = try_vec(n)?;
    v.resize(n, x);
    Ok(v)
}

/// `n` zeros of `T`, as [`try_vec`], taken from the allocator's zeroed memory: `calloc`
/// hands out fresh pages from the kernel without writing them, where `resize` writes every
/// byte. A large output that a loop then writes whole (the stacked output of a Scan) paid for
/// both: the Scan cumsum benchmark's memset of its 400 KB output was a fifth of its run.
pub(crate) fn try_zeroed<T: Elem>(n: usize) -> RtResult<Vec<T>> {
    let zero = T::from_i128(0);
    let size = std::mem::size_of::<T>();
    let mut bytes = Vec::with_capacity(16);
    zero.write_le(&mut bytes);
    // Every element type's zero is all-zero bytes (floats +0.0, false, integers 0); checked
    // rather than assumed, so a type where it is not falls back to writing the value.
    if n == 0 || size == 0 || bytes.len() != size || bytes.iter().any(|&b| b != 0) {
        return try_filled(zero, n);
    }
    let layout =
        std::alloc::Layout::array::<T>(n).map_err(|_| rt_err!("cannot allocate {n} elements of {size} bytes"))?;
    // SAFETY: `layout` has a non-zero size (n > 0, size > 0).
    let p = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<T>();
    if p.is_null() {
        bail!("cannot allocate {} bytes", layout.size());
    }
    // SAFETY: `p` comes from the global allocator with the layout of `n` elements of `T` (the
    // layout `Vec` frees with), and each element's all-zero bytes are a valid `T`: its zero
    // (checked above; the element types are primitives and wrappers of them, without padding).
    Ok(unsafe { Vec::from_raw_parts(p, n, n) })
}

/// `v[i]` for each index, as an error (never a panic) if one is out of bounds.
pub(crate) fn take_vec<T: Elem>(v: &[T], indices: &[usize]) -> RtResult<Vec<T>> {
    let mut out = try_vec(indices.len())?;
    for &i in indices {
        out.push(*v.get(i).ok_or_else(|| rt_err!("internal error: element index {i} out of bounds"))?);
    }
    Ok(out)
}

/// The header of a constant blob: its element type code, its shape, and the bytes after it.
fn blob_header(blob: &[u8]) -> RtResult<(i32, Vec<usize>, &[u8])> {
    let word = |i: usize| -> RtResult<i64> {
        let b =
            blob.get(i * 8..i * 8 + 8).ok_or_else(|| rt_err!("constant blob of {} bytes is truncated", blob.len()))?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(i64::from_le_bytes(a))
    };
    let code = word(0)?;
    let code = i32::try_from(code).map_err(|_| rt_err!("unsupported element type #{code}"))?;
    let rank = word(1)?;
    if !(0..=64).contains(&rank) {
        bail!("constant blob has an invalid rank {rank}");
    }
    let mut shape = Vec::with_capacity(rank as usize);
    for i in 0..rank as usize {
        let d = word(2 + i)?;
        shape.push(usize::try_from(d).map_err(|_| rt_err!("constant blob has a negative dimension {d}"))?);
    }
    let header = 16 + 8 * rank as usize;
    Ok((code, shape, blob.get(header..).unwrap_or(&[])))
}

/// The value of a constant blob: a tensor ([`Tensor::from_blob`]) or, for element type 8, a
/// string tensor (each string an i64 byte length then its UTF-8 bytes).
pub fn value_from_blob(blob: &[u8]) -> RtResult<RtValue> {
    let (code, shape, body) = blob_header(blob)?;
    if code == STRING_CODE {
        return Ok(RtValue::strings(StrTensor::from_blob_body(shape, body)?));
    }
    Ok(RtValue::tensor(Tensor::new(DType::from_code(code)?, shape, body)?))
}

/// ONNX's element type code of strings, which string tensors ([`StrTensor`]) hold.
pub const STRING_CODE: i32 = 8;

/// A dense tensor. The fields are private so that `shape` always matches the element count.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    shape: Vec<usize>,
    data: Data,
    /// Forms of this tensor kernels prepared (`prepack`), kept when it is a constant.
    prep: Prepared,
}

impl Tensor {
    /// A tensor from little-endian element bytes (bools one byte each, non-zero = true).
    pub fn new(dtype: DType, shape: Vec<usize>, le_bytes: &[u8]) -> RtResult<Tensor> {
        let n = checked_numel(&shape, dtype.size())?;
        let want = n * dtype.size();
        if le_bytes.len() != want {
            bail!(
                "{} tensor of shape {} needs {} bytes of data, got {}",
                dtype.name(),
                fmt_shape(&shape),
                want,
                le_bytes.len()
            );
        }
        let data = dispatch_dtype!(dtype, T => T::into_data(
            le_bytes.chunks_exact(dtype.size()).map(T::read_le).collect()
        ));
        Ok(Tensor { shape, data, prep: Prepared::default() })
    }

    /// A tensor from a constant blob, little-endian: i64 dtype, i64 rank, rank x i64 dims, then
    /// the element data (exactly as many bytes as the shape needs).
    pub fn from_blob(blob: &[u8]) -> RtResult<Tensor> {
        let (code, shape, body) = blob_header(blob)?;
        Tensor::new(DType::from_code(code)?, shape, body)
    }

    /// A tensor from typed data; the element count must match the shape.
    pub fn from_data(shape: Vec<usize>, data: Data) -> RtResult<Tensor> {
        let n = checked_numel(&shape, data.dtype().size())?;
        if n != data.len() {
            bail!("internal error: shape {} has {} elements but the data has {}", fmt_shape(&shape), n, data.len());
        }
        Ok(Tensor { shape, data, prep: Prepared::default() })
    }

    pub fn from_vec<T: Elem>(shape: Vec<usize>, v: Vec<T>) -> RtResult<Tensor> {
        Tensor::from_data(shape, T::into_data(v))
    }

    /// A rank-0 tensor.
    pub fn scalar<T: Elem>(v: T) -> Tensor {
        Tensor { shape: Vec::new(), data: T::into_data(vec![v]), prep: Prepared::default() }
    }

    /// A 1-D INT64 tensor.
    pub fn from_i64s(v: Vec<i64>) -> Tensor {
        Tensor { shape: vec![v.len()], data: Data::I64(v), prep: Prepared::default() }
    }

    /// An empty tensor of `dtype` and `shape` (the shape must contain a 0) or zeros otherwise.
    pub fn zeros(dtype: DType, shape: Vec<usize>) -> RtResult<Tensor> {
        let n = checked_numel(&shape, dtype.size())?;
        Ok(Tensor { shape, data: Data::zeros(dtype, n)?, prep: Prepared::default() })
    }

    /// The placeholder a failed kernel returns: float32 of shape [0].
    pub fn placeholder() -> Tensor {
        Tensor { shape: vec![0], data: Data::F32(Vec::new()), prep: Prepared::default() }
    }

    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// The forms kernels prepared from this tensor (`prepack`).
    pub(crate) fn prepared(&self) -> &Prepared {
        &self.prep
    }

    pub fn data(&self) -> &Data {
        &self.data
    }

    pub fn into_data(self) -> Data {
        self.data
    }

    pub fn dtype(&self) -> DType {
        self.data.dtype()
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn as_slice<T: Elem>(&self) -> Option<&[T]> {
        T::slice(&self.data)
    }

    /// The address of the first element, for the C API to hand out an output's storage (whose
    /// owner keeps this tensor alive and unshared).
    pub(crate) fn data_mut_ptr(&mut self) -> *mut c_void {
        dispatch!(&mut self.data, v => v.as_mut_ptr().cast::<c_void>())
    }

    /// The same data with another shape of the same element count.
    pub fn with_shape(self, shape: Vec<usize>) -> RtResult<Tensor> {
        Tensor::from_data(shape, self.data)
    }

    pub fn to_le_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len() * self.dtype().size());
        dispatch!(&self.data, v => v.iter().for_each(|x| x.write_le(&mut out)));
        out
    }

    /// The elements of an integer tensor as i64 (for shapes, axes, indices, pads...).
    /// `what` names the input in the error for other dtypes.
    pub fn to_i64s(&self, what: &str) -> RtResult<Vec<i64>> {
        match &self.data {
            Data::I64(v) => Ok(v.clone()),
            Data::I32(v) => Ok(v.iter().map(|&x| i64::from(x)).collect()),
            Data::I16(v) => Ok(v.iter().map(|&x| i64::from(x)).collect()),
            Data::I8(v) => Ok(v.iter().map(|&x| i64::from(x)).collect()),
            Data::U8(v) => Ok(v.iter().map(|&x| i64::from(x)).collect()),
            Data::U16(v) => Ok(v.iter().map(|&x| i64::from(x)).collect()),
            Data::U32(v) => Ok(v.iter().map(|&x| i64::from(x)).collect()),
            Data::U64(v) => {
                v.iter().map(|&x| i64::try_from(x).map_err(|_| rt_err!("{what} value {x} is too large"))).collect()
            }
            other => Err(rt_err!("{what} must be an integer tensor, got {}", other.dtype().name())),
        }
    }

    /// Like [`Tensor::to_i64s`] but also requires rank 1 (or rank 0 when `allow_scalar`).
    pub fn to_i64_list(&self, what: &str, allow_scalar: bool) -> RtResult<Vec<i64>> {
        if self.rank() > 1 || (self.rank() == 0 && !allow_scalar) {
            bail!("{what} must be a 1-D tensor, got shape {}", fmt_shape(&self.shape));
        }
        self.to_i64s(what)
    }
}

/// Values created and not yet dropped, for leak tests (`flowgate_rt_live_values`).
static LIVE: AtomicI64 = AtomicI64::new(0);

pub fn live_values() -> i64 {
    LIVE.load(Ordering::Relaxed)
}

/// A run-time value. Build it with [`RtValue::tensor`], [`RtValue::sequence`] or
/// [`RtValue::optional`] (or `From<Tensor>`), which count it as live; `Drop` uncounts it.
/// (A variant built directly bypasses the count and makes it drift.)
#[derive(Debug, PartialEq)]
pub enum RtValue {
    Tensor(Tensor),
    /// A tensor of strings: its own kind, so numeric kernels refuse it (see `strings`).
    Strings(StrTensor),
    /// `dtype` is `None` while unknown: an empty sequence whose element type the lowering could
    /// not tell. The first inserted tensor fixes it.
    Sequence {
        dtype: Option<DType>,
        items: Vec<Arc<RtValue>>,
    },
    Optional(Option<Arc<RtValue>>),
}

fn counted(v: RtValue) -> RtValue {
    LIVE.fetch_add(1, Ordering::Relaxed);
    v
}

impl RtValue {
    pub fn tensor(t: Tensor) -> RtValue {
        counted(RtValue::Tensor(t))
    }

    pub fn strings(t: StrTensor) -> RtValue {
        counted(RtValue::Strings(t))
    }

    pub fn sequence(dtype: Option<DType>, items: Vec<Arc<RtValue>>) -> RtValue {
        counted(RtValue::Sequence { dtype, items })
    }

    pub fn optional(v: Option<Arc<RtValue>>) -> RtValue {
        counted(RtValue::Optional(v))
    }

    /// The kind's name for error messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            RtValue::Tensor(_) => "tensor",
            RtValue::Strings(_) => "string tensor",
            RtValue::Sequence { .. } => "sequence",
            RtValue::Optional(_) => "optional",
        }
    }

    pub fn as_tensor(&self) -> RtResult<&Tensor> {
        match self {
            RtValue::Tensor(t) => Ok(t),
            other => Err(rt_err!("expected a tensor, got a {}", other.kind_name())),
        }
    }

    pub fn as_strings(&self) -> RtResult<&StrTensor> {
        match self {
            RtValue::Strings(t) => Ok(t),
            RtValue::Tensor(t) => Err(rt_err!("expected a string tensor, got a {} tensor", t.dtype().name())),
            other => Err(rt_err!("expected a string tensor, got a {}", other.kind_name())),
        }
    }

    pub fn as_sequence(&self) -> RtResult<(Option<DType>, &[Arc<RtValue>])> {
        match self {
            RtValue::Sequence { dtype, items } => Ok((*dtype, items)),
            other => Err(rt_err!("expected a sequence, got a {}", other.kind_name())),
        }
    }

    pub fn as_optional(&self) -> RtResult<Option<&Arc<RtValue>>> {
        match self {
            RtValue::Optional(o) => Ok(o.as_ref()),
            other => Err(rt_err!("expected an optional, got a {}", other.kind_name())),
        }
    }
}

impl From<Tensor> for RtValue {
    fn from(t: Tensor) -> Self {
        RtValue::tensor(t)
    }
}

impl Clone for RtValue {
    fn clone(&self) -> Self {
        match self {
            RtValue::Tensor(t) => RtValue::tensor(t.clone()),
            RtValue::Strings(t) => RtValue::strings(t.clone()),
            RtValue::Sequence { dtype, items } => RtValue::sequence(*dtype, items.clone()),
            RtValue::Optional(o) => RtValue::optional(o.clone()),
        }
    }
}

impl Drop for RtValue {
    fn drop(&mut self) {
        LIVE.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Gives up ownership of `v` as a handle (+1).
pub fn into_handle(v: Arc<RtValue>) -> Handle {
    Arc::into_raw(v) as Handle
}

/// Takes back ownership of a handle made by [`into_handle`].
///
/// # Safety
/// `h` must come from [`into_handle`] and own a reference that the caller gives up.
pub unsafe fn from_handle(h: Handle) -> Arc<RtValue> {
    // SAFETY: guaranteed by the caller.
    unsafe { Arc::from_raw(h as *const RtValue) }
}

/// Borrows the value behind a live handle.
///
/// # Safety
/// `h` must come from [`into_handle`] and stay alive for `'a`.
pub unsafe fn borrow_handle<'a>(h: Handle) -> &'a RtValue {
    // SAFETY: guaranteed by the caller.
    unsafe { &*(h as *const RtValue) }
}

impl std::fmt::Display for DType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl From<RtError> for String {
    fn from(e: RtError) -> String {
        e.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dtype_codes_round_trip_and_others_are_refused() {
        for d in DType::ALL {
            assert_eq!(DType::from_code(d.code()), Ok(d));
        }
        assert_eq!(DType::from_code(8).unwrap_err().0, "unsupported element type string");
        assert_eq!(DType::from_code(14).unwrap_err().0, "unsupported element type complex64");
        assert!(DType::from_code(99).is_err());
    }

    #[test]
    fn bytes_round_trip_for_every_dtype() {
        for d in DType::ALL {
            let bytes: Vec<u8> = (0..6 * d.size()).map(|i| (i * 7 % 3) as u8).collect();
            // (bool and int2 hold fewer values than a byte: 0 and 1 are in every type.)
            let bytes = if d == DType::Bool || d.is_small() {
                bytes.iter().map(|&b| u8::from(b != 0)).collect()
            } else {
                bytes
            };
            let t = Tensor::new(d, vec![2, 3], &bytes).unwrap();
            assert_eq!(t.dtype(), d);
            assert_eq!(t.len(), 6);
            assert_eq!(t.to_le_bytes(), bytes);
        }
        let t = Tensor::new(DType::I32, vec![2], &[1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]).unwrap();
        assert_eq!(t.as_slice::<i32>(), Some(&[1, -1][..]));
    }

    #[test]
    fn zeros_are_each_types_zero() {
        // Sizes below and above glibc's mmap threshold (the zeroed memory comes from the heap,
        // then from fresh pages), and none.
        for d in DType::ALL {
            for n in [0, 1, 7, 300_000] {
                let z = Data::zeros(d, n).unwrap();
                let filled = dispatch_dtype!(d, T => T::into_data(try_filled(T::from_i128(0), n).unwrap()));
                assert!(z == filled, "{d:?} x {n}");
                assert_eq!(z.len(), n);
            }
        }
        assert!(Data::zeros(DType::F64, usize::MAX / 4).is_err());
    }

    #[test]
    fn blobs_parse_and_validate() {
        let mut b = Vec::new();
        for w in [7i64, 2, 2, 1] {
            b.extend_from_slice(&w.to_le_bytes());
        }
        for w in [5i64, -6] {
            b.extend_from_slice(&w.to_le_bytes());
        }
        let t = Tensor::from_blob(&b).unwrap();
        assert_eq!(t.shape(), &[2, 1]);
        assert_eq!(t.as_slice::<i64>(), Some(&[5, -6][..]));
        assert!(Tensor::from_blob(&b[..b.len() - 1]).is_err());
        assert!(Tensor::from_blob(&b[..12]).is_err());
        let mut bad = b.clone();
        bad[0] = 8;
        assert_eq!(Tensor::from_blob(&bad).unwrap_err().0, "unsupported element type string");
        let mut neg = b.clone();
        neg[16..24].copy_from_slice(&(-1i64).to_le_bytes());
        assert!(Tensor::from_blob(&neg).is_err());
        let mut huge = b.clone();
        huge[8..16].copy_from_slice(&(1i64 << 40).to_le_bytes());
        assert!(Tensor::from_blob(&huge).is_err());
        let mut scalar = Vec::new();
        for w in [9i64, 0] {
            scalar.extend_from_slice(&w.to_le_bytes());
        }
        scalar.push(1);
        assert_eq!(Tensor::from_blob(&scalar).unwrap().as_slice::<bool>(), Some(&[true][..]));
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Tensor::new(DType::F32, vec![2, 3], &[0; 23]).is_err());
        let e = Tensor::zeros(DType::F32, vec![usize::MAX, 2]).unwrap_err();
        assert!(e.0.starts_with("cannot allocate"), "{e}");
        assert!(Tensor::zeros(DType::F64, vec![1 << 20, 1 << 20]).is_err());
        assert!(Tensor::zeros(DType::F64, vec![0, 1 << 40]).is_ok());
        assert!(Tensor::from_data(vec![3], Data::I64(vec![1, 2])).is_err());
    }

    #[test]
    fn to_i64s_accepts_integers_only() {
        let t = Tensor::from_vec(vec![2], vec![-1i32, 5]).unwrap();
        assert_eq!(t.to_i64s("axes").unwrap(), vec![-1, 5]);
        let f = Tensor::scalar(1.0f32);
        assert_eq!(f.to_i64s("axes").unwrap_err().0, "axes must be an integer tensor, got float32");
        assert!(f.to_i64_list("axes", false).is_err());
    }

    #[test]
    fn live_count_tracks_values() {
        // Other tests run in parallel and change the count, so only check this thread's delta
        // via a value kept alive across a clone.
        let v = Arc::new(RtValue::tensor(Tensor::scalar(1i64)));
        let h = into_handle(v.clone());
        // SAFETY: `h` was just made.
        let back = unsafe { from_handle(h) };
        assert_eq!(Arc::strong_count(&back), 2);
        assert_eq!(fmt_shape(&[2, 3]), "{2,3}");
        assert_eq!(fmt_shape(&[]), "{}");
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {

    /// The single element of `t`, as i128 (integers and bools) or f64 (floats).
    fn single(t: &Tensor, want_float: bool) -> RtResult<(i128, f64)> {
        if t.len() != 1 {
            bail!("expected a tensor with exactly one element, got shape {}", crate::value::fmt_shape(t.shape()));
        }
        if t.dtype().is_float() != want_float {
            bail!(
                "expected {} element type, got {}",
                if want_float { "a floating-point" } else { "an integer or bool" },
                t.dtype().name()
            );
        }
        Ok(dispatch!(t.data(), v => (crate::dispatch::Elem::to_i128(v[0]), crate::dispatch::Elem::to_f64(v[0]))))
    }

    use std::sync::Arc;

    use crate::error::RtResult;

    use crate::value::{from_handle, live_values, Handle, RtValue, Tensor};

    use crate::abi::support::*;

    pub(crate) unsafe fn flowgate_rt_retain(h: Handle) {
        if !h.is_null() {
            Arc::increment_strong_count(h as *const RtValue);
        }
    }

    pub(crate) unsafe fn flowgate_rt_release(h: Handle) {
        if !h.is_null() {
            drop(from_handle(h));
        }
    }

    pub(crate) fn flowgate_rt_live_values() -> i64 {
        live_values()
    }

    /// A null handle: an absent optional input (`_or_null` arguments), as compiled code spells it.
    pub(crate) fn flowgate_rt_null() -> Handle {
        std::ptr::null_mut()
    }

    pub(crate) unsafe fn flowgate_rt_unbox_i64(node: i32, h: Handle) -> i64 {
        run_s(node, || Ok(single(ten(h)?, false)?.0 as i64))
    }

    pub(crate) unsafe fn flowgate_rt_unbox_f64(node: i32, h: Handle) -> f64 {
        run_s(node, || Ok(single(ten(h)?, true)?.1))
    }

    pub(crate) unsafe fn flowgate_rt_unbox_f32(node: i32, h: Handle) -> f32 {
        run_s(node, || Ok(single(ten(h)?, true)?.1 as f32))
    }

    pub(crate) unsafe fn flowgate_rt_dim(node: i32, h: Handle, axis: i64) -> i64 {
        run_s(node, || {
            let t = ten(h)?;
            let a = crate::broadcast::norm_axis(axis, t.rank())?;
            Ok(t.shape()[a] as i64)
        })
    }

    pub(crate) unsafe fn flowgate_rt_rank(node: i32, h: Handle) -> i64 {
        run_s(node, || Ok(ten(h)?.rank() as i64))
    }

    /// `onnx.Scan.check_length`: scan input #`input` must be `expected` long along `axis` (the
    /// length of scan input #0); returns `expected`, or records the error (as onnxruntime refuses
    /// scan inputs of different lengths) and returns 0, so the loop runs no step.
    pub(crate) unsafe fn flowgate_rt_scan_length(node: i32, expected: i64, h: Handle, axis: i64, input: i64) -> i64 {
        run_s(node, || {
            let t = ten(h)?;
            let a = crate::broadcast::norm_axis(axis, t.rank())?;
            let d = t.shape()[a] as i64;
            if d != expected {
                bail!(
                    "scan inputs have inconsistent sequence lengths: scan input #0 has {expected} steps, scan input #{input} has {d} along axis {axis} (shape {})",
                    crate::fmt_shape(t.shape())
                );
            }
            Ok(expected)
        })
    }

    /// `onnx.Scan.check_batch`: an opset-8 Scan operand must have scan input #0's batch size
    /// `expected` along axis 0. `operand` indexes the states then the scan inputs (`states` of
    /// them states), -1 is `sequence_lens`. Returns `expected`, or records the error (as
    /// onnxruntime refuses inconsistent batch sizes) and returns 0, so the batch loop runs no
    /// entry.
    pub(crate) unsafe fn flowgate_rt_scan_batch(node: i32, expected: i64, h: Handle, operand: i64, states: i64) -> i64 {
        run_s(node, || {
            let t = ten(h)?;
            let name = match operand {
                -1 => "sequence_lens".to_string(),
                i if i < states => format!("state #{i}"),
                i => format!("scan input #{}", i - states),
            };
            let d = match t.shape().first() {
                Some(&d) => d as i64,
                None => bail!("{name} must have a batch axis 0, but is a scalar"),
            };
            if d != expected {
                bail!(
                    "scan inputs have inconsistent batch sizes: scan input #0 has {expected}, {name} has {d} along axis 0 (shape {})",
                    crate::fmt_shape(t.shape())
                );
            }
            Ok(expected)
        })
    }
}
