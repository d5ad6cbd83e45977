//! The conversions and the C functions, called as C would (raw structs, null pointers, bad
//! fields). Each test checks that it leaves no runtime value alive.

use std::ffi::{c_void, CStr};
use std::sync::Arc;

use super::convert::{handle_from_c, handle_to_c, value_from_c, value_to_c};
use super::*;
use crate::value::{from_handle, into_handle, DType, RtValue, Tensor};

fn last() -> String {
    // SAFETY: read before the next call on this thread.
    unsafe { CStr::from_ptr(flowgate_last_error()) }.to_str().unwrap().to_string()
}

fn borrowed(dtype: i32, shape: &[i64], data: *mut c_void) -> FlowgateTensor {
    FlowgateTensor { dtype, rank: shape.len() as i32, shape: shape.as_ptr(), data, owner: std::ptr::null_mut() }
}

/// `f` leaves as many runtime values alive as it found (other tests run in parallel on other
/// threads, so the count is compared on a quiet moment: retried a few times).
fn no_leak(f: impl Fn()) {
    for _ in 0..50 {
        let before = crate::value::live_values();
        f();
        if crate::value::live_values() == before {
            return;
        }
    }
    panic!("runtime values leaked");
}

#[test]
fn every_dtype_round_trips_through_the_structs() {
    no_leak(|| {
        for d in DType::ALL {
            let n = 6 * d.size();
            let mut bytes: Vec<u8> = (0..n)
                .map(|i| if d == DType::Bool || d.is_small() { (i % 2) as u8 } else { (i * 37 % 251) as u8 })
                .collect();
            let shape = [2i64, 3];
            let src = borrowed(d.code(), &shape, bytes.as_mut_ptr().cast());
            // SAFETY: `src` describes `bytes`.
            let v = unsafe { value_from_c(&src, "input 'x'") }.unwrap();
            assert_eq!(v.as_tensor().unwrap().to_le_bytes(), bytes);
            let mut out = FlowgateTensor::EMPTY;
            // SAFETY: `out` is a struct.
            unsafe { value_to_c(v, &mut out) }.unwrap();
            assert!(!out.owner.is_null());
            // SAFETY: a runtime-made tensor.
            unsafe {
                assert_eq!(flowgate_tensor_dtype(&out), d.code());
                assert_eq!(flowgate_tensor_rank(&out), 2);
                assert_eq!((flowgate_tensor_dim(&out, 0), flowgate_tensor_dim(&out, -1)), (2, 3));
                assert_eq!(flowgate_tensor_size(&out), 6);
                let mut back = vec![0u8; n];
                assert_eq!(flowgate_tensor_copy_data(&out, back.as_mut_ptr().cast(), n), 0);
                assert_eq!(back, bytes);
                assert_eq!(std::slice::from_raw_parts(flowgate_tensor_data(&out).cast::<u8>(), n), &bytes[..]);
                flowgate_tensor_free(&mut out);
            }
            assert!(out.owner.is_null() && out.data.is_null());
        }
    });
}

#[test]
fn copy_owns_its_data_and_borrow_points_at_the_callers() {
    let mut data = [1.0f32, 2.0, 3.0];
    let shape = [3i64];
    let (mut copied, mut lent) = (FlowgateTensor::EMPTY, FlowgateTensor::EMPTY);
    // SAFETY: `shape` and `data` describe a float32 [3] tensor.
    unsafe {
        assert_eq!(flowgate_tensor_new(&mut copied, 1, 1, shape.as_ptr(), data.as_mut_ptr().cast(), FLOWGATE_COPY), 0);
        assert_eq!(flowgate_tensor_new(&mut lent, 1, 1, shape.as_ptr(), data.as_mut_ptr().cast(), FLOWGATE_BORROW), 0);
    }
    assert!(!copied.owner.is_null() && copied.data != data.as_mut_ptr().cast());
    assert!(lent.owner.is_null() && lent.data == data.as_mut_ptr().cast() && lent.shape == shape.as_ptr());
    data[0] = 9.0;
    // SAFETY: both are valid; the copy did not see the change, the loan does.
    unsafe {
        assert_eq!(*flowgate_tensor_data(&copied).cast::<f32>(), 1.0);
        assert_eq!(*flowgate_tensor_data(&lent).cast::<f32>(), 9.0);
        flowgate_tensor_free(&mut copied);
        flowgate_tensor_free(&mut lent);
    }
    assert_eq!(data[0], 9.0);
}

