//! The compiled-model cache (`onnx-run --cache-dir DIR`, `$FLOWGATE_CACHE_DIR`; issue 19):
//! a model's compiled code, stored under a key that hashes everything the code depends on,
//! and loaded instead of compiled when the same model is started again with the same
//! compiler, target and options.
//!
//! On a miss the model is lowered as usual, compiled to an object file, linked alone into a
//! small shared library (`library`: its runtime calls go through a table the loader fills,
//! so no runtime is linked in) and stored; the run uses that library, so a cold and a warm
//! start run the same code. On a hit the entry is read, checked (`entry`: magic, format,
//! compiler, target, key, length, checksum) and its library opened from memory: no import, no
//! lowering, no code generation. An entry that fails a check is reported and compiled anew,
//! never run. Entries are written to a temporary file in the folder and renamed into place,
//! so concurrent processes see either no entry or a whole one.

mod build_id;
pub mod entry;
mod library;

pub use entry::Digest;
pub use library::Library;

use crate::model::Options;
use crate::specialize::Key;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The environment variable that turns the cache on when no `--cache-dir` is given.
pub const ENV: &str = "FLOWGATE_CACHE_DIR";

/// A cache folder and the identity of the compiler writing into it.
pub struct Cache {
    dir: PathBuf,
    compiler: String,
    target: String,
}

/// What the library needs besides its code (JSON in the payload, before the library).
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq)]
pub struct Meta {
    /// The entry wrapper, `__flowgate_run_<main>`.
    pub entry: String,
    /// The node-name table runtime errors index.
    pub node_names: Vec<String>,
}

/// A lookup's answer.
pub enum Lookup {
    Hit(Loaded),
    Miss,
    /// An entry exists but fails a check (the reason); it is not run.
    Rejected(String),
}

/// A model's code from the cache, loaded.
pub struct Loaded {
    pub meta: Meta,
    pub library: Library,
}

impl flowgate_codegen::backend::JitCode for Loaded {
    fn function(&self, name: &str) -> Option<*const u8> {
        self.library.function(name)
    }
}

impl Cache {
    /// The cache in `dir`; `version` is the tool's version line (crate version and commit),
    /// to which the running build's id is added.
    pub fn new(dir: impl Into<PathBuf>, version: &str) -> Cache {
        let build = build_id::build_id().unwrap_or_else(|| "none".to_string());
        Cache {
            dir: dir.into(),
            compiler: format!("flowgate {version} build {build}"),
            target: format!("{}-{}", std::env::consts::ARCH, std::env::consts::OS),
        }
    }

