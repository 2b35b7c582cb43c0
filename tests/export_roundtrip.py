"""Independent round trips of `gatefold-cli export` files (tst_export).

usage: export_roundtrip.py DIR IMAGES.f32 N C S

Reads the images (N, C, S, S float32, little-endian) and prints one JSON
object of logits lists:
  torchscript: torch.jit.load(DIR/model.torchscript.pt)(images)
  onnx:        onnx.checker.check_model(full_check=True), then a small numpy
               evaluator of the graph's ops (no onnxruntime on Debian 12)
  safetensors: a safetensors reader written here (struct + json + numpy, no
               safetensors package), loaded into a ViT written here after
               timm's VisionTransformer forward, built from DIR/config.json
               (a gated model's gate, and 2-D RoPE in place of pos_embed,
               built from the config's description)
Missing files are skipped (their key is absent).
"""
import json
import math
import os
import struct
import sys

import numpy as np
import torch
import torch.nn.functional as F


def read_safetensors(path):
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    base = 8 + n
    out = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        assert entry["dtype"] == "F32", entry["dtype"]
        begin, end = entry["data_offsets"]
        array = np.frombuffer(data[base + begin:base + end], dtype="<f4").reshape(entry["shape"])
        out[name] = torch.from_numpy(array.copy())
    return out


def gate_alpha(gate, codebook, z):
    """alpha of config.json's gate description (core/model/README.md, CDE "The gate" step 2)."""
    s = gate["temperature"] * F.normalize(z, dim=-1) @ F.normalize(codebook, dim=-1).T
    if gate["assign"] == "hard_vq":
        return F.one_hot(s.argmax(-1), s.shape[-1]).to(s.dtype)
    if gate["assign"] == "softmax":
        return s.softmax(-1)
    values, indices = s.topk(gate["top_k"], -1)
    return torch.zeros_like(s).scatter(-1, indices, values.softmax(-1))


