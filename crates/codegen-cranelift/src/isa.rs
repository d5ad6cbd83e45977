//! Target ISAs: the host for the JIT, any supported triple for object files.

use crate::abi::Arch;
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use flowgate_codegen::{CodegenError, Result};
use target_lexicon::{Architecture, PointerWidth, Triple};

/// Cranelift's optimization level: `-O0` is `none`, `-O2` is `speed`.
pub use flowgate_codegen::OptLevel;

fn flags(opt: OptLevel, pic: bool) -> std::result::Result<settings::Flags, String> {
    let mut b = settings::builder();
    let level = match opt {
        OptLevel::None => "none",
        OptLevel::Speed => "speed",
    };
    let set = |b: &mut settings::Builder, k: &str, v: &str| b.set(k, v).map_err(|e| format!("setting {k}={v}: {e}"));
    set(&mut b, "opt_level", level)?;
    set(&mut b, "is_pic", if pic { "true" } else { "false" })?;
    // Libcalls may be far from JIT code; objects are linked anywhere.
    set(&mut b, "use_colocated_libcalls", "false")?;
    // define_functions runs the verifier once on each function we build and reports a failure
    // as an internal error naming the function; Cranelift's own setting would verify again
    // after its internal passes, which costs compile time and checks Cranelift, not us.
    set(&mut b, "enable_verifier", "false")?;
    // Stack probes: a frame larger than a page (a big memref.alloca, deep recursion with big
    // frames) touches its pages in order, so it hits the guard page below the stack instead of
    // jumping past it and writing over whatever memory lies there. Inline probes need no
    // runtime helper (`__rust_probestack`/`__chkstk` are not there for JIT or C-linked code).
    set(&mut b, "enable_probestack", "true")?;
    set(&mut b, "probestack_strategy", "inline")?;
    Ok(settings::Flags::new(b))
}

/// The host ISA with the host's CPU features, for the JIT.
pub fn host_isa(opt: OptLevel) -> Result<OwnedTargetIsa> {
    let host = Triple::host().to_string();
    let err = |m: String| CodegenError::Target { triple: host.clone(), message: m };
    let builder = cranelift_native::builder().map_err(|m| err(m.to_string()))?;
    let isa = builder.finish(flags(opt, false).map_err(err)?).map_err(|e| err(e.to_string()))?;
    check_64bit(isa)
}

/// The ISA for `triple` (target-lexicon syntax, e.g. `aarch64-unknown-linux-gnu`), or the host
/// triple when `None`, with baseline CPU features and position-independent code, for objects.
pub fn target_isa(triple: Option<&str>, opt: OptLevel) -> Result<OwnedTargetIsa> {
    let t: Triple = match triple {
        Some(s) => s.parse().map_err(|e| CodegenError::Target { triple: s.to_string(), message: format!("{e}") })?,
        None => Triple::host(),
    };
    let name = t.to_string();
    let err = |m: String| CodegenError::Target { triple: name.clone(), message: m };
    check_operating_system(&t).map_err(err)?;
    let builder = cranelift_codegen::isa::lookup(t.clone()).map_err(|e| err(e.to_string()))?;
    let isa = builder.finish(flags(opt, true).map_err(err)?).map_err(|e| err(e.to_string()))?;
    check_64bit(isa)
}

/// The operating systems whose C calling convention the code generator implements: Linux
/// (System V, AAPCS64, RISC-V psABI) and macOS (Darwin). Windows passes structs differently,
/// and UEFI or iOS objects are untested: they are refused rather than emitted wrong.
fn check_operating_system(t: &Triple) -> std::result::Result<(), String> {
    use target_lexicon::OperatingSystem as Os;
    match t.operating_system {
        Os::Linux | Os::Darwin(_) | Os::MacOSX(_) => Ok(()),
        other => Err(format!("operating system '{other}' is not supported (linux and darwin/macos are)")),
    }
}

/// The descriptor layout and `index` assume 64-bit pointers, and the struct-return rules are
/// implemented for three architectures.
fn check_64bit(isa: OwnedTargetIsa) -> Result<OwnedTargetIsa> {
    if isa.triple().pointer_width() != Ok(PointerWidth::U64) {
        return Err(CodegenError::Target {
            triple: isa.triple().to_string(),
            message: "only 64-bit targets are supported".into(),
        });
    }
    arch_of(&*isa)?;
    Ok(isa)
}

/// The C ABI family of an ISA.
pub fn arch_of(isa: &dyn cranelift_codegen::isa::TargetIsa) -> Result<Arch> {
    match isa.triple().architecture {
        Architecture::X86_64 => Ok(Arch::X86_64),
        Architecture::Aarch64(_) => Ok(Arch::Aarch64),
        Architecture::Riscv64(_) => Ok(Arch::Riscv64),
        other => Err(CodegenError::Target {
            triple: isa.triple().to_string(),
            message: format!("architecture '{other}' is not supported (x86_64, aarch64 and riscv64 are)"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_codegen::settings::ProbestackStrategy;

    #[test]
    fn jit_and_object_code_probe_the_stack_inline() {
        for opt in [OptLevel::None, OptLevel::Speed] {
            let mut isas = vec![host_isa(opt).expect("host ISA"), target_isa(None, opt).expect("host object ISA")];
            for t in ["aarch64-unknown-linux-gnu", "riscv64gc-unknown-linux-gnu", "x86_64-apple-darwin"] {
                isas.push(target_isa(Some(t), opt).expect(t));
            }
            for isa in isas {
                assert!(isa.flags().enable_probestack(), "{}", isa.triple());
                assert_eq!(isa.flags().probestack_strategy(), ProbestackStrategy::Inline, "{}", isa.triple());
            }
        }
    }

    #[test]
    fn objects_for_unsupported_operating_systems_are_refused() {
        for t in ["x86_64-pc-windows-msvc", "x86_64-pc-windows-gnu", "aarch64-unknown-uefi", "aarch64-apple-ios"] {
            let err = target_isa(Some(t), OptLevel::Speed).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(err.contains("is not supported (linux and darwin/macos are)"), "{t}: {err}");
        }
        assert!(target_isa(Some("aarch64-apple-darwin"), OptLevel::Speed).is_ok());
    }
}
