//! Every integer code compiled code passes to the runtime, as `#[repr(i32)]` enums. Each variant
//! carries its ONNX spelling (the op type or the attribute value), so the lowering maps an
//! attribute to its code with `from_name` and the runtime decodes the code with `from_i32`.

/// What every code enum offers, for code generic over them (the runtime's decoder).
pub trait Code: Sized + Copy + 'static {
    /// What the code selects, for error messages (`unknown <WHAT> code 7`).
    const WHAT: &'static str;
    /// Every variant, in code order.
    const ALL: &'static [Self];
    fn code(self) -> i32;
    /// The ONNX spelling.
    fn name(self) -> &'static str;
    fn from_i32(v: i32) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.code() == v)
    }
    fn from_name(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.name() == s)
    }
}

/// `codes! { /// doc  pub enum Name("what") { Variant = 0 => "onnx spelling", ... } }`
macro_rules! codes {
    ($($(#[$m:meta])* pub enum $name:ident($what:literal) {
        $($(#[$vm:meta])* $v:ident = $c:literal => $s:literal,)*
    })*) => {$(
        $(#[$m])*
        #[repr(i32)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vm])* $v = $c,)*
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$v,)*];

            pub fn from_i32(v: i32) -> Option<$name> {
                <$name as Code>::from_i32(v)
            }

            /// The variant whose ONNX spelling is `s`.
            pub fn from_name(s: &str) -> Option<$name> {
                <$name as Code>::from_name(s)
            }

            /// The ONNX spelling.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$v => $s,)*
                }
            }

            pub fn code(self) -> i32 {
                self as i32
            }
        }

        impl Code for $name {
            const WHAT: &'static str = $what;
            const ALL: &'static [$name] = $name::ALL;
            fn code(self) -> i32 {
                self as i32
            }
            fn name(self) -> &'static str {
                $name::name(self)
            }
        }
    )*};
}

