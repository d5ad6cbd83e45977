//! Tensor sequences: SequenceInsert/At/Erase/Length, ConcatFromSequence, SplitToSequence.
//!
//! A sequence is `RtValue::Sequence { dtype, items }`; items are shared (`Arc`), so building a
//! new sequence copies pointers, not tensors.

use std::sync::Arc;

use crate::error::RtResult;
use crate::movement::{concat, narrow, split_sizes};
use crate::shape::unsqueeze;
use crate::value::{fmt_shape, DType, RtValue, Tensor};

/// Normalises a position in `[-n, n_max]` where `n_max` is `n` for insertion, `n - 1` otherwise.
fn norm_pos(pos: i64, n: usize, inclusive_end: bool, op: &str) -> RtResult<usize> {
    let n = n as i64;
    let hi = if inclusive_end { n } else { n - 1 };
    let p = if pos < 0 { pos + n } else { pos };
    if p < 0 || p > hi {
        bail!("{op} position {pos} is out of range for a sequence of length {n} (must be in [{}, {hi}])", -n);
    }
    Ok(p as usize)
}

/// Inserts `t` (a tensor) at `pos` (the end when absent) into `items`, fixing an unknown dtype.
/// A sequence of string tensors keeps `dtype` None (strings have no [`DType`]) and holds only
/// string tensors.
pub fn insert_in_place(
    dtype: &mut Option<DType>,
    items: &mut Vec<Arc<RtValue>>,
    t: Arc<RtValue>,
    pos: Option<i64>,
) -> RtResult<()> {
    let is_str = |v: &RtValue| matches!(v, RtValue::Strings(_));
    let p = match pos {
        Some(p) => norm_pos(p, items.len(), true, "SequenceInsert")?,
        None => items.len(),
    };
    // Items are all string tensors or all tensors (every constructor and this function keep it),
    // so the first tells the kind. Checking every item made a Loop that appends to the sequence
    // it carries quadratic: bench/onnx/shapes.py's seq_loop spent 3 us per trip at 10^4 trips
    // and 8 us at 2 * 10^4, all of it in this scan.
    let holds_strings = items.first().is_some_and(|i| is_str(i));
    if is_str(&t) {
        if let Some(d) = *dtype {
            bail!("SequenceInsert: a string tensor cannot join a sequence of {}", d.name());
        }
        if !items.is_empty() && !holds_strings {
            bail!("SequenceInsert: a string tensor cannot join a sequence of tensors");
        }
        items.insert(p, t);
        return Ok(());
    }
    if holds_strings {
        bail!("SequenceInsert: a {} cannot join a sequence of string tensors", t.kind_name());
    }
    let td = t.as_tensor()?.dtype();
    if let Some(d) = *dtype {
        if d != td {
            bail!("SequenceInsert: the tensor's element type {} does not match the sequence's {}", td.name(), d.name());
        }
    }
    *dtype = Some(td);
    items.insert(p, t);
    Ok(())
}

/// A new sequence with `t` inserted.
pub fn seq_insert(s: &RtValue, t: Arc<RtValue>, pos: Option<i64>) -> RtResult<RtValue> {
    let (mut dtype, items) = s.as_sequence()?;
    let mut items = items.to_vec();
    insert_in_place(&mut dtype, &mut items, t, pos)?;
    Ok(RtValue::sequence(dtype, items))
}

pub fn seq_at(s: &RtValue, pos: i64) -> RtResult<Arc<RtValue>> {
    let (_, items) = s.as_sequence()?;
    let p = norm_pos(pos, items.len(), false, "SequenceAt")?;
    items.get(p).cloned().ok_or_else(|| rt_err!("internal error: SequenceAt"))
}

pub fn seq_length(s: &RtValue) -> RtResult<i64> {
    Ok(s.as_sequence()?.1.len() as i64)
}

