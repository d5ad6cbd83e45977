//! The C ABI as compiled code uses it: handles in and out, sticky errors, placeholders.

use std::ptr::null_mut;
use std::sync::Arc;

use flowgate_runtime::abi::*;
use flowgate_runtime::{
    borrow_handle, clear_error, from_handle, into_handle, set_node_names, take_error, BinaryOp, DType, Frame,
    MemRefDesc1, RtValue, Tensor, UnaryOp,
};

fn h(t: Tensor) -> *mut std::ffi::c_void {
    into_handle(Arc::new(RtValue::tensor(t)))
}

fn i64s(v: &[i64]) -> *mut std::ffi::c_void {
    h(Tensor::from_i64s(v.to_vec()))
}

/// Takes ownership of a returned handle and returns its tensor.
fn take(h: *mut std::ffi::c_void) -> Tensor {
    // SAFETY: every handle the ABI returns is owned by the caller.
    let v = unsafe { from_handle(h) };
    v.as_tensor().unwrap().clone()
}

fn blob(dtype: i64, dims: &[i64], data: &[u8]) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(&dtype.to_le_bytes());
    b.extend_from_slice(&(dims.len() as i64).to_le_bytes());
    for d in dims {
        b.extend_from_slice(&d.to_le_bytes());
    }
    b.extend_from_slice(data);
    b
}

#[test]
fn box_unbox_and_constants() {
    clear_error();
    unsafe {
        let b = flowgate_rt_box_i64(-1, DType::U8.code());
        assert_eq!(flowgate_rt_unbox_i64(0, b), 255);
        assert_eq!(flowgate_rt_rank(0, b), 0);
        flowgate_rt_release(b);
        let f = flowgate_rt_box_f64(2.5, DType::F16.code());
        assert_eq!(flowgate_rt_unbox_f32(0, f), 2.5);
        assert_eq!(flowgate_rt_unbox_i64(0, f), 0);
        assert_eq!(flowgate_rt_ok(), 0);
        assert_eq!(take_error().as_deref(), Some("node #0: expected an integer or bool element type, got float16"));
        flowgate_rt_release(f);

        // A constant blob placed at an odd offset (the reader must not assume alignment).
        let mut bytes = vec![0xAAu8];
        bytes.extend(blob(6, &[2, 1], &[1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff]));
        let desc = MemRefDesc1 {
            allocated: bytes.as_ptr(),
            aligned: bytes.as_ptr(),
            offset: 1,
            size: bytes.len() as i64 - 1,
            stride: 1,
        };
        let c = flowgate_rt_constant(&desc);
        assert_eq!(flowgate_rt_dim(0, c, -2), 2);
        assert_eq!(flowgate_rt_size(0, c), 2);
        let t = take(c);
        assert_eq!(t.as_slice::<i32>().unwrap(), &[1, -2]);
        let bad = MemRefDesc1 { size: bytes.len() as i64 - 2, ..desc };
        let p = take(flowgate_rt_constant(&bad));
        assert_eq!(p.shape(), &[0]);
        assert!(take_error().unwrap().contains("needs 8 bytes of data, got 7"));
    }
}