codes! {
    /// The `op` argument of `flowgate_rt_unary`; the name is the ONNX op type.
    pub enum UnaryOp("unary op") {
        Neg = 0 => "Neg",
        Abs = 1 => "Abs",
        Sqrt = 2 => "Sqrt",
        Exp = 3 => "Exp",
        Log = 4 => "Log",
        Tanh = 5 => "Tanh",
        Sigmoid = 6 => "Sigmoid",
        Ceil = 7 => "Ceil",
        Floor = 8 => "Floor",
        Reciprocal = 9 => "Reciprocal",
        Relu = 10 => "Relu",
        Not = 11 => "Not",
        Sin = 12 => "Sin",
        Cos = 13 => "Cos",
        IsNaN = 14 => "IsNaN",
        Round = 15 => "Round",
        Sign = 16 => "Sign",
        Erf = 17 => "Erf",
        Identity = 18 => "Identity",
    }

    /// The `op` argument of `flowgate_rt_binary`; the name is the ONNX op type.
    pub enum BinaryOp("binary op") {
        Add = 0 => "Add",
        Sub = 1 => "Sub",
        Mul = 2 => "Mul",
        Div = 3 => "Div",
        Pow = 4 => "Pow",
        /// ONNX Mod with fmod=0: the result has the sign of the divisor (integers only).
        Mod = 5 => "Mod",
        /// ONNX Mod with fmod=1: C fmod, the result has the sign of the dividend.
        FMod = 6 => "Mod(fmod=1)",
        Max = 7 => "Max",
        Min = 8 => "Min",
        Equal = 9 => "Equal",
        Less = 10 => "Less",
        LessOrEqual = 11 => "LessOrEqual",
        Greater = 12 => "Greater",
        GreaterOrEqual = 13 => "GreaterOrEqual",
        And = 14 => "And",
        Or = 15 => "Or",
        Xor = 16 => "Xor",
    }

    /// The `op` argument of `flowgate_rt_reduce`; the name is the ONNX op type.
    pub enum ReduceOp("reduce op") {
        Sum = 0 => "ReduceSum",
        Mean = 1 => "ReduceMean",
        Max = 2 => "ReduceMax",
        Min = 3 => "ReduceMin",
        Prod = 4 => "ReduceProd",
        SumSquare = 5 => "ReduceSumSquare",
        L1 = 6 => "ReduceL1",
        L2 = 7 => "ReduceL2",
        LogSumExp = 8 => "ReduceLogSumExp",
        LogSum = 9 => "ReduceLogSum",
    }

    /// The `kind` argument of `flowgate_rt_pool`.
    pub enum PoolOp("pool kind") {
        Average = 0 => "AveragePool",
        Max = 1 => "MaxPool",
        /// MaxPool returning the sequence `[Y, Indices]`.
        MaxWithIndices = 2 => "MaxPool with Indices",
    }

    /// ONNX `auto_pad` (`flowgate_rt_conv`, `conv_transpose`, `pool`).
    pub enum AutoPad("auto_pad") {
        NotSet = 0 => "NOTSET",
        SameUpper = 1 => "SAME_UPPER",
        SameLower = 2 => "SAME_LOWER",
        Valid = 3 => "VALID",
    }

    /// `Pad`'s `mode` attribute (`flowgate_rt_pad_mode`).
    pub enum PadMode("Pad mode") {
        /// The constant value (0 without one).
        Constant = 0 => "constant",
        /// The input mirrored about its first and last element (which are not repeated).
        Reflect = 1 => "reflect",
        /// The nearest edge element.
        Edge = 2 => "edge",
        /// The input repeated periodically.
        Wrap = 3 => "wrap",
    }

    /// The `reduction` attribute of ScatterElements and ScatterND.
    pub enum Reduction("scatter reduction") {
        None = 0 => "none",
        Add = 1 => "add",
        Mul = 2 => "mul",
        Max = 3 => "max",
        Min = 4 => "min",
    }

    /// An RNN activation function (the codes in `flowgate_rt_lstm`'s activation triples).
    pub enum ActKind("RNN activation") {
        Sigmoid = 0 => "Sigmoid",
        Tanh = 1 => "Tanh",
        Relu = 2 => "Relu",
        HardSigmoid = 3 => "HardSigmoid",
        LeakyRelu = 4 => "LeakyRelu",
        ThresholdedRelu = 5 => "ThresholdedRelu",
        ScaledTanh = 6 => "ScaledTanh",
        Elu = 7 => "Elu",
        Softsign = 8 => "Softsign",
        Softplus = 9 => "Softplus",
        Affine = 10 => "Affine",
    }

    /// An elementwise activation of up to three float attributes (`flowgate_rt_activation`'s
    /// `a`, `b`, `c`; the lowering's table says which attribute each is).
    pub enum Activation("activation") {
        Elu = 0 => "Elu",
        Selu = 1 => "Selu",
        Celu = 2 => "Celu",
        ThresholdedRelu = 3 => "ThresholdedRelu",
        Softplus = 4 => "Softplus",
        Softsign = 5 => "Softsign",
        Mish = 6 => "Mish",
        Gelu = 7 => "Gelu",
        /// Gelu with `approximate = "tanh"`.
        GeluTanh = 8 => "GeluTanh",
        Swish = 9 => "Swish",
        Shrink = 10 => "Shrink",
    }

    /// The `reduction` attribute of the loss ops (`flowgate_rt_nll_loss`).
    pub enum LossReduction("loss reduction") {
        None = 0 => "none",
        Sum = 1 => "sum",
        Mean = 2 => "mean",
    }

    /// An RNN's `direction` attribute (`flowgate_rt_lstm`).
    pub enum Direction("RNN direction") {
        Forward = 0 => "forward",
        Reverse = 1 => "reverse",
        Bidirectional = 2 => "bidirectional",
    }

    /// Resize's `mode`.
    pub enum ResizeMode("Resize mode") {
        Nearest = 0 => "nearest",
        Linear = 1 => "linear",
        Cubic = 2 => "cubic",
    }

    /// Resize's `coordinate_transformation_mode`.
    pub enum CoordMode("Resize coordinate_transformation_mode") {
        HalfPixel = 0 => "half_pixel",
        HalfPixelSymmetric = 1 => "half_pixel_symmetric",
        PytorchHalfPixel = 2 => "pytorch_half_pixel",
        AlignCorners = 3 => "align_corners",
        Asymmetric = 4 => "asymmetric",
        TfCropAndResize = 5 => "tf_crop_and_resize",
    }

    /// Resize's `nearest_mode`.
    pub enum NearestMode("Resize nearest_mode") {
        RoundPreferFloor = 0 => "round_prefer_floor",
        RoundPreferCeil = 1 => "round_prefer_ceil",
        Floor = 2 => "floor",
        Ceil = 3 => "ceil",
    }

    /// Resize's `keep_aspect_ratio_policy`.
    pub enum AspectPolicy("Resize keep_aspect_ratio_policy") {
        Stretch = 0 => "stretch",
        NotLarger = 1 => "not_larger",
        NotSmaller = 2 => "not_smaller",
    }

    /// GridSample's `mode` (opset 20 spelling; opset 16's bilinear/bicubic map to linear/cubic).
    pub enum GridMode("GridSample mode") {
        Linear = 0 => "linear",
        Nearest = 1 => "nearest",
        Cubic = 2 => "cubic",
    }

    /// GridSample's `padding_mode`.
    pub enum GridPadding("GridSample padding_mode") {
        Zeros = 0 => "zeros",
        Border = 1 => "border",
        Reflection = 2 => "reflection",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<T: Code + PartialEq + std::fmt::Debug>() {
        for (i, &c) in T::ALL.iter().enumerate() {
            // Codes are dense from 0, so a table indexed by code stays valid.
            assert_eq!(c.code(), i as i32, "{} codes are not dense", T::WHAT);
            assert_eq!(T::from_i32(c.code()), Some(c));
            assert_eq!(T::from_name(c.name()), Some(c), "{} spelling {} is not unique", T::WHAT, c.name());
        }
        assert_eq!(T::from_i32(T::ALL.len() as i32), None);
        assert_eq!(T::from_i32(-1), None);
    }

    #[test]
    fn every_code_round_trips() {
        check::<UnaryOp>();
        check::<BinaryOp>();
        check::<ReduceOp>();
        check::<PoolOp>();
        check::<AutoPad>();
        check::<PadMode>();
        check::<Reduction>();
        check::<ActKind>();
        check::<Direction>();
        check::<ResizeMode>();
        check::<CoordMode>();
        check::<NearestMode>();
        check::<AspectPolicy>();
        check::<GridMode>();
        check::<GridPadding>();
    }

    #[test]
    fn codes_are_the_documented_numbers() {
        assert_eq!(UnaryOp::Identity as i32, 18);
        assert_eq!(BinaryOp::Xor as i32, 16);
        assert_eq!(AutoPad::Valid as i32, 3);
        assert_eq!(CoordMode::from_name("tf_crop_and_resize"), Some(CoordMode::TfCropAndResize));
        assert_eq!(BinaryOp::from_name("Mod"), Some(BinaryOp::Mod));
    }
}
