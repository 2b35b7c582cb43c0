"""A Gatefold checkpoint as Python's torch.load sees it (tst_train).

usage: checkpoint_python.py CHECKPOINT WEIGHTS.safetensors CONFIG.json STEP

WEIGHTS holds the model's parameters and buffers as the C++ test took them
from the model that wrote CHECKPOINT (float32, timm's names); CONFIG the run
config JSON it was written with; STEP its step. Asserts what core/train/
checkpoint.h documents and prints one line; exits non-zero with the reason on
the first difference.
"""
import json
import pickletools
import struct
import sys
import zipfile

import torch


def fail(message):
    sys.stderr.write("checkpoint_python.py: " + message + "\n")
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def read_safetensors(path):
    with open(path, "rb") as f:
        data = f.read()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + length])
    out = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        check(entry["dtype"] == "F32", name + ": " + entry["dtype"])
        begin, end = entry["data_offsets"]
        raw = bytearray(data[8 + length + begin:8 + length + end])
        out[name] = torch.frombuffer(raw, dtype=torch.float32).reshape(entry["shape"]).clone()
    return out


def pickle_globals(path):
    """Every module.name the checkpoint's data.pkl imports (GLOBAL opcodes)."""
    with zipfile.ZipFile(path) as z:
        name = next(n for n in z.namelist() if n.endswith("/data.pkl"))
        pickle = z.read(name)
    return {arg.replace(" ", ".") for op, arg, _ in pickletools.genops(pickle) if op.name == "GLOBAL"}


def load(path):
    """torch.load with weights_only where this torch can; else plainly, after checking that nothing
    but 1.13's missing BINFLOAT (opcode 71, 'G') stops the restricted unpickler."""
    try:
        return torch.load(path, map_location="cpu", weights_only=True), "weights_only"
    except Exception as e:  # pickle.UnpicklingError
        message = str(e)
    check(torch.__version__.startswith("1.") and "Unsupported operand 71" in message,
          "torch.load(weights_only=True) refused it: " + message)
    from torch._weights_only_unpickler import _get_allowed_globals
    foreign = pickle_globals(path) - set(_get_allowed_globals())
    check(not foreign, "the pickle imports what weights_only refuses: %s" % sorted(foreign))
    return torch.load(path, map_location="cpu"), "plain (torch %s: weights_only has no BINFLOAT)" % torch.__version__


def check_tensors(name, got, expected):
    check(isinstance(got, dict), name + " is not a dict")
    check(set(got) == set(expected), "%s keys differ: %s" % (name, sorted(set(got) ^ set(expected))[:6]))
    for key, tensor in expected.items():
        check(torch.is_tensor(got[key]), "%s[%s] is not a tensor" % (name, key))
        check(got[key].shape == tensor.shape, "%s[%s] has shape %s, expected %s"
              % (name, key, tuple(got[key].shape), tuple(tensor.shape)))


def check_optimizer(optimizer, model):
    """Python's AdamW over the checkpoint's own weights, grouped by param_names, takes the state."""
    check(set(optimizer) >= {"state", "param_groups"}, "optimizer keys: %s" % sorted(optimizer))
    groups = []
    for group in optimizer["param_groups"]:
        check(len(group["params"]) == len(group["param_names"]), "params and param_names differ in length")
        params = [torch.nn.Parameter(model[n].clone()) for n in group["param_names"]]
        groups.append({"params": params, "lr": group["lr"], "betas": group["betas"],
                       "eps": group["eps"], "weight_decay": group["weight_decay"]})
    check(len(optimizer["state"]) > 0, "the optimizer state is empty after training steps")
    for index, entry in optimizer["state"].items():
        check(isinstance(index, int), "state key %r is not a parameter number" % (index,))
        check({"step", "exp_avg", "exp_avg_sq"} <= set(entry), "state[%d] keys: %s" % (index, sorted(entry)))
    adamw = torch.optim.AdamW(groups)
    adamw.load_state_dict(optimizer)
    for p in (p for g in groups for p in g["params"]):
        p.grad = torch.zeros_like(p)
    adamw.step()  # the loaded state is one Python's AdamW steps with


def main():
    path, weights_path, config_path, step = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    ckpt, how = load(path)
    check(type(ckpt) is dict, "torch.load gave a %s, not a dict" % type(ckpt).__name__)
    check(ckpt.get("format") == "gatefold-checkpoint/3", "format: %r" % ckpt.get("format"))
    check(ckpt.get("format_version") == 3, "format_version: %r" % ckpt.get("format_version"))
    check(type(ckpt.get("step")) is int and ckpt["step"] == step, "step: %r, expected %d" % (ckpt.get("step"), step))
    with open(config_path, "rb") as f:
        check(json.loads(ckpt["config"]) == json.loads(f.read()), "the config JSON differs from the run's")

    expected = read_safetensors(weights_path)
    check_tensors("model", ckpt["model"], expected)
    for key, tensor in expected.items():
        check(torch.equal(ckpt["model"][key].float(), tensor), "model[%s] differs from what C++ wrote" % key)
    check("blocks.0.attn.qkv.weight" in ckpt["model"] and "head.weight" in ckpt["model"], "no timm names")
    check_tensors("model_ema", ckpt["model_ema"], expected)
    check(any(not torch.equal(ckpt["model_ema"][k], expected[k]) for k in expected), "the averages are the weights")
    check_optimizer(ckpt["optimizer"], ckpt["model"])

    state = ckpt["train_state"]
    for key in ("best_top1", "train_seconds"):
        check(type(state[key]) is float, "train_state.%s: %r" % (key, state[key]))
    for key in ("best_step", "ema_updates"):
        check(type(state[key]) is int, "train_state.%s: %r" % (key, state[key]))
    check(set(state["window"]) == {"loss", "grad_norm", "diversity", "steps", "images", "seconds",
                                    "distill_attention", "distill_logits", "teacher_seconds"},
          "train_state.window keys: %s" % sorted(state["window"]))
    torch.set_rng_state(ckpt["rng"]["cpu"])  # refuses anything but a CPU generator's state
    print("ok: %d weights, %d optimizer entries, loaded %s" % (len(expected), len(ckpt["optimizer"]["state"]), how))


if __name__ == "__main__":
    main()
