//! Big `memref.global` buffers of JIT code live in mappings of their own instead of
//! cranelift-jit's data memory: cranelift-jit writes every byte of zero-initialised data (a
//! 10^9-byte zero splat took 2 GB and minutes) and places data anywhere, so PC-relative
//! references from code to a buffer past the 2 GiB range made it panic. An anonymous mapping is
//! zero without being touched, and the buffer is bound as an imported symbol, which code
//! reaches through an absolute address.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Buffers of at least this many bytes get their own mapping.
pub const OWN_MAPPING_MIN: usize = 1 << 20;

/// The prefix of the symbol a big global is bound to (so it cannot meet a C library name).
pub const SYMBOL_PREFIX: &str = "__flowgate_global_";

/// How a buffer starts.
pub enum Fill<'a> {
    Zero,
    /// One element, repeated over the whole buffer.
    Splat(&'a [u8]),
    /// Every byte.
    Bytes(&'a [u8]),
}

/// One mapping, unmapped on drop; the buffer starts at `addr`, `base` aligned up.
struct Mapping {
    base: *mut u8,
    len: usize,
    addr: *mut u8,
}

// SAFETY: the mapping is plain memory owned by this value; the pointer is only handed out as an
// address for compiled code.
unsafe impl Send for Mapping {}
unsafe impl Sync for Mapping {}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: `base..base+len` is a mapping made by `JitGlobals::map` and nothing else owns it.
        unsafe { libc::munmap(self.base.cast(), self.len) };
    }
}

/// The big buffers of one JIT module, by symbol; they live as long as the module's code.
#[derive(Default)]
pub struct JitGlobals {
    mappings: Mutex<HashMap<String, Mapping>>,
}

impl JitGlobals {
    pub fn new() -> Arc<JitGlobals> {
        Arc::new(JitGlobals::default())
    }

    /// The address bound to `symbol`, for cranelift-jit's symbol lookup.
    pub fn lookup(&self, symbol: &str) -> Option<*const u8> {
        let m = self.mappings.lock().ok()?;
        m.get(symbol).map(|m| m.addr as *const u8)
    }

    /// Map `size` bytes aligned to `align` (a power of two) for `symbol`, fill them, and make
    /// them read-only if `constant`. The error says why the memory could not be had.
    pub fn map(&self, symbol: &str, size: usize, align: usize, fill: Fill<'_>, constant: bool) -> Result<(), String> {
        // A mapping is page-aligned; a larger alignment takes `align` more bytes to slide into.
        let extra = if align > page_size() { align } else { 0 };
        let len = size
            .max(1)
            .checked_add(extra)
            .ok_or_else(|| format!("cannot allocate {size} bytes aligned to {align} for it"))?;
        // SAFETY: an anonymous private mapping; the result is checked against MAP_FAILED.
        // MAP_NORESERVE: untouched zero pages cost nothing, so a zero buffer bigger than memory
        // plus swap is fine as long as the program touches little of it (as in C's bss).
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return Err(format!("cannot allocate {size} bytes for it: {}", std::io::Error::last_os_error()));
        }
        let base: *mut u8 = ptr.cast();
        let mut mapping = Mapping { base, len, addr: base };
        let Some(start) = (base as usize).checked_next_multiple_of(align.max(1)) else {
            return Err(format!("cannot align it to {align}"));
        };
        // SAFETY: `start - base <= extra`, so `start` is inside the mapping.
        mapping.addr = unsafe { base.add(start - base as usize) };
        // SAFETY: `addr..addr+size` lies in the `len` writable bytes nothing else references yet.
        let buf = unsafe { std::slice::from_raw_parts_mut(mapping.addr, size) };
        match fill {
            Fill::Zero => {}
            Fill::Bytes(b) => {
                if b.len() != size {
                    return Err(format!("its initial value has {} bytes, not {size}", b.len()));
                }
                buf.copy_from_slice(b);
            }
            Fill::Splat(e) => fill_splat(buf, e)?,
        }
        // SAFETY: the same mapping; a constant buffer faults on writes as in an object file.
        if constant && unsafe { libc::mprotect(ptr, len, libc::PROT_READ) } != 0 {
            return Err(format!("cannot protect it: {}", std::io::Error::last_os_error()));
        }
        self.mappings.lock().map_err(|_| "a lock was poisoned".to_string())?.insert(symbol.to_string(), mapping);
        Ok(())
    }
}

/// The size of a memory page: cranelift-jit's arena (`jit::new_module`) aligns nothing
/// beyond it, so more strictly aligned globals get a mapping of their own.
pub fn page_size() -> usize {
    // SAFETY: sysconf only reads a system constant.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(p).ok().filter(|&p| p > 0).unwrap_or(4096)
}

/// Repeat the element `e` over `buf`, doubling the filled prefix (a few large copies instead of
/// one per element).
fn fill_splat(buf: &mut [u8], e: &[u8]) -> Result<(), String> {
    if e.is_empty() || !buf.len().is_multiple_of(e.len()) {
        return Err(format!("its {}-byte element does not divide its {} bytes", e.len(), buf.len()));
    }
    if e.iter().all(|&b| b == 0) {
        return Ok(());
    }
    buf[..e.len()].copy_from_slice(e);
    let mut done = e.len();
    while done < buf.len() {
        let n = done.min(buf.len() - done);
        buf.copy_within(..n, done);
        done += n;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splat_fill_repeats_the_element_over_odd_counts() {
        for count in [1usize, 2, 3, 7, 1000, 1023] {
            let mut buf = vec![0u8; 3 * count];
            fill_splat(&mut buf, &[1, 2, 3]).unwrap();
            assert_eq!(buf, [1u8, 2, 3].repeat(count), "count {count}");
        }
        assert!(fill_splat(&mut [0u8; 4], &[1, 2, 3]).is_err());
    }

    #[test]
    fn mappings_are_filled_bound_and_refuse_impossible_sizes() {
        let g = JitGlobals::new();
        g.map("a", 4 << 20, 16, Fill::Splat(&[7, 0]), true).unwrap();
        let p = g.lookup("a").unwrap();
        // SAFETY: the mapping is 4 MiB and readable.
        let s = unsafe { std::slice::from_raw_parts(p, 4 << 20) };
        assert!(s.chunks(2).all(|c| c == [7, 0]));
        g.map("z", 1 << 36, 16, Fill::Zero, false).unwrap();
        assert!(g.lookup("z").is_some());
        let e = g.map("huge", 1 << 62, 16, Fill::Zero, false).unwrap_err();
        assert!(e.contains("cannot allocate 4611686018427387904 bytes"), "{e}");
        assert!(g.lookup("huge").is_none());
        assert!(g.lookup("b").is_none());
        // Beyond a page (which cranelift-jit's arena cannot give): a mapping of its own, aligned.
        g.map("wide", 24, 1 << 16, Fill::Bytes(&[5; 24]), true).unwrap();
        let p = g.lookup("wide").unwrap();
        assert_eq!(p as usize % (1 << 16), 0);
        // SAFETY: the buffer is 24 readable bytes.
        assert_eq!(unsafe { std::slice::from_raw_parts(p, 24) }, [5; 24]);
    }
}