#[test]
fn errors_are_sticky_and_name_the_node() {
    clear_error();
    set_node_names(vec!["node 'g' (Gather) in graph main".into(), "node 'a' (Add) in graph main".into()]);
    unsafe {
        let x = i64s(&[1, 2, 3]);
        let idx = i64s(&[5]);
        // (x and idx are released at the end.)
        let g = flowgate_rt_gather(0, x, idx, 0);
        assert_eq!(flowgate_rt_ok(), 0);
        // The placeholder is an empty f32 tensor of shape [0].
        let gv = borrow_handle(g).as_tensor().unwrap();
        assert_eq!((gv.shape(), gv.dtype()), (&[0usize][..], DType::F32));
        // Later calls do no work and return placeholders; the first error is kept.
        let s = flowgate_rt_binary(1, BinaryOp::Add as i32, x, x);
        assert_eq!(take(s).shape(), &[0]);
        assert_eq!(flowgate_rt_seq_length(1, x), 0);
        assert_eq!(
            take_error().as_deref(),
            Some("node 'g' (Gather) in graph main: indices element out of data bounds, idx=5 must be within the inclusive range [-3,2]")
        );
        assert_eq!(flowgate_rt_ok(), 1);
        let s = take(flowgate_rt_binary(1, BinaryOp::Add as i32, x, x));
        assert_eq!(s.as_slice::<i64>().unwrap(), &[2, 4, 6]);
        let bad = take(flowgate_rt_unary(1, 99, x));
        assert_eq!(bad.shape(), &[0]);
        assert_eq!(take_error().as_deref(), Some("node 'a' (Add) in graph main: unknown unary op code 99"));
        let n = take(flowgate_rt_unary(7, UnaryOp::Neg as i32, null_mut()));
        assert_eq!(n.shape(), &[0]);
        assert_eq!(take_error().as_deref(), Some("node #7: missing input (null handle)"));
        // A sequence where a tensor is expected.
        let sq = flowgate_rt_seq_empty(0);
        flowgate_rt_release(flowgate_rt_unary(1, UnaryOp::Neg as i32, sq));
        assert!(take_error().unwrap().ends_with("expected a tensor, got a sequence"));
        flowgate_rt_release(flowgate_rt_box_i64(1, 8));
        assert_eq!(take_error().as_deref(), Some("node #-1: unsupported element type string"));
        for v in [x, idx, g, sq] {
            flowgate_rt_release(v);
        }
    }
    set_node_names(Vec::new());
}

#[test]
fn sequences_insert_in_place_when_unique() {
    clear_error();
    unsafe {
        let mut s = flowgate_rt_seq_empty(DType::I64.code());
        let first = s;
        for i in 0..100 {
            let t = flowgate_rt_box_i64(i, DType::I64.code());
            s = flowgate_rt_seq_insert_consume(0, s, t, 0, 0);
            flowgate_rt_release(t);
        }
        // Sole owner all along: the same sequence was mutated in place.
        assert_eq!(s, first);
        assert_eq!(flowgate_rt_seq_length(0, s), 100);
        // Shared: a new sequence is made and the old one is left intact.
        flowgate_rt_retain(s);
        let t = flowgate_rt_box_i64(-1, DType::I64.code());
        let s2 = flowgate_rt_seq_insert_consume(0, s, t, 1, 0);
        assert_ne!(s2, s);
        assert_eq!(flowgate_rt_seq_length(0, s), 100);
        assert_eq!(flowgate_rt_seq_length(0, s2), 101);
        let a = flowgate_rt_seq_at(0, s2, 0);
        assert_eq!(flowgate_rt_unbox_i64(0, a), -1);
        let c = take(flowgate_rt_concat_from_seq(0, s, 0, 1, null_mut()));
        assert_eq!(c.shape(), &[100]);
        assert_eq!(c.as_slice::<i64>().unwrap()[99], 99);
        // Wrong dtype into a typed sequence.
        let f = flowgate_rt_box_f32(1.0, DType::F32.code());
        let e = flowgate_rt_seq_insert(3, s, f, 0, 0);
        assert!(take_error().unwrap().contains("does not match the sequence's int64"));
        let e2 = flowgate_rt_seq_erase(0, s2, 1, -101);
        assert_eq!(flowgate_rt_seq_length(0, e2), 100);
        assert!(flowgate_rt_ok() == 1);
        let ch = h(c.clone());
        let sp = flowgate_rt_split(0, ch, null_mut(), 0, 3);
        assert_eq!(flowgate_rt_seq_length(0, sp), 3);
        let last = take(flowgate_rt_seq_at(0, sp, -1));
        assert_eq!(last.shape(), &[32]);
        for v in [s, s2, t, a, f, e, e2, sp, ch] {
            flowgate_rt_release(v);
        }
    }
}

