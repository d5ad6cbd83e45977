//! A JIT module's code reaches its own data and functions PC-relatively (32-bit offsets), so
//! all of a module must lie within 2 GiB. cranelift-jit's default memory provider mapped each
//! piece separately, and a big global mapped between two of them (as after many compilations
//! in one process: the onnx_run fuzzer's 34 panics in cranelift-jit's `compiled_blob.rs`) put
//! them further apart: `i32::try_from(..).unwrap()` panicked while resolving a relocation.
//! Each module now has one reserved region (`jit::JIT_RESERVE`).

mod common;

use flowgate_codegen_cranelift::isa::OptLevel;

/// `@a` and `@b` (just under 1 MiB each, so in the module's data memory; 2 MiB together, so
/// the 2 MiB-aligned `@big` can sit right below them) are placed, then the 3 GiB `@big` gets a
/// mapping of its own (untouched, so free), then the code: with a mapping per piece, the code
/// sat below `@big`, over 3 GiB from `@a` and `@b`. Also a global aligned beyond a page, which
/// the region cannot align: it gets its own mapping.
const MODULE: &str = r#"
module {
  memref.global "private" @a : memref<262140xi32> = dense<1>
  memref.global "private" @b : memref<262140xi32> = dense<10>
  memref.global "private" @big : memref<805306368xi32> = dense<0>
  memref.global "private" constant @wide : memref<2xi32> = dense<[100, 200]> {alignment = 65536 : i64}
  func.func @main() -> i32 {
    %a = memref.get_global @a : memref<262140xi32>
    %big = memref.get_global @big : memref<805306368xi32>
    %b = memref.get_global @b : memref<262140xi32>
    %w = memref.get_global @wide : memref<2xi32>
    %c1 = arith.constant 1 : index
    %last = arith.constant 805306367 : index
    %x = memref.load %a[%c1] : memref<262140xi32>
    %y = memref.load %big[%last] : memref<805306368xi32>
    %z = memref.load %b[%c1] : memref<262140xi32>
    %v = memref.load %w[%c1] : memref<2xi32>
    %s = arith.addi %x, %y : i32
    %t = arith.addi %s, %z : i32
    %u = arith.addi %t, %v : i32
    return %u : i32
  }
}
"#;

/// Mappings go to the highest gap that fits (Linux's top-down layout), so the JIT's small
/// pieces would fill small gaps near `@a` and never land below `@big`. Reserve 16 GiB, fill
/// every gap above it (inaccessible, unreserved mappings: no memory), and free the 16 GiB: each
/// later mapping then goes right below the previous one, as in a long-lived process whose gaps
/// are used up. Returns the fillers, to unmap.
fn fill_gaps_above_a_free_region() -> Vec<(usize, usize)> {
    let map = |len: usize| {
        // SAFETY: an anonymous inaccessible mapping, checked against MAP_FAILED.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        assert_ne!(p, libc::MAP_FAILED, "mmap {len}");
        p as usize
    };
    let marker_len = 16 << 30;
    let marker = map(marker_len);
    let mut kept = Vec::new();
    let mut len = 1usize << 32;
    while len >= 4096 {
        loop {
            let p = map(len);
            if p > marker {
                kept.push((p, len));
                continue;
            }
            // SAFETY: `p` was just mapped with `len` bytes.
            unsafe { libc::munmap(p as *mut libc::c_void, len) };
            break;
        }
        len /= 2;
    }
    // SAFETY: the marker was mapped above with `marker_len` bytes.
    unsafe { libc::munmap(marker as *mut libc::c_void, marker_len) };
    kept
}

#[test]
fn a_module_stays_within_pc_relative_reach_of_itself() {
    let fillers = fill_gaps_above_a_free_region();
    // Several modules alive at once, as in a process that keeps its compiled models.
    let outs: Vec<_> =
        [OptLevel::None, OptLevel::Speed, OptLevel::None].into_iter().map(|o| common::try_run(MODULE, o)).collect();
    for (p, len) in fillers {
        // SAFETY: each filler was mapped above with `len` bytes and nothing uses it.
        unsafe { libc::munmap(p as *mut libc::c_void, len) };
    }
    for out in outs {
        assert_eq!(out.unwrap_or_else(|e| panic!("{e}")), ["211"]);
    }
}
