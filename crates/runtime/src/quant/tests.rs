//! Expected values are onnxruntime 1.32's (CPU) on the same inputs, or the onnx node suite's
//! where onnxruntime agrees with it.

use super::*;
use crate::cast::cast;
use crate::conv::ConvAttrs;

fn t<T: Elem>(shape: &[usize], v: Vec<T>) -> Tensor {
    Tensor::from_vec(shape.to_vec(), v).unwrap()
}

fn attrs(out: Option<DType>) -> QuantizeAttrs {
    QuantizeAttrs { axis: 1, block_size: 0, output_dtype: out, saturate: true, precision: Some(DType::F32) }
}

fn f32s(t: &Tensor) -> Vec<f32> {
    cast(t, DType::F32).as_slice::<f32>().unwrap().to_vec()
}

fn i32s(t: &Tensor) -> Vec<i32> {
    cast(t, DType::I32).as_slice::<i32>().unwrap().to_vec()
}

#[test]
fn quantize_rounds_half_to_even_and_saturates() {
    let x = t(&[8], vec![0.0f32, 1.0, 3.0, 5.0, 1000.0, -254.0, -1000.0, f32::NAN]);
    let (s, z) = (Tensor::scalar(2.0f32), Tensor::scalar(128u8));
    let y = quantize_linear(&x, &s, Some(&z), &attrs(None)).unwrap();
    // 0.5 -> 0, 1.5 -> 2, 2.5 -> 2; NaN -> the minimum, as MLAS.
    assert_eq!(y.as_slice::<u8>().unwrap(), &[128, 128, 130, 130, 255, 1, 0, 0]);
    let back = dequantize_linear(&y, &s, Some(&z), 1, 0, None).unwrap();
    assert_eq!(back.as_slice::<f32>().unwrap(), &[0.0, 0.0, 4.0, 4.0, 254.0, -254.0, -256.0, -256.0]);
    // Without a zero point: uint8, unless output_dtype says otherwise.
    let y = quantize_linear(&t(&[2], vec![-3.0f32, 300.0]), &s, None, &attrs(None)).unwrap();
    assert_eq!(y.as_slice::<u8>().unwrap(), &[0, 150]);
    let y = quantize_linear(&t(&[2], vec![-3.0f32, 300.0]), &s, None, &attrs(Some(DType::I8))).unwrap();
    assert_eq!(y.as_slice::<i8>().unwrap(), &[-2, 127]);
}

#[test]
fn quantize_to_every_integer_type_saturates_to_its_range() {
    let x = t(&[4], vec![-1e6f32, -1.4, 1.6, 1e6]);
    let one = Tensor::scalar(1.0f32);
    for (d, lo, hi) in [
        (DType::I16, -32768, 32767),
        (DType::U16, 0, 65535),
        (DType::I4, -8, 7),
        (DType::U4, 0, 15),
        (DType::I2, -2, 1),
        (DType::U2, 0, 3),
    ] {
        let y = quantize_linear(&x, &one, None, &attrs(Some(d))).unwrap();
        assert_eq!(y.dtype(), d);
        let mid = |v: i32| v.clamp(lo, hi);
        assert_eq!(i32s(&y), vec![lo, mid(-1), mid(2), hi], "{}", d.name());
    }
}

