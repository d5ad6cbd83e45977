//! The table of runtime functions. `runtime_functions!(callback)` hands the whole table, as
//! tokens, to a macro of the caller's: this crate builds [`FUNCTIONS`] from it, the runtime its
//! `#[no_mangle]` exports and the JIT's symbol list. One entry per function:
//!
//! `flowgate_rt_name(param: Ty, ...) [-> Ty] [, fails] [, memo];`
//!
//! - `fails`: the call may record an error (so compiled code that must react to one, such as a
//!   loop's exit test, checks `flowgate_rt_ok` after it). Without it the call never fails with
//!   the arguments compiled code passes (boxing fails only on an element type code the lowering
//!   never emits).
//! - `memo`: a tensor kernel whose result may be memoized: a `flowgate_rt_memo_next(slot, node)`
//!   right before the call makes it return the slot's value from the second run on.
//!
//! Parameter and result types are [`Ty`] variants; README.md of flowgate-runtime documents what
//! each function does (a test checks its table against this one).

/// A parameter or result type, as the C ABI and the IR spell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// `i32`: the index of the calling node in the node-name table (for error messages).
    Node,
    /// `i32` (IR `i32`): a code from [`crate::codes`], a 0/1 flag or an element type.
    I32,
    /// `i64`.
    I64,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// A boolean result: `u8` 0/1 in C, `i1` in the IR.
    Bool,
    /// An opaque value handle (`void*`, IR `!llvm.ptr`).
    Handle,
    /// A rank-1 memref descriptor of bytes (`*const MemRefDesc1`, IR `memref<?xi8>`).
    Bytes,
    /// A rank-1 memref of bytes returned by value (`MemRefDesc1`, IR `memref<?xi8>`): as every
    /// memref result, the descriptor is a C struct the caller receives (result only).
    View,
    /// A call frame (`*mut Frame`, IR `!llvm.ptr`).
    Frame,
    /// An array of C API values (`*mut FlowgateTensor`, IR `!llvm.ptr`): a compiled model's
    /// inputs or outputs.
    CValues,
}

impl Ty {
    /// The C spelling the runtime's README uses.
    pub fn c_name(self) -> &'static str {
        match self {
            Ty::Node | Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
            Ty::Bool => "u8",
            Ty::Handle => "h",
            Ty::Bytes => "*const MemRefDesc1",
            Ty::View => "MemRefDesc1",
            Ty::Frame => "*mut Frame",
            Ty::CValues => "*mut FlowgateTensor",
        }
    }
}

/// One runtime function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RtFn {
    /// The symbol, `flowgate_rt_<name>`.
    pub symbol: &'static str,
    pub params: &'static [(&'static str, Ty)],
    pub result: Option<Ty>,
    /// The call may record an error.
    pub may_fail: bool,
    /// The call's result may be memoized through `flowgate_rt_memo_next`.
    pub memo: bool,
}

impl RtFn {
    /// The symbol without its `flowgate_rt_` prefix.
    pub fn name(&self) -> &'static str {
        self.symbol.strip_prefix("flowgate_rt_").unwrap_or(self.symbol)
    }

    /// The signature as the runtime's README writes it: `(node, op: i32, x) -> h`. The node
    /// index is `node` and handles are their names alone; everything else is `name: type`.
    pub fn signature(&self) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|&(n, t)| match t {
                Ty::Node | Ty::Handle => n.to_string(),
                _ => format!("{n}: {}", t.c_name()),
            })
            .collect();
        let mut s = format!("({})", params.join(", "));
        if let Some(r) = self.result {
            s.push_str(" -> ");
            s.push_str(r.c_name());
        }
        s
    }
}

/// The function named `name` (without the `flowgate_rt_` prefix).
pub fn lookup(name: &str) -> Option<&'static RtFn> {
    FUNCTIONS.iter().find(|f| f.name() == name)
}

/// Whether `flag` is among the flags: `has_flag!(memo; fails memo)` is `true`.
#[doc(hidden)]
#[macro_export]
macro_rules! has_flag {
    ($want:ident;) => { false };
    (fails; fails $($rest:ident)*) => { true };
    (memo; memo $($rest:ident)*) => { true };
    ($want:ident; $other:ident $($rest:ident)*) => { $crate::has_flag!($want; $($rest)*) };
}

