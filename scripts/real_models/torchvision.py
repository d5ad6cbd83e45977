"""torchvision models through torch's TorchScript exporter (`torch.onnx.export(...,
dynamo=False)`): detection models whose post-processing (NMS, RoiAlign, paste of masks and
keypoints) sits in `Loop`s and `If`s, and RAFT, scripted so that its 24 loops (the flow updates
among them) stay `Loop`s with the number of updates as an input.

Pretrained weights live on download.pytorch.org, which is unreachable: every model gets seeded
random weights (drawn so that activations neither vanish nor explode and the detection heads
still disagree between proposals, so some boxes survive NMS with distinct scores). Inputs are
scikit-learn's bundled sample photographs (china.jpg, flower.jpg), resized."""

import io
import warnings

import numpy as np
import onnx

from .common import RealCase

SEED = 1234


def _torch():
    """torch is imported on first use (the driver imports every source module); it also
    becomes a global of this module, which functions compiled by torch.jit.script look up."""
    import torch
    import torchvision

    globals()["torch"] = torch
    return torch, torchvision


def _versions():
    torch, torchvision = _torch()
    return f"torch {torch.__version__.split('+')[0]}, torchvision {torchvision.__version__.split('+')[0]}"


def _photo(index, width, height):
    """One of scikit-learn's sample photographs (0 china, 1 flower) as float32 CHW in [0, 1]."""
    from PIL import Image
    from sklearn.datasets import load_sample_images

    img = Image.fromarray(load_sample_images().images[index]).resize((width, height), Image.BILINEAR)
    return np.ascontiguousarray(np.asarray(img, dtype=np.float32).transpose(2, 0, 1) / 255.0)


def _seeded_weights(model):
    """Seeded random weights: He-normal convolutions and linears with small random biases,
    batch-norm statistics near the identity."""
    torch, _ = _torch()
    gen = torch.Generator().manual_seed(SEED)
    with torch.no_grad():
        for mod in model.modules():
            if isinstance(mod, (torch.nn.Conv2d, torch.nn.ConvTranspose2d, torch.nn.Linear)):
                w = mod.weight
                fan_in = w.shape[0] * w[0, 0].numel() if isinstance(mod, torch.nn.ConvTranspose2d) else w[0].numel()
                w.copy_(torch.randn(w.shape, generator=gen) * (2.0 / fan_in) ** 0.5)
                if mod.bias is not None:
                    mod.bias.copy_(torch.randn(mod.bias.shape, generator=gen) * 0.1)
            elif isinstance(mod, torch.nn.BatchNorm2d):
                n = mod.num_features
                mod.running_mean.copy_(torch.randn(n, generator=gen) * 0.1)
                mod.running_var.copy_(1.0 + torch.rand(n, generator=gen))
                mod.weight.copy_(1.0 + torch.randn(n, generator=gen) * 0.1)
                mod.bias.copy_(torch.randn(n, generator=gen) * 0.1)
    return model.eval()


# Output spread of the detection heads after calibration: logits that differ per proposal
# (so scores do not tie) and box deltas small enough that boxes stay inside the image.
HEAD_STD = {
    "rpn.head.cls_logits": 2.0, "rpn.head.bbox_pred": 0.3,
    "roi_heads.box_predictor.cls_score": 0.7, "roi_heads.box_predictor.bbox_pred": 1.0,
    "roi_heads.mask_predictor.mask_fcn_logits": 2.0,
    "roi_heads.keypoint_predictor.kps_score_lowres": 2.0,
}


