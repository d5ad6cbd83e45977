//! Allocator settings for processes that run models. Kernels allocate their results fresh, and
//! a model's large intermediates (feature maps of megabytes) would otherwise each be a new
//! `mmap` that the kernel zero-fills page by page and unmaps on free: in a detection model a
//! third of the system time went to those page faults. Keeping freed memory in glibc's heap
//! lets the next run reuse it, as onnxruntime's arena does.

/// Large allocations stay in the heap up to this size instead of getting their own mapping.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: i32 = 256 << 20;
/// Freed memory at the top of the heap is returned to the system only beyond this.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const TRIM_THRESHOLD: i32 = 512 << 20;

/// Keeps freed tensor memory for reuse (glibc only; elsewhere nothing changes). Call once at
/// the start of a tool that runs models; returns whether the settings were applied.
pub fn keep_freed_memory() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallopt only changes allocator parameters; these are valid values.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1
                && libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn settings_apply_on_glibc_and_allocation_still_works() {
        let applied = super::keep_freed_memory();
        assert_eq!(applied, cfg!(all(target_os = "linux", target_env = "gnu")));
        let v = vec![1u8; 8 << 20];
        assert_eq!(v.iter().map(|&b| b as usize).sum::<usize>(), 8 << 20);
    }
}
