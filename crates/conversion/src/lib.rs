//! Conversions between dialects, one module per conversion, each exposing its pass.

pub mod expand_strided_metadata;
pub mod legalize_int_widths;
pub mod onnx_float16;
pub mod onnx_to_loops;
pub mod onnx_to_scf;
pub mod scf_parallel_to_fors;
pub mod scf_to_cf;

use flowgate_pass::PassInfo;

/// The conversion passes of this crate, for the registry.
pub fn passes() -> Vec<PassInfo> {
    vec![
        onnx_float16::pass_info(),
        onnx_to_scf::pass_info(),
        onnx_to_loops::pass_info(),
        scf_parallel_to_fors::pass_info(),
        scf_to_cf::pass_info(),
        expand_strided_metadata::pass_info(),
        legalize_int_widths::pass_info(),
    ]
}
