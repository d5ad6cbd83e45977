//! `BitCast` (opset 26): the little-endian bytes of each element read as another element type
//! of the same width, the shape unchanged.

use crate::error::RtResult;
use crate::value::{DType, Tensor};

pub fn bitcast(x: &Tensor, to: DType) -> RtResult<Tensor> {
    if x.dtype().size() != to.size() {
        bail!("BitCast from {} to {}: the element types differ in width", x.dtype().name(), to.name());
    }
    if to == DType::Bool {
        // Only 0 and 1 are bools; other bytes have no bool value to keep.
        if let Some(b) = x.to_le_bytes().iter().find(|&&b| b > 1) {
            bail!("BitCast to bool: byte {b} is not a bool");
        }
    }
    Tensor::new(to, x.shape().to_vec(), &x.to_le_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_bits() {
        let x = Tensor::from_vec(vec![2], vec![1.0f32, -0.0]).unwrap();
        let y = bitcast(&x, DType::I32).unwrap();
        assert_eq!(y.as_slice::<i32>().unwrap(), &[0x3f80_0000, i32::MIN]);
        assert_eq!(bitcast(&y, DType::F32).unwrap(), x);
        assert!(bitcast(&x, DType::I64).is_err());
        let u = Tensor::from_vec(vec![2], vec![1u8, 2]).unwrap();
        assert!(bitcast(&u, DType::Bool).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::bitcast;
    use crate::abi::support::*;
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_bitcast(node: i32, x: Handle, to: i32) -> Handle {
        run_t(node, || bitcast(ten(x)?, dtype(to)?))
    }
}
