//! Optionals: OptionalHasElement / OptionalGetElement and construction.

use std::sync::Arc;

use crate::error::RtResult;
use crate::value::RtValue;

pub fn opt_none() -> RtValue {
    RtValue::optional(None)
}

pub fn opt_some(v: Arc<RtValue>) -> RtValue {
    RtValue::optional(Some(v))
}

/// Whether `o` holds a value. ONNX also allows a plain tensor or sequence here (then true).
pub fn opt_has(o: &RtValue) -> bool {
    match o {
        RtValue::Optional(v) => v.is_some(),
        _ => true,
    }
}

/// The value inside `o` (a plain tensor or sequence is returned as is, as ONNX allows).
pub fn opt_get(o: &Arc<RtValue>) -> RtResult<Arc<RtValue>> {
    match &**o {
        RtValue::Optional(Some(v)) => Ok(v.clone()),
        RtValue::Optional(None) => Err(rt_err!("OptionalGetElement of an empty optional")),
        _ => Ok(o.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Tensor;

    #[test]
    fn some_and_none() {
        let t = Arc::new(RtValue::tensor(Tensor::scalar(3i32)));
        let s = Arc::new(opt_some(t.clone()));
        assert!(opt_has(&s));
        assert!(Arc::ptr_eq(&opt_get(&s).unwrap(), &t));
        let n = Arc::new(opt_none());
        assert!(!opt_has(&n));
        assert_eq!(opt_get(&n).unwrap_err().0, "OptionalGetElement of an empty optional");
        assert!(opt_has(&t));
        assert!(Arc::ptr_eq(&opt_get(&t).unwrap(), &t));
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::optional as opt;
    use crate::value::{into_handle, Handle};
    use std::sync::Arc;

    pub(crate) fn flowgate_rt_opt_none() -> Handle {
        into_handle(Arc::new(opt::opt_none()))
    }

    pub(crate) unsafe fn flowgate_rt_opt_some(x: Handle) -> Handle {
        run_v(NO_NODE, Kind::Optional, || Ok(opt::opt_some(shared(x)?)))
    }

    pub(crate) unsafe fn flowgate_rt_opt_has(node: i32, o: Handle) -> u8 {
        run_s(node, || Ok(u8::from(opt::opt_has(val(o)?))))
    }

    pub(crate) unsafe fn flowgate_rt_opt_get(node: i32, o: Handle) -> Handle {
        run(node, Kind::Tensor, || opt::opt_get(&shared(o)?))
    }
}
