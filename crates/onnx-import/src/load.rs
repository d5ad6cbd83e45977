//! Loading a model file of either form, with external data, and optionally checking it.

use std::path::Path;

use crate::check::check_model;
use crate::decode::{decode_model_named, looks_like_text};
use crate::error::ImportError;
use crate::proto::ModelProto;
use crate::text::parse_model_text;

/// How a model file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelFormat {
    /// Serialized protobuf (`.onnx`).
    Binary,
    /// The textual syntax of `onnx.printer` (`.onnxtxt`, `.txt`).
    Text,
}

impl ModelFormat {
    /// The format implied by the file name, else by the content.
    pub fn detect(path: &Path, bytes: &[u8]) -> ModelFormat {
        match path.extension().and_then(|e| e.to_str()) {
            Some("onnx") | Some("pb") => ModelFormat::Binary,
            Some("onnxtxt") | Some("txt") => ModelFormat::Text,
            _ if looks_like_text(bytes) => ModelFormat::Text,
            _ => ModelFormat::Binary,
        }
    }
}

/// Reads a model (binary or text, see [`ModelFormat::detect`]) and loads its external tensor
/// data from files beside it. Does not check ONNX contracts; see [`import_model`].
pub fn load_model(path: &Path) -> Result<ModelProto, ImportError> {
    load_model_and_bytes(path).map(|(model, _)| model)
}

/// [`load_model`], with the file's bytes as read when they are the whole model (a
/// compiled-model cache keys on them, so the file is read once); `None` when tensors took their
/// data from other files, which the bytes do not cover.
pub fn load_model_and_bytes(path: &Path) -> Result<(ModelProto, Option<Vec<u8>>), ImportError> {
    let file = crate::util::one_line(&path.display().to_string()).into_owned();
    let bytes = std::fs::read(path).map_err(|source| ImportError::Io { file: file.clone(), source })?;
    let base = path.parent().unwrap_or(Path::new("."));
    let base = if base.as_os_str().is_empty() { Path::new(".") } else { base };
    let (model, external) = load_counted(&bytes, ModelFormat::detect(path, &bytes), &file, base)?;
    Ok((model, (external == 0).then_some(bytes)))
}

/// A model held in memory (the Python package's `InferenceSession(bytes)`): decoded as
/// `format` says, external tensor data read relative to `base`; `file` names it in errors.
pub fn load_model_bytes(bytes: &[u8], format: ModelFormat, file: &str, base: &Path) -> Result<ModelProto, ImportError> {
    load_counted(bytes, format, file, base).map(|(model, _)| model)
}

/// [`load_model_bytes`], with the number of tensors whose data came from other files.
fn load_counted(
    bytes: &[u8],
    format: ModelFormat,
    file: &str,
    base: &Path,
) -> Result<(ModelProto, usize), ImportError> {
    let mut model = match format {
        ModelFormat::Binary => decode_model_named(bytes, file)?,
        ModelFormat::Text => {
            let src = std::str::from_utf8(bytes).map_err(|e| ImportError::NotAModel {
                file: file.to_string(),
                reason: format!("the text is not valid UTF-8 ({e})"),
            })?;
            let model = parse_model_text(src, file)?;
            crate::decode::validate_model_shape(&model)
                .map_err(|reason| ImportError::NotAModel { file: file.to_string(), reason })?;
            model
        }
    };
    let external = crate::external::resolve_counted(&mut model, base, file)?;
    Ok((model, external))
}

/// [`load_model`], then [`check_model`]: the front door for tools and the IR importer.
pub fn import_model(path: &Path) -> Result<ModelProto, ImportError> {
    let model = load_model(path)?;
    check_model(&model, &path.display().to_string())?;
    Ok(model)
}
