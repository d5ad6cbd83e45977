//! `TfIdfVectorizer`: counts of the pool's n-grams in each row of a 1-D `[C]` or 2-D `[N, C]`
//! input of integers or strings, as FLOAT `[size]` or `[N, size]` with `size` one more than
//! the largest of `ngram_indexes`. The pool lists the 1-grams from `ngram_counts[0]`, the
//! 2-grams from `ngram_counts[1]` and so on; the k-th n-gram of the pool is counted in column
//! `ngram_indexes[k]`. An n-gram's items are `skip + 1` apart for every skip up to
//! `max_skip_count`; 1-grams are counted once, not once per skip (onnxruntime's loop).
//! Weights are read per output column, as onnxruntime and the reference evaluator do.

use std::collections::HashMap;
use std::hash::Hash;

use flowgate_runtime_abi::codes::TfIdfMode;

use crate::error::RtResult;
use crate::value::{checked_numel, fmt_shape, RtValue, Tensor};

/// The attributes other than the pool.
pub struct TfIdfAttrs<'a> {
    pub min_gram: i64,
    pub max_gram: i64,
    pub max_skip: i64,
    pub mode: TfIdfMode,
    pub ngram_counts: &'a [i64],
    pub ngram_indexes: &'a [i64],
    pub weights: Option<&'a [f32]>,
}

/// The pool: every n-gram with its output column; and the number of columns.
fn index_pool<K: Eq + Hash + Clone>(pool: &[K], a: &TfIdfAttrs<'_>) -> RtResult<(HashMap<Vec<K>, usize>, usize)> {
    if a.min_gram < 1 || a.max_gram < a.min_gram {
        bail!(
            "TfIdfVectorizer: min_gram_length {} and max_gram_length {} must satisfy 1 <= min <= max",
            a.min_gram,
            a.max_gram
        );
    }
    if a.max_skip < 0 {
        bail!("TfIdfVectorizer: max_skip_count must not be negative, got {}", a.max_skip);
    }
    if a.ngram_counts.is_empty() || a.ngram_indexes.is_empty() {
        bail!("TfIdfVectorizer needs ngram_counts and ngram_indexes");
    }
    let size = match a.ngram_indexes.iter().copied().max() {
        Some(m) if a.ngram_indexes.iter().all(|&i| i >= 0) => m as usize + 1,
        _ => bail!("TfIdfVectorizer: ngram_indexes must not be negative"),
    };
    let mut grams = HashMap::new();
    let mut id = 0usize;
    for (level, &start) in a.ngram_counts.iter().enumerate() {
        let n = level + 1;
        let end = a.ngram_counts.get(level + 1).copied().unwrap_or(pool.len() as i64);
        if start < 0 || start > end || end > pool.len() as i64 || (end - start) % n as i64 != 0 {
            bail!(
                "TfIdfVectorizer: ngram_counts {:?} do not split a pool of {} items into {n}-grams at level {level}",
                a.ngram_counts,
                pool.len()
            );
        }
        for gram in pool[start as usize..end as usize].chunks(n) {
            let col = *a.ngram_indexes.get(id).ok_or_else(|| {
                rt_err!("TfIdfVectorizer: the pool has more n-grams than the {} ngram_indexes", a.ngram_indexes.len())
            })?;
            grams.entry(gram.to_vec()).or_insert(col as usize);
            id += 1;
        }
    }
    if id != a.ngram_indexes.len() {
        bail!("TfIdfVectorizer: the pool has {id} n-grams but ngram_indexes has {} entries", a.ngram_indexes.len());
    }
    if let Some(w) = a.weights.filter(|w| w.len() < size) {
        bail!("TfIdfVectorizer: {} weights for {size} output columns", w.len());
    }
    Ok((grams, size))
}

/// The counts of one row into `freq`.
fn count_row<K: Eq + Hash + Clone>(row: &[K], grams: &HashMap<Vec<K>, usize>, a: &TfIdfAttrs<'_>, freq: &mut [f32]) {
    let mut gram = Vec::new();
    let mut min_n = a.min_gram as usize;
    let max_n = a.max_gram as usize;
    for d in 1..=a.max_skip as usize + 1 {
        for start in 0..row.len() {
            gram.clear();
            for (n, item) in row[start..].iter().step_by(d).take(max_n).enumerate() {
                gram.push(item.clone());
                if n + 1 >= min_n {
                    if let Some(&col) = grams.get(&gram) {
                        freq[col] += 1.0;
                    }
                }
            }
        }
        // 1-grams do not depend on the skip: count them on the first pass only.
        if min_n == 1 {
            min_n = 2;
            if min_n > max_n {
                break;
            }
        }
    }
}

