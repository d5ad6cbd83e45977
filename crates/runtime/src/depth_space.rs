//! `DepthToSpace` (DCR and CRD modes) and `SpaceToDepth` (DCR, and CRD from opset 28) of 4-D
//! tensors, as ONNX defines them: a reshape to 6-D, a transpose, a reshape back (any element
//! type), through `transpose`.

use crate::error::RtResult;
use crate::movement::transpose;
use crate::value::{fmt_shape, Tensor};

/// Which rearrangement (`flowgate_rt_depth_to_space`'s `mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthSpace {
    DepthToSpaceDcr,
    DepthToSpaceCrd,
    SpaceToDepthDcr,
    SpaceToDepthCrd,
}

impl DepthSpace {
    pub fn from_code(code: i32) -> RtResult<DepthSpace> {
        Ok(match code {
            0 => DepthSpace::DepthToSpaceDcr,
            1 => DepthSpace::DepthToSpaceCrd,
            2 => DepthSpace::SpaceToDepthDcr,
            3 => DepthSpace::SpaceToDepthCrd,
            c => bail!("unknown DepthToSpace mode code {c}"),
        })
    }
}

pub fn depth_to_space(x: &Tensor, blocksize: i64, mode: DepthSpace) -> RtResult<Tensor> {
    let to_space = matches!(mode, DepthSpace::DepthToSpaceDcr | DepthSpace::DepthToSpaceCrd);
    let op = if to_space { "DepthToSpace" } else { "SpaceToDepth" };
    let [n, c, h, w] = x.shape() else {
        bail!("{op} needs a 4-D input, got shape {}", fmt_shape(x.shape()));
    };
    let (n, c, h, w) = (*n, *c, *h, *w);
    let b = usize::try_from(blocksize)
        .ok()
        .filter(|&b| b > 0)
        .ok_or_else(|| rt_err!("{op}: blocksize must be positive, got {blocksize}"))?;
    let (six, perm, out): ([usize; 6], [i64; 6], Vec<usize>) = match mode {
        _ if to_space && c % (b * b) != 0 => {
            bail!("DepthToSpace: {c} channels are not a multiple of blocksize^2 = {}", b * b)
        }
        _ if !to_space && (h % b != 0 || w % b != 0) => {
            bail!("SpaceToDepth: spatial size {h}x{w} is not a multiple of blocksize {b}")
        }
        DepthSpace::DepthToSpaceDcr => {
            ([n, b, b, c / (b * b), h, w], [0, 3, 4, 1, 5, 2], vec![n, c / (b * b), h * b, w * b])
        }
        DepthSpace::DepthToSpaceCrd => {
            ([n, c / (b * b), b, b, h, w], [0, 1, 4, 2, 5, 3], vec![n, c / (b * b), h * b, w * b])
        }
        DepthSpace::SpaceToDepthDcr => {
            ([n, c, h / b, b, w / b, b], [0, 3, 5, 1, 2, 4], vec![n, c * b * b, h / b, w / b])
        }
        DepthSpace::SpaceToDepthCrd => {
            ([n, c, h / b, b, w / b, b], [0, 1, 3, 5, 2, 4], vec![n, c * b * b, h / b, w / b])
        }
    };
    let x6 = x.clone().with_shape(six.to_vec())?;
    transpose(&x6, Some(&Tensor::from_i64s(perm.to_vec())))?.with_shape(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_to_space_inverts_space_to_depth() {
        let x = Tensor::from_vec(vec![1, 1, 2, 4], (0..8).map(|v| v as f32).collect()).unwrap();
        let d = depth_to_space(&x, 2, DepthSpace::SpaceToDepthDcr).unwrap();
        assert_eq!(d.shape(), [1, 4, 1, 2]);
        assert_eq!(d.as_slice::<f32>().unwrap(), &[0., 2., 1., 3., 4., 6., 5., 7.]);
        for (s, t) in [
            (DepthSpace::SpaceToDepthDcr, DepthSpace::DepthToSpaceDcr),
            (DepthSpace::SpaceToDepthCrd, DepthSpace::DepthToSpaceCrd),
        ] {
            let y = depth_to_space(&depth_to_space(&x, 2, s).unwrap(), 2, t).unwrap();
            assert_eq!(y, x);
        }
        assert!(depth_to_space(&x, 3, DepthSpace::SpaceToDepthDcr).is_err());
        assert!(depth_to_space(&x, 2, DepthSpace::DepthToSpaceDcr).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{depth_to_space, DepthSpace};
    use crate::abi::support::*;
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_depth_to_space(node: i32, x: Handle, blocksize: i64, mode: i32) -> Handle {
        run_t(node, || depth_to_space(ten(x)?, blocksize, DepthSpace::from_code(mode)?))
    }
}