#[test]
fn a_runtime_made_tensor_passed_back_is_shared_and_outputs_are_unshared() {
    no_leak(|| {
        let v = Arc::new(RtValue::tensor(Tensor::from_vec(vec![2], vec![4i64, 5]).unwrap()));
        let kept = v.clone();
        let mut out = FlowgateTensor::EMPTY;
        // SAFETY: `out` is a struct.
        unsafe { value_to_c(v, &mut out) }.unwrap();
        // The runtime still held `kept`, so the output is a copy the caller may write.
        assert_ne!(out.data.cast_const(), kept.as_tensor().unwrap().as_slice::<i64>().unwrap().as_ptr().cast());
        // SAFETY: runtime-made.
        let again = unsafe { value_from_c(&out, "input 'y'") }.unwrap();
        assert_eq!(
            again.as_tensor().unwrap().as_slice::<i64>().unwrap().as_ptr().cast::<c_void>(),
            out.data.cast_const()
        );
        drop(again);
        // A changed field is refused rather than trusted.
        let dims = [1i64];
        out.shape = dims.as_ptr();
        // SAFETY: the owner is still live.
        let e = unsafe { value_from_c(&out, "input 'y'") }.unwrap_err();
        assert!(e.0.starts_with("input 'y': was changed after the runtime made it"), "{e}");
        out.shape = std::ptr::null();
        out.rank = 0;
        // SAFETY: fields restored enough to free (free only needs the owner).
        unsafe { flowgate_tensor_free(&mut out) };
    });
}

