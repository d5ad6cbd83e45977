//! Resolution of tensors stored outside the model file (`data_location == EXTERNAL`).
//!
//! The `location` key is untrusted input: it must stay inside the model's folder, so absolute
//! paths, `..` components and symlinks that lead out are refused before any byte is read.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Component, Path, PathBuf};

use crate::error::ImportError;
use crate::proto::tensor_proto::{DataLocation, DataType};
use crate::proto::{ModelProto, TensorProto};
use crate::util::one_line;
use crate::walk::try_for_each_tensor_mut;

/// Loads every external tensor of `model` from files under `base_dir` into `raw_data`.
/// `file` names the model in error messages.
pub fn resolve_external_data(model: &mut ModelProto, base_dir: &Path, file: &str) -> Result<(), ImportError> {
    resolve_counted(model, base_dir, file).map(|_| ())
}

/// [`resolve_external_data`], returning how many tensors took their data from other files.
pub(crate) fn resolve_counted(model: &mut ModelProto, base_dir: &Path, file: &str) -> Result<usize, ImportError> {
    let mut n = 0;
    try_for_each_tensor_mut(model, &mut |t| {
        if t.data_location != Some(DataLocation::External as i32) {
            return Ok(());
        }
        n += 1;
        load_one(t, base_dir).map_err(|reason| ImportError::ExternalData {
            file: one_line(file).into_owned(),
            tensor: one_line(t.name.as_deref().unwrap_or("")).into_owned(),
            reason: one_line(&reason).into_owned(),
        })
    })?;
    Ok(n)
}

fn load_one(t: &mut TensorProto, base_dir: &Path) -> Result<(), String> {
    let mut location = None;
    let mut offset = 0u64;
    let mut length = None;
    for entry in &t.external_data {
        let value = entry.value.as_deref().unwrap_or("");
        match entry.key.as_deref().unwrap_or("") {
            "location" => location = Some(value),
            "offset" => offset = parse_u64("offset", value)?,
            "length" => length = Some(parse_u64("length", value)?),
            // `checksum` and unknown keys carry nothing we need to read the bytes.
            _ => {}
        }
    }
    let location = location.ok_or("it has no 'location' key")?;
    let path = checked_path(base_dir, location)?;
    let bytes = read_range(&path, location, offset, length)?;
    if let Some(expected) = expected_byte_len(t) {
        if expected != bytes.len() as u64 {
            return Err(format!(
                "'{location}' gives {} bytes, but the tensor's type and shape need {expected}",
                bytes.len()
            ));
        }
    }
    t.raw_data = Some(bytes);
    t.external_data.clear();
    t.data_location = None;
    Ok(())
}

fn parse_u64(key: &str, value: &str) -> Result<u64, String> {
    value.trim().parse::<u64>().map_err(|_| format!("'{key}' is not a non-negative integer: '{value}'"))
}

/// Joins `location` to `base_dir` and proves the result stays inside it.
fn checked_path(base_dir: &Path, location: &str) -> Result<PathBuf, String> {
    if location.is_empty() {
        return Err("'location' is empty".to_string());
    }
    let rel = Path::new(location);
    for comp in rel.components() {
        match comp {
            Component::Normal(_) | Component::CurDir => {}
            Component::ParentDir => return Err(format!("location '{location}' may not contain '..'")),
            Component::RootDir | Component::Prefix(_) => {
                return Err(format!("location '{location}' must be relative to the model"))
            }
        }
    }
    let joined = base_dir.join(rel);
    // Canonicalizing both sides catches symlinks that point out of the model's folder.
    let base = base_dir.canonicalize().map_err(|e| format!("cannot resolve the model folder: {e}"))?;
    let real = joined.canonicalize().map_err(|e| format!("cannot open '{location}': {e}"))?;
    if !real.starts_with(&base) {
        return Err(format!("location '{location}' leads outside the model's folder"));
    }
    Ok(real)
}

fn read_range(path: &Path, location: &str, offset: u64, length: Option<u64>) -> Result<Vec<u8>, String> {
    let mut f = File::open(path).map_err(|e| format!("cannot open '{location}': {e}"))?;
    let size = f.metadata().map_err(|e| format!("cannot stat '{location}': {e}"))?.len();
    if !f.metadata().map(|m| m.is_file()).unwrap_or(false) {
        return Err(format!("'{location}' is not a regular file"));
    }
    let len = match length {
        Some(l) => l,
        None => size
            .checked_sub(offset)
            .ok_or_else(|| format!("offset {offset} is past the end of '{location}' ({size} bytes)"))?,
    };
    let end = offset
        .checked_add(len)
        .filter(|&end| end <= size)
        .ok_or_else(|| format!("range {offset}+{len} is past the end of '{location}' ({size} bytes)"))?;
    debug_assert!(end <= size);
    let len_usize = usize::try_from(len).map_err(|_| format!("length {len} is too large"))?;
    f.seek(SeekFrom::Start(offset)).map_err(|e| format!("cannot seek in '{location}': {e}"))?;
    let mut buf = vec![0u8; len_usize];
    f.read_exact(&mut buf).map_err(|e| format!("cannot read '{location}': {e}"))?;
    Ok(buf)
}