#[test]
fn optionals_and_frames() {
    clear_error();
    unsafe {
        let n = flowgate_rt_opt_none();
        assert_eq!(flowgate_rt_opt_has(0, n), 0);
        let g = take(flowgate_rt_opt_get(4, n));
        assert_eq!(g.shape(), &[0]);
        assert_eq!(take_error().as_deref(), Some("node #4: OptionalGetElement of an empty optional"));
        let x = i64s(&[7]);
        let s = flowgate_rt_opt_some(x);
        assert_eq!(flowgate_rt_opt_has(0, s), 1);
        let got = flowgate_rt_opt_get(0, s);
        assert_eq!(got, x);
        for v in [n, x, s, got] {
            flowgate_rt_release(v);
        }

        let mut frame = Frame::new(vec![Arc::new(RtValue::tensor(Tensor::from_i64s(vec![3])))], 2);
        let fp: *mut Frame = &mut frame;
        let a = flowgate_rt_arg(fp, 0);
        let twice = flowgate_rt_binary(0, BinaryOp::Add as i32, a, a);
        flowgate_rt_set_result(fp, 1, twice);
        flowgate_rt_set_result(fp, 0, a);
        // Replacing a result releases the previous one.
        flowgate_rt_set_result(fp, 0, flowgate_rt_box_i64(9, DType::I64.code()));
        let bad = flowgate_rt_arg(fp, 5);
        assert!(take_error().unwrap().contains("argument index 5 out of range"));
        flowgate_rt_release(bad);
        let results = frame.take_results();
        let r0 = results[0].as_ref().unwrap().as_tensor().unwrap();
        let r1 = results[1].as_ref().unwrap().as_tensor().unwrap();
        assert_eq!(r0.as_slice::<i64>().unwrap(), &[9]);
        assert_eq!(r1.as_slice::<i64>().unwrap(), &[6]);
    }
}

#[test]
fn kernels_through_the_abi() {
    clear_error();
    unsafe {
        let x = h(Tensor::from_vec(vec![2, 3], (0..6).map(|i| i as f32).collect()).unwrap());
        let sh = flowgate_rt_shape(0, x, 0, i64::MAX);
        let target = i64s(&[3, -1]);
        let r = flowgate_rt_reshape(0, x, target, 0);
        assert_eq!(take(flowgate_rt_shape(0, r, 0, i64::MAX)).as_slice::<i64>().unwrap(), &[3, 2]);
        let tr = take(flowgate_rt_transpose(0, x, null_mut()));
        assert_eq!(tr.as_slice::<f32>().unwrap(), &[0., 3., 1., 4., 2., 5.]);
        let w = flowgate_rt_cast(0, x, DType::Bool.code());
        // CastLike with the target known only at run time takes the target tensor's dtype.
        let like = take(flowgate_rt_cast_like(0, x, target, 1));
        assert_eq!(like.as_slice::<i64>().unwrap(), &[0, 1, 2, 3, 4, 5]);
        let minus1 = flowgate_rt_box_f32(-1.0, DType::F32.code());
        let wh = flowgate_rt_where(0, w, x, minus1);
        assert_eq!(take(wh).as_slice::<f32>().unwrap(), &[-1., 1., 2., 3., 4., 5.]);
        let m = take(flowgate_rt_matmul(0, x, r));
        assert_eq!(m.shape(), &[2, 2]);
        let red = take(flowgate_rt_reduce(0, 0, x, null_mut(), 0, 0));
        assert_eq!(red.as_slice::<f32>().unwrap(), &[15.]);
        let am = take(flowgate_rt_arg_reduce(0, x, 1, 0, 0, 0));
        assert_eq!(am.as_slice::<i64>().unwrap(), &[2, 2]);
        assert_eq!(take(sh).as_slice::<i64>().unwrap(), &[2, 3]);
        assert_eq!(flowgate_rt_ok(), 1);
        for v in [x, r, w, target, minus1] {
            flowgate_rt_release(v);
        }
    }
}

/// A descriptor of an 8-byte slot (aligned, zero) as a module global would be.
fn slot_desc(slot: &mut u64) -> MemRefDesc1 {
    let p = slot as *mut u64 as *const u8;
    MemRefDesc1 { allocated: p, aligned: p, offset: 0, size: 8, stride: 1 }
}

