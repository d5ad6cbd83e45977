//! Values to and from the C ABI structs on the caller's side of a loaded model library, as a C
//! program would make and read them. The library holds its own copy of the runtime, so nothing
//! of the runtime crosses but the structs: inputs are borrowed views of this side's values
//! (`owner` NULL), outputs are read by copying their fields, never through their `owner`.

use flowgate_runtime::c_api::{FlowgateSequence, FlowgateTensor, FLOWGATE_OPTIONAL, FLOWGATE_SEQUENCE};
use flowgate_runtime::{DType, RtValue, Tensor};
use std::sync::Arc;

/// What a borrowed view's pointers point into; moving it moves no heap memory.
#[derive(Default)]
pub struct Storage {
    shape: Vec<i64>,
    bytes: Vec<u8>,
    seq: Option<Box<FlowgateSequence>>,
    items: Vec<FlowgateTensor>,
    inner: Option<Box<FlowgateTensor>>,
    children: Vec<Storage>,
}

/// A caller-made (borrowed) struct of `v`, valid while the storage lives.
pub fn borrow(v: &RtValue) -> (FlowgateTensor, Storage) {
    let mut st = Storage::default();
    let mut out = FlowgateTensor::EMPTY;
    match v {
        RtValue::Tensor(t) => {
            st.shape = t.shape().iter().map(|&d| d as i64).collect();
            st.bytes = t.to_le_bytes();
            out.dtype = t.dtype().code();
            out.rank = t.rank() as i32;
            out.shape = st.shape.as_ptr();
            out.data = st.bytes.as_mut_ptr().cast();
        }
        // flowgate.h has no string element type: passed with ONNX's code and no data, which the
        // model's `<name>_run` refuses by the type's name.
        RtValue::Strings(t) => {
            st.shape = t.shape().iter().map(|&d| d as i64).collect();
            out.dtype = flowgate_runtime::STRING_CODE;
            out.rank = t.shape().len() as i32;
            out.shape = st.shape.as_ptr();
        }
        RtValue::Sequence { items, .. } => {
            for item in items {
                let (t, s) = borrow(item);
                st.items.push(t);
                st.children.push(s);
            }
            let mut seq = Box::new(FlowgateSequence { length: st.items.len() as i64, items: st.items.as_mut_ptr() });
            out.dtype = FLOWGATE_SEQUENCE;
            out.data = (&mut *seq as *mut FlowgateSequence).cast();
            st.seq = Some(seq);
        }
        RtValue::Optional(x) => {
            out.dtype = FLOWGATE_OPTIONAL;
            if let Some(x) = x {
                let (t, s) = borrow(x);
                let mut inner = Box::new(t);
                out.data = (&mut *inner as *mut FlowgateTensor).cast();
                st.inner = Some(inner);
                st.children.push(s);
            }
        }
    }
    (out, st)
}

/// A copy of the value `t` describes (an output of the library).
///
/// # Safety
/// `t` was filled in by a successful `<name>_run` and not yet released.
pub unsafe fn read(t: &FlowgateTensor) -> Result<Arc<RtValue>, String> {
    match t.dtype {
        FLOWGATE_SEQUENCE => {
            let s = (t.data as *const FlowgateSequence).as_ref().ok_or("a sequence without data")?;
            let n = usize::try_from(s.length).map_err(|_| "a sequence of negative length")?;
            let items = (0..n).map(|k| read(&*s.items.add(k))).collect::<Result<Vec<_>, _>>()?;
            let dtype = items.first().and_then(|i| i.as_tensor().ok()).map(|x| x.dtype());
            Ok(Arc::new(RtValue::sequence(dtype, items)))
        }
        FLOWGATE_OPTIONAL => match (t.data as *const FlowgateTensor).as_ref() {
            None => Ok(Arc::new(RtValue::optional(None))),
            Some(inner) => Ok(Arc::new(RtValue::optional(Some(read(inner)?)))),
        },
        code => {
            let dtype = DType::from_code(code).map_err(|e| e.0)?;
            let rank = usize::try_from(t.rank).map_err(|_| "a negative rank")?;
            let dims: &[i64] = if rank == 0 { &[] } else { std::slice::from_raw_parts(t.shape, rank) };
            let shape: Vec<usize> = dims
                .iter()
                .map(|&d| usize::try_from(d))
                .collect::<Result<_, _>>()
                .map_err(|_| "a negative dimension")?;
            let n: usize = shape.iter().product::<usize>() * dtype.size();
            let bytes: &[u8] = if n == 0 { &[] } else { std::slice::from_raw_parts(t.data as *const u8, n) };
            Ok(Arc::new(RtValue::tensor(Tensor::new(dtype, shape, bytes).map_err(|e| e.0)?)))
        }
    }
}