/// Byte size implied by the type and dims, for types stored whole bytes per element.
fn expected_byte_len(t: &TensorProto) -> Option<u64> {
    let width: u64 = match DataType::try_from(t.data_type?).ok()? {
        DataType::Bool
        | DataType::Int8
        | DataType::Uint8
        | DataType::Float8e4m3fn
        | DataType::Float8e4m3fnuz
        | DataType::Float8e5m2
        | DataType::Float8e5m2fnuz
        | DataType::Float8e8m0 => 1,
        DataType::Int16 | DataType::Uint16 | DataType::Float16 | DataType::Bfloat16 => 2,
        DataType::Int32 | DataType::Uint32 | DataType::Float => 4,
        DataType::Int64 | DataType::Uint64 | DataType::Double | DataType::Complex64 => 8,
        DataType::Complex128 => 16,
        // Strings are not stored raw; sub-byte types pack several elements per byte.
        _ => return None,
    };
    t.dims.iter().try_fold(width, |acc, &d| u64::try_from(d).ok().and_then(|d| acc.checked_mul(d)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::{GraphProto, StringStringEntryProto};

    fn ext_tensor(entries: &[(&str, &str)]) -> TensorProto {
        TensorProto {
            name: Some("w".into()),
            dims: vec![2],
            data_type: Some(DataType::Float as i32),
            data_location: Some(DataLocation::External as i32),
            external_data: entries
                .iter()
                .map(|(k, v)| StringStringEntryProto { key: Some(k.to_string()), value: Some(v.to_string()) })
                .collect(),
            ..Default::default()
        }
    }

    fn model_with(t: TensorProto) -> ModelProto {
        ModelProto { graph: Some(GraphProto { initializer: vec![t], ..Default::default() }), ..Default::default() }
    }

    /// A fresh directory, removed when the value is dropped (the test's end).
    fn temp_dir(tag: &str) -> tempfile::TempDir {
        tempfile::Builder::new().prefix(&format!("flowgate-ext-{tag}-")).tempdir().expect("temp dir")
    }

    #[test]
    fn reads_offset_and_length() {
        let tmp = temp_dir("ok");
        let dir = tmp.path();
        let mut data = vec![0xAAu8; 4];
        data.extend_from_slice(&1.0f32.to_le_bytes());
        data.extend_from_slice(&2.0f32.to_le_bytes());
        std::fs::write(dir.join("w.bin"), &data).expect("write");
        let mut m = model_with(ext_tensor(&[("location", "w.bin"), ("offset", "4"), ("length", "8")]));
        resolve_external_data(&mut m, dir, "m.onnx").expect("resolves");
        let t = &m.graph.as_ref().expect("graph").initializer[0];
        assert_eq!(t.raw_data.as_deref(), Some(&data[4..]));
        assert!(t.external_data.is_empty());
    }

    #[test]
    fn refuses_escaping_locations() {
        let tmp = temp_dir("escape");
        let dir = tmp.path();
        for loc in ["../w.bin", "/etc/passwd", "a/../../w.bin"] {
            let mut m = model_with(ext_tensor(&[("location", loc)]));
            let err = resolve_external_data(&mut m, dir, "m.onnx").unwrap_err().to_string();
            assert!(err.starts_with("m.onnx: error: external data of tensor 'w':"), "{err}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn refuses_symlink_out_of_folder() {
        let tmp = temp_dir("symlink");
        let dir = tmp.path();
        let outside = temp_dir("symlink-target");
        std::fs::write(outside.path().join("secret.bin"), [0u8; 8]).expect("write");
        std::os::unix::fs::symlink(outside.path().join("secret.bin"), dir.join("w.bin")).expect("symlink");
        let mut m = model_with(ext_tensor(&[("location", "w.bin")]));
        let err = resolve_external_data(&mut m, dir, "m.onnx").unwrap_err().to_string();
        assert!(err.contains("leads outside"), "{err}");
    }

    #[test]
    fn range_past_end_and_size_mismatch_are_errors() {
        let tmp = temp_dir("range");
        let dir = tmp.path();
        std::fs::write(dir.join("w.bin"), [0u8; 8]).expect("write");
        let mut m = model_with(ext_tensor(&[("location", "w.bin"), ("offset", "4"), ("length", "8")]));
        let err = resolve_external_data(&mut m, dir, "m.onnx").unwrap_err().to_string();
        assert!(err.contains("past the end"), "{err}");
        let mut m = model_with(ext_tensor(&[("location", "w.bin"), ("offset", "4")]));
        let err = resolve_external_data(&mut m, dir, "m.onnx").unwrap_err().to_string();
        assert!(err.contains("need 8"), "{err}");
        let mut m =
            model_with(ext_tensor(&[("location", "w.bin"), ("offset", "18446744073709551615"), ("length", "2")]));
        let err = resolve_external_data(&mut m, dir, "m.onnx").unwrap_err().to_string();
        assert!(err.contains("past the end"), "{err}");
    }
}
