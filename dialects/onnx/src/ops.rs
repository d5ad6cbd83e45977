//! The compute operators, table-driven: name and operand/result counts. Optional trailing
//! inputs make the operand count a lower bound.

use flowgate_ir::{Context, Count, OpDef, Traits};

const fn ex(n: usize) -> Count {
    Count::Exactly(n)
}

const fn at_least(n: usize) -> Count {
    Count::AtLeast(n)
}

/// (name, operands, results)
const OPS: &[(&str, Count, Count)] = &[
    // Elementwise binary, with multidirectional broadcasting.
    ("onnx.Add", ex(2), ex(1)),
    ("onnx.Sub", ex(2), ex(1)),
    ("onnx.Mul", ex(2), ex(1)),
    ("onnx.Div", ex(2), ex(1)),
    ("onnx.Pow", ex(2), ex(1)),
    ("onnx.Mod", ex(2), ex(1)),
    ("onnx.And", ex(2), ex(1)),
    ("onnx.Or", ex(2), ex(1)),
    ("onnx.Xor", ex(2), ex(1)),
    ("onnx.Equal", ex(2), ex(1)),
    ("onnx.Greater", ex(2), ex(1)),
    ("onnx.Less", ex(2), ex(1)),
    ("onnx.LessOrEqual", ex(2), ex(1)),
    ("onnx.GreaterOrEqual", ex(2), ex(1)),
    ("onnx.Where", ex(3), ex(1)),
    ("onnx.Max", at_least(1), ex(1)),
    ("onnx.Min", at_least(1), ex(1)),
    ("onnx.Sum", at_least(1), ex(1)),
    ("onnx.BitShift", ex(2), ex(1)),
    ("onnx.BitwiseAnd", ex(2), ex(1)),
    ("onnx.BitwiseOr", ex(2), ex(1)),
    ("onnx.BitwiseXor", ex(2), ex(1)),
    // Elementwise unary.
    ("onnx.Neg", ex(1), ex(1)),
    ("onnx.Abs", ex(1), ex(1)),
    ("onnx.Ceil", ex(1), ex(1)),
    ("onnx.Floor", ex(1), ex(1)),
    ("onnx.Exp", ex(1), ex(1)),
    ("onnx.Log", ex(1), ex(1)),
    ("onnx.Sqrt", ex(1), ex(1)),
    ("onnx.Reciprocal", ex(1), ex(1)),
    ("onnx.Relu", ex(1), ex(1)),
    ("onnx.Tanh", ex(1), ex(1)),
    ("onnx.Sigmoid", ex(1), ex(1)),
    ("onnx.Not", ex(1), ex(1)),
    ("onnx.Sin", ex(1), ex(1)),
    ("onnx.Cos", ex(1), ex(1)),
    ("onnx.IsNaN", ex(1), ex(1)),
    ("onnx.Round", ex(1), ex(1)),
    ("onnx.Sign", ex(1), ex(1)),
    ("onnx.Erf", ex(1), ex(1)),
    ("onnx.IsInf", ex(1), ex(1)),
    ("onnx.BitwiseNot", ex(1), ex(1)),
    ("onnx.Tan", ex(1), ex(1)),
    ("onnx.Asin", ex(1), ex(1)),
    ("onnx.Acos", ex(1), ex(1)),
    ("onnx.Atan", ex(1), ex(1)),
    ("onnx.Sinh", ex(1), ex(1)),
    ("onnx.Cosh", ex(1), ex(1)),
    ("onnx.Asinh", ex(1), ex(1)),
    ("onnx.Acosh", ex(1), ex(1)),
    ("onnx.Atanh", ex(1), ex(1)),
    ("onnx.HardSigmoid", ex(1), ex(1)),
    ("onnx.HardSwish", ex(1), ex(1)),
    ("onnx.LeakyRelu", ex(1), ex(1)),
    // min and max are optional inputs.
    ("onnx.Clip", at_least(1), ex(1)),
    ("onnx.Identity", ex(1), ex(1)),
    ("onnx.Cast", ex(1), ex(1)),
    ("onnx.CastLike", ex(2), ex(1)),
    // Shapes and data movement.
    ("onnx.Shape", ex(1), ex(1)),
    ("onnx.Size", ex(1), ex(1)),
    ("onnx.Reshape", ex(2), ex(1)),
    ("onnx.Expand", ex(2), ex(1)),
    ("onnx.Flatten", ex(1), ex(1)),
    ("onnx.Transpose", ex(1), ex(1)),
    ("onnx.Squeeze", at_least(1), ex(1)),
    ("onnx.Unsqueeze", at_least(1), ex(1)),
    ("onnx.Concat", at_least(1), ex(1)),
    ("onnx.Split", at_least(1), at_least(1)),
    ("onnx.Slice", at_least(3), ex(1)),
    ("onnx.Gather", ex(2), ex(1)),
    ("onnx.GatherElements", ex(2), ex(1)),
    ("onnx.Tile", ex(2), ex(1)),
    ("onnx.Pad", at_least(2), ex(1)),
    ("onnx.Range", ex(3), ex(1)),
    ("onnx.TopK", ex(2), ex(2)),
    ("onnx.NonZero", ex(1), ex(1)),
    ("onnx.Unique", ex(1), at_least(1)),
    ("onnx.Compress", ex(2), ex(1)),
    ("onnx.ScatterElements", ex(3), ex(1)),
    ("onnx.ScatterND", ex(3), ex(1)),
    ("onnx.TensorScatter", at_least(2), ex(1)),
    ("onnx.GatherND", ex(2), ex(1)),
    ("onnx.ReverseSequence", ex(2), ex(1)),
    ("onnx.Constant", ex(0), ex(1)),
    ("onnx.ConstantOfShape", ex(1), ex(1)),
    // Reductions and friends.
    ("onnx.ReduceSum", at_least(1), ex(1)),
    ("onnx.ReduceMean", at_least(1), ex(1)),
    ("onnx.ReduceMax", at_least(1), ex(1)),
    ("onnx.ReduceMin", at_least(1), ex(1)),
    ("onnx.ReduceProd", at_least(1), ex(1)),
    ("onnx.ReduceSumSquare", at_least(1), ex(1)),
    ("onnx.ReduceL1", at_least(1), ex(1)),
    ("onnx.ReduceL2", at_least(1), ex(1)),
    ("onnx.ReduceLogSumExp", at_least(1), ex(1)),
    ("onnx.ArgMax", ex(1), ex(1)),
    ("onnx.ArgMin", ex(1), ex(1)),
    ("onnx.CumSum", ex(2), ex(1)),
    ("onnx.Softmax", ex(1), ex(1)),
    ("onnx.LogSoftmax", ex(1), ex(1)),
    ("onnx.MatMul", ex(2), ex(1)),
    ("onnx.Det", ex(1), ex(1)),
    ("onnx.ImageDecoder", ex(1), ex(1)),
    ("onnx.Gemm", at_least(2), ex(1)),
    // Neural-network layers (optional trailing inputs and outputs).
    ("onnx.Conv", at_least(2), ex(1)),
    ("onnx.ConvTranspose", at_least(2), ex(1)),
    ("onnx.MaxPool", ex(1), at_least(1)),
    ("onnx.AveragePool", ex(1), ex(1)),
    ("onnx.GlobalAveragePool", ex(1), ex(1)),
    ("onnx.GlobalMaxPool", ex(1), ex(1)),
    ("onnx.InstanceNormalization", ex(3), ex(1)),
    ("onnx.LRN", ex(1), ex(1)),
    ("onnx.MaxUnpool", at_least(2), ex(1)),
    ("onnx.Col2Im", ex(3), ex(1)),
    ("onnx.DeformConv", at_least(3), ex(1)),
    ("onnx.LSTM", at_least(3), at_least(1)),
    // Quantization (zero points and QLinearConv's bias are optional).
    ("onnx.QuantizeLinear", at_least(2), ex(1)),
    ("onnx.DequantizeLinear", at_least(2), ex(1)),
    ("onnx.DynamicQuantizeLinear", ex(1), ex(3)),
    ("onnx.MatMulInteger", at_least(2), ex(1)),
    ("onnx.QLinearMatMul", ex(8), ex(1)),
    ("onnx.ConvInteger", at_least(2), ex(1)),
    ("onnx.QLinearConv", at_least(8), ex(1)),
    // Detection and signal processing.
    ("onnx.NonMaxSuppression", at_least(2), ex(1)),
    ("onnx.RoiAlign", ex(3), ex(1)),
    ("onnx.DFT", at_least(1), ex(1)),
    ("onnx.STFT", at_least(2), ex(1)),
    ("onnx.Resize", at_least(1), ex(1)),
    ("onnx.Upsample", at_least(1), ex(1)),
    ("onnx.GridSample", ex(2), ex(1)),
    // Sequences and optionals.
    ("onnx.SequenceEmpty", ex(0), ex(1)),
    ("onnx.SequenceConstruct", at_least(1), ex(1)),
    ("onnx.SequenceInsert", at_least(2), ex(1)),
    ("onnx.SequenceAt", ex(2), ex(1)),
    ("onnx.SequenceLength", ex(1), ex(1)),
    ("onnx.SequenceErase", at_least(1), ex(1)),
    ("onnx.ConcatFromSequence", ex(1), ex(1)),
    ("onnx.SplitToSequence", at_least(1), ex(1)),
    ("onnx.Optional", Count::Any, ex(1)),
    ("onnx.OptionalGetElement", ex(1), ex(1)),
    ("onnx.OptionalHasElement", Count::Any, ex(1)),
    // An omitted optional input.
    ("onnx.NoValue", ex(0), ex(1)),
    // Strings.
    ("onnx.StringConcat", ex(2), ex(1)),
    ("onnx.RegexFullMatch", ex(1), ex(1)),
    ("onnx.StringSplit", ex(1), ex(2)),
    ("onnx.TfIdfVectorizer", ex(1), ex(1)),
    ("onnx.StringNormalizer", ex(1), ex(1)),
    ("onnx.LabelEncoder", ex(1), ex(1)),
    // Other ops of the ml domain.
    ("onnx.Binarizer", ex(1), ex(1)),
    ("onnx.TreeEnsemble", ex(1), ex(1)),
    // Grids and filters.
    ("onnx.AffineGrid", ex(2), ex(1)),
    ("onnx.MelWeightMatrix", ex(5), ex(1)),
    // Normalisations.
    ("onnx.MeanVarianceNormalization", ex(1), ex(1)),
    // Optimizers of ai.onnx.preview.training: R, T, then n of each of X, G and the states.
    ("onnx.Adagrad", at_least(5), at_least(2)),
    ("onnx.Adam", at_least(6), at_least(3)),
    ("onnx.Momentum", at_least(5), at_least(2)),
];

pub fn register(ctx: &mut Context) {
    for &(name, operands, results) in OPS {
        ctx.register_op(OpDef {
            traits: Traits::PURE,
            operands,
            results,
            regions: Count::Exactly(0),
            successors: Count::Exactly(0),
            ..OpDef::new(name)
        });
    }
}
