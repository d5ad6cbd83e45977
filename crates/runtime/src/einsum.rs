//! `Einsum`: the equation's labels (letters, and `...` for broadcast leading axes) name the
//! axes; the output keeps the explicit right-hand side (or, implicitly, the ellipsis axes then
//! the letters used once, in order), every other label is summed. A repeated label within one
//! operand takes its diagonal. Computed by walking the whole label space in f64 and rounding
//! once (float types); it is meant for the small contractions models spell this way, not as
//! a GEMM.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, Tensor};

/// A label: a letter's code, or `ELLIPSIS + k` for the k-th broadcast axis.
type Label = u32;
const ELLIPSIS: Label = 1 << 16;

/// One operand's labels, with `...` marked by `None`.
fn parse_term(term: &str) -> RtResult<Vec<Option<Label>>> {
    let mut out = Vec::new();
    let mut rest = term;
    while let Some(c) = rest.chars().next() {
        if let Some(r) = rest.strip_prefix("...") {
            if out.contains(&None) {
                bail!("Einsum: '{term}' has more than one ellipsis");
            }
            out.push(None);
            rest = r;
        } else if c.is_ascii_alphabetic() {
            out.push(Some(c as Label));
            rest = &rest[1..];
        } else {
            bail!("Einsum: unexpected character '{c}' in '{term}'");
        }
    }
    Ok(out)
}

/// `term`'s labels for an operand of rank `rank`, the ellipsis expanded to the last of
/// `ell` broadcast labels.
fn expand(term: &[Option<Label>], rank: usize, ell: usize) -> RtResult<Vec<Label>> {
    let letters = term.iter().filter(|l| l.is_some()).count();
    let mut out = Vec::with_capacity(rank);
    for l in term {
        match l {
            Some(l) => out.push(*l),
            None => {
                let e = rank
                    .checked_sub(letters)
                    .ok_or_else(|| rt_err!("Einsum: operand of rank {rank} has too many labels"))?;
                out.extend((ell - e..ell).map(|k| ELLIPSIS + k as Label));
            }
        }
    }
    if out.len() != rank {
        bail!("Einsum: an operand of rank {rank} has {} labels", out.len());
    }
    Ok(out)
}

pub fn einsum(equation: &str, inputs: &[&Tensor]) -> RtResult<Tensor> {
    let eq: String = equation.chars().filter(|c| !c.is_whitespace()).collect();
    let (lhs, rhs) = match eq.split_once("->") {
        Some((l, r)) => (l, Some(r)),
        None => (eq.as_str(), None),
    };
    let terms: Vec<Vec<Option<Label>>> = lhs.split(',').map(parse_term).collect::<RtResult<_>>()?;
    if terms.len() != inputs.len() {
        bail!("Einsum: '{equation}' has {} operands, {} given", terms.len(), inputs.len());
    }
    let dtype = inputs.first().map(|t| t.dtype()).ok_or_else(|| rt_err!("Einsum needs an input"))?;
    if let Some(t) = inputs.iter().find(|t| t.dtype() != dtype) {
        bail!("Einsum: inputs of element types {} and {}", dtype.name(), t.dtype().name());
    }
    // The broadcast axes: as many as the largest ellipsis, aligned to the right.
    let ell = terms
        .iter()
        .zip(inputs)
        .filter(|(t, _)| t.contains(&None))
        .map(|(t, x)| x.rank().saturating_sub(t.len() - 1))
        .max()
        .unwrap_or(0);
    let labels: Vec<Vec<Label>> =
        terms.iter().zip(inputs).map(|(t, x)| expand(t, x.rank(), ell)).collect::<RtResult<_>>()?;
    // Each label's size (a broadcast axis of size 1 takes the others' size).
    let mut size: Vec<(Label, usize)> = Vec::new();
    for (ls, x) in labels.iter().zip(inputs) {
        for (&l, &d) in ls.iter().zip(x.shape()) {
            match size.iter_mut().find(|(k, _)| *k == l) {
                None => size.push((l, d)),
                Some((_, s)) if *s == d || d == 1 && l >= ELLIPSIS => {}
                Some((_, s)) if *s == 1 && l >= ELLIPSIS => *s = d,
                Some((_, s)) => {
                    bail!("Einsum: label size {d} does not match {s} in '{equation}' for {}", fmt_shape(x.shape()))
                }
            }
        }
    }
    let out: Vec<Label> = match rhs {
        Some(r) => {
            let term = parse_term(r)?;
            let rank = term.iter().map(|l| if l.is_some() { 1 } else { ell }).sum();
            expand(&term, rank, ell)?
        }
        None => {
            let mut once: Vec<Label> = size
                .iter()
                .map(|&(l, _)| l)
                .filter(|&l| l < ELLIPSIS && labels.iter().flatten().filter(|&&k| k == l).count() == 1)
                .collect();
            once.sort_unstable();
            (0..ell as Label).map(|k| ELLIPSIS + k).chain(once).collect()
        }
    };
    let dim = |l: Label| size.iter().find(|(k, _)| *k == l).map(|&(_, s)| s);
    let out_shape: Vec<usize> = out
        .iter()
        .map(|&l| dim(l).ok_or_else(|| rt_err!("Einsum: output label not in the inputs of '{equation}'")))
        .collect::<RtResult<_>>()?;
    let summed: Vec<Label> = size.iter().map(|&(l, _)| l).filter(|l| !out.contains(l)).collect();
    let all: Vec<Label> = out.iter().chain(&summed).copied().collect();
    let dims: Vec<usize> = all.iter().map(|&l| dim(l).unwrap_or(1)).collect();
    // Per operand, the element stride of each label (summed over repeated labels: a diagonal).
    let mut coefs = Vec::with_capacity(inputs.len());
    for (ls, x) in labels.iter().zip(inputs) {
        let mut c = vec![0usize; all.len()];
        let mut stride = 1usize;
        for (k, &l) in ls.iter().enumerate().rev() {
            let d = x.shape()[k];
            if d != 1 || dim(l) == Some(1) {
                let at = all.iter().position(|&a| a == l).unwrap_or(0);
                c[at] += stride;
            }
            stride *= d;
        }
        coefs.push(c);
    }
    let vals: Vec<_> = inputs.iter().map(|x| reals::<f64>(x, "Einsum")).collect::<RtResult<_>>()?;
    let n_out: usize = out_shape.iter().product();
    let n_sum: usize = dims[out.len()..].iter().product();
    let mut y = vec![0f64; n_out];
    let mut idx = vec![0usize; all.len()];
    for slot in y.iter_mut() {
        let mut acc = 0f64;
        for _ in 0..n_sum {
            let mut p = 1f64;
            for (v, c) in vals.iter().zip(&coefs) {
                p *= v[idx.iter().zip(c).map(|(i, s)| i * s).sum::<usize>()];
            }
            acc += p;
            step(&mut idx[out.len()..], &dims[out.len()..]);
        }
        *slot = acc;
        step(&mut idx[..out.len()], &out_shape);
    }
    from_reals(dtype, out_shape, y)
}