#[test]
fn bad_structs_are_errors_that_name_the_value() {
    let mut data = [0i32; 4];
    let cases: Vec<(FlowgateTensor, &str)> = vec![
        (borrowed(99, &[4], data.as_mut_ptr().cast()), "has element type #99, which Flowgate does not support"),
        (borrowed(8, &[4], data.as_mut_ptr().cast()), "has element type string"),
        (FlowgateTensor { rank: -1, ..borrowed(6, &[], data.as_mut_ptr().cast()) }, "has rank -1"),
        (FlowgateTensor { rank: 1000, ..borrowed(6, &[], data.as_mut_ptr().cast()) }, "has rank 1000"),
        (
            FlowgateTensor { dtype: 6, rank: 2, shape: std::ptr::null(), ..FlowgateTensor::EMPTY },
            "has rank 2 but its shape is NULL",
        ),
        (borrowed(6, &[-2, 2], data.as_mut_ptr().cast()), "has a negative dimension -2 at axis 0"),
        (borrowed(6, &[4], std::ptr::null_mut()), "has 4 elements but its data is NULL"),
        (borrowed(6, &[1 << 40, 1 << 30], data.as_mut_ptr().cast()), "has an invalid shape: cannot allocate"),
        (FlowgateTensor { dtype: FLOWGATE_SEQUENCE, ..FlowgateTensor::EMPTY }, "is a sequence but its data"),
    ];
    for (t, want) in &cases {
        // SAFETY: every pointer in the cases is valid or null.
        let e = unsafe { value_from_c(t, "input 'x'") }.unwrap_err();
        assert!(e.0.starts_with(&format!("input 'x': {want}")), "{e} (wanted {want})");
    }
    // SAFETY: null.
    assert_eq!(unsafe { value_from_c(std::ptr::null(), "input 'x'") }.unwrap_err().0, "input 'x': is NULL");
    // The same through the C functions: -1 and a message, and a cleared output.
    let mut out = FlowgateTensor { dtype: 5, ..FlowgateTensor::EMPTY };
    let shape = [-1i64];
    // SAFETY: valid pointers, bad values.
    unsafe {
        assert_eq!(flowgate_tensor_new(&mut out, 6, 1, shape.as_ptr(), data.as_mut_ptr().cast(), FLOWGATE_COPY), -1);
        assert_eq!(out.dtype, 0);
        assert_eq!(last(), "flowgate_tensor_new: the value has a negative dimension -1 at axis 0");
        assert_eq!(flowgate_tensor_new(&mut out, 6, 0, std::ptr::null(), data.as_mut_ptr().cast(), 7), -1);
        assert_eq!(last(), "flowgate_tensor_new: mode 7 is neither FLOWGATE_COPY (0) nor FLOWGATE_BORROW (1)");
        assert_eq!(flowgate_tensor_new(std::ptr::null_mut(), 6, 0, std::ptr::null(), data.as_mut_ptr().cast(), 0), -1);
        assert_eq!(last(), "flowgate_tensor_new: out is NULL");
        assert_eq!(flowgate_tensor_rank(std::ptr::null()), -1);
        assert_eq!(last(), "flowgate_tensor_rank: the tensor is NULL");
        assert!(flowgate_tensor_data(std::ptr::null()).is_null());
        assert_eq!(flowgate_tensor_dtype(std::ptr::null()), 0);
        let t = borrowed(6, &[4], data.as_mut_ptr().cast());
        assert_eq!(flowgate_tensor_dim(&t, 1), -1);
        assert_eq!(last(), "flowgate_tensor_dim: axis 1 is out of range for rank 1");
        assert_eq!(flowgate_tensor_copy_data(&t, data.as_mut_ptr().cast(), 3), -1);
        assert_eq!(last(), "flowgate_tensor_copy_data: the tensor (int32, 4 elements) has 16 bytes but the buffer 3");
        // A struct whose owner is not the runtime's is refused, and not freed.
        let mut junk = 0u64;
        let mut forged =
            FlowgateTensor { owner: (&mut junk as *mut u64).cast(), ..borrowed(6, &[4], data.as_mut_ptr().cast()) };
        assert_eq!(flowgate_tensor_rank(&forged), -1);
        assert!(last().contains("owner field is not a value the runtime allocated"), "{}", last());
        flowgate_tensor_free(&mut forged);
        assert!(last().starts_with("flowgate_tensor_free: the value its owner field"), "{}", last());
        assert_eq!(forged.dtype, 6);
        flowgate_tensor_free(std::ptr::null_mut());
        assert_eq!(flowgate_dtype_size(11), 8);
        assert_eq!(flowgate_dtype_size(8), 0);
    }
}

