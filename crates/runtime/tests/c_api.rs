//! The C API from C: `tests/c/c_api.c` compiled with the system C compiler (`$CC`, else `cc`)
//! against `include/flowgate.h` and the static library cargo built next to this test
//! (`libflowgate_runtime.a`, linked with `-lm -lpthread -ldl` as the README says), then run.
//! scripts/c-api-test.sh does the same against the shared library and for cross targets.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn the_c_api_test_passes_against_the_static_library() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/c_api-<hash> -> target/<profile>/libflowgate_runtime.a
    let lib = exe.parent().and_then(|d| d.parent()).expect("target dir").join("libflowgate_runtime.a");
    assert!(lib.exists(), "{} was not built", lib.display());
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("c_api_test");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let status = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-I"])
        .arg(manifest.join("../../include"))
        .arg(manifest.join("tests/c/c_api.c"))
        .arg(&lib)
        .args(["-lm", "-lpthread", "-ldl", "-o"])
        .arg(&out)
        .status()
        .unwrap_or_else(|e| panic!("cannot run the C compiler `{cc}`: {e}"));
    assert!(status.success(), "compiling tests/c/c_api.c failed");
    let run = Command::new(&out).output().expect("run the C test");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "C test failed:\n{}{}", stdout, String::from_utf8_lossy(&run.stderr));
    assert!(stdout.starts_with("c_api: ") && stdout.trim_end().ends_with("checks passed"), "{stdout}");
}
