//! The shared library's soname: the name it is installed under (scripts/build-runtime.sh), so a
//! program linked against it looks for libflowgate_runtime.so at run time, whatever cargo called
//! the file. Apple's linker takes an install name instead.
fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "macos" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/libflowgate_runtime.dylib");
    } else {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libflowgate_runtime.so");
    }
}
