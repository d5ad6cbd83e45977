//! The intra-op thread pool (rayon) the big kernels split their work over.
//!
//! The thread count is process-wide: [`set_num_threads`] (`--threads N`, the C API's
//! `flowgate_set_num_threads`), default the number of physical cores, as onnxruntime's
//! `intra_op_num_threads = 0`. As in onnxruntime the calling thread computes too: a count of N
//! is the caller plus N-1 pool workers, and 1 means no pool at all.
//!
//! Every split is by output elements (rows or columns of a product, channels, slices of an
//! elementwise op): each output element is computed by the same instructions in the same order
//! whatever the thread count, so results are bit-identical for any N. Closures run on workers
//! must not record runtime errors (the error state is thread-local): kernels check and allocate
//! before splitting.

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use rayon::{ThreadPool, ThreadPoolBuilder};

/// The requested count; 0 means the default (physical cores).
static REQUESTED: AtomicUsize = AtomicUsize::new(0);

/// The pool of `count - 1` workers, rebuilt when the count changes.
static POOL: Mutex<Option<(usize, Arc<ThreadPool>)>> = Mutex::new(None);

/// Sets the number of threads kernels use (the caller included); 0 restores the default.
pub fn set_num_threads(n: usize) {
    REQUESTED.store(n, Ordering::Relaxed);
}

/// The number of threads kernels use now (at least 1).
pub fn num_threads() -> usize {
    match REQUESTED.load(Ordering::Relaxed) {
        0 => default_threads(),
        n => n,
    }
}

/// Physical cores, as onnxruntime defaults to, capped by the CPUs this process may run on.
pub fn default_threads() -> usize {
    static DEFAULT: OnceLock<usize> = OnceLock::new();
    *DEFAULT.get_or_init(|| num_cpus::get_physical().min(num_cpus::get()).max(1))
}

/// The pool for `n` threads (n >= 2), or `None` when it cannot be built (then work runs on the
/// caller alone: same results, one thread).
fn pool(n: usize) -> Option<Arc<ThreadPool>> {
    let mut slot = POOL.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((count, p)) = slot.as_ref() {
        if *count == n {
            return Some(p.clone());
        }
    }
    let built =
        ThreadPoolBuilder::new().num_threads(n - 1).thread_name(|i| format!("flowgate-worker-{i}")).build().ok()?;
    let p = Arc::new(built);
    *slot = Some((n, p.clone()));
    Some(p)
}

/// How many parts to split `work` units of work into: one per `min_work` units, at most the
/// thread count and `max_parts`.
pub(crate) fn parts(work: usize, min_work: usize, max_parts: usize) -> usize {
    let n = num_threads();
    if n <= 1 {
        return 1;
    }
    (work / min_work.max(1)).clamp(1, n).min(max_parts.max(1))
}

/// Runs `f(0) .. f(parts - 1)`, part 0 on the caller and the others on the pool, and returns
/// when all are done. A panic in any part is resumed on the caller.
pub(crate) fn run_parts(parts: usize, f: impl Fn(usize) + Sync) {
    if parts <= 1 {
        if parts == 1 {
            f(0);
        }
        return;
    }
    let Some(p) = pool(num_threads().max(2)) else {
        (0..parts).for_each(&f);
        return;
    };
    let f = &f;
    p.in_place_scope(|s| {
        for i in 1..parts {
            s.spawn(move |_| f(i));
        }
        f(0);
    });
}

/// Splits `out` into `parts` runs of whole `unit`-element groups (e.g. rows) and calls
/// `f(first_group, run)` on each, in parallel.
pub(crate) fn for_each_run<T: Send>(out: &mut [T], unit: usize, parts: usize, f: impl Fn(usize, &mut [T]) + Sync) {
    let unit = unit.max(1);
    let groups = out.len() / unit;
    let parts = parts.clamp(1, groups.max(1));
    if parts == 1 {
        f(0, out);
        return;
    }
    let per = groups.div_ceil(parts);
    let runs: Vec<Mutex<(usize, &mut [T])>> =
        out.chunks_mut(per * unit).enumerate().map(|(i, r)| Mutex::new((i * per, r))).collect();
    run_parts(runs.len(), |i| {
        let mut g = runs[i].lock().unwrap_or_else(|e| e.into_inner());
        let (first, ref mut run) = *g;
        f(first, run);
    });
}

/// A vector of `len` elements filled in parallel above `min_part` elements per part:
/// `fill(start, run)` must write every element of `run`, which holds elements
/// `start..start + run.len()`. `None` when the vector cannot be allocated.
pub(crate) fn collect<O: Copy + Send>(
    len: usize,
    min_part: usize,
    fill: impl Fn(usize, &mut [MaybeUninit<O>]) + Sync,
) -> Option<Vec<O>> {
    let mut out: Vec<O> = crate::value::try_vec(len).ok()?;
    let spare = out.spare_capacity_mut().get_mut(..len)?;
    for_each_run(spare, 1, parts(len, min_part, usize::MAX), fill);
    // SAFETY: `fill` wrote every element of every run, and the runs cover `..len`; `O: Copy`,
    // so nothing needs dropping had it panicked before this line.
    unsafe { out.set_len(len) };
    Some(out)
}

/// A raw pointer that may cross to the pool's threads: the caller proves the parts it hands out
/// are disjoint (writes) or shared read-only.
#[derive(Clone, Copy)]
pub(crate) struct SendPtr<T>(pub *mut T);
// SAFETY: see the type's comment; the users split outputs into disjoint blocks.
unsafe impl<T> Send for SendPtr<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for SendPtr<T> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_every_part_once() {
        set_num_threads(3);
        let hits: Vec<AtomicUsize> = (0..7).map(|_| AtomicUsize::new(0)).collect();
        run_parts(7, |i| {
            hits[i].fetch_add(1, Ordering::Relaxed);
        });
        assert!(hits.iter().all(|h| h.load(Ordering::Relaxed) == 1));
        let mut v = vec![0usize; 103];
        for_each_run(&mut v, 10, 4, |first, run| {
            for (j, x) in run.iter_mut().enumerate() {
                *x = first * 10 + j;
            }
        });
        assert_eq!(v, (0..103).collect::<Vec<_>>());
        assert_eq!(parts(1000, 100, 64), 3);
        assert_eq!(parts(150, 100, 64), 1);
        set_num_threads(0);
        assert!(num_threads() >= 1);
    }
}
