//! Kernels give the same bits at 1 and 4 threads (and at 2 and 3) on problems large enough to
//! be split: MatMul (one large product, and many batches), Gemm, Conv through its GEMM and
//! summed directly (depthwise), ConvTranspose.

use crate::conv::{conv, conv_transpose, ConvAttrs};
use crate::threads::set_num_threads;
use crate::value::Tensor;
use crate::window::WindowAttrs;

fn vals(shape: &[usize], seed: u32) -> Tensor {
    let n: usize = shape.iter().product();
    let v = (0..n).map(|i| ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) % 4001) as f32 / 1999.0 - 1.0);
    Tensor::from_vec(shape.to_vec(), v.collect()).unwrap()
}

fn bits(t: &Tensor) -> Vec<u32> {
    t.as_slice::<f32>().unwrap().iter().map(|x| x.to_bits()).collect()
}

fn conv_attrs(group: i64, strides: &[i64], pads: &[i64]) -> ConvAttrs {
    ConvAttrs {
        window: WindowAttrs {
            kernel: None,
            strides: Some(strides.to_vec()),
            dilations: None,
            pads: Some(pads.to_vec()),
        },
        group,
        ..Default::default()
    }
}

#[test]
fn large_kernels_are_bit_identical_at_any_thread_count() {
    type Case = Box<dyn Fn() -> Tensor>;
    let cases: Vec<(&str, Case)> = vec![
        ("matmul 300x500x400", Box::new(|| crate::matmul(&vals(&[300, 500], 1), &vals(&[500, 400], 2)).unwrap())),
        ("matmul 97x64x1500", Box::new(|| crate::matmul(&vals(&[97, 64], 1), &vals(&[64, 1500], 2)).unwrap())),
        (
            "batched matmul 16x64x64x64",
            Box::new(|| crate::matmul(&vals(&[16, 64, 64], 3), &vals(&[16, 64, 64], 4)).unwrap()),
        ),
        (
            "gemm transB with bias",
            Box::new(|| {
                crate::gemm(&vals(&[200, 300], 5), &vals(&[250, 300], 6), Some(&vals(&[250], 7)), 0.5, 2.0, false, true)
                    .unwrap()
            }),
        ),
        (
            "conv 3x3 im2col",
            Box::new(|| {
                let a = conv_attrs(1, &[1, 1], &[1, 1, 1, 1]);
                conv(&vals(&[2, 16, 40, 40], 8), &vals(&[32, 16, 3, 3], 9), Some(&vals(&[32], 10)), &a).unwrap()
            }),
        ),
        (
            "conv depthwise direct",
            Box::new(|| {
                let a = conv_attrs(32, &[2, 2], &[1, 1, 1, 1]);
                conv(&vals(&[1, 32, 96, 96], 11), &vals(&[32, 1, 3, 3], 12), None, &a).unwrap()
            }),
        ),
        (
            "conv 1-D strided direct",
            Box::new(|| {
                let a = conv_attrs(1, &[3], &[0, 0]);
                conv(&vals(&[4, 1, 60000], 13), &vals(&[2, 1, 101], 14), None, &a).unwrap()
            }),
        ),
        (
            "conv transpose",
            Box::new(|| {
                let a = conv_attrs(1, &[2, 2], &[0, 0, 0, 0]);
                conv_transpose(&vals(&[1, 32, 30, 30], 15), &vals(&[32, 24, 4, 4], 16), None, &a).unwrap()
            }),
        ),
    ];
    for (name, run) in &cases {
        set_num_threads(1);
        let want = bits(&run());
        for t in [4, 2, 3] {
            set_num_threads(t);
            assert!(bits(&run()) == want, "{name}: {t} threads differ from 1");
        }
    }
    set_num_threads(0);
}

#[test]
fn large_elementwise_ops_are_bit_identical_at_any_thread_count() {
    use crate::elementwise::{binary, unary, BinaryOp, UnaryOp};
    let (x, y, s) = (vals(&[3, 100_001], 17), vals(&[3, 100_001], 18), vals(&[1], 19));
    let runs: Vec<Box<dyn Fn() -> Tensor>> = vec![
        Box::new(|| binary(BinaryOp::Div, &x, &y).unwrap()),
        Box::new(|| binary(BinaryOp::Pow, &x, &s).unwrap()),
        Box::new(|| binary(BinaryOp::Sub, &s, &y).unwrap()),
        Box::new(|| unary(UnaryOp::Tanh, &x).unwrap()),
        Box::new(|| unary(UnaryOp::Exp, &y).unwrap()),
        Box::new(|| crate::activation::leaky_relu(&x, 0.01).unwrap()),
    ];
    for (i, run) in runs.iter().enumerate() {
        set_num_threads(1);
        let want = bits(&run());
        set_num_threads(4);
        assert!(bits(&run()) == want, "elementwise case {i}: 4 threads differ from 1");
    }
    let cmp = binary(BinaryOp::Less, &x, &y).unwrap();
    let want: Vec<bool> =
        x.as_slice::<f32>().unwrap().iter().zip(y.as_slice::<f32>().unwrap()).map(|(p, q)| p < q).collect();
    assert_eq!(cmp.as_slice::<bool>().unwrap(), &want[..]);
    set_num_threads(0);
}
