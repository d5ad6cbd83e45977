//! Detection post-processing: `NonMaxSuppression` and `RoiAlign`, one runtime call each.

use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let ops = l.ctx.operands(op).to_vec();
    let r = match name {
        "NonMaxSuppression" => {
            if ops.len() < 2 {
                return Err(l.err(op, "NonMaxSuppression needs boxes and scores"));
            }
            let node = l.node_id(op);
            let boxes = l.handle(ops[0])?;
            let scores = l.handle(ops[1])?;
            let mut args = vec![node, boxes, scores];
            for k in 2..5 {
                args.push(l.input_or_null(op, k)?);
            }
            args.push(l.const_i32(l.int_attr(op, "center_point_box").unwrap_or(0) as i32));
            l.rt("non_max_suppression", &args)?
        }
        "RoiAlign" => {
            if ops.len() < 3 {
                return Err(l.err(op, "RoiAlign needs X, rois and batch_indices"));
            }
            let node = l.node_id(op);
            let mut args = vec![node];
            for &v in &ops[..3] {
                args.push(l.handle(v)?);
            }
            // half_pixel is the default from opset 16 on; before, only output_half_pixel existed.
            let default_mode = if super::reduce::opset_at_least(l, 16) { "half_pixel" } else { "output_half_pixel" };
            let mode = l.str_attr(op, "coordinate_transformation_mode").unwrap_or_else(|| default_mode.into());
            let half = match mode.as_str() {
                "half_pixel" => 1,
                "output_half_pixel" => 0,
                m => return Err(l.err(op, format!("RoiAlign: unknown coordinate_transformation_mode '{m}'"))),
            };
            let max = match l.str_attr(op, "mode").as_deref() {
                None | Some("avg") => 0,
                Some("max") => 1,
                Some(m) => return Err(l.err(op, format!("RoiAlign: unknown mode '{m}'"))),
            };
            args.push(l.const_i32(half));
            args.push(l.const_i32(max));
            args.push(l.const_i64(l.int_attr(op, "output_height").unwrap_or(1)));
            args.push(l.const_i64(l.int_attr(op, "output_width").unwrap_or(1)));
            args.push(l.const_i64(l.int_attr(op, "sampling_ratio").unwrap_or(0)));
            args.push(l.const_f64(l.float_attr(op, "spatial_scale").unwrap_or(1.0)));
            l.rt("roi_align", &args)?
        }
        _ => return Ok(None),
    };
    Ok(Some(vec![r]))
}
