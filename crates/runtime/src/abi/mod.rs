//! The C ABI compiled code calls (`flowgate_rt_*`), generated from the table in
//! `flowgate-runtime-abi`: each export has the table's signature and calls the function of the
//! same name in its kernel family's `c_abi` module (which decodes the handles, calls the safe
//! kernel and encodes the result). A kernel the table marks `memo` runs through the slot
//! `flowgate_rt_memo_next` announced for its node. README.md documents the contract.
//!
//! The safety contract of every export is stated once, in `support`.
#![allow(clippy::missing_safety_doc)]

pub(crate) mod memo;
pub(crate) mod support;

pub use support::MemRefDesc1;

use crate::c_api::FlowgateTensor;
use crate::frame::Frame;
use crate::value::Handle;

/// Every family's glue, by symbol.
mod glue {
    pub(crate) use crate::abi::memo::c_abi::*;
    pub(crate) use crate::activation::c_abi::*;
    pub(crate) use crate::affine_grid::c_abi::*;
    pub(crate) use crate::attention::c_abi::*;
    pub(crate) use crate::batch_norm::c_abi::*;
    pub(crate) use crate::bitcast::c_abi::*;
    pub(crate) use crate::buffer::c_abi::*;
    pub(crate) use crate::c_api::model::{flowgate_rt_model_begin, flowgate_rt_model_end};
    pub(crate) use crate::cast::c_abi::*;
    pub(crate) use crate::causal_conv::c_abi::*;
    pub(crate) use crate::conv::c_abi::*;
    pub(crate) use crate::crop_pad::c_abi::*;
    pub(crate) use crate::cumulative::c_abi::*;
    pub(crate) use crate::depth_space::c_abi::*;
    pub(crate) use crate::det::c_abi::*;
    pub(crate) use crate::detection::c_abi::*;
    pub(crate) use crate::dropout::c_abi::*;
    pub(crate) use crate::einsum::c_abi::*;
    pub(crate) use crate::elementwise::c_abi::*;
    pub(crate) use crate::error::c_abi::*;
    pub(crate) use crate::frame::c_abi::*;
    pub(crate) use crate::gemm::c_abi::*;
    pub(crate) use crate::grid_sample::c_abi::*;
    pub(crate) use crate::gru::c_abi::*;
    pub(crate) use crate::image_decoder::c_abi::*;
    pub(crate) use crate::layer_norm::c_abi::*;
    pub(crate) use crate::linalg::c_abi::*;
    pub(crate) use crate::linear_attention::c_abi::*;
    pub(crate) use crate::loss::c_abi::*;
    pub(crate) use crate::matrix::c_abi::*;
    pub(crate) use crate::mel_weight::c_abi::*;
    pub(crate) use crate::movement::c_abi::*;
    pub(crate) use crate::nn::c_abi::*;
    pub(crate) use crate::one_hot::c_abi::*;
    pub(crate) use crate::optional::c_abi::*;
    pub(crate) use crate::pool::c_abi::*;
    pub(crate) use crate::quant::c_abi::*;
    pub(crate) use crate::reduce::c_abi::*;
    pub(crate) use crate::resize::c_abi::*;
    pub(crate) use crate::rnn::c_abi::*;
    pub(crate) use crate::rotary::c_abi::*;
    pub(crate) use crate::scatter::c_abi::*;
    pub(crate) use crate::select::c_abi::*;
    pub(crate) use crate::sequence::c_abi::*;
    pub(crate) use crate::shape::c_abi::*;
    pub(crate) use crate::signal::c_abi::*;
    pub(crate) use crate::spectral_window::c_abi::*;
    pub(crate) use crate::strings::c_abi::*;
    pub(crate) use crate::tensor_scatter::c_abi::*;
    pub(crate) use crate::tfidf::c_abi::*;
    pub(crate) use crate::training::c_abi::*;
    pub(crate) use crate::tree_ensemble::c_abi::*;
    pub(crate) use crate::unique::c_abi::*;
    pub(crate) use crate::value::c_abi::*;
}

/// The Rust type of a table type.
macro_rules! c_ty {
    (Node) => { i32 };
    (I32) => { i32 };
    (I64) => { i64 };
    (F32) => { f32 };
    (F64) => { f64 };
    (Bool) => { u8 };
    (Handle) => { Handle };
    (Bytes) => { *const MemRefDesc1 };
    (View) => { MemRefDesc1 };
    (Frame) => { *mut Frame };
    (CValues) => { *mut FlowgateTensor };
}

/// The `node` parameter (the first one, for every memoizable function).
macro_rules! node_param {
    ($p:ident: Node $(, $q:ident: $t:ident)*) => {
        $p
    };
}

/// One `#[no_mangle]` export per table entry, and [`symbols`].
macro_rules! exports {
    ($($sym:ident($($p:ident: $t:ident),* $(,)?) $(-> $r:ident)? $(, $flag:ident)*;)*) => {
        $(
            #[no_mangle]
            #[allow(clippy::too_many_arguments, unused_unsafe)]
            pub unsafe extern "C" fn $sym($($p: c_ty!($t)),*) $(-> c_ty!($r))? {
                flowgate_runtime_abi::if_flag!(memo [$($flag)*] {
                    memo::through_pending(node_param!($($p: $t),*), || unsafe { glue::$sym($($p),*) })
                } else {
                    unsafe { glue::$sym($($p),*) }
                })
            }
        )*

        /// Each exported function's symbol name and address, for the JIT to bind.
        pub fn symbols() -> Vec<(&'static str, *const u8)> {
            vec![$((stringify!($sym), $sym as *const u8)),*]
        }
    };
}

flowgate_runtime_abi::runtime_functions!(exports);

#[cfg(test)]
mod tests {
    use flowgate_runtime_abi::FUNCTIONS;

    #[test]
    fn symbols_are_the_table() {
        let names: Vec<&str> = super::symbols().iter().map(|s| s.0).collect();
        let table: Vec<&str> = FUNCTIONS.iter().map(|f| f.symbol).collect();
        assert_eq!(names, table);
        assert!(super::symbols().iter().all(|s| !s.1.is_null()));
    }

    /// Every export comes from a table (this one or the C API's): no hand-written `#[no_mangle]`
    /// anywhere else.
    #[test]
    fn nothing_else_is_exported() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut stack = vec![dir];
        let mut files = 0;
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("read src") {
                let p = e.expect("dir entry").path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    files += 1;
                    let text = std::fs::read_to_string(&p).expect("read source");
                    let hand_written = text.lines().filter(|l| l.trim_start().starts_with("#[no_mangle]")).count();
                    // The compiled-code contract and the public C API, each generated from its table.
                    let allowed = usize::from(p.ends_with("abi/mod.rs") || p.ends_with("c_api/mod.rs"));
                    assert_eq!(hand_written, allowed, "{}: exports must come from the runtime-abi tables", p.display());
                }
            }
        }
        assert!(files > 20);
    }
}
