//! `ai.onnx.ml.TreeEnsemble` (opset 5): each row of X `[N, F]` walks every tree from its root
//! (a node compares one feature with its split: `<=`, `<`, `>=`, `>`, `==`, `!=` or membership
//! in a set; NaN goes the true way where `nodes_missing_value_tracks_true` says so) to a leaf,
//! which adds its weight to its target; the targets are aggregated (sum, average, min, max) and
//! post-transformed. Computed in f64, rounded once to X's type.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, DType, Tensor};

/// The node tables, one entry per node, and the leaf tables, one per leaf.
pub struct Trees<'a> {
    pub roots: &'a [i64],
    pub feature: &'a [i64],
    pub mode: &'a [i64],
    pub split: &'a [f64],
    pub true_id: &'a [i64],
    pub true_leaf: &'a [i64],
    pub false_id: &'a [i64],
    pub false_leaf: &'a [i64],
    /// Per node; empty when the attribute is absent.
    pub missing_true: &'a [i64],
    /// The sets of the membership nodes, in node order, each ended by a NaN.
    pub membership: &'a [f64],
    pub leaf_target: &'a [i64],
    pub leaf_weight: &'a [f64],
}

/// `aggregate_function`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Aggregate {
    Average,
    Sum,
    Min,
    Max,
}

/// A branch's target: another node or a leaf.
#[derive(Clone, Copy)]
enum Next {
    Node(usize),
    Leaf(usize),
}

const MEMBER: i64 = 6;

/// The checked trees: each node's test and branches.
struct Checked {
    /// (feature, mode, split, set index for membership, NaN goes true, if true, if false)
    nodes: Vec<(usize, i64, f64, usize, bool, Next, Next)>,
    sets: Vec<Vec<f64>>,
    roots: Vec<Next>,
}

fn check(t: &Trees<'_>, features: usize, leaves_targets: usize) -> RtResult<Checked> {
    let n = t.feature.len();
    let node_tables =
        [t.mode.len(), t.split.len(), t.true_id.len(), t.true_leaf.len(), t.false_id.len(), t.false_leaf.len()];
    if node_tables.iter().any(|&k| k != n) || !(t.missing_true.is_empty() || t.missing_true.len() == n) {
        bail!("TreeEnsemble: the nodes_* attributes must all have one entry per node ({n} in nodes_featureids)");
    }
    if t.leaf_target.len() != t.leaf_weight.len() {
        bail!("TreeEnsemble: leaf_targetids has {} entries, leaf_weights {}", t.leaf_target.len(), t.leaf_weight.len());
    }
    let leaves = t.leaf_weight.len();
    let next = |id: i64, leaf: i64| -> RtResult<Next> {
        let (limit, what) = if leaf != 0 { (leaves, "leaf") } else { (n, "node") };
        match usize::try_from(id).ok().filter(|&k| k < limit) {
            Some(k) if leaf != 0 => Ok(Next::Leaf(k)),
            Some(k) => Ok(Next::Node(k)),
            None => bail!("TreeEnsemble: {what} index {id} is out of range (there are {limit})"),
        }
    };
    if let Some(&bad) = t.leaf_target.iter().find(|&&k| k < 0 || k as usize >= leaves_targets) {
        bail!("TreeEnsemble: leaf target {bad} is out of range for n_targets {leaves_targets}");
    }
    let mut sets = Vec::new();
    let mut members = t.membership.iter();
    let mut nodes = Vec::with_capacity(n);
    for k in 0..n {
        let feature = usize::try_from(t.feature[k])
            .ok()
            .filter(|&f| f < features)
            .ok_or_else(|| rt_err!("TreeEnsemble: node {k} reads feature {} of X's {features}", t.feature[k]))?;
        let mode = t.mode[k];
        if !(0..=MEMBER).contains(&mode) {
            bail!("TreeEnsemble: node {k} has mode {mode}, not one of 0 (BRANCH_LEQ) to 6 (BRANCH_MEMBER)");
        }
        let set = if mode == MEMBER {
            let set: Vec<f64> = members.by_ref().take_while(|v| !v.is_nan()).copied().collect();
            sets.push(set);
            sets.len() - 1
        } else {
            0
        };
        let missing = t.missing_true.get(k).is_some_and(|&m| m != 0);
        let (yes, no) = (next(t.true_id[k], t.true_leaf[k])?, next(t.false_id[k], t.false_leaf[k])?);
        nodes.push((feature, mode, t.split[k], set, missing, yes, no));
    }
    if sets.len() != t.membership.iter().filter(|v| v.is_nan()).count() {
        bail!(
            "TreeEnsemble: membership_values must hold one NaN-ended set per BRANCH_MEMBER node ({} nodes)",
            sets.len()
        );
    }
    let roots = t
        .roots
        .iter()
        .map(|&r| {
            let k = usize::try_from(r)
                .ok()
                .filter(|&k| k < n)
                .ok_or_else(|| rt_err!("TreeEnsemble: tree root {r} is out of range"))?;
            // A tree that is one leaf: both branches name the same leaf (the reference reads
            // the leaf at the root's own index).
            if t.true_leaf[k] != 0 && t.false_leaf[k] != 0 && t.true_id[k] == t.false_id[k] {
                return next(r, 1);
            }
            Ok(Next::Node(k))
        })
        .collect::<RtResult<_>>()?;
    Ok(Checked { nodes, sets, roots })
}

