//! Every convolution path (direct, im2col with one or many images, pointwise, ConvTranspose's
//! col2im) against a naive sum in f64 on pseudo-random shapes: 1-D to 3-D, groups, depthwise,
//! strides, dilations, pads and auto_pad.

use super::*;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn upto(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }
    fn vals(&mut self, k: usize) -> Vec<f32> {
        (0..k).map(|_| (self.next() % 2001) as f32 / 1000.0 - 1.0).collect()
    }
}

/// One random case's geometry.
struct Case {
    n: usize,
    g: usize,
    cg: usize,
    mg: usize,
    spatial: Vec<usize>,
    kernel: Vec<usize>,
    strides: Vec<usize>,
    dil: Vec<usize>,
    pads: Vec<usize>,
}

impl Case {
    fn random(rng: &mut Rng, rank: usize) -> Case {
        let g = [1, 1, 2, 3][rng.upto(4)];
        // Few or many output channels, so both the direct and the GEMM paths run.
        let mg = [1, 2, 5, 7][rng.upto(4)];
        let cg = 1 + rng.upto(3);
        let kernel: Vec<usize> = (0..rank).map(|_| 1 + rng.upto(4)).collect();
        let dil: Vec<usize> = (0..rank).map(|_| 1 + rng.upto(2)).collect();
        let strides: Vec<usize> = (0..rank).map(|_| 1 + rng.upto(3)).collect();
        // Inputs from one element up, with pads up to the kernel's span (so a kernel tap may
        // read nothing but padding), at least as long as the span once padded.
        let spans: Vec<usize> = (0..rank).map(|i| (kernel[i] - 1) * dil[i] + 1).collect();
        let spatial: Vec<usize> = (0..rank).map(|_| 1 + rng.upto(if rank == 1 { 40 } else { 7 })).collect();
        let mut pads: Vec<usize> = (0..2 * rank).map(|i| rng.upto(spans[i % rank] as u64 + 1)).collect();
        for i in 0..rank {
            pads[rank + i] += spans[i].saturating_sub(spatial[i] + pads[i] + pads[rank + i]);
        }
        Case { n: 1 + rng.upto(3), g, cg, mg, spatial, kernel, strides, dil, pads }
    }

    fn attrs(&self) -> ConvAttrs {
        let l = |v: &[usize]| Some(v.iter().map(|&x| x as i64).collect());
        ConvAttrs {
            window: WindowAttrs {
                kernel: l(&self.kernel),
                strides: l(&self.strides),
                dilations: l(&self.dil),
                pads: l(&self.pads),
            },
            group: self.g as i64,
            ..Default::default()
        }
    }
}

/// Row-major strides of `dims`.
fn strides_of(dims: &[usize]) -> Vec<usize> {
    let mut s = vec![1; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1];
    }
    s
}

/// Every multi-index of a box.
fn points(dims: &[usize]) -> Vec<Vec<usize>> {
    let count: usize = dims.iter().product();
    (0..count).map(|f| geom::unflatten(f, dims)).collect()
}

/// Conv by its definition: y[n, o, p] = sum over ci, k of x[n, ci, p*s + k*d - pad] w[o, ci, k].
fn naive_conv(c: &Case, x: &[f32], w: &[f32], out: &[usize]) -> Vec<f32> {
    let (cin, m) = (c.g * c.cg, c.g * c.mg);
    let (xs, os, ks) = (strides_of(&c.spatial), strides_of(out), strides_of(&c.kernel));
    let (in_count, out_count, kcount): (usize, usize, usize) =
        (c.spatial.iter().product(), out.iter().product(), c.kernel.iter().product());
    let mut y = vec![0f64; c.n * m * out_count];
    for img in 0..c.n {
        for o in 0..m {
            let grp = o / c.mg;
            for op in points(out) {
                let mut acc = 0f64;
                for ci in 0..c.cg {
                    for kp in points(&c.kernel) {
                        let mut flat = 0i64;
                        let mut ok = true;
                        for a in 0..op.len() {
                            let pos = (op[a] * c.strides[a] + kp[a] * c.dil[a]) as i64 - c.pads[a] as i64;
                            ok &= (0..c.spatial[a] as i64).contains(&pos);
                            flat += pos * xs[a] as i64;
                        }
                        if ok {
                            let xi = (img * cin + grp * c.cg + ci) * in_count + flat as usize;
                            let kf: usize = kp.iter().zip(&ks).map(|(a, b)| a * b).sum();
                            acc += x[xi] as f64 * w[(o * c.cg + ci) * kcount + kf] as f64;
                        }
                    }
                }
                let of: usize = op.iter().zip(&os).map(|(a, b)| a * b).sum();
                y[(img * m + o) * out_count + of] = acc;
            }
        }
    }
    y.into_iter().map(|v| v as f32).collect()
}