/// Advances a row-major multi-index (wrapping to all zeros after the last).
fn step(idx: &mut [usize], dims: &[usize]) {
    for k in (0..idx.len()).rev() {
        idx[k] += 1;
        if idx[k] < dims[k] {
            return;
        }
        idx[k] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_sums_transposes_and_diagonals() {
        let t = |shape: &[usize], v: Vec<f32>| Tensor::from_vec(shape.to_vec(), v).unwrap();
        let a = t(&[2, 2], vec![1., 2., 3., 4.]);
        let b = t(&[2, 2], vec![5., 6., 7., 8.]);
        let mm = einsum("ij,jk->ik", &[&a, &b]).unwrap();
        assert_eq!(mm.as_slice::<f32>().unwrap(), &[19., 22., 43., 50.]);
        assert_eq!(einsum("ij->ji", &[&a]).unwrap().as_slice::<f32>().unwrap(), &[1., 3., 2., 4.]);
        assert_eq!(einsum("ii", &[&a]).unwrap().as_slice::<f32>().unwrap(), &[5.]);
        assert_eq!(einsum("...ii->...i", &[&a]).unwrap().as_slice::<f32>().unwrap(), &[1., 4.]);
        assert_eq!(einsum("ij->i", &[&a]).unwrap().as_slice::<f32>().unwrap(), &[3., 7.]);
        // Implicit output: the letters used once, in order.
        assert_eq!(einsum("ba", &[&a]).unwrap().as_slice::<f32>().unwrap(), &[1., 3., 2., 4.]);
        assert!(einsum("ij,jk", &[&a]).is_err());
        assert!(einsum("i,i", &[&t(&[2], vec![1., 2.]), &t(&[3], vec![1., 2., 3.])]).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::einsum;
    use crate::abi::support::*;
    use crate::value::Handle;

    /// `equation`: its bytes as an INT64 tensor; `inputs`: a sequence of the operands.
    pub(crate) unsafe fn flowgate_rt_einsum(node: i32, inputs: Handle, equation: Handle) -> Handle {
        run_t(node, || {
            let codes = ten(equation)?.to_i64s("Einsum equation")?;
            let eq: String = codes.iter().map(|&c| char::from(c as u8)).collect();
            let (_, items) = val(inputs)?.as_sequence()?;
            let ts: Vec<&crate::value::Tensor> =
                items.iter().map(|v| v.as_tensor()).collect::<crate::error::RtResult<_>>()?;
            einsum(&eq, &ts)
        })
    }
}
