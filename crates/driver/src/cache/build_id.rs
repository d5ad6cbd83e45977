//! Which build of Flowgate is running: the GNU build id (`ld --build-id`, a hash the linker
//! writes into every executable and shared library it makes) of the loaded object that holds
//! this code. Any change to the compiler or the runtime changes it, so code cached by another
//! build (even of the same commit, with local changes) is foreign. It is read from the
//! program headers in memory: no file is read.

/// The build id in hex, or `None` where the object has none (or on systems without
/// `dl_iterate_phdr`).
pub fn build_id() -> Option<String> {
    imp::build_id(build_id as *const () as usize)
}

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
mod imp {
    use libc::{c_int, c_void, dl_phdr_info, size_t};

    struct Search {
        addr: usize,
        found: Option<String>,
    }

    pub fn build_id(addr: usize) -> Option<String> {
        let mut s = Search { addr, found: None };
        // SAFETY: the callback only reads the headers glibc hands it, for the call's duration.
        unsafe { libc::dl_iterate_phdr(Some(visit), (&mut s as *mut Search).cast()) };
        s.found
    }

    unsafe extern "C" fn visit(info: *mut dl_phdr_info, _size: size_t, data: *mut c_void) -> c_int {
        let s = &mut *(data as *mut Search);
        let info = &*info;
        let phdrs = std::slice::from_raw_parts(info.dlpi_phdr, info.dlpi_phnum as usize);
        let base = info.dlpi_addr as usize;
        let holds = phdrs.iter().any(|p| {
            p.p_type == libc::PT_LOAD
                && (base + p.p_vaddr as usize..base + (p.p_vaddr + p.p_memsz) as usize).contains(&s.addr)
        });
        if !holds {
            return 0;
        }
        for p in phdrs.iter().filter(|p| p.p_type == libc::PT_NOTE) {
            let notes = std::slice::from_raw_parts((base + p.p_vaddr as usize) as *const u8, p.p_memsz as usize);
            if let Some(id) = gnu_build_id(notes) {
                s.found = Some(id.iter().map(|b| format!("{b:02x}")).collect());
                break;
            }
        }
        1
    }

    /// The descriptor of the `NT_GNU_BUILD_ID` note among `notes` (4-byte aligned entries:
    /// name size, descriptor size, type, name, descriptor).
    fn gnu_build_id(mut notes: &[u8]) -> Option<&[u8]> {
        const NT_GNU_BUILD_ID: u32 = 3;
        let word = |b: &[u8], k: usize| b.get(4 * k..4 * k + 4).map(|w| u32::from_ne_bytes(w.try_into().unwrap()));
        while notes.len() >= 12 {
            let (namesz, descsz, kind) = (word(notes, 0)? as usize, word(notes, 1)? as usize, word(notes, 2)?);
            let name_end = 12 + namesz.next_multiple_of(4);
            let desc = notes.get(name_end..name_end + descsz)?;
            if kind == NT_GNU_BUILD_ID && notes.get(12..12 + namesz)? == b"GNU\0" {
                return Some(desc);
            }
            notes = notes.get(name_end + descsz.next_multiple_of(4)..)?;
        }
        None
    }
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
mod imp {
    pub fn build_id(_addr: usize) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    /// The linker of this machine writes build ids (the default of GNU ld and lld on Linux);
    /// the id is a hash, shown as hex, and the same on every call.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_running_build_has_an_id() {
        let id = super::build_id().expect("a build id");
        assert!(id.len() >= 16 && id.chars().all(|c| c.is_ascii_hexdigit()), "{id}");
        assert_eq!(super::build_id(), Some(id));
    }
}
