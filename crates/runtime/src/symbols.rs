//! Every `flowgate_rt_*` symbol with its address, for the JIT to bind.

use crate::abi::*;

/// Each exported function's symbol name and address.
pub fn symbols() -> Vec<(&'static str, *const u8)> {
    vec![
        ("flowgate_rt_retain", flowgate_rt_retain as *const u8),
        ("flowgate_rt_release", flowgate_rt_release as *const u8),
        ("flowgate_rt_live_values", flowgate_rt_live_values as *const u8),
        ("flowgate_rt_ok", flowgate_rt_ok as *const u8),
        ("flowgate_rt_null", flowgate_rt_null as *const u8),
        ("flowgate_rt_box_i64", flowgate_rt_box_i64 as *const u8),
        ("flowgate_rt_box_f64", flowgate_rt_box_f64 as *const u8),
        ("flowgate_rt_box_f32", flowgate_rt_box_f32 as *const u8),
        ("flowgate_rt_unbox_i64", flowgate_rt_unbox_i64 as *const u8),
        ("flowgate_rt_unbox_f64", flowgate_rt_unbox_f64 as *const u8),
        ("flowgate_rt_unbox_f32", flowgate_rt_unbox_f32 as *const u8),
        ("flowgate_rt_dim", flowgate_rt_dim as *const u8),
        ("flowgate_rt_rank", flowgate_rt_rank as *const u8),
        ("flowgate_rt_scan_length", flowgate_rt_scan_length as *const u8),
        ("flowgate_rt_constant", flowgate_rt_constant as *const u8),
        ("flowgate_rt_constant_cached", flowgate_rt_constant_cached as *const u8),
        ("flowgate_rt_memo_next", flowgate_rt_memo_next as *const u8),
        ("flowgate_rt_unary", flowgate_rt_unary as *const u8),
        ("flowgate_rt_binary", flowgate_rt_binary as *const u8),
        ("flowgate_rt_where", flowgate_rt_where as *const u8),
        ("flowgate_rt_cast", flowgate_rt_cast as *const u8),
        ("flowgate_rt_clip", flowgate_rt_clip as *const u8),
        ("flowgate_rt_shape", flowgate_rt_shape as *const u8),
        ("flowgate_rt_size", flowgate_rt_size as *const u8),
        ("flowgate_rt_reshape", flowgate_rt_reshape as *const u8),
        ("flowgate_rt_expand", flowgate_rt_expand as *const u8),
        ("flowgate_rt_squeeze", flowgate_rt_squeeze as *const u8),
        ("flowgate_rt_unsqueeze", flowgate_rt_unsqueeze as *const u8),
        ("flowgate_rt_flatten", flowgate_rt_flatten as *const u8),
        ("flowgate_rt_constant_of_shape", flowgate_rt_constant_of_shape as *const u8),
        ("flowgate_rt_range", flowgate_rt_range as *const u8),
        ("flowgate_rt_transpose", flowgate_rt_transpose as *const u8),
        ("flowgate_rt_concat", flowgate_rt_concat as *const u8),
        ("flowgate_rt_split", flowgate_rt_split as *const u8),
        ("flowgate_rt_slice", flowgate_rt_slice as *const u8),
        ("flowgate_rt_gather", flowgate_rt_gather as *const u8),
        ("flowgate_rt_gather_elements", flowgate_rt_gather_elements as *const u8),
        ("flowgate_rt_tile", flowgate_rt_tile as *const u8),
        ("flowgate_rt_pad", flowgate_rt_pad as *const u8),
        ("flowgate_rt_pad_mode", flowgate_rt_pad_mode as *const u8),
        ("flowgate_rt_reduce", flowgate_rt_reduce as *const u8),
        ("flowgate_rt_softmax", flowgate_rt_softmax as *const u8),
        ("flowgate_rt_log_softmax", flowgate_rt_log_softmax as *const u8),
        ("flowgate_rt_arg_reduce", flowgate_rt_arg_reduce as *const u8),
        ("flowgate_rt_matmul", flowgate_rt_matmul as *const u8),
        ("flowgate_rt_hard_sigmoid", flowgate_rt_hard_sigmoid as *const u8),
        ("flowgate_rt_leaky_relu", flowgate_rt_leaky_relu as *const u8),
        ("flowgate_rt_gemm", flowgate_rt_gemm as *const u8),
        ("flowgate_rt_conv", flowgate_rt_conv as *const u8),
        ("flowgate_rt_conv_transpose", flowgate_rt_conv_transpose as *const u8),
        ("flowgate_rt_pool", flowgate_rt_pool as *const u8),
        ("flowgate_rt_global_pool", flowgate_rt_global_pool as *const u8),
        ("flowgate_rt_instance_norm", flowgate_rt_instance_norm as *const u8),
        ("flowgate_rt_lstm", flowgate_rt_lstm as *const u8),
        ("flowgate_rt_top_k", flowgate_rt_top_k as *const u8),
        ("flowgate_rt_non_zero", flowgate_rt_non_zero as *const u8),
        ("flowgate_rt_compress", flowgate_rt_compress as *const u8),
        ("flowgate_rt_scatter_elements", flowgate_rt_scatter_elements as *const u8),
        ("flowgate_rt_scatter_nd", flowgate_rt_scatter_nd as *const u8),
        ("flowgate_rt_gather_nd", flowgate_rt_gather_nd as *const u8),
        ("flowgate_rt_reverse_sequence", flowgate_rt_reverse_sequence as *const u8),
        ("flowgate_rt_array_feature_extractor", flowgate_rt_array_feature_extractor as *const u8),
        ("flowgate_rt_non_max_suppression", flowgate_rt_non_max_suppression as *const u8),
        ("flowgate_rt_roi_align", flowgate_rt_roi_align as *const u8),
        ("flowgate_rt_cumsum", flowgate_rt_cumsum as *const u8),
        ("flowgate_rt_dft", flowgate_rt_dft as *const u8),
        ("flowgate_rt_stft", flowgate_rt_stft as *const u8),
        ("flowgate_rt_resize", flowgate_rt_resize as *const u8),
        ("flowgate_rt_grid_sample", flowgate_rt_grid_sample as *const u8),
        ("flowgate_rt_seq_empty", flowgate_rt_seq_empty as *const u8),
        ("flowgate_rt_seq_insert", flowgate_rt_seq_insert as *const u8),
        ("flowgate_rt_seq_insert_consume", flowgate_rt_seq_insert_consume as *const u8),
        ("flowgate_rt_seq_at", flowgate_rt_seq_at as *const u8),
        ("flowgate_rt_seq_length", flowgate_rt_seq_length as *const u8),
        ("flowgate_rt_seq_erase", flowgate_rt_seq_erase as *const u8),
        ("flowgate_rt_concat_from_seq", flowgate_rt_concat_from_seq as *const u8),
        ("flowgate_rt_split_to_seq", flowgate_rt_split_to_seq as *const u8),
        ("flowgate_rt_opt_none", flowgate_rt_opt_none as *const u8),
        ("flowgate_rt_opt_some", flowgate_rt_opt_some as *const u8),
        ("flowgate_rt_opt_has", flowgate_rt_opt_has as *const u8),
        ("flowgate_rt_opt_get", flowgate_rt_opt_get as *const u8),
        ("flowgate_rt_arg", flowgate_rt_arg as *const u8),
        ("flowgate_rt_set_result", flowgate_rt_set_result as *const u8),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_exported_function_is_listed_once() {
        let src = include_str!("abi.rs");
        let exported: Vec<&str> = src
            .split("#[no_mangle]")
            .skip(1)
            .filter_map(|rest| {
                let after = rest.split("fn ").nth(1)?;
                after.split('(').next()
            })
            .collect();
        let listed = symbols();
        let names: HashSet<&str> = listed.iter().map(|(n, _)| *n).collect();
        assert_eq!(names.len(), listed.len(), "a symbol is listed twice");
        assert_eq!(src.matches("#[no_mangle]").count(), listed.len());
        for name in &exported {
            assert!(names.contains(name), "{name} is exported but not in symbols()");
        }
        for (name, addr) in &listed {
            assert!(name.starts_with("flowgate_rt_"));
            assert!(!addr.is_null());
        }
        assert!(names.contains("flowgate_rt_where"));
    }
}