/// A new sequence without the item at `pos` (the last when absent).
pub fn seq_erase(s: &RtValue, pos: Option<i64>) -> RtResult<RtValue> {
    let (dtype, items) = s.as_sequence()?;
    if items.is_empty() {
        bail!("SequenceErase of an empty sequence");
    }
    let p = norm_pos(pos.unwrap_or(-1), items.len(), false, "SequenceErase")?;
    let mut items = items.to_vec();
    items.remove(p);
    Ok(RtValue::sequence(dtype, items))
}

/// The tensors of a sequence.
pub(crate) fn seq_tensors(s: &RtValue) -> RtResult<(Option<DType>, Vec<&Tensor>)> {
    let (dtype, items) = s.as_sequence()?;
    let ts = items.iter().map(|v| v.as_tensor()).collect::<RtResult<_>>()?;
    Ok((dtype, ts))
}

/// ConcatFromSequence: concatenates along `axis`, or stacks along a new axis at `axis` (range
/// `[-r-1, r]`) when `new_axis`. An empty sequence gives an empty tensor of shape `empty_shape`.
pub fn concat_from_seq(s: &RtValue, axis: i64, new_axis: bool, empty_shape: Option<&Tensor>) -> RtResult<Tensor> {
    let (dtype, ts) = seq_tensors(s)?;
    if ts.is_empty() {
        let Some(shape) = empty_shape else {
            bail!("ConcatFromSequence of an empty sequence");
        };
        let dims = shape.to_i64_list("ConcatFromSequence empty shape", false)?;
        let dims: Vec<usize> = dims
            .iter()
            .map(|&d| usize::try_from(d))
            .collect::<Result<_, _>>()
            .map_err(|_| rt_err!("ConcatFromSequence empty shape has a negative dimension: {dims:?}"))?;
        if !dims.contains(&0) {
            bail!("ConcatFromSequence empty shape {} of an empty sequence must contain a 0", fmt_shape(&dims));
        }
        return Tensor::zeros(dtype.unwrap_or(DType::F32), dims);
    }
    if !new_axis {
        return concat(&ts, axis);
    }
    let axes = Tensor::from_i64s(vec![axis]);
    let expanded: Vec<Tensor> = ts.iter().map(|t| unsqueeze(t, &axes)).collect::<RtResult<_>>()?;
    let refs: Vec<&Tensor> = expanded.iter().collect();
    // After unsqueeze the new axis is at the normalised position, so the same axis works.
    concat(&refs, axis)
}