impl Checked {
    /// The leaf a row reaches from `start`; a cycle among the nodes is an error.
    fn leaf(&self, row: &[f64], start: Next) -> RtResult<usize> {
        let mut at = start;
        for _ in 0..=self.nodes.len() {
            let k = match at {
                Next::Leaf(l) => return Ok(l),
                Next::Node(k) => k,
            };
            let (f, mode, split, set, missing, yes, no) = self.nodes[k];
            let x = row[f];
            let pass = (missing && x.is_nan())
                || match mode {
                    0 => x <= split,
                    1 => x < split,
                    2 => x >= split,
                    3 => x > split,
                    4 => x == split,
                    5 => x != split,
                    _ => self.sets[set].contains(&x),
                };
            at = if pass { yes } else { no };
        }
        bail!("TreeEnsemble: the nodes form a cycle")
    }
}

/// The largest finite value of X's type (min/max aggregation starts there, as the reference).
fn finite_max(d: DType) -> f64 {
    match d {
        DType::F64 => f64::MAX,
        DType::F16 => 65504.0,
        DType::BF16 => 3.389_531_4e38,
        _ => f64::from(f32::MAX),
    }
}

pub fn tree_ensemble(x: &Tensor, t: &Trees<'_>, n_targets: i64, agg: Aggregate, post: i32) -> RtResult<Tensor> {
    let (rows, features) = match x.shape() {
        [r, f] => (*r, *f),
        [f] => (1, *f),
        s => bail!("TreeEnsemble: X must be [N, F], got {}", fmt_shape(s)),
    };
    let targets = usize::try_from(n_targets)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| rt_err!("TreeEnsemble: n_targets {n_targets} must be positive"))?;
    if post != 0 {
        let name =
            ["NONE", "SOFTMAX", "LOGISTIC", "SOFTMAX_ZERO", "PROBIT"].get(post as usize).copied().unwrap_or("unknown");
        bail!("TreeEnsemble: post_transform {post} ({name}) is not supported (only 0, NONE)");
    }
    let c = check(t, features, targets)?;
    let xs = reals::<f64>(x, "TreeEnsemble")?;
    crate::value::checked_numel(&[rows, targets], 8)?;
    let init = match agg {
        Aggregate::Sum | Aggregate::Average => 0.0,
        Aggregate::Min => finite_max(x.dtype()),
        Aggregate::Max => -finite_max(x.dtype()),
    };
    let mut out = vec![init; rows * targets];
    let trees = c.roots.len() as f64;
    for r in 0..rows {
        let row = &xs[r * features..(r + 1) * features];
        let y = &mut out[r * targets..(r + 1) * targets];
        for &root in &c.roots {
            let leaf = c.leaf(row, root)?;
            let (target, w) = (t.leaf_target[leaf] as usize, t.leaf_weight[leaf]);
            y[target] = match agg {
                Aggregate::Sum => y[target] + w,
                Aggregate::Average => y[target] + w / trees,
                Aggregate::Min => y[target].min(w),
                Aggregate::Max => y[target].max(w),
            };
        }
    }
    from_reals(x.dtype(), vec![rows, targets], out)
}

pub(crate) mod c_abi {
    use super::*;
    use crate::abi::support::*;
    use crate::value::Handle;

    unsafe fn ints(h: Handle, what: &str) -> RtResult<Vec<i64>> {
        ten(h)?.to_i64s(&format!("TreeEnsemble {what}"))
    }

    unsafe fn floats(h: Handle, what: &str) -> RtResult<Vec<f64>> {
        Ok(reals::<f64>(ten(h)?, &format!("TreeEnsemble {what}"))?.into_owned())
    }

