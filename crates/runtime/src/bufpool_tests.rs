use super::{give, held, take, zeroed, MAX_HELD, MIN_BYTES};
use crate::value::{DType, Tensor};

#[test]
fn a_given_buffer_of_the_same_size_is_handed_out_again() {
    let n = 4096;
    let mut v = vec![1.5f32; n];
    v[7] = 2.0;
    let ptr = v.as_ptr() as usize;
    let before = held();
    give(v);
    assert_eq!(held().0, before.0 + 1);
    // Another size does not take it.
    assert!(take::<f32>(n + 1).is_none());
    let again: Vec<f32> = take(n).expect("the buffer given back");
    assert_eq!(again.as_ptr() as usize, ptr);
    assert_eq!((again.len(), again.capacity()), (0, n));
    assert_eq!(held(), before);
    // `zeroed` never shows the old contents.
    give(again);
    let z: Vec<f32> = zeroed(n);
    assert_eq!(z.as_ptr() as usize, ptr);
    assert!(z.iter().all(|&x| x == 0.0));
}

#[test]
fn a_dropped_tensor_gives_its_storage_back() {
    let n = 2048;
    let t = Tensor::from_vec(vec![n], vec![3i64; n]).unwrap();
    let ptr = t.as_slice::<i64>().unwrap().as_ptr() as usize;
    drop(t);
    // Same bytes and alignment: the buffer comes back, even as another element type.
    let z = Tensor::zeros(DType::U64, vec![n]).unwrap();
    let s = z.as_slice::<u64>().unwrap();
    assert_eq!(s.as_ptr() as usize, ptr);
    assert!(s.iter().all(|&x| x == 0));
}

#[test]
fn small_buffers_are_left_to_malloc_and_the_pool_is_bounded() {
    let before = held();
    give(vec![0u8; MIN_BYTES - 1]);
    assert_eq!(held(), before);
    for i in 0..MAX_HELD + 10 {
        give(vec![0u8; MIN_BYTES + i]);
    }
    assert_eq!(held().0, MAX_HELD);
    // The oldest went first: the newest sizes are still there.
    assert!(take::<u8>(MIN_BYTES + MAX_HELD + 9).is_some());
    assert!(take::<u8>(MIN_BYTES).is_none());
}

#[test]
fn kernel_results_are_unchanged_when_buffers_are_reused() {
    use crate::conv::{conv, ConvAttrs};
    let f = |shape: &[usize], v: Vec<f32>| Tensor::from_vec(shape.to_vec(), v).unwrap();
    let x = f(&[1, 2, 600], (0..1200).map(|i| ((i * 37 % 101) as f32) * 0.01 - 0.5).collect());
    // Eight output channels: im2col and the GEMM, not the direct sum.
    let w = f(&[8, 2, 5], (0..80).map(|i| (i as f32) * 0.03 - 0.6).collect());
    let a = ConvAttrs { group: 1, ..Default::default() };
    let first = conv(&x, &w, None, &a).unwrap();
    // Fill the pool with buffers of the result's and the column matrix's sizes holding
    // garbage, then run again.
    let n = first.len();
    for len in [n, n, 10 * 596, 10 * 596] {
        give(vec![f32::NAN; len]);
    }
    assert!(held().0 >= 4);
    let second = conv(&x, &w, None, &a).unwrap();
    assert_eq!(first.to_le_bytes(), second.to_le_bytes());
}
