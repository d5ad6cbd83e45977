//! `flowgate_set_num_threads` / `flowgate_num_threads`: the kernels' thread count
//! (`crate::threads`), for C programs that run compiled models.

pub(crate) mod c_api {
    use super::super::set_last_error;

    /// Sets the count (the caller included); 0 is the default, physical cores. Returns 0, or -1
    /// for a negative count.
    pub(crate) fn flowgate_set_num_threads(n: i32) -> i32 {
        match usize::try_from(n) {
            Ok(n) => {
                crate::threads::set_num_threads(n);
                0
            }
            Err(_) => {
                set_last_error(format!("flowgate_set_num_threads: the thread count must be >= 0, got {n}"));
                -1
            }
        }
    }

    /// The count kernels use now (at least 1).
    pub(crate) fn flowgate_num_threads() -> i32 {
        i32::try_from(crate::threads::num_threads()).unwrap_or(i32::MAX)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn set_and_read() {
            assert_eq!(flowgate_set_num_threads(-2), -1);
            assert!(crate::c_api::last_error().contains("must be >= 0"));
            assert_eq!(flowgate_set_num_threads(3), 0);
            assert_eq!(flowgate_num_threads(), 3);
            assert_eq!(flowgate_set_num_threads(0), 0);
            assert_eq!(flowgate_num_threads() as usize, crate::threads::default_threads());
        }
    }
}