/// SplitToSequence: `split` absent cuts into pieces of 1 (squeezing the axis unless
/// `keepdims`); a scalar cuts pieces of that size (the last may be smaller); a 1-D tensor gives
/// the sizes.
pub fn split_to_seq(x: &Tensor, split: Option<&Tensor>, axis: i64, keepdims: bool) -> RtResult<RtValue> {
    let a = crate::broadcast::norm_axis(axis, x.rank())?;
    let dim = x.shape()[a];
    let (sizes, squeeze) = match split {
        None => (vec![1; dim], !keepdims),
        Some(s) if s.rank() == 0 => {
            let chunk = s.to_i64s("SplitToSequence split")?.first().copied().unwrap_or(0);
            let chunk = usize::try_from(chunk)
                .ok()
                .filter(|&c| c > 0)
                .ok_or_else(|| rt_err!("SplitToSequence split must be positive, got {chunk}"))?;
            let mut sizes = vec![chunk; dim / chunk];
            if !dim.is_multiple_of(chunk) {
                sizes.push(dim % chunk);
            }
            (sizes, false)
        }
        Some(s) => (split_sizes(dim, Some(s), 0)?, false),
    };
    let mut start = 0;
    let mut items = Vec::with_capacity(sizes.len());
    for len in sizes {
        let mut t = narrow(x, a, start, len)?;
        start += len;
        if squeeze {
            let mut shape = t.shape().to_vec();
            shape.remove(a);
            t = t.with_shape(shape)?;
        }
        items.push(Arc::new(RtValue::tensor(t)));
    }
    Ok(RtValue::sequence(Some(x.dtype()), items))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(v: Vec<i64>) -> Arc<RtValue> {
        Arc::new(RtValue::tensor(Tensor::from_i64s(v)))
    }

    fn firsts(s: &RtValue) -> Vec<i64> {
        let (_, ts) = seq_tensors(s).unwrap();
        ts.iter().map(|t| t.as_slice::<i64>().unwrap()[0]).collect()
    }

    #[test]
    fn insert_positions_and_dtypes() {
        let s = RtValue::sequence(None, Vec::new());
        let s = seq_insert(&s, item(vec![1]), None).unwrap();
        assert_eq!(s.as_sequence().unwrap().0, Some(DType::I64));
        let s = seq_insert(&s, item(vec![2]), Some(0)).unwrap();
        let s = seq_insert(&s, item(vec![3]), Some(-1)).unwrap();
        let s = seq_insert(&s, item(vec![4]), Some(3)).unwrap();
        assert_eq!(firsts(&s), vec![2, 3, 1, 4]);
        assert!(seq_insert(&s, item(vec![5]), Some(5)).is_err());
        assert!(seq_insert(&s, item(vec![5]), Some(-5)).is_err());
        let f = Arc::new(RtValue::tensor(Tensor::scalar(1f32)));
        assert!(seq_insert(&s, f, None).is_err());
        assert!(seq_insert(&Tensor::scalar(1i64).into(), item(vec![1]), None).is_err());
        assert_eq!(seq_length(&s).unwrap(), 4);
        assert_eq!(seq_at(&s, -1).unwrap().as_tensor().unwrap().as_slice::<i64>().unwrap(), &[4]);
        assert!(seq_at(&s, 4).is_err());
        assert!(seq_at(&s, -5).is_err());
    }

    #[test]
    fn erase_positions() {
        let s = RtValue::sequence(Some(DType::I64), vec![item(vec![1]), item(vec![2]), item(vec![3])]);
        assert_eq!(firsts(&seq_erase(&s, None).unwrap()), vec![1, 2]);
        assert_eq!(firsts(&seq_erase(&s, Some(0)).unwrap()), vec![2, 3]);
        assert_eq!(firsts(&seq_erase(&s, Some(-2)).unwrap()), vec![1, 3]);
        assert!(seq_erase(&s, Some(3)).is_err());
        assert!(seq_erase(&RtValue::sequence(None, Vec::new()), None).is_err());
    }

    #[test]
    fn concat_from_sequence_with_and_without_new_axis() {
        let s = RtValue::sequence(Some(DType::I64), vec![item(vec![1, 2]), item(vec![3, 4])]);
        let c = concat_from_seq(&s, 0, false, None).unwrap();
        assert_eq!(c.shape(), &[4]);
        let c = concat_from_seq(&s, 0, true, None).unwrap();
        assert_eq!(c.shape(), &[2, 2]);
        assert_eq!(c.as_slice::<i64>().unwrap(), &[1, 2, 3, 4]);
        let c = concat_from_seq(&s, -1, true, None).unwrap();
        assert_eq!(c.shape(), &[2, 2]);
        assert_eq!(c.as_slice::<i64>().unwrap(), &[1, 3, 2, 4]);
        assert!(concat_from_seq(&s, 2, true, None).is_err());
        let e = RtValue::sequence(Some(DType::F64), Vec::new());
        assert_eq!(concat_from_seq(&e, 0, true, None).unwrap_err().0, "ConcatFromSequence of an empty sequence");
        let z = concat_from_seq(&e, 0, true, Some(&Tensor::from_i64s(vec![0, 3]))).unwrap();
        assert_eq!((z.shape(), z.dtype()), (&[0, 3][..], DType::F64));
        assert!(concat_from_seq(&e, 0, true, Some(&Tensor::from_i64s(vec![2, 3]))).is_err());
    }

    #[test]
    fn split_to_sequence_forms() {
        let x = Tensor::from_vec(vec![5, 2], (0..10i64).collect()).unwrap();
        let s = split_to_seq(&x, None, 0, false).unwrap();
        let (_, ts) = seq_tensors(&s).unwrap();
        assert_eq!(ts.len(), 5);
        assert_eq!(ts[1].shape(), &[2]);
        let s = split_to_seq(&x, None, 0, true).unwrap();
        assert_eq!(seq_tensors(&s).unwrap().1[0].shape(), &[1, 2]);
        let s = split_to_seq(&x, Some(&Tensor::scalar(2i64)), 0, true).unwrap();
        let shapes: Vec<usize> = seq_tensors(&s).unwrap().1.iter().map(|t| t.shape()[0]).collect();
        assert_eq!(shapes, vec![2, 2, 1]);
        let s = split_to_seq(&x, Some(&Tensor::from_i64s(vec![1, 1])), 1, false).unwrap();
        assert_eq!(seq_tensors(&s).unwrap().1[1].as_slice::<i64>().unwrap(), &[1, 3, 5, 7, 9]);
        assert!(split_to_seq(&x, Some(&Tensor::scalar(0i64)), 0, true).is_err());
        assert!(split_to_seq(&x, Some(&Tensor::from_i64s(vec![1, 2])), 0, true).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::error::RtError;
    use crate::sequence as sq;
    use crate::value::{from_handle, Handle, RtValue};
    use std::sync::Arc;

    pub(crate) fn flowgate_rt_seq_empty(dtype_code: i32) -> Handle {
        run_v(NO_NODE, Kind::Sequence, || {
            let d = if dtype_code == 0 { None } else { Some(dtype(dtype_code)?) };
            Ok(RtValue::sequence(d, Vec::new()))
        })
    }

    pub(crate) unsafe fn flowgate_rt_seq_insert(node: i32, s: Handle, t: Handle, has_pos: i32, p: i64) -> Handle {
        run_v(node, Kind::Sequence, || sq::seq_insert(val(s)?, shared(t)?, pos(has_pos, p)))
    }

    pub(crate) unsafe fn flowgate_rt_seq_insert_consume(
        node: i32,
        s: Handle,
        t: Handle,
        has_pos: i32,
        p: i64,
    ) -> Handle {
        // Take ownership first so `s` is released on every path, error or not.
        let owned = (!s.is_null()).then(|| from_handle(s));
        run(node, Kind::Sequence, || {
            let mut owned = owned.ok_or_else(|| RtError::new("missing input (null handle)"))?;
            let t = shared(t)?;
            match Arc::get_mut(&mut owned) {
                // Sole owner: insert in place (amortised O(1) at the end).
                Some(RtValue::Sequence { dtype, items }) => {
                    sq::insert_in_place(dtype, items, t, pos(has_pos, p))?;
                    Ok(owned)
                }
                _ => Ok(Arc::new(sq::seq_insert(&owned, t, pos(has_pos, p))?)),
            }
        })
    }

    pub(crate) unsafe fn flowgate_rt_seq_at(node: i32, s: Handle, p: i64) -> Handle {
        run(node, Kind::Tensor, || sq::seq_at(val(s)?, p))
    }

    pub(crate) unsafe fn flowgate_rt_seq_length(node: i32, s: Handle) -> i64 {
        run_s(node, || sq::seq_length(val(s)?))
    }

    pub(crate) unsafe fn flowgate_rt_seq_erase(node: i32, s: Handle, has_pos: i32, p: i64) -> Handle {
        run_v(node, Kind::Sequence, || sq::seq_erase(val(s)?, pos(has_pos, p)))
    }

    pub(crate) unsafe fn flowgate_rt_concat_from_seq(
        node: i32,
        s: Handle,
        axis: i64,
        new_axis: i32,
        empty_shape_or_null: Handle,
    ) -> Handle {
        run_t(node, || sq::concat_from_seq(val(s)?, axis, new_axis != 0, opt_ten(empty_shape_or_null)?))
    }

    pub(crate) unsafe fn flowgate_rt_split_to_seq(
        node: i32,
        x: Handle,
        split_or_null: Handle,
        axis: i64,
        keepdims: i32,
    ) -> Handle {
        run_v(node, Kind::Sequence, || sq::split_to_seq(ten(x)?, opt_ten(split_or_null)?, axis, keepdims != 0))
    }
}
