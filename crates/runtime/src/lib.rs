//! `flowgate-runtime`: the library compiled ONNX models call.
//!
//! Non-scalar ONNX values are opaque handles (`Arc<RtValue>` pointers) in compiled code, and each
//! ONNX op on them is one `extern "C"` call (`flowgate_rt_*`, generated in `abi` from the table
//! of `flowgate-runtime-abi`; README.md). Kernels are safe Rust functions on [`Tensor`]s; only
//! each family's `c_abi` glue touches raw pointers. Errors are sticky and
//! thread-local (`error`), so compiled code needs no error checks between calls.

#[macro_use]
mod error;
#[macro_use]
mod dispatch;
#[macro_use]
mod real;

pub mod abi;
mod activation;
mod affine_grid;
mod attention;
mod batch_norm;
mod bitcast;
mod broadcast;
mod buffer;
pub mod c_api;
mod cast;
mod causal_conv;
mod compare;
mod conv;
mod crop_pad;
mod cumulative;
mod depth_space;
mod det;
mod detection;
mod dropout;
mod einsum;
mod elementwise;
mod erf;
mod fast;
mod fastmath;
mod frame;
mod gemm;
mod gemm_split;
mod grid_sample;
mod gru;
mod image_decoder;
mod layer_norm;
mod linalg;
mod linear_attention;
mod loss;
mod matrix;
mod mel_weight;
pub mod minifloat;
mod movement;
mod nn;
mod one_hot;
mod optional;
mod pool;
mod prepack;
mod quant;
mod reduce;
mod resize;
mod rnn;
mod rotary;
mod scatter;
mod select;
mod sequence;
mod shape;
mod signal;
pub mod signature;
mod simd;
pub mod small_types;
mod spectral_window;
mod strings;
mod tensor_scatter;
mod tfidf;
mod thin;
pub mod threads;
#[cfg(test)]
mod threads_tests;
mod training;
mod tree_ensemble;
mod unique;
mod value;
mod window;

pub use abi::symbols;
pub use abi::MemRefDesc1;
pub use activation::hard_sigmoid;
pub use broadcast::{broadcast_all, broadcast_pair};
pub use cast::cast;
pub use compare::{compare, describe};
pub use conv::{conv, conv_transpose, ConvAttrs};
pub use cumulative::cumsum;
pub use detection::{non_max_suppression, roi_align, RoiAlignAttrs};
pub use dispatch::Elem;
pub use elementwise::{binary, clip, unary, where_, BinaryOp, UnaryOp};
pub use error::{clear_error, has_error, record_error, set_node_names, take_error, RtError, RtResult};
pub use frame::Frame;
pub use gemm::gemm;
pub use grid_sample::{grid_sample, GridSampleAttrs};
pub use linalg::matmul;
pub use movement::{concat, gather, gather_elements, pad, slice, split, tile, transpose};
pub use nn::{arg_reduce, softmax};
pub use optional::{opt_get, opt_has, opt_none, opt_some};
pub use pool::{global_pool, instance_norm, pool, PoolAttrs, PoolKind};
pub use reduce::{reduce, ReduceOp};
pub use resize::{resize, ResizeAttrs};
pub use rnn::{lstm, ActKind, Activation, LstmAttrs, LstmInputs};
pub use scatter::{array_feature_extractor, gather_nd, reverse_sequence, scatter_elements, scatter_nd, Reduction};
pub use select::{compress, non_zero, top_k};
pub use sequence::{concat_from_seq, seq_at, seq_erase, seq_insert, seq_length, split_to_seq};
pub use shape::{constant_of_shape, expand, flatten, range, reshape, shape, size, squeeze, unsqueeze};
pub use signal::{dft, stft};
pub use strings::StrTensor;
pub use threads::{default_threads, num_threads, set_num_threads};
pub use value::{
    borrow_handle, checked_numel, code_name, fmt_shape, from_handle, into_handle, live_values, DType, Data, Handle,
    RtValue, Tensor, MAX_BYTES, STRING_CODE,
};
pub use window::{AutoPad, WindowAttrs};