fn vectorize<K: Eq + Hash + Clone>(x: &[K], shape: &[usize], pool: &[K], a: &TfIdfAttrs<'_>) -> RtResult<Tensor> {
    let (grams, size) = index_pool(pool, a)?;
    let (rows, out_shape) = match *shape {
        [_] => (1, vec![size]),
        [n, _] => (n, vec![n, size]),
        _ => bail!("TfIdfVectorizer: the input must be 1-D or 2-D, got shape {}", fmt_shape(shape)),
    };
    checked_numel(&out_shape, 4)?;
    let mut freq = vec![0f32; rows * size];
    let row_len = x.len().checked_div(rows).unwrap_or(0);
    for (r, f) in freq.chunks_mut(size).enumerate() {
        count_row(&x[r * row_len..(r + 1) * row_len], &grams, a, f);
    }
    let weight = |i: usize| a.weights.map_or(1.0, |w| w[i % size]);
    for (i, f) in freq.iter_mut().enumerate() {
        *f = match a.mode {
            TfIdfMode::Tf => *f,
            TfIdfMode::Idf if *f > 0.0 => weight(i),
            TfIdfMode::Idf => 0.0,
            TfIdfMode::TfIdf => *f * weight(i),
        };
    }
    Tensor::from_vec(out_shape, freq)
}

