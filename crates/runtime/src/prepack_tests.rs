//! Prepared weights give the bits of the per-call path, are built once per constant, and never
//! for other tensors.

use crate::cast::cast;
use crate::conv::{conv, conv_transpose, ConvAttrs};
use crate::gru::{recurrent, Cell, RecurrentAttrs, RecurrentInputs};
use crate::rnn::{lstm, LstmAttrs, LstmInputs};
use crate::value::{DType, Tensor};

/// Deterministic values in [-1, 1) of the given shape and type.
fn vals(shape: &[usize], seed: u32, dtype: DType) -> Tensor {
    let n: usize = shape.iter().product();
    let v: Vec<f32> = (0..n)
        .map(|i| {
            ((i as u32).wrapping_mul(2654435761).wrapping_add(seed.wrapping_mul(40503)) >> 8) as f32 / (1 << 23) as f32
                - 1.0
        })
        .collect();
    cast(&Tensor::from_vec(shape.to_vec(), v).unwrap(), dtype)
}

/// A copy of `t` marked constant, as a module's slot marks its weights.
fn constant(t: &Tensor) -> Tensor {
    let c = t.clone();
    assert_eq!(c.prepared().count(), 0);
    c.prepared().mark_constant();
    c
}

fn same_bits(a: &Tensor, b: &Tensor, what: &str) {
    assert_eq!(a.shape(), b.shape(), "{what}");
    assert_eq!(a.dtype(), b.dtype(), "{what}");
    let bits = |t: &Tensor| {
        crate::cast::cast(t, DType::F64).as_slice::<f64>().unwrap().iter().map(|x| x.to_bits()).collect::<Vec<_>>()
    };
    assert_eq!(bits(a), bits(b), "{what}: prepared and per-call weights differ");
}

#[test]
fn lstm_prepared_weights_match_per_call_ones() {
    for dtype in [DType::F32, DType::F16, DType::F64] {
        // Batch 1 (one-row products) and 3 (packed GEMM per step), both directions.
        for (batch, direction) in [(1, 0), (3, 2), (5, 1)] {
            let (seq, input, h, dirs) = (4, 7, 9, if direction == 2 { 2 } else { 1 });
            let x = vals(&[seq, batch, input], 1, dtype);
            let w = vals(&[dirs, 4 * h, input], 2, dtype);
            let r = vals(&[dirs, 4 * h, h], 3, dtype);
            let b = vals(&[dirs, 8 * h], 4, dtype);
            let p = vals(&[dirs, 3 * h], 5, dtype);
            let a = LstmAttrs {
                hidden_size: None,
                direction,
                layout: 0,
                input_forget: false,
                clip: None,
                activations: vec![],
            };
            let run = |w: &Tensor, r: &Tensor, b: &Tensor, p: &Tensor| {
                let opt = LstmInputs { b: Some(b), seq_lens: None, initial_h: None, initial_c: None, p: Some(p) };
                lstm(&x, w, r, &opt, &a).unwrap()
            };
            let plain = run(&w, &r, &b, &p);
            let (wc, rc, bc, pc) = (constant(&w), constant(&r), constant(&b), constant(&p));
            for round in 0..2 {
                let got = run(&wc, &rc, &bc, &pc);
                for (g, want) in got.iter().zip(&plain) {
                    same_bits(g, want, &format!("LSTM {dtype:?} batch {batch} direction {direction} round {round}"));
                }
            }
            // One transposed form each for W and R; the bias and peepholes widened once when they
            // are not already f32/f64; nothing kept for the tensors that are not constants.
            assert_eq!((wc.prepared().count(), rc.prepared().count()), (1, 1));
            let widened = usize::from(dtype == DType::F16);
            assert_eq!((bc.prepared().count(), pc.prepared().count()), (widened, widened));
            assert_eq!(w.prepared().count() + r.prepared().count() + b.prepared().count(), 0);
        }
    }
}