/// `if_flag!(memo [fails memo] { then } else { otherwise })` expands to `then` alone, so the
/// branch not taken need not compile for that function.
#[doc(hidden)]
#[macro_export]
macro_rules! if_flag {
    ($want:ident [] $then:tt else { $($e:tt)* }) => { $($e)* };
    (fails [fails $($rest:ident)*] { $($t:tt)* } else $e:tt) => { $($t)* };
    (memo [memo $($rest:ident)*] { $($t:tt)* } else $e:tt) => { $($t)* };
    ($want:ident [$other:ident $($rest:ident)*] $then:tt else $e:tt) => {
        $crate::if_flag!($want [$($rest)*] $then else $e)
    };
}

/// Calls `$callback! { ...the table... }`.
#[macro_export]
macro_rules! runtime_functions {
    ($callback:ident) => {
        $callback! {
            // Memory and scalars.
            flowgate_rt_retain(h: Handle);
            flowgate_rt_release(h: Handle);
            flowgate_rt_live_values() -> I64;
            flowgate_rt_ok() -> Bool;
            flowgate_rt_null() -> Handle;
            flowgate_rt_box_i64(v: I64, dtype: I32) -> Handle;
            flowgate_rt_box_f64(v: F64, dtype: I32) -> Handle;
            flowgate_rt_box_f32(v: F32, dtype: I32) -> Handle;
            flowgate_rt_unbox_i64(node: Node, h: Handle) -> I64, fails;
            flowgate_rt_unbox_f64(node: Node, h: Handle) -> F64, fails;
            flowgate_rt_unbox_f32(node: Node, h: Handle) -> F32, fails;
            flowgate_rt_dim(node: Node, h: Handle, axis: I64) -> I64, fails;
            flowgate_rt_rank(node: Node, h: Handle) -> I64, fails;
            flowgate_rt_scan_length(node: Node, expected: I64, h: Handle, axis: I64, input: I64) -> I64, fails;
            flowgate_rt_scan_batch(node: Node, expected: I64, h: Handle, operand: I64, states: I64) -> I64, fails;
            // Constants.
            flowgate_rt_constant(blob: Bytes) -> Handle, fails;
            flowgate_rt_constant_cached(blob: Bytes, slot: Bytes) -> Handle, fails;
            flowgate_rt_memo_next(slot: Bytes, node: Node);
            flowgate_rt_slot_release(slot: Bytes);
            // Compiled buffers (the compiled-tensor tier): copies between a buffer's aligned
            // address and a handle.
            flowgate_rt_read_buffer(node: Node, h: Handle, dst: I64, dtype: I32, numel: I64), fails;
            flowgate_rt_read_slice(node: Node, h: Handle, axis: I64, index: I64, dst: I64, dtype: I32, numel: I64), fails;
            flowgate_rt_from_buffer(node: Node, src: I64, dtype: I32, shape: Handle) -> Handle, fails;
            // The boundary without copies: a tensor's elements seen in place (the caller keeps
            // the handle alive while it uses the view), and a new tensor for compiled code to fill.
            flowgate_rt_tensor_data(node: Node, h: Handle, dtype: I32, numel: I64) -> View, fails;
            flowgate_rt_tensor_zeros(node: Node, dtype: I32, shape: Handle) -> Handle, fails;
            // Elementwise.
            flowgate_rt_unary(node: Node, op: I32, x: Handle) -> Handle, fails, memo;
            flowgate_rt_binary(node: Node, op: I32, a: Handle, b: Handle) -> Handle, fails, memo;
            flowgate_rt_where(node: Node, c: Handle, x: Handle, y: Handle) -> Handle, fails, memo;
            flowgate_rt_cast(node: Node, x: Handle, to: I32) -> Handle, fails, memo;
            flowgate_rt_cast_mode(node: Node, x: Handle, to: I32, saturate: I32, round_mode: I32) -> Handle, fails, memo;
            flowgate_rt_cast_like(node: Node, x: Handle, like: Handle, saturate: I32) -> Handle, fails, memo;
            // Quantization (issue 22), in onnxruntime's integer arithmetic.
            flowgate_rt_quantize_linear(node: Node, x: Handle, scale: Handle, zp_or_null: Handle, axis: I64,
                block_size: I64, output_dtype: I32, saturate: I32, precision: I32) -> Handle, fails, memo;
            flowgate_rt_dequantize_linear(node: Node, x: Handle, scale: Handle, zp_or_null: Handle, axis: I64,
                block_size: I64, output_dtype: I32) -> Handle, fails, memo;
            flowgate_rt_dynamic_quantize_linear(node: Node, x: Handle) -> Handle, fails;
            flowgate_rt_matmul_integer(node: Node, a: Handle, b: Handle, a_zp_or_null: Handle, b_zp_or_null: Handle)
                -> Handle, fails, memo;
            flowgate_rt_qlinear_matmul(node: Node, a: Handle, a_scale: Handle, a_zp: Handle, b: Handle,
                b_scale: Handle, b_zp: Handle, y_scale: Handle, y_zp: Handle) -> Handle, fails, memo;
            flowgate_rt_conv_integer(node: Node, x: Handle, w: Handle, x_zp_or_null: Handle, w_zp_or_null: Handle,
                auto_pad: I32, group: I64, kernel_shape_or_null: Handle, strides_or_null: Handle,
                dilations_or_null: Handle, pads_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_qlinear_conv(node: Node, x: Handle, x_scale: Handle, x_zp: Handle, w: Handle,
                w_scale: Handle, w_zp: Handle, y_scale: Handle, y_zp: Handle, b_or_null: Handle, auto_pad: I32,
                group: I64, kernel_shape_or_null: Handle, strides_or_null: Handle, dilations_or_null: Handle,
                pads_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_clip(node: Node, x: Handle, min_or_null: Handle, max_or_null: Handle) -> Handle, fails, memo;
            // Shapes.
            flowgate_rt_shape(node: Node, x: Handle, start: I64, end: I64) -> Handle, fails, memo;
            flowgate_rt_size(node: Node, x: Handle) -> I64, fails;
            flowgate_rt_reshape(node: Node, x: Handle, shape: Handle, allowzero: I32) -> Handle, fails, memo;
            flowgate_rt_expand(node: Node, x: Handle, shape: Handle) -> Handle, fails, memo;
            flowgate_rt_squeeze(node: Node, x: Handle, axes_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_unsqueeze(node: Node, x: Handle, axes: Handle) -> Handle, fails, memo;
            flowgate_rt_flatten(node: Node, x: Handle, axis: I64) -> Handle, fails, memo;
            flowgate_rt_constant_of_shape(node: Node, shape: Handle, value_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_range(node: Node, start: Handle, limit: Handle, delta: Handle) -> Handle, fails, memo;
            // Data movement.
            flowgate_rt_transpose(node: Node, x: Handle, perm_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_concat(node: Node, seq: Handle, axis: I64) -> Handle, fails, memo;
            flowgate_rt_split(node: Node, x: Handle, split_or_null: Handle, axis: I64, num_outputs: I64) -> Handle, fails;
            flowgate_rt_slice(node: Node, x: Handle, starts: Handle, ends: Handle, axes_or_null: Handle,
                steps_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_gather(node: Node, x: Handle, indices: Handle, axis: I64) -> Handle, fails, memo;
            flowgate_rt_gather_elements(node: Node, x: Handle, indices: Handle, axis: I64) -> Handle, fails, memo;
            flowgate_rt_dropout(node: Node, x: Handle, ratio_or_null: Handle, training_or_null: Handle, output: I32)
                -> Handle, fails;
            flowgate_rt_trilu(node: Node, x: Handle, k: I64, upper: I32) -> Handle, fails, memo;
            flowgate_rt_eye_like(node: Node, x: Handle, dtype: I32, k: I64) -> Handle, fails, memo;
            flowgate_rt_det(node: Node, x: Handle) -> Handle, fails, memo;
            flowgate_rt_depth_to_space(node: Node, x: Handle, blocksize: I64, mode: I32) -> Handle, fails, memo;
            flowgate_rt_one_hot(node: Node, indices: Handle, depth: Handle, values: Handle, axis: I64) -> Handle, fails, memo;
            flowgate_rt_center_crop_pad(node: Node, x: Handle, shape: Handle, axes_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_bitcast(node: Node, x: Handle, to: I32) -> Handle, fails, memo;
            flowgate_rt_einsum(node: Node, inputs: Handle, equation: Handle) -> Handle, fails, memo;
            flowgate_rt_spectral_window(node: Node, kind: I32, size: Handle, periodic: I32, to: I32) -> Handle, fails, memo;
            flowgate_rt_rotary_embedding(node: Node, x: Handle, cos: Handle, sin: Handle, position_ids_or_null: Handle,
                interleaved: I32, num_heads: I64, rotary_dim: I64) -> Handle, fails, memo;
            flowgate_rt_tile(node: Node, x: Handle, repeats: Handle) -> Handle, fails, memo;
            flowgate_rt_pad(node: Node, x: Handle, pads: Handle, value_or_null: Handle, axes_or_null: Handle)
                -> Handle, fails, memo;
            flowgate_rt_pad_mode(node: Node, x: Handle, pads: Handle, value_or_null: Handle, axes_or_null: Handle,
                mode: I32) -> Handle, fails, memo;
            // Reductions and normalisations.
            flowgate_rt_reduce(node: Node, op: I32, x: Handle, axes_or_null: Handle, keepdims: I32,
                noop_with_empty_axes: I32) -> Handle, fails, memo;
            flowgate_rt_layer_norm(node: Node, x: Handle, scale: Handle, b_or_null: Handle, axis: I64,
                epsilon: F64, rms: I32, output: I32) -> Handle, fails, memo;
            flowgate_rt_lp_norm(node: Node, x: Handle, axis: I64, p: I64) -> Handle, fails, memo;
            flowgate_rt_mean_variance_norm(node: Node, x: Handle, axes: Handle) -> Handle, fails, memo;
            flowgate_rt_nll_loss(node: Node, input: Handle, target: Handle, weight_or_null: Handle, has_ignore: I32,
                ignore_index: I64, reduction: I32) -> Handle, fails, memo;
            flowgate_rt_softmax(node: Node, x: Handle, axis: I64, legacy: I32) -> Handle, fails, memo;
            flowgate_rt_log_softmax(node: Node, x: Handle, axis: I64, legacy: I32) -> Handle, fails, memo;
            flowgate_rt_hardmax(node: Node, x: Handle, axis: I64, legacy: I32) -> Handle, fails, memo;
            flowgate_rt_arg_reduce(node: Node, x: Handle, axis: I64, keepdims: I32, select_last_index: I32,
                is_min: I32) -> Handle, fails, memo;
            // Linear algebra and activations.
            flowgate_rt_matmul(node: Node, a: Handle, b: Handle) -> Handle, fails, memo;
            flowgate_rt_hard_sigmoid(node: Node, x: Handle, alpha: F64, beta: F64, swish: I32) -> Handle, fails, memo;
            flowgate_rt_leaky_relu(node: Node, x: Handle, alpha: F64) -> Handle, fails, memo;
            flowgate_rt_activation(node: Node, kind: I32, x: Handle, a: F64, b: F64, c: F64) -> Handle, fails, memo;
            flowgate_rt_gemm(node: Node, a: Handle, b: Handle, c_or_null: Handle, alpha: F64, beta: F64,
                trans_a: I32, trans_b: I32) -> Handle, fails, memo;
            // Neural-network layers.
            flowgate_rt_conv(node: Node, x: Handle, w: Handle, b_or_null: Handle, auto_pad: I32, group: I64,
                kernel_shape_or_null: Handle, strides_or_null: Handle, dilations_or_null: Handle,
                pads_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_conv_transpose(node: Node, x: Handle, w: Handle, b_or_null: Handle, auto_pad: I32,
                group: I64, kernel_shape_or_null: Handle, strides_or_null: Handle, dilations_or_null: Handle,
                pads_or_null: Handle, output_padding_or_null: Handle, output_shape_or_null: Handle)
                -> Handle, fails, memo;
            flowgate_rt_pool(node: Node, kind: I32, x: Handle, auto_pad: I32, ceil_mode: I32,
                count_include_pad: I32, storage_order: I64, p: I64, kernel_shape_or_null: Handle,
                strides_or_null: Handle, dilations_or_null: Handle, pads_or_null: Handle) -> Handle, fails;
            flowgate_rt_global_pool(node: Node, x: Handle, is_max: I32) -> Handle, fails, memo;
            flowgate_rt_instance_norm(node: Node, x: Handle, scale: Handle, b: Handle, epsilon: F64)
                -> Handle, fails, memo;
            flowgate_rt_group_norm(node: Node, x: Handle, scale: Handle, b: Handle, epsilon: F64, num_groups: I64)
                -> Handle, fails, memo;
            flowgate_rt_lrn(node: Node, x: Handle, size: I64, alpha: F64, beta: F64, bias: F64) -> Handle, fails, memo;
            flowgate_rt_max_unpool(node: Node, x: Handle, indices: Handle, output_shape_or_null: Handle,
                kernel_shape_or_null: Handle, strides_or_null: Handle, pads_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_col2im(node: Node, input: Handle, image_shape: Handle, block_shape: Handle,
                strides_or_null: Handle, dilations_or_null: Handle, pads_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_deform_conv(node: Node, x: Handle, w: Handle, offset: Handle, b_or_null: Handle,
                mask_or_null: Handle, group: I64, offset_group: I64, kernel_shape_or_null: Handle,
                strides_or_null: Handle, dilations_or_null: Handle, pads_or_null: Handle) -> Handle, fails, memo;
            flowgate_rt_batch_norm(node: Node, x: Handle, scale: Handle, b: Handle, mean: Handle, var: Handle,
                epsilon: F64, momentum: F64, training: I32, output: I32) -> Handle, fails, memo;
            flowgate_rt_attention(node: Node, q: Handle, k: Handle, v: Handle, mask_or_null: Handle,
                past_key_or_null: Handle, past_value_or_null: Handle, nonpad_or_null: Handle, scale: F64,
                is_causal: I32, q_num_heads: I64, kv_num_heads: I64, softcap: F64, qk_matmul_output_mode: I32,
                left_window: I64, right_window: I64) -> Handle, fails;
            flowgate_rt_linear_attention(node: Node, q: Handle, k: Handle, v: Handle, past_state_or_null: Handle,
                decay_or_null: Handle, beta_or_null: Handle, q_num_heads: I64, kv_num_heads: I64, scale: F64,
                update_rule: I32) -> Handle, fails;
            flowgate_rt_causal_conv(node: Node, x: Handle, w: Handle, b_or_null: Handle, past_state_or_null: Handle,
                activation: I32) -> Handle, fails;
            flowgate_rt_gru(node: Node, x: Handle, w: Handle, r: Handle, b_or_null: Handle, seq_lens_or_null: Handle,
                initial_h_or_null: Handle, hidden_size: I64, direction: I32, layout: I32, linear_before_reset: I32,
                clip: F64, activations_or_null: Handle, gru: I32) -> Handle, fails;
            flowgate_rt_lstm(node: Node, x: Handle, w: Handle, r: Handle, b_or_null: Handle,
                seq_lens_or_null: Handle, initial_h_or_null: Handle, initial_c_or_null: Handle,
                p_or_null: Handle, hidden_size: I64, direction: I32, layout: I32, input_forget: I32, clip: F64,
                activations_or_null: Handle) -> Handle, fails;
            // Selection and index-driven movement.
            flowgate_rt_top_k(node: Node, x: Handle, k: Handle, axis: I64, largest: I32) -> Handle, fails;
            flowgate_rt_non_zero(node: Node, x: Handle) -> Handle, fails, memo;
            flowgate_rt_unique(node: Node, x: Handle, has_axis: I32, axis: I64, sorted: I32) -> Handle, fails;
            flowgate_rt_compress(node: Node, x: Handle, cond: Handle, has_axis: I32, axis: I64) -> Handle, fails, memo;
            flowgate_rt_scatter_elements(node: Node, data: Handle, indices: Handle, updates: Handle, axis: I64,
                reduction: I32) -> Handle, fails, memo;
            flowgate_rt_scatter_nd(node: Node, data: Handle, indices: Handle, updates: Handle, reduction: I32)
                -> Handle, fails, memo;
            flowgate_rt_tensor_scatter(node: Node, past: Handle, update: Handle, write_indices_or_null: Handle,
                axis: I64, mode: I32) -> Handle, fails, memo;
            flowgate_rt_gather_nd(node: Node, data: Handle, indices: Handle, batch_dims: I64) -> Handle, fails, memo;
            flowgate_rt_reverse_sequence(node: Node, x: Handle, lens: Handle, batch_axis: I64, time_axis: I64)
                -> Handle, fails, memo;
            flowgate_rt_array_feature_extractor(node: Node, x: Handle, indices: Handle) -> Handle, fails, memo;
            flowgate_rt_tree_ensemble(node: Node, x: Handle, roots: Handle, feature: Handle, mode: Handle, split: Handle,
                true_id: Handle, true_leaf: Handle, false_id: Handle, false_leaf: Handle, missing_or_null: Handle,
                membership_or_null: Handle, leaf_target: Handle, leaf_weight: Handle, n_targets: I64, aggregate: I32,
                post_transform: I32) -> Handle, fails, memo;
            // Detection and signal.
            flowgate_rt_non_max_suppression(node: Node, boxes: Handle, scores: Handle,
                max_per_class_or_null: Handle, iou_threshold_or_null: Handle, score_threshold_or_null: Handle,
                center_point_box: I32) -> Handle, fails;
            flowgate_rt_roi_align(node: Node, x: Handle, rois: Handle, batch_indices: Handle, half_pixel: I32,
                max_mode: I32, output_height: I64, output_width: I64, sampling_ratio: I64, spatial_scale: F64)
                -> Handle, fails;
            flowgate_rt_cumulative(node: Node, x: Handle, axis: I64, exclusive: I32, reverse: I32, product: I32)
                -> Handle, fails, memo;
            flowgate_rt_dft(node: Node, x: Handle, dft_length: I64, axis: I64, inverse: I32, onesided: I32)
                -> Handle, fails, memo;
            flowgate_rt_stft(node: Node, x: Handle, frame_step: I64, window_or_null: Handle, frame_length: I64,
                onesided: I32) -> Handle, fails, memo;
            flowgate_rt_resize(node: Node, x: Handle, roi_or_null: Handle, scales_or_null: Handle,
                sizes_or_null: Handle, axes_or_null: Handle, mode: I32, coord: I32, nearest: I32, cubic_a: F64,
                exclude_outside: I32, extrapolation: F64, policy: I32, antialias: I32) -> Handle, fails, memo;
            flowgate_rt_grid_sample(node: Node, x: Handle, grid: Handle, mode: I32, padding: I32,
                align_corners: I32) -> Handle, fails, memo;
            flowgate_rt_affine_grid(node: Node, theta: Handle, size: Handle, align_corners: I32) -> Handle, fails, memo;
            flowgate_rt_mel_weight_matrix(node: Node, num_mel_bins: Handle, dft_length: Handle, sample_rate: Handle,
                lower_edge_hertz: Handle, upper_edge_hertz: Handle, to: I32) -> Handle, fails, memo;
            // Images.
            flowgate_rt_image_decode(node: Node, encoded: Handle, pixel_format: I32) -> Handle, fails, memo;
            // Optimizers (ai.onnx.preview.training).
            flowgate_rt_adagrad(node: Node, r: Handle, t: Handle, x: Handle, g: Handle, h: Handle,
                norm_coefficient: F64, epsilon: F64, decay_factor: F64) -> Handle, fails;
            flowgate_rt_adam(node: Node, r: Handle, t: Handle, x: Handle, g: Handle, v: Handle, h: Handle, alpha: F64,
                beta: F64, epsilon: F64, norm_coefficient: F64, norm_coefficient_post: F64) -> Handle, fails;
            flowgate_rt_momentum(node: Node, r: Handle, t: Handle, x: Handle, g: Handle, v: Handle, alpha: F64,
                beta: F64, norm_coefficient: F64, nesterov: I32) -> Handle, fails;
            // Strings.
            flowgate_rt_string_equal(node: Node, a: Handle, b: Handle) -> Handle, fails;
            flowgate_rt_string_concat(node: Node, a: Handle, b: Handle) -> Handle, fails;
            flowgate_rt_regex_full_match(node: Node, x: Handle, pattern: Handle) -> Handle, fails;
            flowgate_rt_string_split(node: Node, x: Handle, delimiter_or_null: Handle, maxsplit: I64) -> Handle, fails;
            flowgate_rt_string_normalizer(node: Node, x: Handle, case_change: I32, case_sensitive: I32,
                stopwords: Handle) -> Handle, fails;
            flowgate_rt_label_encoder(node: Node, x: Handle, keys: Handle, values: Handle, default: Handle)
                -> Handle, fails;
            flowgate_rt_tfidf(node: Node, x: Handle, pool: Handle, ngram_counts: Handle, ngram_indexes: Handle,
                weights_or_null: Handle, min_gram: I64, max_gram: I64, max_skip: I64, mode: I32) -> Handle, fails;
            // Sequences.
            flowgate_rt_seq_empty(dtype: I32) -> Handle, fails;
            flowgate_rt_seq_insert(node: Node, s: Handle, t: Handle, has_pos: I32, pos: I64) -> Handle, fails;
            flowgate_rt_seq_insert_consume(node: Node, s: Handle, t: Handle, has_pos: I32, pos: I64)
                -> Handle, fails;
            flowgate_rt_seq_at(node: Node, s: Handle, pos: I64) -> Handle, fails;
            flowgate_rt_seq_length(node: Node, s: Handle) -> I64, fails;
            flowgate_rt_seq_erase(node: Node, s: Handle, has_pos: I32, pos: I64) -> Handle, fails;
            flowgate_rt_concat_from_seq(node: Node, s: Handle, axis: I64, new_axis: I32,
                empty_shape_or_null: Handle) -> Handle, fails;
            flowgate_rt_split_to_seq(node: Node, x: Handle, split_or_null: Handle, axis: I64, keepdims: I32)
                -> Handle, fails;
            // Optionals.
            flowgate_rt_opt_none() -> Handle;
            flowgate_rt_opt_some(x: Handle) -> Handle, fails;
            flowgate_rt_opt_has(node: Node, o: Handle) -> Bool, fails;
            flowgate_rt_opt_get(node: Node, o: Handle) -> Handle, fails;
            // Frames.
            flowgate_rt_arg(frame: Frame, k: I64) -> Handle, fails;
            flowgate_rt_set_result(frame: Frame, k: I64, h: Handle), fails;
            // A compiled model's `<name>_run` (the C API).
            flowgate_rt_model_begin(model: Bytes, inputs: CValues) -> Frame, fails;
            flowgate_rt_model_end(model: Bytes, frame: Frame, outputs: CValues) -> I32;
        }
    };
}

/// Builds [`FUNCTIONS`] from the table.
macro_rules! function_table {
    ($($sym:ident($($p:ident: $t:ident),* $(,)?) $(-> $r:ident)? $(, $flag:ident)*;)*) => {
        /// Every runtime function, in the order of the table.
        pub static FUNCTIONS: &[RtFn] = &[$(
            RtFn {
                symbol: stringify!($sym),
                params: &[$((stringify!($p), Ty::$t)),*],
                result: function_table!(@result $($r)?),
                may_fail: has_flag!(fails; $($flag)*),
                memo: has_flag!(memo; $($flag)*),
            },
        )*];
    };
    (@result) => { None };
    (@result $r:ident) => { Some(Ty::$r) };
}

runtime_functions!(function_table);

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_table_is_well_formed() {
        let mut seen = HashSet::new();
        for f in FUNCTIONS {
            assert!(f.symbol.starts_with("flowgate_rt_"), "{}", f.symbol);
            assert!(seen.insert(f.symbol), "{} is in the table twice", f.symbol);
            let names: HashSet<_> = f.params.iter().map(|p| p.0).collect();
            assert_eq!(names.len(), f.params.len(), "{} repeats a parameter name", f.symbol);
            // The runtime's memo slot is matched by node and holds a handle.
            if f.memo {
                assert_eq!(f.params.first().map(|p| p.1), Some(Ty::Node), "{}", f.symbol);
                assert_eq!(f.result, Some(Ty::Handle), "{}", f.symbol);
                assert!(f.may_fail, "{}: a memoized kernel computes, so it may fail", f.symbol);
            }
            // Whoever takes a node index reports errors against it.
            if f.params.iter().any(|p| p.1 == Ty::Node) && f.symbol != "flowgate_rt_memo_next" {
                assert!(f.may_fail, "{} takes a node but is marked as never failing", f.symbol);
            }
        }
        // The table's length is not pinned here: tests/contract.rs checks it row for row
        // against the runtime README, and the generated exports against the runtime.
    }

    #[test]
    fn signatures_read_as_the_readme_writes_them() {
        assert_eq!(lookup("unary").map(RtFn::signature).as_deref(), Some("(node, op: i32, x) -> h"));
        assert_eq!(lookup("ok").map(RtFn::signature).as_deref(), Some("() -> u8"));
        assert_eq!(lookup("set_result").map(RtFn::signature).as_deref(), Some("(frame: *mut Frame, k: i64, h)"));
        assert!(lookup("ok").is_some_and(|f| !f.may_fail));
        assert!(lookup("flowgate_rt_ok").is_none());
    }
}
