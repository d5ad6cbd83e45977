//! Weights prepared once per compiled model (issue 19): a kernel that reads a weight in another
//! form than the tensor's own (widened from float16 to f32, transposed so the GEMM reads it
//! row by row) asks the tensor for that form. A constant (a blob or a memoized result the module
//! keeps in a slot, `abi::memo`) builds it on first use and keeps it as long as the tensor
//! lives, so later calls and later runs reuse it; any other tensor builds it per call with the
//! same function, so both paths compute with the same values in the same layout and give the
//! same bits (`tests` checks it).

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::error::RtResult;
use crate::real::Real;
use crate::value::Tensor;

/// The prepared forms a tensor keeps, and whether it may keep any.
#[derive(Default)]
pub(crate) struct Prepared {
    constant: AtomicBool,
    forms: Mutex<Vec<Arc<dyn Any + Send + Sync>>>,
}

impl Prepared {
    /// The tensor never changes from now on: forms built for it are kept.
    pub(crate) fn mark_constant(&self) {
        self.constant.store(true, Ordering::Release);
    }

    pub(crate) fn is_constant(&self) -> bool {
        self.constant.load(Ordering::Acquire)
    }

    /// The form `F` that `fits` accepts (a kernel's key: element type, transposition), built by
    /// `make` unless a constant already holds it.
    pub(crate) fn get<F: Any + Send + Sync>(
        &self,
        fits: impl Fn(&F) -> bool,
        make: impl FnOnce() -> RtResult<F>,
    ) -> RtResult<Arc<F>> {
        if !self.is_constant() {
            return make().map(Arc::new);
        }
        let found = |forms: &[Arc<dyn Any + Send + Sync>]| {
            forms.iter().find_map(|f| f.clone().downcast::<F>().ok().filter(|f| fits(f)))
        };
        if let Some(f) = found(&self.forms.lock().unwrap_or_else(|e| e.into_inner())) {
            return Ok(f);
        }
        // Built outside the lock; two threads racing build it twice and keep the first.
        let f = Arc::new(make()?);
        let mut forms = self.forms.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(g) = found(&forms) {
            return Ok(g);
        }
        forms.push(f.clone());
        Ok(f)
    }
}

// A copy of a tensor is a new value: it starts unmarked and empty.
impl Clone for Prepared {
    fn clone(&self) -> Self {
        Prepared::default()
    }
}

// Prepared forms are derived data: they never make two tensors differ.
impl PartialEq for Prepared {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Prepared")
    }
}

/// A float weight's values in a kernel's compute type (float16 and bfloat16 widened to f32).
pub(crate) struct Widened<T>(pub Vec<T>);

/// The values of `t` as `T`: borrowed when the type already matches, else widened once for a
/// constant (float16 models repeated this on every call) or per call for any other tensor.
pub(crate) fn reals<'a, T: Real>(t: &'a Tensor, op: &str) -> RtResult<Values<'a, T>> {
    if let Some(s) = t.as_slice::<T>() {
        return Ok(Values::Borrowed(s));
    }
    let w = t.prepared().get(|_: &Widened<T>| true, || Ok(Widened(crate::real::reals::<T>(t, op)?.into_owned())))?;
    Ok(Values::Shared(w))
}

/// A weight's values: the tensor's own or a prepared copy.
pub(crate) enum Values<'a, T> {
    Borrowed(&'a [T]),
    Shared(Arc<Widened<T>>),
}

impl<T> std::ops::Deref for Values<'_, T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        match self {
            Values::Borrowed(s) => s,
            Values::Shared(w) => &w.0,
        }
    }
}

/// Each matrix of a `[d, r, c]` weight transposed, `[d, c, r]` row-major, in `T`: the recurrent
/// ops' `W` and `R` (gates x inputs) become inputs x gates, so their GEMM reads B a row at a
/// time (a contiguous copy into its panels, where the columns of the given layout were a
/// strided gather on every step).
pub(crate) struct Transposed<T>(pub Vec<T>);

pub(crate) fn transposed<T: Real>(t: &Tensor, op: &str) -> RtResult<Arc<Transposed<T>>> {
    t.prepared().get(
        |_: &Transposed<T>| true,
        || {
            let &[d, r, c] = t.shape() else {
                bail!("internal error: {op} transposes a 3-D weight, got rank {}", t.rank());
            };
            // Widened without keeping the widened copy: only the transposed one is used.
            let v = crate::real::reals::<T>(t, op)?;
            let mut out = crate::value::try_filled(T::default(), d * r * c)?;
            for (src, dst) in v.chunks_exact(r * c).zip(out.chunks_exact_mut(r * c)) {
                for (i, row) in src.chunks_exact(c).enumerate() {
                    for (j, &x) in row.iter().enumerate() {
                        dst[j * r + i] = x;
                    }
                }
            }
            Ok(Transposed(out))
        },
    )
}

#[cfg(test)]
impl Prepared {
    /// How many forms this tensor keeps.
    pub(crate) fn count(&self) -> usize {
        self.forms.lock().map_or(0, |f| f.len())
    }
}

#[cfg(test)]
#[path = "prepack_tests.rs"]
mod tests;