#[test]
fn gru_and_rnn_prepared_weights_match_per_call_ones() {
    for dtype in [DType::F32, DType::BF16] {
        for (cell, gates, linear_before_reset) in [(Cell::Gru, 3, false), (Cell::Gru, 3, true), (Cell::Rnn, 1, false)] {
            for batch in [1, 4] {
                let (seq, input, h) = (3, 5, 6);
                let x = vals(&[seq, batch, input], 7, dtype);
                let w = vals(&[2, gates * h, input], 8, dtype);
                let r = vals(&[2, gates * h, h], 9, dtype);
                let b = vals(&[2, 2 * gates * h], 10, dtype);
                let a = RecurrentAttrs {
                    cell,
                    hidden_size: None,
                    direction: 2,
                    layout: 0,
                    linear_before_reset,
                    clip: None,
                    activations: vec![],
                };
                let run = |w: &Tensor, r: &Tensor, b: &Tensor| {
                    recurrent(&x, w, r, &RecurrentInputs { b: Some(b), seq_lens: None, initial_h: None }, &a).unwrap()
                };
                let plain = run(&w, &r, &b);
                let (wc, rc, bc) = (constant(&w), constant(&r), constant(&b));
                for _ in 0..2 {
                    for (g, want) in run(&wc, &rc, &bc).iter().zip(&plain) {
                        same_bits(g, want, &format!("{cell:?} {dtype:?} batch {batch} lbr {linear_before_reset}"));
                    }
                }
                assert_eq!((wc.prepared().count(), rc.prepared().count()), (1, 1));
            }
        }
    }
}

#[test]
fn conv_gemm_and_matmul_widen_a_constant_half_weight_once() {
    let x = vals(&[2, 4, 9, 7], 11, DType::F16);
    let w = vals(&[6, 2, 3, 3], 12, DType::F16);
    let b = vals(&[6], 13, DType::F16);
    let a = ConvAttrs { group: 2, ..Default::default() };
    let plain = conv(&x, &w, Some(&b), &a).unwrap();
    let (wc, bc) = (constant(&w), constant(&b));
    for _ in 0..2 {
        same_bits(&conv(&x, &wc, Some(&bc), &a).unwrap(), &plain, "Conv");
    }
    assert_eq!((wc.prepared().count(), bc.prepared().count()), (1, 1));
    let wt = vals(&[4, 3, 2, 2], 14, DType::BF16);
    let xt = vals(&[1, 4, 5, 5], 15, DType::BF16);
    let plain = conv_transpose(&xt, &wt, None, &ConvAttrs { group: 1, ..Default::default() }).unwrap();
    let wtc = constant(&wt);
    same_bits(
        &conv_transpose(&xt, &wtc, None, &ConvAttrs { group: 1, ..Default::default() }).unwrap(),
        &plain,
        "ConvTranspose",
    );
    assert_eq!(wtc.prepared().count(), 1);

    let (ga, gb, gc) = (vals(&[5, 8], 16, DType::F16), vals(&[3, 8], 17, DType::F16), vals(&[3], 18, DType::F16));
    let plain = crate::gemm::gemm(&ga, &gb, Some(&gc), 0.5, 2.0, false, true).unwrap();
    let (gbc, gcc) = (constant(&gb), constant(&gc));
    same_bits(&crate::gemm::gemm(&ga, &gbc, Some(&gcc), 0.5, 2.0, false, true).unwrap(), &plain, "Gemm");
    assert_eq!((gbc.prepared().count(), gcc.prepared().count()), (1, 1));

    let (ma, mb) = (vals(&[2, 3, 8], 19, DType::F16), vals(&[8, 4], 20, DType::F16));
    let plain = crate::linalg::matmul(&ma, &mb).unwrap();
    let mbc = constant(&mb);
    same_bits(&crate::linalg::matmul(&ma, &mbc).unwrap(), &plain, "MatMul");
    assert_eq!(mbc.prepared().count(), 1);
    // f32 weights are read in place: nothing to prepare.
    let w32 = constant(&vals(&[6, 2, 3, 3], 12, DType::F32));
    conv(&vals(&[1, 4, 5, 5], 1, DType::F32), &w32, None, &a).unwrap();
    assert_eq!(w32.prepared().count(), 0);
}

#[test]
fn a_copy_of_a_constant_is_not_one() {
    let w = constant(&vals(&[1, 4, 3], 1, DType::F32));
    assert!(w.prepared().is_constant());
    assert!(!w.clone().prepared().is_constant());
}
