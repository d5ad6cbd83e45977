//! The window arithmetic every convolution path shares, computed per row instead of per element.
//!
//! A convolution maps an iterated position `o` on an axis to `o * stride + k * dilation - pad`
//! on the other grid (Conv: output to input; ConvTranspose: input to output). On the innermost
//! axis the positions that land inside form one range, computed by [`inside`]; the outer axes
//! are walked row by row by [`rows`]. Nothing is tabulated per element.

use std::ops::Range;

use crate::window::Window;

/// The iterated positions `o < n` whose target `o * s + off` falls in `0..len`, as one range
/// (the target is increasing in `o`, so the positions inside are contiguous).
pub(super) fn inside(n: usize, len: usize, s: usize, off: i64) -> Range<usize> {
    let lo = if off >= 0 { 0 } else { (off.unsigned_abs() as usize).div_ceil(s) };
    let top = len as i64 - 1 - off;
    let hi = if top < 0 { 0 } else { (top as usize / s).saturating_add(1).min(n) };
    lo.min(hi)..hi
}

/// The multi-index of flat position `flat` in a row-major box of `dims`.
pub(super) fn unflatten(mut flat: usize, dims: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; dims.len()];
    for (i, &d) in dims.iter().enumerate().rev() {
        if d > 0 {
            idx[i] = flat % d;
            flat /= d;
        }
    }
    idx
}

/// For each row of the iterated grid's outer axes (all but the last), in row-major order: the
/// flat row of the target grid's outer axes that kernel offset `kouter` maps it to, or `None`
/// when it falls in the padding. `iter`, `target` and `kouter` have the spatial rank minus one
/// entries; the window's first entries apply. Computed once per kernel offset and reused for
/// every channel and innermost tap (one entry per row, not per element).
pub(super) fn row_map(iter: &[usize], target: &[usize], win: &Window, kouter: &[usize]) -> Vec<Option<usize>> {
    let r = iter.len();
    let count: usize = iter.iter().product();
    let mut idx = vec![0usize; r];
    let mut map = Vec::with_capacity(count);
    for _ in 0..count {
        let mut flat = Some(0usize);
        for a in 0..r {
            let p = (idx[a] * win.strides[a] + kouter[a] * win.dilations[a]) as i64 - win.pad_begin[a] as i64;
            flat = match flat {
                Some(fl) if p >= 0 && (p as usize) < target[a] => Some(fl * target[a] + p as usize),
                _ => None,
            };
        }
        map.push(flat);
        for a in (0..r).rev() {
            idx[a] += 1;
            if idx[a] < iter[a] {
                break;
            }
            idx[a] = 0;
        }
    }
    map
}

/// The innermost axis of a window: (stride, dilation, pad at the start, kernel size).
pub(super) fn last_axis(win: &Window) -> (usize, usize, usize, usize) {
    let r = win.kernel.len() - 1;
    (win.strides[r], win.dilations[r], win.pad_begin[r], win.kernel[r])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_matches_a_scan() {
        for n in 0..7 {
            for len in 0..7 {
                for s in 1..4 {
                    for off in -9i64..9 {
                        let want: Vec<usize> =
                            (0..n).filter(|&o| (0..len as i64).contains(&(o as i64 * s as i64 + off))).collect();
                        let got: Vec<usize> = inside(n, len, s, off).collect();
                        assert_eq!(got, want, "n {n} len {len} s {s} off {off}");
                    }
                }
            }
        }
    }

    #[test]
    fn row_map_maps_outer_positions() {
        let win = Window {
            kernel: vec![3, 1],
            strides: vec![2, 1],
            dilations: vec![1, 1],
            pad_begin: vec![1, 0],
            pad_end: vec![1, 0],
        };
        // Output rows 0, 1, 2 read input rows -1 (pad), 1, 3.
        assert_eq!(row_map(&[3], &[5], &win, &[0]), [None, Some(1), Some(3)]);
        assert_eq!(unflatten(7, &[2, 3, 2]), [1, 0, 1]);
    }
}
