//! The sliding-window geometry Conv, ConvTranspose and the pools share: kernel, strides,
//! dilations, pads (explicit or from `auto_pad`) and the output size per spatial axis.

use crate::error::RtResult;
use crate::value::fmt_shape;

pub use flowgate_runtime_abi::AutoPad;

/// The attributes as given (absent lists are `None`).
#[derive(Clone, Debug, Default)]
pub struct WindowAttrs {
    pub kernel: Option<Vec<i64>>,
    pub strides: Option<Vec<i64>>,
    pub dilations: Option<Vec<i64>>,
    pub pads: Option<Vec<i64>>,
}

/// Resolved geometry: everything per spatial axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub kernel: Vec<usize>,
    pub strides: Vec<usize>,
    pub dilations: Vec<usize>,
    pub pad_begin: Vec<usize>,
    pub pad_end: Vec<usize>,
}

impl Window {
    /// The dilated kernel extent on axis `i`.
    pub fn span(&self, i: usize) -> usize {
        (self.kernel[i] - 1).saturating_mul(self.dilations[i]).saturating_add(1)
    }
}

/// A list attribute of `n` positive (or, for pads, non-negative) values, defaulting to `def`.
fn list(op: &str, what: &str, v: &Option<Vec<i64>>, n: usize, def: usize, min: i64) -> RtResult<Vec<usize>> {
    match v {
        None => Ok(vec![def; n]),
        Some(v) => {
            if v.len() != n {
                bail!("{op}: '{what}' has {} values, expected {n}", v.len());
            }
            v.iter()
                .map(|&x| {
                    // Bounded so window arithmetic stays far from overflow.
                    if x < min || x > (1 << 30) {
                        Err(rt_err!("{op}: '{what}' value {x} is out of range"))
                    } else {
                        Ok(x as usize)
                    }
                })
                .collect()
        }
    }
}

/// Resolves the geometry for a sliding window over `input` (spatial dims) with the kernel
/// `kernel_default` unless `kernel_shape` is given. Returns the window and the output dims.
pub fn resolve(
    op: &str,
    input: &[usize],
    kernel_default: Option<&[usize]>,
    a: &WindowAttrs,
    auto_pad: AutoPad,
    ceil_mode: bool,
) -> RtResult<(Window, Vec<usize>)> {
    let n = input.len();
    let kernel = match (&a.kernel, kernel_default) {
        (Some(_), _) => list(op, "kernel_shape", &a.kernel, n, 1, 1)?,
        (None, Some(k)) if k.len() == n => k.to_vec(),
        _ => bail!("{op}: 'kernel_shape' is required"),
    };
    if kernel.contains(&0) {
        bail!("{op}: kernel dimensions must be positive, got {}", fmt_shape(&kernel));
    }
    let strides = list(op, "strides", &a.strides, n, 1, 1)?;
    let dilations = list(op, "dilations", &a.dilations, n, 1, 1)?;
    let pads = list(op, "pads", &a.pads, 2 * n, 0, 0)?;
    let mut w = Window { kernel, strides, dilations, pad_begin: pads[..n].to_vec(), pad_end: pads[n..].to_vec() };
    let mut out = Vec::with_capacity(n);
    for (i, &inp) in input.iter().enumerate() {
        let (s, span) = (w.strides[i], w.span(i));
        let o = match auto_pad {
            AutoPad::NotSet => {
                let avail = inp.saturating_add(w.pad_begin[i]).saturating_add(w.pad_end[i]);
                if avail < span {
                    bail!("{op}: the window ({span}) is larger than the padded input ({avail}) on spatial axis {i}");
                }
                if ceil_mode {
                    let mut o = (avail - span).div_ceil(s) + 1;
                    // The last window must start inside the input or its leading pad.
                    if (o - 1).saturating_mul(s) >= inp.saturating_add(w.pad_begin[i]) {
                        o -= 1;
                    }
                    o
                } else {
                    (avail - span) / s + 1
                }
            }
            AutoPad::Valid => {
                w.pad_begin[i] = 0;
                w.pad_end[i] = 0;
                if inp < span {
                    bail!("{op}: the window ({span}) is larger than the input ({inp}) on spatial axis {i}");
                }
                (inp - span) / s + 1
            }
            AutoPad::SameUpper | AutoPad::SameLower => {
                let o = inp.div_ceil(s);
                let total = (o.max(1) - 1).saturating_mul(s).saturating_add(span).saturating_sub(inp);
                let (small, big) = (total / 2, total - total / 2);
                if auto_pad == AutoPad::SameUpper {
                    w.pad_begin[i] = small;
                    w.pad_end[i] = big;
                } else {
                    w.pad_begin[i] = big;
                    w.pad_end[i] = small;
                }
                o
            }
        };
        out.push(o);
    }
    Ok((w, out))
}

/// Row-major multi-indices of a box of dims `dims`, flattened: entry `k * rank + i` is the
/// `i`-th coordinate of the `k`-th point.
pub fn box_points(dims: &[usize]) -> Vec<usize> {
    let count: usize = dims.iter().product();
    let r = dims.len();
    let mut pts = Vec::with_capacity(count * r);
    let mut cur = vec![0usize; r];
    for _ in 0..count {
        pts.extend_from_slice(&cur);
        for i in (0..r).rev() {
            cur[i] += 1;
            if cur[i] < dims[i] {
                break;
            }
            cur[i] = 0;
        }
    }
    pts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(k: &[i64], s: Option<&[i64]>, p: Option<&[i64]>) -> WindowAttrs {
        WindowAttrs {
            kernel: Some(k.to_vec()),
            strides: s.map(<[i64]>::to_vec),
            dilations: None,
            pads: p.map(<[i64]>::to_vec),
        }
    }

    #[test]
    fn output_sizes() {
        let (_, o) =
            resolve("Conv", &[5, 5], None, &attrs(&[3, 3], None, Some(&[1, 1, 1, 1])), AutoPad::NotSet, false).unwrap();
        assert_eq!(o, vec![5, 5]);
        let (w, o) = resolve("Conv", &[5], None, &attrs(&[3], Some(&[2]), None), AutoPad::SameUpper, false).unwrap();
        assert_eq!(o, vec![3]);
        assert_eq!((w.pad_begin[0], w.pad_end[0]), (1, 1));
        let (w, o) = resolve("Conv", &[4], None, &attrs(&[3], Some(&[2]), None), AutoPad::SameLower, false).unwrap();
        assert_eq!(o, vec![2]);
        assert_eq!((w.pad_begin[0], w.pad_end[0]), (1, 0));
        let (_, o) = resolve("P", &[5], None, &attrs(&[2], Some(&[2]), None), AutoPad::NotSet, true).unwrap();
        assert_eq!(o, vec![3]);
        let (_, o) = resolve("P", &[5], None, &attrs(&[2], Some(&[2]), None), AutoPad::Valid, false).unwrap();
        assert_eq!(o, vec![2]);
        assert!(resolve("P", &[1], None, &attrs(&[3], None, None), AutoPad::NotSet, false).is_err());
        assert!(resolve("P", &[4], None, &attrs(&[0], None, None), AutoPad::NotSet, false).is_err());
        assert!(resolve("P", &[4], None, &attrs(&[2], Some(&[0]), None), AutoPad::NotSet, false).is_err());
        assert!(resolve("P", &[4], None, &WindowAttrs::default(), AutoPad::NotSet, false).is_err());
        assert_eq!(box_points(&[2, 2]), vec![0, 0, 0, 1, 1, 0, 1, 1]);
    }
}
