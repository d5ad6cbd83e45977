//! The compiled-model cache (issue 19): a miss compiles and stores, a hit loads without
//! compiling and gives the same results, and every damaged or foreign entry is refused with its
//! reason and compiled again, never run.

use flowgate_driver::cache::{self, Cache, Digest, Lookup};
use flowgate_driver::model::{Options, Origin};
use flowgate_driver::specialize::Model;
use flowgate_driver::{suite, tolerance};
use std::path::{Path, PathBuf};

const VERSION: &str = "test 1";

fn testdata(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(case)
}

fn options(cache: Option<Cache>, compiled_tensors: bool) -> Options {
    let backend = flowgate_driver::backend::select("cranelift", None, "test").unwrap();
    Options { compiled_tensors, specialize: false, cache, ..Options::new(backend) }
}

/// A Scan model of the onnx-cf corpus, with its expected outputs.
const CASE: &str = "onnx-cf/rnn_tanh_scan";

/// Loads the case with `o`, checks its results against the expected outputs, and returns
/// where its code came from.
fn run_case(o: &Options) -> Origin {
    let dir = testdata(CASE);
    let m = Model::load(&dir.join("model.onnx"), o).unwrap();
    let tol = tolerance::for_case(Some(&dir), tolerance::Overrides::default()).unwrap();
    let mut timing = suite::Timing { runs: Vec::new() };
    suite::run_data_set(&m, &dir.join("test_data_set_0"), &tol, 1, o.stack_size, &mut timing).unwrap();
    let origins = m.origins();
    assert_eq!(origins.len(), 1, "{origins:?}");
    origins[0]
}

/// The key the case's symbolic code is stored under with these options.
fn key_of(o: &Options) -> Digest {
    let bytes = std::fs::read(testdata(CASE).join("model.onnx")).unwrap();
    o.cache.as_ref().unwrap().key(&cache::digest(&bytes), o, None)
}

fn rejected(c: &Cache, key: &Digest) -> String {
    match c.lookup(key) {
        Lookup::Rejected(why) => why,
        Lookup::Hit(_) => panic!("a hit"),
        Lookup::Miss => panic!("a miss"),
    }
}

#[test]
fn a_miss_stores_and_a_hit_loads_the_same_code() {
    let dir = tempfile::tempdir().unwrap();
    let o = options(Some(Cache::new(dir.path(), VERSION)), true);
    assert!(matches!(o.cache.as_ref().unwrap().lookup(&key_of(&o)), Lookup::Miss));
    assert_eq!(run_case(&o), Origin::Stored);
    assert!(o.cache.as_ref().unwrap().path(&key_of(&o)).is_file());
    assert_eq!(run_case(&o), Origin::Cached);
    // Without the cache, the JIT.
    assert_eq!(run_case(&options(None, true)), Origin::Compiled);
    // An option that changes the code is another key: compiled and stored beside the first.
    let other = options(Some(Cache::new(dir.path(), VERSION)), false);
    assert_ne!(key_of(&other), key_of(&o));
    assert_eq!(run_case(&other), Origin::Stored);
    assert_eq!(run_case(&other), Origin::Cached);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2, "two entries, no temporary files");
}

/// Stores the case's entry and returns the options, their key and the entry's bytes.
fn stored(dir: &Path) -> (Options, Digest, Vec<u8>) {
    let o = options(Some(Cache::new(dir, VERSION)), true);
    assert_eq!(run_case(&o), Origin::Stored);
    let key = key_of(&o);
    let bytes = std::fs::read(o.cache.as_ref().unwrap().path(&key)).unwrap();
    (o, key, bytes)
}

/// `bytes` written as the entry of `key`: refused with a reason containing `reason`, then
/// compiled, stored anew and hit.
fn refused_then_recompiled(o: &Options, key: &Digest, bytes: &[u8], reason: &str) {
    let c = o.cache.as_ref().unwrap();
    std::fs::write(c.path(key), bytes).unwrap();
    let why = rejected(c, key);
    assert!(why.contains(reason), "expected '{reason}' in: {why}");
    assert_eq!(run_case(o), Origin::Stored);
    assert!(matches!(c.lookup(key), Lookup::Hit(_)));
}

#[test]
fn a_truncated_entry_is_recompiled() {
    let dir = tempfile::tempdir().unwrap();
    let (o, key, bytes) = stored(dir.path());
    for cut in [0, 10, 60, bytes.len() / 2, bytes.len() - 1] {
        refused_then_recompiled(&o, &key, &bytes[..cut], "truncated");
    }
}

#[test]
fn a_flipped_byte_is_recompiled() {
    let dir = tempfile::tempdir().unwrap();
    let (o, key, bytes) = stored(dir.path());
    // The library's ELF header, its middle, its metadata, the key in the trailer, the magic.
    let n = u32::from_le_bytes(bytes[bytes.len() - 12..bytes.len() - 8].try_into().unwrap()) as usize;
    let trailer = bytes.len() - n;
    for (at, reason) in [
        (0, "corrupted"),
        (bytes.len() / 2, "corrupted"),
        (trailer - 10, "corrupted"),
        (trailer + 4, "stale"),
        (bytes.len() - 1, "no magic"),
    ] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x40;
        refused_then_recompiled(&o, &key, &bad, reason);
    }
}

