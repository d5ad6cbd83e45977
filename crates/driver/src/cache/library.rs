//! The cached artefact: the model's object file linked, alone, into a shared library whose
//! runtime calls go through a table the loading process fills with its own runtime's
//! addresses, and loading such a library from memory.
//!
//! Why not link the runtime in, as `--aot` does: that link takes the 65 MB runtime archive
//! (about 0.4 s) and gives the model a second copy of the runtime, whose values must be copied
//! across the C ABI. Why not leave the runtime symbols undefined for the dynamic linker: a
//! Rust program exports none of its symbols, and the Python extension is loaded
//! `RTLD_LOCAL`, so they would not resolve. So every `flowgate_rt_*` function the code calls
//! is a two-instruction trampoline in the library itself (`jmp *table[k]`), and the loader
//! writes `flowgate_runtime::symbols()` into `__flowgate_rt_table` before any call: the code
//! runs against the very runtime the JIT would have bound.

use std::ffi::c_void;
use std::path::Path;
use std::process::Command;

/// The table the loader fills, and the number of its slots (checked against the runtime's).
const TABLE: &str = "__flowgate_rt_table";
const COUNT: &str = "__flowgate_rt_count";

/// Assembly for the trampolines of `names` (in the order of the table) on this host.
fn trampolines(names: &[&str]) -> Result<String, String> {
    let mut s = String::from("\t.text\n");
    for (k, name) in names.iter().enumerate() {
        // Hidden: the model's calls bind to the trampoline inside the library, not through
        // the PLT to whatever another object might export under the same name.
        s.push_str(&format!("\t.globl {name}\n\t.hidden {name}\n\t.type {name},%function\n{name}:\n"));
        s.push_str(&jump(k)?);
    }
    s.push_str(&format!(
        "\t.data\n\t.balign 8\n\t.globl {TABLE}\n{TABLE}:\n.Ltable:\n\t.zero {}\n\t.globl {COUNT}\n{COUNT}:\n\t.quad {}\n",
        8 * names.len().max(1),
        names.len()
    ));
    s.push_str("\t.section .note.GNU-stack,\"\",%progbits\n");
    Ok(s)
}

#[cfg(target_arch = "x86_64")]
fn jump(k: usize) -> Result<String, String> {
    Ok(format!("\tjmp *.Ltable+{}(%rip)\n", 8 * k))
}