#[test]
fn constant_and_memo_slots_keep_their_first_value() {
    clear_error();
    unsafe {
        let bytes = blob(1, &[2], &[0, 0, 0x80, 0x3f, 0, 0, 0, 0x40]);
        let desc = MemRefDesc1 {
            allocated: bytes.as_ptr(),
            aligned: bytes.as_ptr(),
            offset: 0,
            size: bytes.len() as i64,
            stride: 1,
        };
        let mut cslot = 0u64;
        let cd = slot_desc(&mut cslot);
        let a = flowgate_rt_constant_cached(&desc, &cd);
        let b = flowgate_rt_constant_cached(&desc, &cd);
        // The same runtime value, made once; the slot holds a reference of its own.
        assert_eq!(a, b);
        assert_eq!(cslot as usize, a as usize);

        // A memoized kernel: the first call computes and fills the slot, the next call for the
        // same node returns the slot's value even with other inputs (the lowering announces
        // only results of constant inputs), and the announcement serves one call only.
        let mut mslot = 0u64;
        let md = slot_desc(&mut mslot);
        flowgate_rt_memo_next(&md, 7);
        let s1 = flowgate_rt_binary(7, BinaryOp::Add as i32, a, a);
        let other = h(Tensor::from_vec(vec![2], vec![10f32, 20.]).unwrap());
        flowgate_rt_memo_next(&md, 7);
        let s2 = flowgate_rt_binary(7, BinaryOp::Add as i32, other, other);
        assert_eq!(s1, s2);
        assert_eq!(take(s2).as_slice::<f32>().unwrap(), &[2., 4.]);
        let s3 = flowgate_rt_binary(7, BinaryOp::Add as i32, other, other);
        assert_eq!(take(s3).as_slice::<f32>().unwrap(), &[20., 40.]);
        // An announcement for another node does not apply (and is dropped by the next call).
        let mut nslot = 0u64;
        let nd = slot_desc(&mut nslot);
        flowgate_rt_memo_next(&nd, 8);
        let s4 = flowgate_rt_binary(7, BinaryOp::Add as i32, other, other);
        assert_eq!(nslot, 0);
        let s5 = flowgate_rt_binary(8, BinaryOp::Add as i32, other, other);
        assert_eq!(nslot, 0);
        // A descriptor that is not an 8-byte slot is ignored.
        let bad = MemRefDesc1 { size: 4, ..nd };
        let c = flowgate_rt_constant_cached(&desc, &bad);
        assert_ne!(c, a);
        for x in [a, b, s1, other, s4, s5, c] {
            flowgate_rt_release(x);
        }
        assert_eq!(flowgate_rt_ok(), 1);
    }
}

/// `tensor_data` lends a tensor's elements in place; a tensor from `tensor_zeros` written through
/// it holds what was written; a mismatch is an error naming the node, and the view is then a
/// zeroed stand-in of the expected size (never the tensor's memory), freed when the error is
/// taken.
#[test]
fn tensor_data_views_in_place() {
    clear_error();
    unsafe {
        let x = h(Tensor::from_vec(vec![2], vec![1.5f32, -2.0]).unwrap());
        let d = flowgate_rt_tensor_data(0, x, DType::F32.code(), 2);
        assert_eq!((d.offset, d.size, d.stride), (0, 8, 1));
        assert_eq!(d.allocated, d.aligned);
        let got = std::slice::from_raw_parts(d.aligned.cast::<f32>(), 2);
        assert_eq!(got, [1.5, -2.0]);
        let shape = i64s(&[3, 1]);
        let z = flowgate_rt_tensor_zeros(0, DType::I32.code(), shape);
        let w = flowgate_rt_tensor_data(0, z, DType::I32.code(), 3);
        assert_eq!(std::slice::from_raw_parts(w.aligned.cast::<i32>(), 3), [0, 0, 0]);
        w.aligned.cast::<i32>().cast_mut().add(2).write(7);
        let t = take(z);
        assert_eq!(t.shape(), [3, 1]);
        assert_eq!(t.to_i64s("t").unwrap(), [0, 0, 7]);
        assert_eq!(flowgate_rt_ok(), 1);

        set_node_names(vec!["node 'g' (Gather) in graph main".into()]);
        let bad = flowgate_rt_tensor_data(0, x, DType::F32.code(), 3);
        assert_eq!(flowgate_rt_ok(), 0);
        assert_ne!(bad.aligned, d.aligned);
        assert_eq!(bad.size, 12);
        assert_eq!(std::slice::from_raw_parts(bad.aligned.cast::<f32>(), 3), [0.0; 3]);
        // After an error every view is a stand-in, even of a matching tensor.
        let after = flowgate_rt_tensor_data(0, x, DType::F32.code(), 2);
        assert_ne!(after.aligned, d.aligned);
        assert_eq!(
            take_error().as_deref(),
            Some("node 'g' (Gather) in graph main: expected a float32 tensor of 3 elements (the compiled view), got float32 of shape {2}")
        );
        set_node_names(Vec::new());
        flowgate_rt_release(shape);
        flowgate_rt_release(x);
    }
}