#[test]
fn per_axis_and_blocked_scales() {
    let x = t(&[2, 4], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
    let per_axis = t(&[2], vec![1.0f32, 2.0]);
    let y = quantize_linear(&x, &per_axis, None, &QuantizeAttrs { axis: 0, ..attrs(Some(DType::I8)) }).unwrap();
    assert_eq!(y.as_slice::<i8>().unwrap(), &[1, 2, 3, 4, 2, 3, 4, 4]);
    let blocked = t(&[2, 2], vec![1.0f32, 2.0, 4.0, 8.0]);
    let zp = t(&[2, 2], vec![0i8, 1, 2, 3]);
    let a = QuantizeAttrs { block_size: 2, ..attrs(None) };
    let y = quantize_linear(&x, &blocked, Some(&zp), &a).unwrap();
    assert_eq!(y.as_slice::<i8>().unwrap(), &[1, 2, 3, 3, 3, 4, 4, 4]);
    let back = dequantize_linear(&y, &blocked, Some(&zp), 1, 2, None).unwrap();
    assert_eq!(back.as_slice::<f32>().unwrap(), &[1.0, 2.0, 4.0, 4.0, 4.0, 8.0, 8.0, 8.0]);
    // A block count rounded up: 3 columns in blocks of 2.
    let x3 = t(&[1, 3], vec![2.0f32, 4.0, 8.0]);
    let y = quantize_linear(&x3, &t(&[1, 2], vec![2.0f32, 4.0]), None, &a).unwrap();
    assert_eq!(y.as_slice::<u8>().unwrap(), &[1, 2, 2]);
}

#[test]
fn layout_errors_name_the_expected_shape() {
    let x = t(&[2, 4], vec![1.0f32; 8]);
    let bad = quantize_linear(&x, &t(&[3], vec![1.0f32; 3]), None, &attrs(None)).unwrap_err();
    assert_eq!(bad.0, "QuantizeLinear: a per-axis scale must have shape {4} (axis 1 of {2,4}), got {3}");
    let a = QuantizeAttrs { block_size: 3, ..attrs(None) };
    let bad = quantize_linear(&x, &t(&[2, 1], vec![1.0f32; 2]), None, &a).unwrap_err();
    assert_eq!(bad.0, "QuantizeLinear: a blocked scale (block_size 3 on axis 1) must have shape {2,2}, got {2,1}");
    let a = QuantizeAttrs { axis: 2, ..attrs(None) };
    let bad = quantize_linear(&x, &t(&[4], vec![1.0f32; 4]), None, &a).unwrap_err();
    assert!(bad.0.starts_with("QuantizeLinear: axis 2 is out of range for rank 2"), "{}", bad.0);
    let a = QuantizeAttrs { block_size: -1, ..attrs(None) };
    let bad = quantize_linear(&x, &Tensor::scalar(1.0f32), None, &a).unwrap_err();
    assert_eq!(bad.0, "QuantizeLinear: block_size must not be negative, got -1");
    let zp = t(&[2], vec![0u8, 0]);
    let bad =
        dequantize_linear(&t(&[2, 4], vec![0u8; 8]), &t(&[4], vec![1.0f32; 4]), Some(&zp), 1, 0, None).unwrap_err();
    assert_eq!(bad.0, "DequantizeLinear: the zero point's shape {2} differs from the scale's {4}");
}

#[test]
fn type_errors_are_reported() {
    let x = t(&[2], vec![1.0f32, 2.0]);
    let s = Tensor::scalar(1.0f32);
    let e = quantize_linear(&x, &s, Some(&Tensor::scalar(0u8)), &attrs(Some(DType::I8))).unwrap_err();
    assert_eq!(e.0, "QuantizeLinear: output_dtype int8 differs from the zero point's type uint8");
    let e = quantize_linear(&x, &s, None, &attrs(Some(DType::F32))).unwrap_err();
    assert_eq!(e.0, "QuantizeLinear: the output type float32 is not a quantized type");
    let e = quantize_linear(&t(&[1], vec![1i64]), &s, None, &attrs(None)).unwrap_err();
    assert_eq!(e.0, "QuantizeLinear: x must be float32, float16, bfloat16 or int32, got int64");
    let e = quantize_linear(&x, &Tensor::scalar(1i32), None, &attrs(None)).unwrap_err();
    assert_eq!(e.0, "QuantizeLinear: the scale must be a float tensor, got int32");
    let e = dequantize_linear(&x, &s, None, 1, 0, None).unwrap_err();
    assert_eq!(e.0, "DequantizeLinear: x must be a quantized (integer or float8/float4) tensor, got float32");
    let e = dequantize_linear(&t(&[1], vec![1u8]), &s, Some(&Tensor::scalar(0i8)), 1, 0, None).unwrap_err();
    assert_eq!(e.0, "DequantizeLinear: the zero point's type int8 differs from x's uint8");
    let e = dequantize_linear(&t(&[1], vec![1u8]), &s, None, 1, 0, Some(DType::I32)).unwrap_err();
    assert_eq!(e.0, "DequantizeLinear: the output type must be float32, float16 or bfloat16, got int32");
}

#[test]
fn float8_outputs_follow_saturate() {
    let x = t(&[3], vec![1000.0f32, 1.0, -0.0]);
    let one = Tensor::scalar(1.0f32);
    let y = quantize_linear(&x, &one, None, &attrs(Some(DType::F8E4M3FN))).unwrap();
    assert_eq!(f32s(&y)[..2], [448.0, 1.0]);
    // A zero zero point keeps the sign of a -0 quotient, as onnxruntime (which ignores it).
    let zp = cast(&Tensor::scalar(0.0f32), DType::F8E4M3FN);
    let y = quantize_linear(&x, &one, Some(&zp), &attrs(None)).unwrap();
    assert!(f32s(&y)[2].is_sign_negative());
    let y =
        quantize_linear(&x, &one, None, &QuantizeAttrs { saturate: false, ..attrs(Some(DType::F8E4M3FN)) }).unwrap();
    assert!(f32s(&y)[0].is_nan());
    let big = t(&[1], vec![1e6f32]);
    let y =
        quantize_linear(&big, &one, None, &QuantizeAttrs { saturate: false, ..attrs(Some(DType::F8E5M2)) }).unwrap();
    assert_eq!(f32s(&y)[0], f32::INFINITY);
    // float4e2m1 has no infinity: its largest value is 6.
    let y = quantize_linear(&x, &one, None, &attrs(Some(DType::F4E2M1))).unwrap();
    assert_eq!(f32s(&y)[..2], [6.0, 1.0]);
}

#[test]
fn dequantize_small_types_and_output_types() {
    let x = cast(&t(&[3], vec![-8.0f32, 0.0, 7.0]), DType::I4);
    let zp = cast(&Tensor::scalar(-1.0f32), DType::I4);
    let y = dequantize_linear(&x, &Tensor::scalar(0.5f32), Some(&zp), 0, 0, None).unwrap();
    assert_eq!(y.as_slice::<f32>().unwrap(), &[-3.5, 0.5, 4.0]);
    let x = cast(&t(&[2], vec![448.0f32, -2.0]), DType::F8E4M3FN);
    let y = dequantize_linear(&x, &Tensor::scalar(half::f16::from_f32(2.0)), None, 0, 0, None).unwrap();
    assert_eq!(y.dtype(), DType::F16);
    assert_eq!(f32s(&y), [896.0, -4.0]);
    let y =
        dequantize_linear(&t(&[2], vec![i32::MAX, i32::MIN]), &Tensor::scalar(1.0f32), None, 1, 0, Some(DType::BF16));
    assert_eq!(f32s(&y.unwrap()), [2147483648.0, -2147483648.0]);
}

#[test]
fn division_precision() {
    // 2049 is no float16 value: divided in float16 (`precision`) the quotient rounds to 2048
    // first; in float32 it stays.
    let one16 = Tensor::scalar(half::f16::from_f32(1.0));
    let x = t(&[1], vec![2049.0f32]);
    let i16s = |y: Tensor| y.as_slice::<i16>().unwrap()[0];
    let a = QuantizeAttrs { precision: Some(DType::F16), ..attrs(Some(DType::I16)) };
    assert_eq!(i16s(quantize_linear(&x, &one16, None, &a).unwrap()), 2048);
    assert_eq!(i16s(quantize_linear(&x, &one16, None, &attrs(Some(DType::I16))).unwrap()), 2049);
    // No precision: numpy's promotion (opset 23's default), float32 for a float32 x...
    let a = QuantizeAttrs { precision: None, ..attrs(Some(DType::I16)) };
    assert_eq!(i16s(quantize_linear(&x, &one16, None, &a).unwrap()), 2049);
    // ... float16 for a float16 x and scale: 1804 / 3 = 601.33 is 601.5 in float16, then 602.
    let (x16, three16) = (t(&[1], vec![half::f16::from_f32(1804.0)]), Tensor::scalar(half::f16::from_f32(3.0)));
    assert_eq!(i16s(quantize_linear(&x16, &three16, None, &a).unwrap()), 602);
    assert_eq!(i16s(quantize_linear(&x16, &three16, None, &attrs(Some(DType::I16))).unwrap()), 601);
    let e = quantize_linear(&x, &one16, None, &QuantizeAttrs { precision: Some(DType::I8), ..a }).unwrap_err();
    assert_eq!(e.0, "QuantizeLinear: precision int8 is not a float type");
}

#[test]
fn dynamic_quantize_matches_onnxruntime() {
    let cases: [(&[f32], &[u8], f32, u8); 6] = [
        (&[1.0, 2.0, 4.0], &[64, 127, 255], 4.0 / 255.0, 0),
        (&[-1.0, -2.0, -4.0], &[191, 128, 0], 4.0 / 255.0, 255),
        (&[-3.3, 0.1, 7.7, 2.5, -0.5], &[0, 78, 254, 134, 64], 11.0 / 255.0, 76),
        (&[0.0, 0.0], &[0, 0], 1.0, 0),
        (&[f32::NAN, 1.0, 2.0], &[0, 127, 255], 2.0 / 255.0, 0),
        (&[], &[], 1.0, 0),
    ];
    for (x, y, s, z) in cases {
        let (qy, qs, qz) = dynamic_quantize_linear(&t(&[x.len()], x.to_vec())).unwrap();
        assert_eq!(qy.as_slice::<u8>().unwrap(), y, "{x:?}");
        assert_eq!(qs.as_slice::<f32>().unwrap(), &[s], "{x:?}");
        assert_eq!(qz.as_slice::<u8>().unwrap(), &[z], "{x:?}");
    }
    let e = dynamic_quantize_linear(&t(&[1], vec![1.0f64])).unwrap_err();
    assert_eq!(e.0, "DynamicQuantizeLinear: x must be float32, got float64");
}

#[test]
fn matmul_integer_subtracts_zero_points() {
    // The node suite's test_matmulinteger.
    let a = t(&[4, 3], vec![11u8, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0]);
    let b = t(&[3, 2], vec![1u8, 4, 2, 5, 3, 6]);
    let y = matmul_integer(&a, &b, Some(&t(&[1], vec![12u8])), Some(&t(&[1], vec![0u8]))).unwrap();
    assert_eq!(y.as_slice::<i32>().unwrap(), &[-38, -83, -44, -98, -50, -113, -56, -128]);
    // Per-row and per-column zero points, int8.
    let a = t(&[2, 2], vec![1i8, 2, 3, 4]);
    let b = t(&[2, 2], vec![-128i8, 127, 0, 1]);
    let y = matmul_integer(&a, &b, Some(&t(&[2], vec![1i8, 2])), Some(&t(&[2], vec![0i8, 1]))).unwrap();
    // rows (0, 1) and (1, 2); columns (-128, 0) and (126, 0).
    assert_eq!(y.as_slice::<i32>().unwrap(), &[0, 0, -128, 126]);
    let e = matmul_integer(&a, &b, Some(&t(&[3], vec![0i8; 3])), None).unwrap_err();
    assert_eq!(
        e.0,
        "MatMulInteger: the zero point of A of shape {3} must be a scalar or hold one value per row of {2,2}"
    );
    // A and B may differ in signedness.
    let y = matmul_integer(&a, &t(&[2], vec![255u8, 1]), None, None).unwrap();
    assert_eq!(y.as_slice::<i32>().unwrap(), &[257, 769]);
}

#[test]
fn matmul_integer_wraps_as_int32() {
    // 255 * 255 * 2^16 overflows int32; MLAS's accumulator wraps.
    let k = 1 << 16;
    let a = t(&[1, k], vec![255u8; k]);
    let b = t(&[k, 1], vec![255u8; k]);
    let y = matmul_integer(&a, &b, None, None).unwrap();
    assert_eq!(y.as_slice::<i32>().unwrap(), &[(255i64 * 255 * k as i64) as i32]);
    let e = matmul_integer(&t(&[1], vec![1i32]), &b, None, None).unwrap_err();
    assert_eq!(e.0, "MatMulInteger: A must be uint8 or int8, got int32");
}

fn pads(p: &[i64]) -> ConvAttrs {
    let mut a = ConvAttrs { group: 1, ..Default::default() };
    a.window.pads = Some(p.to_vec());
    a
}

#[test]
fn conv_integer_pads_with_the_zero_point() {
    // The node suite's test_convinteger_with_padding (per-channel w zero point, which
    // onnxruntime refuses; the spec allows it).
    let x = t(&[1, 1, 3, 3], (2u8..=10).collect());
    let w = t(&[2, 1, 2, 2], vec![1u8; 8]);
    let y =
        conv_integer(&x, &w, Some(&Tensor::scalar(1u8)), Some(&t(&[2], vec![0u8, 1])), &pads(&[1, 1, 1, 1])).unwrap();
    let mut want = vec![1, 3, 5, 3, 5, 12, 16, 9, 11, 24, 28, 15, 7, 15, 17, 9];
    want.extend([0; 16]);
    assert_eq!(y.as_slice::<i32>().unwrap(), want.as_slice());
    let e = conv_integer(&x, &w, Some(&t(&[2], vec![1u8, 1])), None, &pads(&[0; 4])).unwrap_err();
    assert_eq!(e.0, "ConvInteger: x_zero_point must be a scalar, got shape {2}");
    let e = conv_integer(&x, &t(&[1, 2, 1, 1], vec![1u8; 2]), None, None, &pads(&[0; 4])).unwrap_err();
    assert!(e.0.starts_with("ConvInteger: Conv: W of shape {1,2,1,1} does not fit"), "{}", e.0);
}

#[test]
fn qlinear_matmul_requantizes_as_mlas() {
    // The node suite's test_qlinearmatmul_2D_uint8_float32.
    let a = t(&[2, 4], vec![208u8, 236, 0, 238, 3, 214, 255, 29]);
    let b = t(&[4, 3], vec![152u8, 51, 244, 60, 26, 255, 0, 127, 246, 127, 254, 247]);
    let s = |v: f32| t(&[1], vec![v]);
    let z = |v: u8| t(&[1], vec![v]);
    let (sa, za, sb, zb, sy, zy) = (s(0.0066), z(113), s(0.00705), z(114), s(0.0107), z(118));
    let p = [
        QLinearParams { x: Some(&a), scale: &sa, zp: &za },
        QLinearParams { x: Some(&b), scale: &sb, zp: &zb },
        QLinearParams { x: None, scale: &sy, zp: &zy },
    ];
    let y = qlinear_matmul(&p).unwrap();
    assert_eq!(y.as_slice::<u8>().unwrap(), &[168, 115, 255, 1, 66, 151]);
    // Per-column b scale: column 1's multiplier doubled.
    let sb2 = t(&[3], vec![0.00705f32, 0.0141, 0.00705]);
    let y2 = qlinear_matmul(&[p[0], QLinearParams { scale: &sb2, ..p[1] }, p[2]]).unwrap();
    let v = y2.as_slice::<u8>().unwrap();
    assert_eq!((v[0], v[2], v[3], v[5]), (168, 255, 1, 151));
    assert_eq!((v[1], v[4]), (111, 15));
    let bad = t(&[2], vec![0.1f32, 0.1]);
    let e = qlinear_matmul(&[p[0], p[1], QLinearParams { x: None, scale: &bad, zp: &zy }]).unwrap_err();
    assert_eq!(e.0, "QLinearMatMul: y_scale and y_zero_point must be scalars, got shapes {2} and {1}");
}

#[test]
fn qlinear_conv_matches_the_node_suite_and_adds_bias() {
    // The node suite's test_qlinearconv.
    let x: Vec<u8> = vec![
        255, 174, 162, 25, 203, 168, 58, 15, 59, 237, 95, 129, 0, 64, 56, 242, 153, 221, 168, 12, 166, 232, 178, 186,
        195, 237, 162, 237, 188, 39, 124, 77, 80, 102, 43, 127, 230, 21, 83, 41, 40, 134, 255, 154, 92, 141, 42, 148,
        247,
    ];
    let want: Vec<u8> = vec![
        0, 81, 93, 230, 52, 87, 197, 240, 196, 18, 160, 126, 255, 191, 199, 13, 102, 34, 87, 243, 89, 23, 77, 69, 60,
        18, 93, 18, 67, 216, 131, 178, 175, 153, 212, 128, 25, 234, 172, 214, 215, 121, 0, 101, 163, 114, 213, 107, 8,
    ];
    let x = t(&[1, 1, 7, 7], x);
    let w = t(&[1, 1, 1, 1], vec![0u8]);
    let (sx, zx) = (Tensor::scalar(0.003692047f32), Tensor::scalar(132u8));
    let (sw, zw) = (t(&[1], vec![0.0017279458f32]), t(&[1], vec![255u8]));
    let (sy, zy) = (Tensor::scalar(0.0016268126f32), Tensor::scalar(123u8));
    let p = [
        QLinearParams { x: Some(&x), scale: &sx, zp: &zx },
        QLinearParams { x: Some(&w), scale: &sw, zp: &zw },
        QLinearParams { x: None, scale: &sy, zp: &zy },
    ];
    let y = qlinear_conv(&p, None, &pads(&[0; 4])).unwrap();
    assert_eq!(y.as_slice::<u8>().unwrap(), want.as_slice());
    // A bias is added to the int32 sums: x - 132 = 123 at (0, 0) gives -255 * 123; a bias of
    // 255 * 123 cancels it, so y is the zero point there.
    let b = t(&[1], vec![255i32 * 123]);
    let y = qlinear_conv(&p, Some(&b), &pads(&[0; 4])).unwrap();
    assert_eq!(y.as_slice::<u8>().unwrap()[0], 123);
    let e = qlinear_conv(&p, Some(&t(&[1], vec![1i64])), &pads(&[0; 4])).unwrap_err();
    assert_eq!(e.0, "QLinearConv: B must be int32, got int64");
    let e = qlinear_conv(&p, Some(&t(&[2], vec![1i32, 2])), &pads(&[0; 4])).unwrap_err();
    assert_eq!(e.0, "QLinearConv: B must have shape {1}, got {2}");
}
