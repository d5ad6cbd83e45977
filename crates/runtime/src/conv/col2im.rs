//! `Col2Im`: the columns `[N, C * prod(block_shape), L]` summed back into images
//! `[N, C, image_shape...]`. It is ConvTranspose's second step on its own: the `L` columns are
//! the window positions of a convolution over the image with kernel `block_shape`, so the
//! geometry is `window::resolve`'s and the summation is `transpose::col2im`.

use super::transpose::col2im;
use super::Geom;
use crate::error::RtResult;
use crate::real::{from_reals, reals, Real};
use crate::value::{checked_numel, fmt_shape, Tensor};
use crate::window::{resolve, AutoPad, Window, WindowAttrs};

/// A 1-D INT64 input of sizes, each in `0..2^40`.
fn sizes(t: &Tensor, what: &str) -> RtResult<Vec<usize>> {
    let v = t.to_i64_list(&format!("Col2Im's {what}"), false)?;
    if v.iter().any(|&d| !(0..1 << 40).contains(&d)) {
        bail!("Col2Im: {what} must hold non-negative sizes, got {v:?}");
    }
    Ok(v.iter().map(|&d| d as usize).collect())
}

/// Col2Im with `a.kernel` ignored (the block shape is an input); any number of spatial axes.
pub fn col2im_op(input: &Tensor, image_shape: &Tensor, block_shape: &Tensor, a: &WindowAttrs) -> RtResult<Tensor> {
    let op = "Col2Im";
    let (image, block) = (sizes(image_shape, "image_shape")?, sizes(block_shape, "block_shape")?);
    if image.is_empty() || image.len() != block.len() {
        bail!(
            "{op}: image_shape {} and block_shape {} must have one equal, non-zero length",
            fmt_shape(&image),
            fmt_shape(&block)
        );
    }
    if input.rank() != 3 {
        bail!("{op} needs an input of rank 3 [N, C * prod(block_shape), L], got shape {}", fmt_shape(input.shape()));
    }
    let kcount = checked_numel(&block, 1)?;
    let (n, ck, l) = (input.shape()[0], input.shape()[1], input.shape()[2]);
    if kcount == 0 || !ck.is_multiple_of(kcount) {
        bail!("{op}: input dimension 1 ({ck}) is not a multiple of prod(block_shape) = {kcount}");
    }
    let c = ck / kcount;
    let attrs = WindowAttrs { kernel: Some(block.iter().map(|&b| b as i64).collect()), ..a.clone() };
    let (win, grid) = resolve(op, &image, None, &attrs, AutoPad::NotSet, false)?;
    let blocks: usize = grid.iter().product();
    if blocks != l {
        bail!("{op}: the input holds {l} blocks, the image shape and attributes give {blocks} ({})", fmt_shape(&grid));
    }
    let mut shape = vec![n, c];
    shape.extend_from_slice(&image);
    checked_numel(&shape, 8)?;
    with_real!(input.dtype(), op, T => col2im_real::<T>(input, &win, &grid, shape))
}

fn col2im_real<T: Real>(input: &Tensor, win: &Window, grid: &[usize], shape: Vec<usize>) -> RtResult<Tensor> {
    let xv = reals::<T>(input, "Col2Im")?;
    let (n, c, image) = (shape[0], shape[1], &shape[2..]);
    let geom = Geom { inp: grid, out: image, win };
    let (per_in, per_out) = (input.shape()[1] * input.shape()[2], c * geom.out_count());
    let mut y = vec![T::default(); n * per_out];
    if per_in > 0 && per_out > 0 {
        for (src, dst) in xv.chunks_exact(per_in).zip(y.chunks_exact_mut(per_out)) {
            col2im(src, c, &geom, dst);
        }
    }
    from_reals(input.dtype(), shape, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i64s(v: &[i64]) -> Tensor {
        Tensor::from_vec(vec![v.len()], v.to_vec()).unwrap()
    }

    #[test]
    fn overlapping_blocks_add_up() {
        // A 1x3 image, blocks of 2 with stride 1: columns (a0, a1) at 0 and (b0, b1) at 1.
        let x = Tensor::from_vec(vec![1, 2, 2], vec![1.0f32, 10.0, 2.0, 20.0]).unwrap();
        let y = col2im_op(&x, &i64s(&[1, 3]), &i64s(&[1, 2]), &WindowAttrs::default()).unwrap();
        assert_eq!(y.shape(), &[1, 1, 1, 3]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1.0, 12.0, 20.0]);
        // Padding one on each side of the width: four blocks, the outer halves fall in the pads.
        let x = Tensor::from_vec(vec![1, 2, 4], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]).unwrap();
        let a = WindowAttrs { pads: Some(vec![0, 1, 0, 1]), ..Default::default() };
        let y = col2im_op(&x, &i64s(&[1, 3]), &i64s(&[1, 2]), &a).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[2.0 + 5.0, 3.0 + 6.0, 4.0 + 7.0]);
    }

    #[test]
    fn bad_shapes_are_errors_naming_the_op() {
        let x = Tensor::from_vec(vec![1, 2, 2], vec![0.0f32; 4]).unwrap();
        let none = WindowAttrs::default();
        for (img, blk, want) in [
            (&[1, 4][..], &[1, 2][..], "holds 2 blocks"),
            (&[1, 3][..], &[1, 3][..], "not a multiple"),
            (&[3][..], &[1, 2][..], "one equal"),
            (&[1, -3][..], &[1, 2][..], "non-negative"),
            (&[1, 1][..], &[1, 2][..], "larger than the padded input"),
        ] {
            let e = col2im_op(&x, &i64s(img), &i64s(blk), &none).unwrap_err().to_string();
            assert!(e.contains("Col2Im") && e.contains(want), "{e}");
        }
        let e = col2im_op(&Tensor::from_vec(vec![4], vec![0.0f32; 4]).unwrap(), &i64s(&[1, 3]), &i64s(&[1, 2]), &none)
            .unwrap_err()
            .to_string();
        assert!(e.contains("Col2Im needs an input of rank 3"), "{e}");
    }
}
