//! `CenterCropPad` (opset 18): each listed axis cropped or zero-padded to its target size
//! around the centre (the odd element goes to the end), as a Slice then a Pad.

use crate::error::RtResult;
use crate::movement::{pad, slice};
use crate::value::Tensor;

pub fn center_crop_pad(x: &Tensor, shape: &Tensor, axes: Option<&[i64]>) -> RtResult<Tensor> {
    let r = x.rank() as i64;
    let target = shape.to_i64_list("CenterCropPad shape", false)?;
    let axes: Vec<i64> = axes.map_or_else(|| (0..r).collect(), <[i64]>::to_vec);
    if axes.len() != target.len() {
        bail!("CenterCropPad: shape has {} values for {} axes", target.len(), axes.len());
    }
    let (mut starts, mut ends, mut pads_begin, mut pads_end) =
        (vec![], vec![], vec![0i64; r as usize], vec![0i64; r as usize]);
    let mut all_axes = vec![];
    for (&a, &want) in axes.iter().zip(&target) {
        if a < -r || a >= r {
            bail!("CenterCropPad: axis {a} is out of range for rank {r}");
        }
        let a = if a < 0 { a + r } else { a };
        if want < 0 {
            bail!("CenterCropPad: target size {want} is negative");
        }
        let dim = x.shape()[a as usize] as i64;
        if want < dim {
            let start = (dim - want) / 2;
            starts.push(start);
            ends.push(start + want);
            all_axes.push(a);
        } else {
            pads_begin[a as usize] = (want - dim) / 2;
            pads_end[a as usize] = want - dim - (want - dim) / 2;
        }
    }
    let cropped = if starts.is_empty() {
        x.clone()
    } else {
        slice(x, &Tensor::from_i64s(starts), &Tensor::from_i64s(ends), Some(&Tensor::from_i64s(all_axes)), None)?
    };
    if pads_begin.iter().chain(&pads_end).all(|&p| p == 0) {
        return Ok(cropped);
    }
    pads_begin.extend(pads_end);
    pad(&cropped, &Tensor::from_i64s(pads_begin), None, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crops_and_pads_around_the_centre() {
        let x = Tensor::from_vec(vec![3, 2], vec![1f32, 2., 3., 4., 5., 6.]).unwrap();
        let y = center_crop_pad(&x, &Tensor::from_i64s(vec![2, 3]), None).unwrap();
        assert_eq!(y.shape(), [2, 3]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 2., 0., 3., 4., 0.]);
        let y = center_crop_pad(&x, &Tensor::from_i64s(vec![1]), Some(&[-2])).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[3., 4.]);
        assert!(center_crop_pad(&x, &Tensor::from_i64s(vec![1]), Some(&[2])).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::center_crop_pad;
    use crate::abi::support::*;
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_center_crop_pad(
        node: i32,
        x: Handle,
        shape: Handle,
        axes_or_null: Handle,
    ) -> Handle {
        run_t(node, || center_crop_pad(ten(x)?, ten(shape)?, opt_list(axes_or_null, "CenterCropPad axes")?.as_deref()))
    }
}
