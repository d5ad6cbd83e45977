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

/// `codes! { /// doc  pub enum Name("what") { Variant => "onnx spelling", Other, ... } }`:
/// codes are dense from 0 in the order written (a table indexed by code stays valid), and a
/// variant without a spelling is spelled as it is named.
macro_rules! codes {
    ($($(#[$m:meta])* pub enum $name:ident($what:literal) {
        $($(#[$vm:meta])* $v:ident $(=> $s:literal)?,)*
    })*) => {$(
        $(#[$m])*
        #[repr(i32)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vm])* $v,)*
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
                    $($name::$v => codes!(@spelling $v $($s)?),)*
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
    )*

        /// Runs `check` on every code enum, so a test cannot leave one out.
        #[cfg(test)]
        fn for_each_code_enum(check: &mut dyn FnMut(&'static str, Vec<(i32, &'static str)>)) {
            $(check($what, $name::ALL.iter().map(|c| (c.code(), c.name())).collect());)*
        }
    };
    (@spelling $v:ident) => {
        stringify!($v)
    };
    (@spelling $v:ident $s:literal) => {
        $s
    };
}

codes! {
    /// The `op` argument of `flowgate_rt_unary`; the name is the ONNX op type.
    pub enum UnaryOp("unary op") {
        Neg,
        Abs,
        Sqrt,
        Exp,
        Log,
        Tanh,
        Sigmoid,
        Ceil,
        Floor,
        Reciprocal,
        Relu,
        Not,
        Sin,
        Cos,
        IsNaN,
        Round,
        Sign,
        Erf,
        Identity,
        /// IsInf with both detect flags; the next two detect one sign only.
        IsInf,
        IsPosInf => "IsInf(detect_negative=0)",
        IsNegInf => "IsInf(detect_positive=0)",
    }

    /// The `op` argument of `flowgate_rt_binary`; the name is the ONNX op type.
    pub enum BinaryOp("binary op") {
        Add,
        Sub,
        Mul,
        Div,
        Pow,
        /// ONNX Mod with fmod=0: the result has the sign of the divisor (integers only).
        Mod,
        /// ONNX Mod with fmod=1: C fmod, the result has the sign of the dividend.
        FMod => "Mod(fmod=1)",
        Max,
        Min,
        Equal,
        Less,
        LessOrEqual,
        Greater,
        GreaterOrEqual,
        And,
        Or,
        Xor,
        /// `a` where it is at least 0, `a * b` (the slope) below 0.
        PRelu,
    }

    /// The `op` argument of `flowgate_rt_reduce`; the name is the ONNX op type.
    pub enum ReduceOp("reduce op") {
        Sum => "ReduceSum",
        Mean => "ReduceMean",
        Max => "ReduceMax",
        Min => "ReduceMin",
        Prod => "ReduceProd",
        SumSquare => "ReduceSumSquare",
        L1 => "ReduceL1",
        L2 => "ReduceL2",
        LogSumExp => "ReduceLogSumExp",
        LogSum => "ReduceLogSum",
    }

    /// The `kind` argument of `flowgate_rt_pool`.
    pub enum PoolOp("pool kind") {
        Average => "AveragePool",
        Max => "MaxPool",
        /// MaxPool returning the sequence `[Y, Indices]`.
        MaxWithIndices => "MaxPool with Indices",
        /// LpPool: the p-norm of each window (`p` argument).
        Lp => "LpPool",
    }

    /// ONNX `auto_pad` (`flowgate_rt_conv`, `conv_transpose`, `pool`).
    pub enum AutoPad("auto_pad") {
        NotSet => "NOTSET",
        SameUpper => "SAME_UPPER",
        SameLower => "SAME_LOWER",
        Valid => "VALID",
    }

    /// `LinearAttention`'s `update_rule` attribute (`flowgate_rt_linear_attention`).
    pub enum UpdateRule("LinearAttention update_rule") {
        /// `S = S + k v^T`.
        Linear => "linear",
        /// `S = exp(g) S + k v^T`.
        Gated => "gated",
        /// `S = S + beta k (v - S^T k)^T`.
        Delta => "delta",
        /// `S = exp(g) S + beta k (v - exp(g) S^T k)^T`.
        GatedDelta => "gated_delta",
    }

    /// `CausalConvWithState`'s `activation` attribute (`flowgate_rt_causal_conv`).
    pub enum CausalActivation("CausalConvWithState activation") {
        None => "none",
        /// `x * sigmoid(x)`.
        Silu => "silu",
        /// The same as `silu`.
        Swish => "swish",
    }

    /// `Pad`'s `mode` attribute (`flowgate_rt_pad_mode`).
    pub enum PadMode("Pad mode") {
        /// The constant value (0 without one).
        Constant => "constant",
        /// The input mirrored about its first and last element (which are not repeated).
        Reflect => "reflect",
        /// The nearest edge element.
        Edge => "edge",
        /// The input repeated periodically.
        Wrap => "wrap",
    }

    /// The `reduction` attribute of ScatterElements and ScatterND.
    pub enum Reduction("scatter reduction") {
        None => "none",
        Add => "add",
        Mul => "mul",
        Max => "max",
        Min => "min",
    }

    /// An RNN activation function (the codes in `flowgate_rt_lstm`'s activation triples).
    pub enum ActKind("RNN activation") {
        Sigmoid,
        Tanh,
        Relu,
        HardSigmoid,
        LeakyRelu,
        ThresholdedRelu,
        ScaledTanh,
        Elu,
        Softsign,
        Softplus,
        Affine,
    }

    /// An elementwise activation of up to three float attributes (`flowgate_rt_activation`'s
    /// `a`, `b`, `c`; the lowering's table says which attribute each is).
    pub enum Activation("activation") {
        Elu,
        Selu,
        Celu,
        ThresholdedRelu,
        Softplus,
        Softsign,
        Mish,
        Gelu,
        /// Gelu with `approximate = "tanh"`.
        GeluTanh,
        Swish,
        Shrink,
        /// `x / a`: Mean's last step, after the inputs' Sum.
        Mean,
        /// `ai.onnx.ml.Binarizer`: 1 where `x > a` (the threshold), else 0; any numeric type.
        Binarizer,
    }

    /// The `reduction` attribute of the loss ops (`flowgate_rt_nll_loss`).
    pub enum LossReduction("loss reduction") {
        None => "none",
        Sum => "sum",
        Mean => "mean",
    }

    /// An RNN's `direction` attribute (`flowgate_rt_lstm`).
    pub enum Direction("RNN direction") {
        Forward => "forward",
        Reverse => "reverse",
        Bidirectional => "bidirectional",
    }

    /// Resize's `mode`.
    pub enum ResizeMode("Resize mode") {
        Nearest => "nearest",
        Linear => "linear",
        Cubic => "cubic",
    }

    /// Resize's `coordinate_transformation_mode`.
    pub enum CoordMode("Resize coordinate_transformation_mode") {
        HalfPixel => "half_pixel",
        HalfPixelSymmetric => "half_pixel_symmetric",
        PytorchHalfPixel => "pytorch_half_pixel",
        AlignCorners => "align_corners",
        Asymmetric => "asymmetric",
        TfCropAndResize => "tf_crop_and_resize",
    }

    /// Resize's `nearest_mode`.
    pub enum NearestMode("Resize nearest_mode") {
        RoundPreferFloor => "round_prefer_floor",
        RoundPreferCeil => "round_prefer_ceil",
        Floor => "floor",
        Ceil => "ceil",
    }

    /// Resize's `keep_aspect_ratio_policy`.
    pub enum AspectPolicy("Resize keep_aspect_ratio_policy") {
        Stretch => "stretch",
        NotLarger => "not_larger",
        NotSmaller => "not_smaller",
    }

    /// GridSample's `mode` (opset 20 spelling; opset 16's bilinear/bicubic map to linear/cubic).
    pub enum GridMode("GridSample mode") {
        Linear => "linear",
        Nearest => "nearest",
        Cubic => "cubic",
    }

    /// GridSample's `padding_mode`.
    pub enum GridPadding("GridSample padding_mode") {
        Zeros => "zeros",
        Border => "border",
        Reflection => "reflection",
    }

    /// StringNormalizer's `case_change_action`.
    pub enum CaseChange("StringNormalizer case_change_action") {
        None => "NONE",
        Lower => "LOWER",
        Upper => "UPPER",
    }

    /// TfIdfVectorizer's `mode`: counts, their indicator, or counts times weights.
    pub enum TfIdfMode("TfIdfVectorizer mode") {
        Tf => "TF",
        Idf => "IDF",
        TfIdf => "TFIDF",
    }

    /// TensorScatter's `mode`: write positions past the end are an error or wrap around.
    pub enum CacheWrite("TensorScatter mode") {
        Linear => "linear",
        Circular => "circular",
    }

    /// ImageDecoder's `pixel_format`: three channels in either order, or one luma channel.
    pub enum PixelFormat("ImageDecoder pixel_format") {
        Rgb => "RGB",
        Bgr => "BGR",
        Grayscale => "Grayscale",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<T: Code + PartialEq + std::fmt::Debug>() {
        for &c in T::ALL {
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
        check::<Activation>();
        check::<LossReduction>();
        check::<GridPadding>();
        check::<CaseChange>();
        check::<TfIdfMode>();
        check::<CacheWrite>();
        check::<PixelFormat>();
    }

    #[test]
    fn every_enum_is_dense_with_unique_spellings() {
        let mut seen = Vec::new();
        for_each_code_enum(&mut |what, table| {
            assert!(!table.is_empty(), "{what} has no codes");
            for (i, &(code, name)) in table.iter().enumerate() {
                // Codes are dense from 0, so a table indexed by code stays valid.
                assert_eq!(code, i as i32, "{what} codes are not dense");
                assert_eq!(table.iter().filter(|e| e.1 == name).count(), 1, "{what} spelling {name} is not unique");
            }
            seen.push(what);
        });
        assert_eq!(seen.len(), 23, "a code enum is missing from the macro's list: {seen:?}");
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