/// ConvTranspose by its definition: every x[n, ci, i] w[ci, o, k] lands on i*s + k*d - pad.
fn naive_transpose(c: &Case, x: &[f32], w: &[f32], out: &[usize]) -> Vec<f32> {
    let (cin, m) = (c.g * c.cg, c.g * c.mg);
    let (os, ks) = (strides_of(out), strides_of(&c.kernel));
    let (in_count, out_count, kcount): (usize, usize, usize) =
        (c.spatial.iter().product(), out.iter().product(), c.kernel.iter().product());
    let mut y = vec![0f64; c.n * m * out_count];
    for img in 0..c.n {
        for ci in 0..cin {
            let grp = ci / c.cg;
            for (ii, ip) in points(&c.spatial).into_iter().enumerate() {
                let xv = x[(img * cin + ci) * in_count + ii] as f64;
                for mi in 0..c.mg {
                    for kp in points(&c.kernel) {
                        let mut flat = 0i64;
                        let mut ok = true;
                        for a in 0..ip.len() {
                            let pos = (ip[a] * c.strides[a] + kp[a] * c.dil[a]) as i64 - c.pads[a] as i64;
                            ok &= (0..out[a] as i64).contains(&pos);
                            flat += pos * os[a] as i64;
                        }
                        if ok {
                            let kf: usize = kp.iter().zip(&ks).map(|(a, b)| a * b).sum();
                            let o = grp * c.mg + mi;
                            y[(img * m + o) * out_count + flat as usize] +=
                                xv * w[(ci * c.mg + mi) * kcount + kf] as f64;
                        }
                    }
                }
            }
        }
    }
    y.into_iter().map(|v| v as f32).collect()
}

fn tensor(shape: &[usize], v: Vec<f32>) -> Tensor {
    Tensor::from_vec(shape.to_vec(), v).unwrap()
}

fn close(got: &[f32], want: &[f32], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (k, (a, b)) in got.iter().zip(want).enumerate() {
        assert!((a - b).abs() <= 1e-4 * (1.0 + b.abs()), "{what}: element {k}: {a} vs {b}");
    }
}

#[test]
fn conv_matches_the_definition_on_random_shapes() {
    let mut rng = Rng(0x9e3779b97f4a7c15);
    for case in 0..150 {
        let c = Case::random(&mut rng, 1 + case % 3);
        let mut xshape = vec![c.n, c.g * c.cg];
        xshape.extend_from_slice(&c.spatial);
        let mut wshape = vec![c.g * c.mg, c.cg];
        wshape.extend_from_slice(&c.kernel);
        let x = rng.vals(xshape.iter().product());
        let w = rng.vals(wshape.iter().product());
        let y = conv(&tensor(&xshape, x.clone()), &tensor(&wshape, w.clone()), None, &c.attrs()).unwrap();
        let out = &y.shape()[2..];
        for (a, o) in out.iter().enumerate() {
            let span = (c.kernel[a] - 1) * c.dil[a] + 1;
            assert_eq!(*o, (c.spatial[a] + c.pads[a] + c.pads[a + out.len()] - span) / c.strides[a] + 1);
        }
        let what =
            format!("case {case}: x {xshape:?} w {wshape:?} g {} s {:?} d {:?} p {:?}", c.g, c.strides, c.dil, c.pads);
        close(y.as_slice::<f32>().unwrap(), &naive_conv(&c, &x, &w, out), &what);
    }
}

#[test]
fn conv_transpose_matches_the_definition_on_random_shapes() {
    let mut rng = Rng(0x2545f4914f6cdd1d);
    for case in 0..120 {
        let mut c = Case::random(&mut rng, 1 + case % 3);
        let r = c.spatial.len();
        for i in 0..r {
            // ConvTranspose's pads crop its full output; keep at least one position.
            let full = c.strides[i] * (c.spatial[i] - 1) + (c.kernel[i] - 1) * c.dil[i] + 1;
            if c.pads[i] + c.pads[r + i] >= full {
                (c.pads[i], c.pads[r + i]) = (0, 0);
            }
        }
        let mut xshape = vec![c.n, c.g * c.cg];
        xshape.extend_from_slice(&c.spatial);
        let mut wshape = vec![c.g * c.cg, c.mg];
        wshape.extend_from_slice(&c.kernel);
        let x = rng.vals(xshape.iter().product());
        let w = rng.vals(wshape.iter().product());
        let y = conv_transpose(&tensor(&xshape, x.clone()), &tensor(&wshape, w.clone()), None, &c.attrs()).unwrap();
        let what =
            format!("case {case}: x {xshape:?} w {wshape:?} g {} s {:?} d {:?} p {:?}", c.g, c.strides, c.dil, c.pads);
        close(y.as_slice::<f32>().unwrap(), &naive_transpose(&c, &x, &w, &y.shape()[2..]), &what);
    }
}

#[test]
fn auto_pad_same_matches_explicit_pads() {
    // SAME_UPPER on a 1-D strided signal puts the odd pad at the end: length 10, kernel 4,
    // stride 3 gives 4 outputs and 3 pads (1 before, 2 after).
    let mut rng = Rng(7);
    let x = tensor(&[1, 2, 10], rng.vals(20));
    let w = tensor(&[3, 2, 4], rng.vals(24));
    let mut a = ConvAttrs { group: 1, ..Default::default() };
    a.window.strides = Some(vec![3]);
    a.auto_pad = AutoPad::SameUpper as i32;
    let same = conv(&x, &w, None, &a).unwrap();
    a.auto_pad = AutoPad::NotSet as i32;
    a.window.pads = Some(vec![1, 2]);
    let explicit = conv(&x, &w, None, &a).unwrap();
    assert_eq!(same.shape(), &[1, 3, 4]);
    assert_eq!(same.as_slice::<f32>().unwrap(), explicit.as_slice::<f32>().unwrap());
}