def _calibrated(model, images):
    """Random weights with sensible activations, as LSUV initialisation does: one forward pass
    on the real images (one batch), where each convolution or linear layer, the first time it runs, has its
    weights and bias scaled so that its output has standard deviation 1 (the heads: HEAD_STD).
    Without this, He-normal weights grow the features through the backbone to ~100, the RPN
    deltas explode and every proposal becomes the whole image."""
    torch, _ = _torch()
    model = _seeded_weights(model)
    done = set()
    hooks = []

    def hook(name):
        def rescale(mod, _inputs, out):
            if name in done:
                return None
            done.add(name)
            std = float(out.std()) if out.numel() > 1 else 0.0
            if not np.isfinite(std) or std == 0.0:
                return None
            k = HEAD_STD.get(name, 1.0) / std
            mod.weight.mul_(k)
            if mod.bias is not None:
                mod.bias.mul_(k)
            return out * k
        return rescale

    for name, mod in model.named_modules():
        if isinstance(mod, (torch.nn.Conv2d, torch.nn.ConvTranspose2d, torch.nn.Linear)):
            hooks.append(mod.register_forward_hook(hook(name)))
    with torch.no_grad():
        model([torch.from_numpy(img) for img in images])
    for h in hooks:
        h.remove()
    return model


def _export(model, args, input_names, output_names, dynamic_axes=None):
    torch, _ = _torch()
    buf = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            model, args, buf, dynamo=False, input_names=input_names, output_names=output_names,
            dynamic_axes=dynamic_axes,
        )
    return onnx.load_from_string(buf.getvalue())


def _op_types(graph, acc=None):
    acc = set() if acc is None else acc
    for n in graph.node:
        acc.add(n.op_type)
        for a in n.attribute:
            if a.type == onnx.AttributeProto.GRAPH:
                _op_types(a.g, acc)
            for g in a.graphs:
                _op_types(g, acc)
    return acc


def _require_ops(model, name, ops):
    found = _op_types(model.graph)
    missing = [o for o in ops if o not in found]
    if missing:
        raise RuntimeError(f"{name}: the export has no {', '.join(missing)}")


# ---------------------------------------------------------------------------------------------
# Detection: Mask R-CNN, Keypoint R-CNN and Faster R-CNN on a MobileNetV3-Large FPN backbone.

# Small images keep the run time reasonable; the model's transform resizes to min/max size.
DET_MIN, DET_MAX = 160, 224
# The photographs, resized (width, height): two aspect ratios so the resize differs per set.
DET_IMAGES = [(0, 224, 160), (1, 192, 160)]
# The committed (tiny) variants: half the image size and 5 detections, so that their data sets
# (masks are image-sized per detection) stay small.
TINY_MIN, TINY_MAX = 80, 112
TINY_IMAGES = [(0, 112, 80), (1, 104, 80)]


def _mnv3_backbone():
    from torchvision.models.detection.backbone_utils import mobilenet_backbone

    return mobilenet_backbone(backbone_name="mobilenet_v3_large", weights=None, fpn=True, trainable_layers=6)


def _tiny_backbone(channels=32):
    """mobilenet_backbone's construction (an FPN on the last two stages plus a max-pool level)
    on MobileNetV3-Small at half width with a 32-channel FPN: the same graph structure as the
    large models in about 2 MB."""
    from torchvision.models import mobilenet_v3_small
    from torchvision.models.detection.backbone_utils import BackboneWithFPN
    from torchvision.ops.feature_pyramid_network import LastLevelMaxPool

    f = mobilenet_v3_small(weights=None, width_mult=0.5).features
    stages = [0] + [i for i, b in enumerate(f) if getattr(b, "_is_cn", False)] + [len(f) - 1]
    returned = [len(stages) - 2, len(stages) - 1]
    return BackboneWithFPN(
        f, {f"{stages[k]}": str(v) for v, k in enumerate(returned)},
        [f[stages[i]].out_channels for i in returned], channels, extra_blocks=LastLevelMaxPool(),
    )


def _tiny_box_heads(num_classes, channels=32):
    from torchvision.models.detection.faster_rcnn import FastRCNNPredictor, TwoMLPHead

    return dict(box_head=TwoMLPHead(channels * 7 * 7, 128), box_predictor=FastRCNNPredictor(128, num_classes))