def rope_rotate(t, rope, grid):
    """2-D RoPE as config.json's rope describes it (the CDE reference code's 2d kind): t (B, H, N, w)."""
    c, prefix, theta = rope["chunk"], rope["prefix_tokens"], rope["theta"]
    inverse = theta ** (torch.arange(c // 4, dtype=torch.float64) * (-4.0 / c))
    patch = torch.arange(grid * grid, dtype=torch.float64)
    rows, cols = torch.div(patch, grid, rounding_mode="floor"), torch.remainder(patch, grid)
    angles = torch.cat([cols[:, None] * inverse, rows[:, None] * inverse], 1)
    angles = torch.cat([torch.zeros(prefix, c // 2, dtype=torch.float64), angles], 0)[:, None, :]
    cos, sin = angles.cos().float(), angles.sin().float()
    pairs = t.reshape(*t.shape[:-1], t.shape[-1] // c, c // 2, 2)
    x0, x1 = pairs[..., 0], pairs[..., 1]
    return torch.stack([x0 * cos - x1 * sin, x1 * cos + x0 * sin], -1).reshape(t.shape)


def timm_vit(weights, cfg, x):
    """timm's VisionTransformer.forward (eval) for global_pool token/avg, with
    the gate a gated export's config.json describes in its MLPs."""
    d, heads, p = cfg["embed_dim"], cfg["num_heads"], cfg["patch_size"]
    gate = cfg.get("gate")
    gated = {b["block"]: b for b in gate["blocks"]} if gate else {}
    alpha = None
    eps = cfg["layer_norm_eps"]
    x = F.conv2d(x, weights["patch_embed.proj.weight"], weights["patch_embed.proj.bias"], stride=p)
    x = x.flatten(2).transpose(1, 2)
    if cfg["class_token"]:
        x = torch.cat([weights["cls_token"].expand(x.shape[0], -1, -1), x], dim=1)
    rope = cfg.get("rope")
    grid = cfg["img_size"] // p
    if cfg.get("pos_embed") != "none":
        x = x + weights["pos_embed"]
    for i in range(cfg["depth"]):
        w = lambda k: weights.get(f"blocks.{i}.{k}")
        h = F.layer_norm(x, (d,), w("norm1.weight"), w("norm1.bias"), eps)
        b, n, _ = h.shape
        qkv = F.linear(h, w("attn.qkv.weight"), w("attn.qkv.bias"))
        qkv = qkv.reshape(b, n, 3, heads, d // heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        if rope:
            q, k = rope_rotate(q, rope, grid), rope_rotate(k, rope, grid)
        attn = ((q * (d // heads) ** -0.5) @ k.transpose(-2, -1)).softmax(dim=-1)
        o = (attn @ v).transpose(1, 2).reshape(b, n, d)
        x = x + F.linear(o, w("attn.proj.weight"), w("attn.proj.bias"))
        h = F.layer_norm(x, (d,), w("norm2.weight"), w("norm2.bias"), eps)
        block = gated.get(i)
        if block and gate["kind"] == "cde" and block["codebook"] is not None:
            alpha = gate_alpha(gate, weights[block["codebook"]], h)

        def apply(y):
            if not block:
                return y
            if gate["kind"] == "deep_embed":
                return y * weights[block["table"]]
            return y * (1 + gate["strength"] * alpha @ weights[block["embed"]])

        hidden = F.gelu(F.linear(h, w("mlp.fc1.weight"), w("mlp.fc1.bias")))
        if gate and gate["target"] == "expand":
            hidden = apply(hidden)
        out = F.linear(hidden, w("mlp.fc2.weight"), w("mlp.fc2.bias"))
        if gate and gate["target"] == "width":
            out = apply(out)
        x = x + out
    if cfg["global_pool"] == "token":
        pooled = F.layer_norm(x, (d,), weights["norm.weight"], weights["norm.bias"], eps)[:, 0]
    else:
        pooled = F.layer_norm(x.mean(1), (d,), weights["fc_norm.weight"], weights["fc_norm.bias"], eps)
    return F.linear(pooled, weights["head.weight"], weights["head.bias"])


def onnx_eval(model, images):
    """Evaluates the ops gatefold's ONNX writer uses, in float32 numpy."""
    from onnx import numpy_helper
    values = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    values[model.graph.input[0].name] = images
    erf = np.vectorize(math.erf, otypes=[np.float32])
    for node in model.graph.node:
        a = {x.name: x for x in node.attribute}
        i = [values[n] for n in node.input]
        op = node.op_type
        if op == "Conv":
            w, bias = i[1], i[2]
            kh, kw = a["kernel_shape"].ints
            assert list(a["strides"].ints) == [kh, kw]
            n, c, hh, ww = i[0].shape
            patches = i[0].reshape(n, c, hh // kh, kh, ww // kw, kw).transpose(0, 2, 4, 1, 3, 5)
            patches = patches.reshape(n, hh // kh, ww // kw, c * kh * kw)
            out = (patches @ w.reshape(w.shape[0], -1).T + bias).transpose(0, 3, 1, 2)
        elif op == "Reshape":
            shape = [i[0].shape[k] if s == 0 else s for k, s in enumerate(i[1].tolist())]
            out = i[0].reshape(shape)
        elif op == "Transpose":
            out = i[0].transpose(list(a["perm"].ints))
        elif op == "Slice":
            index = [slice(None)] * i[0].ndim
            index[int(i[3][0])] = slice(int(i[1][0]), int(i[2][0]))
            out = i[0][tuple(index)]
        elif op == "Concat":
            out = np.concatenate(i, axis=a["axis"].i)
        elif op == "MatMul":
            out = np.matmul(i[0], i[1])
        elif op in ("Add", "Sub", "Mul", "Div"):
            out = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply, "Div": np.divide}[op](i[0], i[1])
        elif op == "Sqrt":
            out = np.sqrt(i[0])
        elif op == "Erf":
            out = erf(i[0])
        elif op == "ReduceMax":
            out = i[0].max(axis=tuple(a["axes"].ints), keepdims=bool(a["keepdims"].i))
        elif op == "Sign":
            out = np.sign(i[0])
        elif op == "ReduceMean":
            out = i[0].mean(axis=tuple(a["axes"].ints), keepdims=bool(a["keepdims"].i))
        elif op == "Softmax":
            axis = a["axis"].i
            e = np.exp(i[0] - i[0].max(axis=axis, keepdims=True))
            out = e / e.sum(axis=axis, keepdims=True)
        else:
            raise ValueError("unexpected op " + op)
        values[node.output[0]] = out.astype(np.float32)
    return values[model.graph.output[0].name]


def main():
    folder, images_path = sys.argv[1], sys.argv[2]
    n, c, s = (int(v) for v in sys.argv[3:6])
    images = np.fromfile(images_path, dtype="<f4").reshape(n, c, s, s)
    result = {}
    with torch.no_grad():
        ts = os.path.join(folder, "model.torchscript.pt")
        if os.path.exists(ts):
            extra = {"config.json": ""}
            module = torch.jit.load(ts, _extra_files=extra)
            result["torchscript"] = module(torch.from_numpy(images)).tolist()
            result["torchscript_config"] = json.loads(extra["config.json"])
        path = os.path.join(folder, "model.onnx")
        if os.path.exists(path):
            import onnx
            model = onnx.load(path)
            onnx.checker.check_model(model, full_check=True)
            result["onnx_opset"] = model.opset_import[0].version
            meta = {p.key: p.value for p in model.metadata_props}
            result["onnx_config"] = json.loads(meta["gatefold_config"])
            result["onnx"] = onnx_eval(model, images).tolist()
        path = os.path.join(folder, "model.safetensors")
        if os.path.exists(path):
            with open(os.path.join(folder, "config.json")) as f:
                cfg = json.load(f)
            weights = read_safetensors(path)
            result["safetensors_keys"] = sorted(weights)
            d = cfg["embed_dim"]
            if all(w == d for w in cfg.get("attn_qk_dim", []) + cfg.get("attn_v_dim", [])):
                # timm's shapes (a gated model: plus its gate); a wide fold is not
                result["safetensors"] = timm_vit(weights, cfg, torch.from_numpy(images)).tolist()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