    /// Every table an INT64 (modes: any integer type) or float tensor; `missing_or_null` and
    /// `membership_or_null` optional; `aggregate` 0 average, 1 sum, 2 min, 3 max.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_tree_ensemble(
        node: i32,
        x: Handle,
        roots: Handle,
        feature: Handle,
        mode: Handle,
        split: Handle,
        true_id: Handle,
        true_leaf: Handle,
        false_id: Handle,
        false_leaf: Handle,
        missing_or_null: Handle,
        membership_or_null: Handle,
        leaf_target: Handle,
        leaf_weight: Handle,
        n_targets: i64,
        aggregate: i32,
        post_transform: i32,
    ) -> Handle {
        run_t(node, || {
            let missing = match opt_ten(missing_or_null)? {
                Some(m) => m.to_i64s("TreeEnsemble nodes_missing_value_tracks_true")?,
                None => vec![],
            };
            let membership = match opt_ten(membership_or_null)? {
                Some(m) => reals::<f64>(m, "TreeEnsemble membership_values")?.into_owned(),
                None => vec![],
            };
            let agg = match aggregate {
                0 => Aggregate::Average,
                1 => Aggregate::Sum,
                2 => Aggregate::Min,
                3 => Aggregate::Max,
                a => bail!("TreeEnsemble: aggregate_function {a} is not one of 0 to 3"),
            };
            let (roots, feature, mode) =
                (ints(roots, "tree_roots")?, ints(feature, "nodes_featureids")?, ints(mode, "nodes_modes")?);
            let (true_id, true_leaf) = (ints(true_id, "nodes_truenodeids")?, ints(true_leaf, "nodes_trueleafs")?);
            let (false_id, false_leaf) = (ints(false_id, "nodes_falsenodeids")?, ints(false_leaf, "nodes_falseleafs")?);
            let (split, leaf_weight) = (floats(split, "nodes_splits")?, floats(leaf_weight, "leaf_weights")?);
            let leaf_target = ints(leaf_target, "leaf_targetids")?;
            let t = Trees {
                roots: &roots,
                feature: &feature,
                mode: &mode,
                split: &split,
                true_id: &true_id,
                true_leaf: &true_leaf,
                false_id: &false_id,
                false_leaf: &false_leaf,
                missing_true: &missing,
                membership: &membership,
                leaf_target: &leaf_target,
                leaf_weight: &leaf_weight,
            };
            tree_ensemble(ten(x)?, &t, n_targets, agg, post_transform)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The node suite's single tree's layout: node 0 `x0 <= 3.0`, nodes 1 and 2 `<= 1.2` / `<= 4.2`.
    fn single<'a>(split: &'a [f64], weights: &'a [f64]) -> Trees<'a> {
        Trees {
            roots: &[0],
            feature: &[0, 0, 0],
            mode: &[0, 0, 0],
            split,
            true_id: &[1, 0, 1],
            true_leaf: &[0, 1, 1],
            false_id: &[2, 2, 3],
            false_leaf: &[0, 1, 1],
            missing_true: &[],
            membership: &[],
            leaf_target: &[0, 1, 0, 1],
            leaf_weight: weights,
        }
    }

    #[test]
    fn single_tree_sums_leaves() {
        let x = Tensor::from_vec(vec![3, 2], vec![1.2f64, 3.4, -0.12, 1.66, 4.14, 1.77]).unwrap();
        let t = single(&[3.0, 1.2, 4.2], &[5.23, 12.12, -12.23, 7.21]);
        let y = tree_ensemble(&x, &t, 2, Aggregate::Sum, 0).unwrap();
        assert_eq!(y.as_slice::<f64>().unwrap(), &[5.23, 0.0, 5.23, 0.0, 0.0, 12.12]);
    }

    #[test]
    fn errors_name_the_op() {
        let x = Tensor::from_vec(vec![1, 2], vec![1f32, 2.]).unwrap();
        let w = [1.0, 2.0, 3.0, 4.0];
        let t = single(&[3.0, 1.2, 4.2], &w);
        for (n, post, what) in [(0, 0, "n_targets"), (1, 0, "leaf target"), (2, 4, "PROBIT")] {
            let e = tree_ensemble(&x, &t, n, Aggregate::Sum, post).unwrap_err();
            assert!(e.0.contains("TreeEnsemble") && e.0.contains(what), "{}", e.0);
        }
        let short = single(&[3.0], &w);
        assert!(tree_ensemble(&x, &short, 2, Aggregate::Sum, 0).unwrap_err().0.contains("one entry per node"));
        let mut cyc = single(&[3.0, 1.2, 4.2], &w);
        cyc.true_leaf = &[0, 0, 1];
        cyc.true_id = &[1, 0, 1];
        let big = Tensor::from_vec(vec![1, 2], vec![0f32, 0.]).unwrap();
        assert!(tree_ensemble(&big, &cyc, 2, Aggregate::Sum, 0).unwrap_err().0.contains("cycle"));
        let mut member = single(&[3.0, 1.2, 4.2], &w);
        member.mode = &[6, 0, 0];
        assert!(tree_ensemble(&x, &member, 2, Aggregate::Sum, 0).unwrap_err().0.contains("membership_values"));
    }
}