#[test]
fn sequences_and_optionals_copy_in_and_read_out() {
    no_leak(|| {
        let mut a = [1i64, 2, 3];
        let mut b = [4i64];
        let (sa, sb) = ([3i64], [1i64]);
        let items = [borrowed(7, &sa, a.as_mut_ptr().cast()), borrowed(7, &sb, b.as_mut_ptr().cast())];
        let mut seq = FlowgateTensor::EMPTY;
        let mut opt = FlowgateTensor::EMPTY;
        let mut none = FlowgateTensor::EMPTY;
        // SAFETY: all structs are valid.
        unsafe {
            assert_eq!(flowgate_sequence_new(&mut seq, items.as_ptr(), 2), 0);
            a[0] = 100; // copied: the sequence does not see it
            assert_eq!(flowgate_sequence_length(&seq), 2);
            let i1 = flowgate_sequence_item(&seq, 1);
            assert_eq!(*flowgate_tensor_data(i1).cast::<i64>(), 4);
            assert_eq!(*flowgate_tensor_data(flowgate_sequence_item(&seq, 0)).cast::<i64>(), 1);
            assert_eq!(a[0], 100);
            assert!(flowgate_sequence_item(&seq, 2).is_null());
            assert_eq!(last(), "flowgate_sequence_item: index 2 is out of range for a sequence of length 2");
            assert_eq!(flowgate_tensor_rank(&seq), -1);
            assert_eq!(last(), "flowgate_tensor_rank: the value is a sequence, not a tensor");

            assert_eq!(flowgate_optional_new(&mut opt, &seq), 0);
            assert_eq!(flowgate_optional_has_value(&opt), 1);
            let inner = flowgate_optional_value(&opt);
            assert_eq!(flowgate_sequence_length(inner), 2);
            assert_eq!(flowgate_optional_new(&mut none, std::ptr::null()), 0);
            assert_eq!(flowgate_optional_has_value(&none), 0);
            assert!(flowgate_optional_value(&none).is_null());
            assert_eq!(flowgate_optional_has_value(&seq), -1);
            assert_eq!(last(), "flowgate_optional_has_value: the value is not an optional (its dtype is -1)");

            // Into the runtime and back: the same values.
            let v = value_from_c(&opt, "input 'o'").unwrap();
            let inner = v.as_optional().unwrap().unwrap();
            let (dtype, got) = inner.as_sequence().unwrap();
            assert_eq!(dtype, Some(DType::I64));
            assert_eq!(got[0].as_tensor().unwrap().as_slice::<i64>(), Some(&[1, 2, 3][..]));
            drop(v);

            // Items of different element types, and a bad item, are named.
            let mut f = [1.0f32];
            let mixed = [borrowed(7, &sb, b.as_mut_ptr().cast()), borrowed(1, &sb, f.as_mut_ptr().cast())];
            let mut bad = FlowgateTensor::EMPTY;
            assert_eq!(flowgate_sequence_new(&mut bad, mixed.as_ptr(), 2), -1);
            assert_eq!(
                last(),
                "flowgate_sequence_new: item 1 is float32 but item 0 is int64; a sequence has one element type"
            );
            let neg = [borrowed(7, &[-1], b.as_mut_ptr().cast())];
            assert_eq!(flowgate_sequence_new(&mut bad, neg.as_ptr(), 1), -1);
            assert_eq!(last(), "flowgate_sequence_new: item 0 has a negative dimension -1 at axis 0");
            assert_eq!(flowgate_sequence_new(&mut bad, std::ptr::null(), 3), -1);
            assert_eq!(last(), "flowgate_sequence_new: is a sequence of length 3 but its items are NULL");
            assert_eq!(flowgate_sequence_new(&mut bad, std::ptr::null(), -1), -1);
            let mut empty = FlowgateTensor::EMPTY;
            assert_eq!(flowgate_sequence_new(&mut empty, std::ptr::null(), 0), 0);
            assert_eq!(flowgate_sequence_length(&empty), 0);

            flowgate_tensor_free(&mut seq);
            flowgate_tensor_free(&mut opt);
            flowgate_tensor_free(&mut none);
            flowgate_tensor_free(&mut empty);
        }
    });
}

#[test]
fn nesting_is_bounded() {
    // An optional that contains itself: refused at the depth limit, not a stack overflow.
    let mut t = FlowgateTensor { dtype: FLOWGATE_OPTIONAL, ..FlowgateTensor::EMPTY };
    t.data = (&mut t as *mut FlowgateTensor).cast();
    // SAFETY: a valid (cyclic) struct.
    let e = unsafe { value_from_c(&t, "input 'o'") }.unwrap_err();
    assert!(e.0.contains("nests sequences and optionals more than 64 deep"), "{e}");
}

#[test]
fn handles_convert_both_ways() {
    no_leak(|| {
        let mut x = [true, false];
        let shape = [2i64];
        let src = borrowed(9, &shape, x.as_mut_ptr().cast());
        // SAFETY: `src` describes `x`; the handle is consumed by `handle_to_c`.
        unsafe {
            let h = handle_from_c(&src, "input 'b'").unwrap();
            let mut out = FlowgateTensor::EMPTY;
            handle_to_c(h, &mut out).unwrap();
            assert_eq!(std::slice::from_raw_parts(out.data.cast::<bool>(), 2), &[true, false]);
            flowgate_tensor_free(&mut out);
            assert!(handle_to_c(std::ptr::null_mut(), &mut out).is_err());
            let h = into_handle(Arc::new(RtValue::tensor(Tensor::scalar(1u8))));
            assert_eq!(value_to_c(from_handle(h), std::ptr::null_mut()).unwrap_err().0, "the output slot is NULL");
        }
    });
}