    /// `--cache-dir` when given, else `$FLOWGATE_CACHE_DIR` when set and not empty, else none.
    pub fn from_flag_or_env(flag: Option<&Path>, version: &str) -> Option<Cache> {
        let dir = flag
            .map(Path::to_path_buf)
            .or_else(|| std::env::var_os(ENV).filter(|v| !v.is_empty()).map(PathBuf::from))?;
        Some(Cache::new(dir, version))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether this backend's code can be cached: the object path of Cranelift, whose `-O`
    /// levels are its lowering levels (so the key below names the whole choice). Other
    /// backends' levels are not in the key.
    pub fn supports(o: &Options) -> bool {
        o.backend.name() == "cranelift" && !o.aot
    }

    /// The key of `model` (the digest of its bytes) compiled with `o`, for the input shapes
    /// `shapes` (a specialization) or symbolically: every input that changes the code.
    pub fn key(&self, model: &Digest, o: &Options, shapes: Option<&Key>) -> Digest {
        let mut h = blake3::Hasher::new();
        let mut field = |name: &str, value: &[u8]| {
            h.update(name.as_bytes());
            h.update(&(value.len() as u64).to_le_bytes());
            h.update(value);
        };
        field("format", &entry::FORMAT.to_le_bytes());
        field("compiler", self.compiler.as_bytes());
        field("target", self.target.as_bytes());
        field("model", model);
        field("backend", o.backend.name().as_bytes());
        field("level", format!("{:?}", o.backend.lowering_level()).as_bytes());
        field("pipeline", o.backend.pipeline().join(",").as_bytes());
        field("compiled-tensors", &[o.compiled_tensors as u8]);
        field("shapes", format!("{shapes:?}").as_bytes());
        *h.finalize().as_bytes()
    }

    /// Where the entry of `key` lives.
    pub fn path(&self, key: &Digest) -> PathBuf {
        let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
        self.dir.join(format!("{hex}.fgc"))
    }

    fn stamp<'a>(&'a self, key: &'a Digest) -> entry::Stamp<'a> {
        entry::Stamp { key, compiler: &self.compiler, target: &self.target }
    }

    /// The entry of `key`, checked and loaded.
    pub fn lookup(&self, key: &Digest) -> Lookup {
        let path = self.path(key);
        let (file, bytes) = match std::fs::File::open(&path).and_then(|f| {
            // SAFETY: entries are never written in place (a writer renames a new file over the
            // path), so the mapped file does not change under the checks.
            let map = unsafe { memmap2::Mmap::map(&f)? };
            Ok((f, map))
        }) {
            Ok(fm) => fm,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Lookup::Miss,
            Err(e) => return Lookup::Rejected(format!("cannot read {}: {e}", path.display())),
        };
        let reject = |why: String| Lookup::Rejected(format!("{}: {why}", path.display()));
        let payload = match entry::decode(&bytes, &self.stamp(key)) {
            Ok(p) => p,
            Err(why) => return reject(why),
        };
        let loaded = split_payload(payload).and_then(|(meta, lib)| {
            // On Linux ld.so maps the checked file itself (the library is its first bytes).
            #[cfg(target_os = "linux")]
            let library = {
                let _ = lib;
                Library::open_file(file)?
            };
            #[cfg(not(target_os = "linux"))]
            let library = {
                drop(file);
                Library::open(lib)?
            };
            Ok(Loaded { meta, library })
        });
        match loaded {
            Ok(l) => Lookup::Hit(l),
            Err(why) => reject(why),
        }
    }

    /// Links `object` into the cached library, stores it under `key` (atomically: a temporary
    /// file renamed into place) and loads it. A store that fails (the folder cannot be made or
    /// written) still returns the loaded library, with the reason as a warning.
    pub fn build(&self, key: &Digest, meta: Meta, object: &[u8]) -> Result<(Loaded, Option<String>), String> {
        let lib = library::link(object)?;
        let meta_json = serde_json::to_vec(&meta).map_err(|e| e.to_string())?;
        // The library first: ld.so opens the entry file as it is.
        let mut payload = Vec::with_capacity(lib.len() + meta_json.len() + 4);
        payload.extend_from_slice(&lib);
        payload.extend_from_slice(&meta_json);
        payload.extend_from_slice(&(meta_json.len() as u32).to_le_bytes());
        let warning = self.store(key, &entry::encode(&self.stamp(key), &payload)).err();
        Ok((Loaded { meta, library: Library::open(&lib)? }, warning))
    }

    fn store(&self, key: &Digest, bytes: &[u8]) -> Result<(), String> {
        let dir = &self.dir;
        let fail = |e: std::io::Error| format!("cannot write the cache folder {}: {e}", dir.display());
        std::fs::create_dir_all(dir).map_err(fail)?;
        let mut tmp = tempfile::Builder::new().prefix(".tmp-").tempfile_in(dir).map_err(fail)?;
        tmp.write_all(bytes).map_err(fail)?;
        tmp.persist(self.path(key)).map_err(|e| fail(e.error))?;
        Ok(())
    }
}

/// The payload's metadata and library: `library | meta JSON | meta length u32`.
fn split_payload(payload: &[u8]) -> Result<(Meta, &[u8]), String> {
    let bad = || "corrupted (a bad payload)".to_string();
    let at = payload.len().checked_sub(4).ok_or_else(bad)?;
    let n = u32::from_le_bytes(payload[at..].try_into().map_err(|_| bad())?) as usize;
    let start = at.checked_sub(n).ok_or_else(bad)?;
    let meta: Meta = serde_json::from_slice(&payload[start..at]).map_err(|_| bad())?;
    Ok((meta, &payload[..start]))
}

/// The digest of a model's bytes (the file as read, or the encoded `ModelProto`).
pub fn digest(bytes: &[u8]) -> Digest {
    *blake3::hash(bytes).as_bytes()
}