def _det_kwargs(tiny=False):
    """What torchvision's fasterrcnn_mobilenet_v3_large_fpn sets (anchors for its three
    feature maps), with fewer proposals than the defaults so post-processing stays small."""
    from torchvision.models.detection.anchor_utils import AnchorGenerator

    sizes = ((32, 64, 128, 256, 512),) * 3
    return dict(
        min_size=TINY_MIN if tiny else DET_MIN, max_size=TINY_MAX if tiny else DET_MAX,
        rpn_anchor_generator=AnchorGenerator(sizes, ((0.5, 1.0, 2.0),) * len(sizes)),
        rpn_pre_nms_top_n_test=150, rpn_post_nms_top_n_test=50,
        box_score_thresh=0.05, box_detections_per_img=5 if tiny else 20,
    )


def _roi_pool(size):
    from torchvision.ops import MultiScaleRoIAlign

    return MultiScaleRoIAlign(["0", "1"], size, 2)


def _detection_case(name, model, outputs, extra_ops, summary, tiny=False):
    torch, _ = _torch()
    images = [_photo(i, w, h) for i, w, h in (TINY_IMAGES if tiny else DET_IMAGES)]
    model = _calibrated(model, images)
    for img in images:
        with torch.no_grad():
            det = model([torch.from_numpy(img)])[0]
        kept = det["boxes"].shape[0]
        if kept == 0:
            raise RuntimeError(f"{name}: no detection survives NMS and the score threshold")
        if len(set(det["scores"].tolist())) < kept:
            raise RuntimeError(f"{name}: detection scores tie; the ordering would be arbitrary")
    model_proto = _export(
        model, ([torch.from_numpy(images[0])],), ["image"], outputs,
        dynamic_axes={"image": {1: "height", 2: "width"}},
    )
    _require_ops(model_proto, name, ["If", "NonMaxSuppression", "RoiAlign"] + extra_ops)
    return RealCase(
        name=name, model=model_proto, datasets=[[img] for img in images],
        reason="default tolerance (DESIGN.md §8): boxes, scores and masks match within it, labels exactly",
        source=(
            f"{_versions()}: {summary} on "
            + (
                "a MobileNetV3-Small (width 0.5) backbone with a 32-channel FPN built as "
                "mobilenet_backbone builds its FPN, and small box/mask/keypoint heads"
                if tiny
                else "a MobileNetV3-Large FPN backbone "
                "(torchvision.models.detection.backbone_utils.mobilenet_backbone)"
            )
            + f", min_size {TINY_MIN if tiny else DET_MIN}, max_size {TINY_MAX if tiny else DET_MAX}, "
            "exported by torch.onnx.export(dynamo=False) with dynamic height and "
            "width. Weights: seeded random (pretrained ones are not downloadable here), "
            f"seed {SEED}. Inputs: scikit-learn's sample images china.jpg and flower.jpg, "
            "resized, as float32 CHW in [0, 1]."
        ),
    )


def build_maskrcnn():
    from torchvision.models.detection import MaskRCNN

    model = MaskRCNN(
        _mnv3_backbone(), num_classes=3, box_roi_pool=_roi_pool(7), mask_roi_pool=_roi_pool(14),
        **_det_kwargs(),
    )
    return _detection_case(
        "tv_maskrcnn_mnv3", model, ["boxes", "labels", "scores", "masks"],
        ["Loop", "ConvTranspose", "Resize"], "torchvision.models.detection.MaskRCNN (3 classes)",
    )


def build_keypointrcnn():
    from torchvision.models.detection import KeypointRCNN

    model = KeypointRCNN(
        _mnv3_backbone(), num_classes=2, num_keypoints=17, box_roi_pool=_roi_pool(7),
        keypoint_roi_pool=_roi_pool(14), **_det_kwargs(),
    )
    return _detection_case(
        "tv_keypointrcnn_mnv3", model, ["boxes", "labels", "scores", "keypoints", "keypoints_scores"],
        ["Loop", "ConvTranspose"], "torchvision.models.detection.KeypointRCNN (2 classes, 17 keypoints)",
    )


