//! The object-file path of a model (DESIGN.md §7): the lowered module gets its C entry
//! `<name>_run` (every other symbol private), the backend writes an object, `header` writes the
//! model's C header, and for `onnx-run --aot` and `onnx-compile --shared` the object is linked
//! with the runtime's static library into a shared library (`cc -shared`), which `load` opens.

mod c_values;
mod header;
mod library;

pub use header::header;
pub use library::{link_shared, load, runtime_library, Entry, Loaded};

use crate::model::Lowered;
use flowgate_codegen::backend::{CodegenBackend, ObjectCode};
use flowgate_runtime::c_api::model::ModelDesc;
use std::path::Path;

/// `<name>` of `<name>_run` by default: the file's stem made a C identifier (every other
/// character `_`, and a `_` before a leading digit).
pub fn default_name(path: &Path) -> String {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let mut name: String = stem.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    name
}

/// `--name`'s check: a C identifier.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        Ok(())
    } else {
        Err(format!("'{name}' is not a C identifier (letters, digits and '_', not starting with a digit)"))
    }
}

/// The model's object file for `triple` (the host when None), exporting `<name>_run` alone.
pub fn compile_object(
    l: &mut Lowered,
    name: &str,
    backend: &dyn CodegenBackend,
    triple: Option<&str>,
) -> Result<ObjectCode, String> {
    let desc = ModelDesc {
        inputs: l.inputs.iter().map(|p| (p.name.clone(), p.declared.clone())).collect(),
        outputs: l.outputs.iter().map(|p| p.name.clone()).collect(),
        nodes: l.node_names(),
    };
    let entry = l.entry_name()?;
    flowgate_conversion::onnx_to_loops::add_model_entry(&mut l.ctx, l.module, name, &entry, &desc.to_bytes())
        .map_err(|d| l.render(&d))?;
    backend
        .object(&l.ctx, l.module, triple)
        .map_err(|e| crate::backend::render_error(e, &|d| l.render(d), &format!("{}: ", l.file)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_c_identifiers() {
        assert_eq!(default_name(Path::new("dir/my-model.v2.onnx")), "my_model_v2");
        assert_eq!(default_name(Path::new("3d.onnx")), "_3d");
        assert_eq!(default_name(Path::new("model")), "model");
        check_name("loop_1").unwrap();
        check_name("_x").unwrap();
        assert!(check_name("1x").is_err());
        assert!(check_name("a-b").is_err());
        assert!(check_name("").is_err());
    }
}