#[test]
fn an_entry_of_another_key_is_stale() {
    let dir = tempfile::tempdir().unwrap();
    let (_, _, bytes) = stored(dir.path());
    let other = options(Some(Cache::new(dir.path(), VERSION)), false);
    let key = key_of(&other);
    refused_then_recompiled(&other, &key, &bytes, "stale");
}

#[test]
fn an_entry_of_another_compiler_is_foreign() {
    let dir = tempfile::tempdir().unwrap();
    let (_, _, bytes) = stored(dir.path());
    // Another version (the build id is the same in one test binary; a rebuild changes it too).
    let newer = options(Some(Cache::new(dir.path(), "test 2")), true);
    let key = key_of(&newer);
    refused_then_recompiled(&newer, &key, &bytes, "foreign: written by 'flowgate test 1 build");
}

#[test]
fn an_entry_for_another_target_is_foreign() {
    let dir = tempfile::tempdir().unwrap();
    let (o, key, bytes) = stored(dir.path());
    // The target's name in the trailer (its last occurrence: the library may name the
    // architecture too).
    let target = format!("{}-{}", std::env::consts::ARCH, std::env::consts::OS);
    let t = bytes.windows(target.len()).rposition(|w| w == target.as_bytes()).expect("the target in the trailer");
    let mut other = bytes.clone();
    other[t] = b'Q';
    refused_then_recompiled(&o, &key, &other, "foreign: for target 'Q");
}

#[test]
fn an_unwritable_folder_compiles_without_caching() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a file");
    std::fs::write(&file, b"").unwrap();
    let o = options(Some(Cache::new(file.join("cache"), VERSION)), true);
    assert_eq!(run_case(&o), Origin::Compiled);
    assert_eq!(run_case(&o), Origin::Compiled);
}

#[test]
fn concurrent_writers_leave_one_whole_entry() {
    let dir = tempfile::tempdir().unwrap();
    std::thread::scope(|s| {
        for _ in 0..3 {
            s.spawn(|| {
                let o = options(Some(Cache::new(dir.path(), VERSION)), true);
                assert!(matches!(run_case(&o), Origin::Stored | Origin::Cached));
            });
        }
    });
    let o = options(Some(Cache::new(dir.path(), VERSION)), true);
    assert_eq!(run_case(&o), Origin::Cached);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "one entry, no temporary files");
}

#[test]
fn the_environment_variable_is_the_default_folder() {
    let dir = tempfile::tempdir().unwrap();
    let flag = dir.path().join("flag");
    assert_eq!(Cache::from_flag_or_env(Some(&flag), VERSION).unwrap().dir(), flag);
    // SAFETY: no other test of this binary reads the variable.
    unsafe { std::env::set_var(cache::ENV, dir.path()) };
    assert_eq!(Cache::from_flag_or_env(None, VERSION).unwrap().dir(), dir.path());
    assert_eq!(Cache::from_flag_or_env(Some(&flag), VERSION).unwrap().dir(), flag);
    unsafe { std::env::set_var(cache::ENV, "") };
    assert!(Cache::from_flag_or_env(None, VERSION).is_none());
    unsafe { std::env::remove_var(cache::ENV) };
}

/// A model whose weights live in another file: the file's bytes are not the whole model, so
/// the key covers the weights too, and new weights are compiled, not served from the old code.
#[test]
fn external_data_is_part_of_the_key() {
    use flowgate_runtime::{RtValue, Tensor};
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("ext.onnxtxt");
    std::fs::write(
        &model,
        "<ir_version: 8, opset_import: [\"\" : 17]>\next (float[2] x) => (float[2] y) <float[2] w = [\"location\": \"weights.bin\"]> { y = Add (x, w) }",
    )
    .unwrap();
    let o = options(Some(Cache::new(dir.path().join("cache"), VERSION)), true);
    let x = vec![Arc::new(RtValue::tensor(Tensor::from_vec(vec![2], vec![1.0f32, 2.0]).unwrap()))];
    let mut results = Vec::new();
    for (w, origin) in
        [([10.0f32, 20.0], Origin::Stored), ([30.0, 40.0], Origin::Stored), ([30.0, 40.0], Origin::Cached)]
    {
        let bytes: Vec<u8> = w.iter().flat_map(|f| f.to_le_bytes()).collect();
        std::fs::write(dir.path().join("weights.bin"), bytes).unwrap();
        let m = Model::load(&model, &o).unwrap();
        let (out, _) = m.run(&x, 16 << 20).unwrap();
        assert_eq!(m.origins(), vec![origin]);
        results.push(flowgate_runtime::describe(&out[0]));
    }
    assert_eq!(results, ["float32[2] = [11, 22]", "float32[2] = [31, 42]", "float32[2] = [31, 42]"]);
}
