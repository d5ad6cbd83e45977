//! Typed views of ops, after MLIR's ODS accessors: `op_view!` declares a `Copy` wrapper of an
//! `OpId` whose methods name the op's operands, results, regions and successors, so consumers
//! write `ForOp::init_args()` instead of re-deriving `operands(op)[3..]`.
//!
//! A view is only made by `cast`, which checks the op's name and that it has at least the
//! declared fixed operands, results, regions and successors; the accessors therefore index
//! without panicking even on unverified IR. Names and counts are also constants
//! (`ForOp::NAME`, `ForOp::NUM_FIXED_OPERANDS`) for code that builds the op.
//!
//! ```text
//! op_view! {
//!     /// `scf.for`
//!     pub struct ForOp = "scf.for" {
//!         operands: [lower_bound, upper_bound, step], init_args..;
//!         results: [], results..;
//!         regions: [body];
//!     }
//! }
//! ```

/// Declares a typed op view; see the module documentation. Each section names the fixed
/// entities in order and optionally one trailing variadic group (`name..`), returned as a
/// slice. Sections may be omitted; an omitted one declares nothing fixed.
#[macro_export]
macro_rules! op_view {
    (
        $(#[$meta:meta])*
        $vis:vis struct $view:ident = $opname:literal {
            $(operands: [$($operand:ident),* $(,)?] $(, $operands_rest:ident ..)?;)?
            $(results: [$($result:ident),* $(,)?] $(, $results_rest:ident ..)?;)?
            $(regions: [$($region:ident),* $(,)?] $(, $regions_rest:ident ..)?;)?
            $(successors: [$($succ:ident),* $(,)?] $(, $succs_rest:ident ..)?;)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        $vis struct $view(pub $crate::OpId);

        #[allow(dead_code)]
        impl $view {
            pub const NAME: &'static str = $opname;
            pub const NUM_FIXED_OPERANDS: usize = 0 $($(+ $crate::op_view!(@one $operand))*)?;
            pub const NUM_FIXED_RESULTS: usize = 0 $($(+ $crate::op_view!(@one $result))*)?;
            pub const NUM_FIXED_REGIONS: usize = 0 $($(+ $crate::op_view!(@one $region))*)?;
            pub const NUM_FIXED_SUCCESSORS: usize = 0 $($(+ $crate::op_view!(@one $succ))*)?;

            /// The view of `op` when it is this op with at least the fixed entities.
            pub fn cast(ctx: &$crate::Context, op: $crate::OpId) -> Option<Self> {
                let fits = ctx.is_op(op, Self::NAME)
                    && ctx.operands(op).len() >= Self::NUM_FIXED_OPERANDS
                    && ctx.results(op).len() >= Self::NUM_FIXED_RESULTS
                    && ctx.regions(op).len() >= Self::NUM_FIXED_REGIONS
                    && ctx.successors(op).len() >= Self::NUM_FIXED_SUCCESSORS;
                fits.then_some(Self(op))
            }

            pub fn op(self) -> $crate::OpId {
                self.0
            }

            $($crate::op_view!(@fixed operands, $crate::Value, 0usize; $($operand),*);
            $($crate::op_view!(@rest operands, $crate::Value, $operands_rest, Self::NUM_FIXED_OPERANDS);)?)?
            $($crate::op_view!(@fixed results, $crate::Value, 0usize; $($result),*);
            $($crate::op_view!(@rest results, $crate::Value, $results_rest, Self::NUM_FIXED_RESULTS);)?)?
            $($crate::op_view!(@fixed regions, $crate::RegionId, 0usize; $($region),*);
            $($crate::op_view!(@rest regions, $crate::RegionId, $regions_rest, Self::NUM_FIXED_REGIONS);)?)?
            $($crate::op_view!(@fixed successors, $crate::BlockId, 0usize; $($succ),*);
            $($crate::op_view!(@rest successors, $crate::BlockId, $succs_rest, Self::NUM_FIXED_SUCCESSORS);)?)?
        }
    };
    (@one $x:ident) => {
        1usize
    };
    (@fixed $list:ident, $ty:ty, $idx:expr; ) => {};
    (@fixed $list:ident, $ty:ty, $idx:expr; $name:ident $(, $more:ident)*) => {
        pub fn $name(self, ctx: &$crate::Context) -> $ty {
            ctx.$list(self.0)[$idx]
        }
        $crate::op_view!(@fixed $list, $ty, $idx + 1usize; $($more),*);
    };
    (@rest $list:ident, $ty:ty, $name:ident, $from:expr) => {
        pub fn $name(self, ctx: &$crate::Context) -> &[$ty] {
            &ctx.$list(self.0)[$from..]
        }
    };
}