#[cfg(target_arch = "aarch64")]
fn jump(k: usize) -> Result<String, String> {
    // x16 is the intra-procedure-call scratch register the AAPCS64 gives veneers.
    let at = 8 * k;
    Ok(format!("\tadrp x16, .Ltable+{at}\n\tldr x16, [x16, :lo12:.Ltable+{at}]\n\tbr x16\n"))
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn jump(_k: usize) -> Result<String, String> {
    Err(format!("the compiled-model cache has no trampolines for {}", std::env::consts::ARCH))
}

/// Links `object` (the model, compiled for the host) with the trampolines into a shared
/// library and returns its bytes. `cc` (`$CC` if set) assembles and links; `-z defs` makes a
/// symbol nothing defines an error now rather than at load time.
pub fn link(object: &[u8]) -> Result<Vec<u8>, String> {
    let names: Vec<&str> = flowgate_runtime::symbols().iter().map(|s| s.0).collect();
    let dir =
        tempfile::Builder::new().prefix("flowgate-cache").tempdir().map_err(|e| format!("temporary folder: {e}"))?;
    let (obj, stubs, so) = (dir.path().join("model.o"), dir.path().join("runtime.s"), dir.path().join("model.so"));
    write(&obj, object)?;
    write(&stubs, trampolines(&names)?.as_bytes())?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let output = Command::new(&cc)
        .args(["-shared", "-nostartfiles", "-o"])
        .arg(&so)
        .arg(&obj)
        .arg(&stubs)
        .args(["-Wl,-z,defs", "-Wl,-z,now", "-lm"])
        .output()
        .map_err(|e| format!("cannot run the linker '{cc}': {e}"))?;
    if !output.status.success() {
        return Err(format!("linking the model failed:\n{}", String::from_utf8_lossy(&output.stderr)));
    }
    std::fs::read(&so).map_err(|e| format!("cannot read {}: {e}", so.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A library opened from bytes, its runtime table filled.
pub struct Library {
    lib: libloading::Library,
    /// The anonymous file the library was opened from, kept open while it is loaded: ld.so
    /// knows a library by its path (`/proc/self/fd/N`), and a closed descriptor's number is
    /// given to the next one, whose library would then be taken for this one.
    _file: Option<std::fs::File>,
}

impl Library {
    /// Opens the library `bytes` hold (from an anonymous file on Linux, so nothing is left on
    /// disk and no other process sees it) and binds its runtime table.
    pub fn open(bytes: &[u8]) -> Result<Library, String> {
        let (lib, file) = open_bytes(bytes)?;
        Library::bind(lib, file)
    }

    /// Opens the library at the start of the open file `file` (an entry, checked by the caller:
    /// ld.so reads the very file the checks read, not whatever the path names by then).
    #[cfg(target_os = "linux")]
    pub fn open_file(file: std::fs::File) -> Result<Library, String> {
        let lib = open_fd(&file)?;
        Library::bind(lib, Some(file))
    }

    fn bind(lib: libloading::Library, _file: Option<std::fs::File>) -> Result<Library, String> {
        let symbols = flowgate_runtime::symbols();
        // SAFETY: the two symbols are the data the trampolines' assembly defines: a u64 and a
        // table of that many pointers; nothing calls into the library before they are written.
        unsafe {
            let count = **lib.get::<*const u64>(COUNT.as_bytes()).map_err(|e| format!("no {COUNT}: {e}"))?;
            if count != symbols.len() as u64 {
                return Err(format!("the library calls {count} runtime functions, this runtime has {}", symbols.len()));
            }
            let table = *lib.get::<*mut *const u8>(TABLE.as_bytes()).map_err(|e| format!("no {TABLE}: {e}"))?;
            for (k, (_, addr)) in symbols.iter().enumerate() {
                table.add(k).write(*addr);
            }
        }
        Ok(Library { lib, _file })
    }

    /// The address of the exported function `name`.
    pub fn function(&self, name: &str) -> Option<*const u8> {
        // SAFETY: only the address is read; callers give it the signature the module declares.
        unsafe { self.lib.get::<*const c_void>(name.as_bytes()).ok().map(|f| *f as *const u8) }
    }
}

#[cfg(target_os = "linux")]
fn open_bytes(bytes: &[u8]) -> Result<(libloading::Library, Option<std::fs::File>), String> {
    use std::io::Write as _;
    use std::os::fd::FromRawFd as _;
    // SAFETY: memfd_create takes a NUL-terminated name and flags; a valid fd is owned below.
    let fd = unsafe { libc::memfd_create(c"flowgate-model".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(format!("memfd_create: {}", std::io::Error::last_os_error()));
    }
    // SAFETY: `fd` is ours and open; the File closes it.
    let mut file = unsafe { std::fs::File::from_raw_fd(fd) };
    file.write_all(bytes).map_err(|e| format!("cannot write the library to memory: {e}"))?;
    let lib = open_fd(&file)?;
    Ok((lib, Some(file)))
}

/// dlopen of the library at the start of `file`, by its descriptor's path.
#[cfg(target_os = "linux")]
fn open_fd(file: &std::fs::File) -> Result<libloading::Library, String> {
    use std::os::fd::AsRawFd as _;
    let path = format!("/proc/self/fd/{}", file.as_raw_fd());
    // SAFETY: the library's initializers are the C runtime's of a `-nostartfiles` link (none).
    let lib = unsafe {
        libloading::os::unix::Library::open(Some(&path), libc::RTLD_NOW | libc::RTLD_LOCAL)
            .map_err(|e| format!("cannot load the cached library: {e}"))?
    };
    Ok(lib.into())
}

#[cfg(not(target_os = "linux"))]
fn open_bytes(bytes: &[u8]) -> Result<(libloading::Library, Option<std::fs::File>), String> {
    let file = tempfile::Builder::new()
        .prefix("flowgate-model")
        .suffix(".so")
        .tempfile()
        .map_err(|e| format!("temporary file: {e}"))?;
    write(file.path(), bytes)?;
    // SAFETY: as above; the file may go once the library is mapped.
    let lib = unsafe { libloading::Library::new(file.path()) };
    lib.map(|l| (l, None)).map_err(|e| format!("cannot load the cached library: {e}"))
}
