//! `--output-dir`: a model's outputs written one file each, `.npy` or `.pb`.

use crate::data;
use crate::model::Port;
use crate::npy;
use anyhow::{anyhow, Result};
use flowgate_runtime::RtValue;
use std::path::Path;
use std::sync::Arc;

/// The file formats outputs can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Npy,
    Pb,
}

/// Write each output to `dir` as `<name>.npy` (tensors only) or `<name>.pb`; names are made
/// file-safe (anything but ASCII letters, digits, `_` and `-` becomes `_`).
pub fn write_outputs(ports: &[Port], values: &[Arc<RtValue>], dir: &Path, format: Format) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| anyhow!("cannot create '{}': {e}", dir.display()))?;
    for (k, (p, v)) in ports.iter().zip(values).enumerate() {
        let stem: String =
            p.name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '_' }).collect();
        let stem = if stem.is_empty() { format!("output_{k}") } else { stem };
        match format {
            Format::Pb => {
                let bytes = data::encode_value(v, &p.name)?;
                let f = dir.join(format!("{stem}.pb"));
                std::fs::write(&f, bytes).map_err(|e| anyhow!("cannot write '{}': {e}", f.display()))?;
            }
            Format::Npy => {
                let t = v.as_tensor().map_err(|_| {
                    anyhow!("output '{}' is a {}; write it with --output-format pb", p.name, v.kind_name())
                })?;
                npy::write_npy(&dir.join(format!("{stem}.npy")), t)?;
            }
        }
    }
    Ok(())
}