def build_maskrcnn_tiny():
    from torchvision.models.detection import MaskRCNN
    from torchvision.models.detection.mask_rcnn import MaskRCNNHeads, MaskRCNNPredictor

    model = MaskRCNN(
        _tiny_backbone(), num_classes=None, box_roi_pool=_roi_pool(7), mask_roi_pool=_roi_pool(14),
        mask_head=MaskRCNNHeads(32, (32, 32), 1), mask_predictor=MaskRCNNPredictor(32, 32, 3),
        **_tiny_box_heads(3), **_det_kwargs(tiny=True),
    )
    return _detection_case(
        "tv_maskrcnn_tiny", model, ["boxes", "labels", "scores", "masks"],
        ["Loop", "ConvTranspose", "Resize"], "torchvision.models.detection.MaskRCNN (3 classes)", tiny=True,
    )


def build_keypointrcnn_tiny():
    from torchvision.models.detection import KeypointRCNN
    from torchvision.models.detection.keypoint_rcnn import KeypointRCNNHeads, KeypointRCNNPredictor

    model = KeypointRCNN(
        _tiny_backbone(), num_classes=None, num_keypoints=None, box_roi_pool=_roi_pool(7),
        keypoint_roi_pool=_roi_pool(14), keypoint_head=KeypointRCNNHeads(32, (32, 32)),
        keypoint_predictor=KeypointRCNNPredictor(32, 17), **_tiny_box_heads(2), **_det_kwargs(tiny=True),
    )
    return _detection_case(
        "tv_keypointrcnn_tiny", model, ["boxes", "labels", "scores", "keypoints", "keypoints_scores"],
        ["Loop", "ConvTranspose"], "torchvision.models.detection.KeypointRCNN (2 classes, 17 keypoints)",
        tiny=True,
    )


def build_fasterrcnn():
    from torchvision.models.detection import fasterrcnn_mobilenet_v3_large_320_fpn

    model = fasterrcnn_mobilenet_v3_large_320_fpn(
        weights=None, weights_backbone=None, num_classes=5, min_size=DET_MIN, max_size=DET_MAX,
        rpn_pre_nms_top_n_test=150, rpn_post_nms_top_n_test=50, box_score_thresh=0.05,
        box_detections_per_img=20,
    )
    return _detection_case(
        "tv_fasterrcnn_mnv3_320", model, ["boxes", "labels", "scores"], [],
        "torchvision.models.detection.fasterrcnn_mobilenet_v3_large_320_fpn (5 classes)",
    )


# ---------------------------------------------------------------------------------------------
# RAFT (small), scripted.

RAFT_SHIFT = (6, 4)  # the second crop is the first moved by (dx, dy) pixels


def _scriptable_raft(tiny):
    """raft_small (or a narrower RAFT, `tiny`, small enough to commit), with make_coords_grid
    rewritten without a reversed list: the exporter turns `coords[::-1]` on the meshgrid list
    into a Slice of a sequence, which is not valid ONNX (onnxruntime rejects the model).
    Scripting resolves the global at script time."""
    import torchvision.models.optical_flow.raft as raft

    raft.make_coords_grid = _make_coords_grid
    if not tiny:
        return raft.raft_small(weights=None)
    # raft_small's structure with every width about halved and 3 correlation levels of radius 2.
    return raft._raft(
        weights=None,
        feature_encoder_layers=(16, 16, 32, 48, 64), feature_encoder_block=raft.BottleneckBlock,
        feature_encoder_norm_layer=raft.InstanceNorm2d,
        context_encoder_layers=(16, 16, 32, 48, 80), context_encoder_block=raft.BottleneckBlock,
        context_encoder_norm_layer=None,
        corr_block_num_levels=3, corr_block_radius=2,
        motion_encoder_corr_layers=(48,), motion_encoder_flow_layers=(32, 16), motion_encoder_out_channels=46,
        recurrent_block_hidden_state_size=48, recurrent_block_kernel_size=(3,), recurrent_block_padding=(1,),
        flow_head_hidden_size=48, use_mask_predictor=False,
    )


def _make_coords_grid(batch_size: int, h: int, w: int, device: str = "cpu"):
    # `torch` is this module's global, set by _torch() before scripting.
    ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
    coords = torch.stack([xs, ys], dim=0).float()
    return coords[None].repeat(batch_size, 1, 1, 1)


