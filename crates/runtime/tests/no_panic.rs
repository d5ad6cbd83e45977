//! Every kernel, fed random tensors and random (often absurd) shape/axis arguments, returns a
//! value or an error and never panics.

use flowgate_runtime::*;

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// Mostly small values, sometimes extremes. (Extremes beyond what any check allows, not
    /// sizes like 2^36 that are legal and would really be allocated.)
    fn int(&mut self) -> i64 {
        match self.below(10) {
            0 => [i64::MIN, i64::MAX, -1, 1 << 62, -(1 << 62)][self.below(5) as usize],
            _ => self.below(7) as i64 - 3,
        }
    }
    fn tensor(&mut self) -> Tensor {
        let dtype = DType::ALL[self.below(DType::ALL.len() as u64) as usize];
        let rank = self.below(4) as usize;
        let shape: Vec<usize> = (0..rank).map(|_| self.below(4) as usize).collect();
        let n: usize = shape.iter().product();
        let bytes: Vec<u8> = (0..n * dtype.size())
            .map(|_| if dtype == DType::Bool { (self.below(2)) as u8 } else { self.next() as u8 })
            .collect();
        Tensor::new(dtype, shape, &bytes).unwrap()
    }
    fn ints(&mut self) -> Tensor {
        let n = self.below(4) as usize;
        let v: Vec<i64> = (0..n).map(|_| self.int()).collect();
        if self.below(8) == 0 {
            Tensor::scalar(self.int())
        } else {
            Tensor::from_i64s(v)
        }
    }
    fn maybe<'a>(&mut self, t: &'a Tensor) -> Option<&'a Tensor> {
        (self.below(2) == 0).then_some(t)
    }
}

#[test]
fn kernels_never_panic() {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..4000 {
        let (x, y, z) = (r.tensor(), r.tensor(), r.tensor());
        let (i1, i2, i3, i4) = (r.ints(), r.ints(), r.ints(), r.ints());
        let a = r.int();
        let b = r.int();
        let s = r.below(2) == 0;
        let op = r.below(20) as i32;
        if let Some(u) = UnaryOp::from_i32(op) {
            let _ = unary(u, &x);
        }
        if let Some(bop) = BinaryOp::from_i32(op) {
            let _ = binary(bop, &x, &y);
            let _ = binary(bop, &x, &cast(&y, x.dtype()));
        }
        if let Some(rop) = ReduceOp::from_i32(op) {
            let _ = reduce(rop, &x, r.maybe(&i1), s, r.below(2) == 0);
        }
        let _ = where_(&x, &y, &z);
        let _ = where_(&cast(&x, DType::Bool), &y, &cast(&z, y.dtype()));
        let _ = clip(&x, r.maybe(&y), r.maybe(&z));
        let _ = shape(&x, a, b);
        let _ = reshape(&x, &i1, s);
        let _ = expand(&x, &i1);
        let _ = squeeze(&x, r.maybe(&i1));
        let _ = unsqueeze(&x, &i1);
        let _ = flatten(&x, a);
        let _ = constant_of_shape(&i1, r.maybe(&y));
        // Range of random bytes would ask for legal but huge sizes; use generated scalars.
        // (Signed and float types only: small negatives cast to unsigned are legal huge ranges.)
        let d =
            [DType::I8, DType::I32, DType::I64, DType::F16, DType::F32, DType::F64, DType::Bool][r.below(7) as usize];
        let (s0, s1, s2) = (r.int(), r.int(), r.int());
        let sc = |v: i64| cast(&Tensor::scalar(v), d);
        let _ = range(&sc(s0), &sc(s1), &sc(s2));
        let _ = transpose(&x, r.maybe(&i1));
        let _ = concat(&[&x, &y], a);
        let _ = split(&x, r.maybe(&i1), a, b);
        let _ = slice(&x, &i1, &i2, r.maybe(&i3), r.maybe(&i4));
        let _ = gather(&x, &i1, a);
        let _ = gather_elements(&x, &i1, a);
        let _ = tile(&x, &i1);
        let _ = pad(&x, &i1, r.maybe(&y), r.maybe(&i2));
        let _ = softmax(&x, a, s, r.below(2) == 0);
        let _ = arg_reduce(&x, a, s, r.below(2) == 0, r.below(2) == 0);
        let _ = matmul(&x, &y);
        let _ = matmul(&x, &cast(&y, x.dtype()));
        let seq = split_to_seq(&x, r.maybe(&i1), a, s);
        if let Ok(seq) = &seq {
            let _ = concat_from_seq(seq, b, r.below(2) == 0, r.maybe(&i2));
            let _ = seq_erase(seq, Some(b));
            let _ = seq_at(seq, a);
        }
        let _ = Tensor::from_blob(&x.to_le_bytes());
        let _ = describe(&RtValue::tensor(x.clone()));
        let _ = compare(&RtValue::tensor(x.clone()), &RtValue::tensor(y), 1e-3, 1e-3);
    }
}