/// TfIdfVectorizer of an integer or string input; `pool` must be of the same kind (INT64
/// `pool_int64s` or `pool_strings`).
pub fn tfidf(x: &RtValue, pool: &RtValue, a: &TfIdfAttrs<'_>) -> RtResult<Tensor> {
    match (x, pool) {
        (RtValue::Strings(x), RtValue::Strings(p)) => vectorize(x.data(), x.shape(), p.data(), a),
        (RtValue::Tensor(x), RtValue::Tensor(p)) if x.dtype().is_int() => {
            let items = x.to_i64s("TfIdfVectorizer input")?;
            vectorize(&items, x.shape(), &p.to_i64s("TfIdfVectorizer pool_int64s")?, a)
        }
        (RtValue::Tensor(x), _) if !x.dtype().is_int() => {
            bail!("TfIdfVectorizer: the input must be integers or strings, got {}", x.dtype().name())
        }
        (x, _) => bail!("TfIdfVectorizer: a {} input needs a pool of the same kind", x.kind_name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strings::StrTensor;

    fn attrs<'a>(counts: &'a [i64], indexes: &'a [i64], min: i64, max: i64, skip: i64) -> TfIdfAttrs<'a> {
        TfIdfAttrs {
            min_gram: min,
            max_gram: max,
            max_skip: skip,
            mode: TfIdfMode::Tf,
            ngram_counts: counts,
            ngram_indexes: indexes,
            weights: None,
        }
    }

    fn ints(shape: Vec<usize>, v: Vec<i32>) -> RtValue {
        RtValue::tensor(Tensor::from_vec(shape, v).unwrap())
    }

    fn pool() -> RtValue {
        RtValue::tensor(Tensor::from_vec(vec![10], vec![2i64, 3, 5, 4, 5, 6, 7, 8, 6, 7]).unwrap())
    }

    #[test]
    fn unigrams_and_skipped_bigrams_per_row() {
        let x = ints(vec![2, 6], vec![1, 1, 3, 3, 3, 7, 8, 6, 7, 5, 6, 8]);
        let idx = [0, 1, 2, 3, 4, 5, 6];
        let y = tfidf(&x, &pool(), &attrs(&[0, 4], &idx, 1, 2, 5)).unwrap();
        assert_eq!(y.shape(), [2, 7]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[0., 3., 0., 0., 0., 0., 0., 0., 0., 1., 0., 1., 1., 1.]);
        // Without skips (8,6,7,5,6,8 has no 7..8 bigram) and only bigrams.
        let y = tfidf(&x, &pool(), &attrs(&[0, 4], &idx, 2, 2, 0)).unwrap();
        assert_eq!(&y.as_slice::<f32>().unwrap()[7..], &[0., 0., 0., 0., 1., 0., 1.]);
    }

    #[test]
    fn weights_per_column_in_idf_and_tfidf_modes() {
        let x = ints(vec![4], vec![2, 2, 3, 9]);
        let idx = [0, 1, 2, 3, 4, 5, 6];
        let w = [0.5f32, 2., 1., 1., 1., 1., 1.];
        let mut a = attrs(&[0, 4], &idx, 1, 1, 0);
        a.weights = Some(&w);
        a.mode = TfIdfMode::TfIdf;
        assert_eq!(&tfidf(&x, &pool(), &a).unwrap().as_slice::<f32>().unwrap()[..3], &[1., 2., 0.]);
        a.mode = TfIdfMode::Idf;
        assert_eq!(&tfidf(&x, &pool(), &a).unwrap().as_slice::<f32>().unwrap()[..3], &[0.5, 2., 0.]);
    }

    #[test]
    fn string_pool() {
        let s = |v: &[&str]| {
            RtValue::strings(StrTensor::new(vec![v.len()], v.iter().map(|s| s.to_string()).collect()).unwrap())
        };
        let y =
            tfidf(&s(&["a", "b", "a", "c"]), &s(&["a", "c", "a", "b"]), &attrs(&[0, 2], &[1, 0, 2], 1, 2, 0)).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 2., 1.]);
    }

    #[test]
    fn bad_attributes_and_inputs_are_errors_naming_the_op() {
        let x = ints(vec![3], vec![1, 2, 3]);
        for (a, what) in [
            (attrs(&[0, 4], &[0, 1, 2, 3, 4, 5, 6], 0, 2, 0), "min_gram_length"),
            (attrs(&[0, 4], &[0, 1, 2, 3, 4, 5, 6], 1, 2, -1), "max_skip_count"),
            (attrs(&[0, 3], &[0, 1, 2, 3, 4, 5, 6], 1, 2, 0), "ngram_counts"),
            (attrs(&[0, 4], &[0, 1, 2], 1, 2, 0), "ngram_indexes"),
            (attrs(&[0, 4], &[0, 1, 2, 3, 4, 5, -6], 1, 2, 0), "negative"),
        ] {
            let e = tfidf(&x, &pool(), &a).err().unwrap().to_string();
            assert!(e.contains("TfIdfVectorizer") && e.contains(what), "{e}");
        }
        let a = attrs(&[0, 4], &[0, 1, 2, 3, 4, 5, 6], 1, 2, 0);
        let e = tfidf(&ints(vec![1, 1, 3], vec![1, 2, 3]), &pool(), &a).err().unwrap().to_string();
        assert!(e.contains("1-D or 2-D"), "{e}");
        let f = RtValue::tensor(Tensor::from_vec(vec![1], vec![1f32]).unwrap());
        assert!(tfidf(&f, &pool(), &a).err().unwrap().to_string().contains("integers or strings"));
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{tfidf, TfIdfAttrs};
    use crate::abi::support::*;
    use crate::error::decode;
    use crate::value::Handle;

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_tfidf(
        node: i32,
        x: Handle,
        pool: Handle,
        ngram_counts: Handle,
        ngram_indexes: Handle,
        weights_or_null: Handle,
        min_gram: i64,
        max_gram: i64,
        max_skip: i64,
        mode: i32,
    ) -> Handle {
        run_t(node, || {
            let counts = ten(ngram_counts)?.to_i64s("ngram_counts")?;
            let indexes = ten(ngram_indexes)?.to_i64s("ngram_indexes")?;
            let weights = match opt_ten(weights_or_null)? {
                Some(w) => Some(w.as_slice::<f32>().ok_or_else(|| rt_err!("TfIdfVectorizer: weights must be FLOAT"))?),
                None => None,
            };
            let a = TfIdfAttrs {
                min_gram,
                max_gram,
                max_skip,
                mode: decode(mode)?,
                ngram_counts: &counts,
                ngram_indexes: &indexes,
                weights,
            };
            tfidf(val(x)?, val(pool)?, &a)
        })
    }
}