def _raft_pair(index, n):
    """Two n x n crops of one photograph, the second shifted, as RAFT's [-1, 1] NCHW inputs."""
    big = _photo(index, 192, 160)
    dx, dy = RAFT_SHIFT
    a = big[:, 8:8 + n, 16:16 + n]
    b = big[:, 8 + dy:8 + dy + n, 16 + dx:16 + dx + n]
    return [np.ascontiguousarray(x[None] * 2.0 - 1.0, dtype=np.float32) for x in (a, b)]


def _raft_case(name, tiny, size, what, rtol, atol, reason):
    torch, _ = _torch()
    # torchvision's own initialisation, seeded: RAFT's activations stay moderate with it.
    torch.manual_seed(SEED)
    model = _scriptable_raft(tiny).eval()
    scripted = torch.jit.script(model)
    x1, x2 = _raft_pair(0, size)
    model_proto = _export(
        scripted, (torch.from_numpy(x1), torch.from_numpy(x2), 4),
        ["image1", "image2", "num_flow_updates"], ["flow_predictions"],
    )
    _require_ops(model_proto, name, ["Loop", "If", "GridSample"])
    loops = sum(1 for _ in _iter_nodes(model_proto.graph) if _.op_type == "Loop")
    if loops < 20:
        raise RuntimeError(f"{name}: {loops} Loops; expected the scripted ~24")
    datasets = []
    for index, updates in [(0, 4), (1, 6)]:
        datasets.append(_raft_pair(index, size) + [np.array(updates, dtype=np.int64)])
    return RealCase(
        name=name, model=model_proto, datasets=datasets, rtol=rtol, atol=atol, reason=reason,
        source=(
            f"{_versions()}: {what}, scripted (torch.jit.script) and exported by "
            f"torch.onnx.export(dynamo=False), so its {loops} loops stay Loops and "
            "num_flow_updates is an input (4 and 6 here). make_coords_grid is replaced by an "
            "equivalent without a reversed list (the exporter makes that a Slice of a sequence, "
            "invalid ONNX). Weights: seeded random (pretrained ones are not downloadable here), "
            f"seed {SEED}. Inputs: two {size}x{size} crops of scikit-learn's sample images "
            f"china.jpg and flower.jpg, the second shifted by {RAFT_SHIFT} pixels, scaled to [-1, 1]."
        ),
    )


def build_raft():
    return _raft_case(
        "tv_raft_small", False, 128, "torchvision.models.optical_flow.raft_small", 1e-3, 1e-5,
        "float32 summation order in the convolutions and the correlation volume (dot products "
        "over 128 feature channels), carried through 4 and 6 recurrent flow updates; max abs "
        "diff 2.3e-5 on flows up to 15 px, and flow components near zero (4e-4) differ by up "
        "to 3e-6, beyond the default atol",
    )


def build_raft_tiny():
    return _raft_case(
        "tv_raft_tiny", True, 96,
        "torchvision.models.optical_flow.RAFT built by raft._raft with raft_small's blocks at "
        "about half the widths (feature 16-64, context 16-80, hidden state 48, 3 correlation "
        "levels of radius 2), small enough to commit", 1e-3, 1e-5,
        "float32 summation order: the encoders' outputs differ from onnxruntime's by 4e-6 of "
        "their scale, and 4 to 6 recurrent updates carry that into the flows; max abs diff "
        "3.7e-5 on flows up to 8 px, components near zero (4e-4) off by up to 1e-5",
    )


def _iter_nodes(graph):
    for n in graph.node:
        yield n
        for a in n.attribute:
            if a.type == onnx.AttributeProto.GRAPH:
                yield from _iter_nodes(a.g)


CASES = [
    ("tv_maskrcnn_mnv3", build_maskrcnn),
    ("tv_keypointrcnn_mnv3", build_keypointrcnn),
    ("tv_fasterrcnn_mnv3_320", build_fasterrcnn),
    ("tv_maskrcnn_tiny", build_maskrcnn_tiny),
    ("tv_keypointrcnn_tiny", build_keypointrcnn_tiny),
    ("tv_raft_small", build_raft),
    ("tv_raft_tiny", build_raft_tiny),
]
