#!/usr/bin/python3
"""The plain benchmark ViT in PyTorch's Python API, the peer of bench_cde_step.

Same architecture as Gatefold's cifar-vit preset (32x32, patch 4, d 192,
depth 6, 3 heads, MLP ratio 4, class token, 10 classes) written the way timm
writes it, timed the same way: forward + cross-entropy + backward, warm-up,
then the median of --rounds steps. Prints `images_per_s=<value>`.

With --serve it runs one step per line read from stdin and answers with that
step's milliseconds, so bench_cde_step can interleave it with its own rounds.
"""
import argparse
import statistics
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.scale = (dim // heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, d = x.shape
        qkv = self.qkv(x).reshape(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        attn = ((q * self.scale) @ k.transpose(-2, -1)).softmax(dim=-1)
        return self.proj((attn @ v).transpose(1, 2).reshape(b, n, d))


class Block(nn.Module):
    def __init__(self, dim, heads, ratio):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = Attention(dim, heads)
        self.norm2 = nn.LayerNorm(dim, eps=1e-6)
        self.fc1 = nn.Linear(dim, int(dim * ratio))
        self.fc2 = nn.Linear(int(dim * ratio), dim)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class ViT(nn.Module):
    def __init__(self, img=32, patch=4, dim=192, depth=6, heads=3, ratio=4.0, classes=10):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, (img // patch) ** 2 + 1, dim) * 0.02)
        self.blocks = nn.Sequential(*[Block(dim, heads, ratio) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1) + self.pos_embed
        return self.head(self.norm(self.blocks(x))[:, 0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--serve", action="store_true")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    model = ViT().train()
    images = torch.randn(args.batch, 3, 32, 32)
    labels = torch.randint(10, (args.batch,))

    def step():
        start = time.perf_counter()
        model.zero_grad()
        F.cross_entropy(model(images), labels).backward()
        return (time.perf_counter() - start) * 1000.0

    for _ in range(2):
        step()
    if args.serve:
        print(f"ready torch {torch.__version__}, {torch.get_num_threads()} thread(s)", flush=True)
        for line in sys.stdin:
            if line.strip() != "step":
                break
            print(f"{step():.3f}", flush=True)
        return
    ms = statistics.median(step() for _ in range(args.rounds))
    print(f"torch {torch.__version__}, {torch.get_num_threads()} thread(s): {ms:.1f} ms/step")
    print(f"images_per_s={args.batch * 1000.0 / ms:.3f}")


if __name__ == "__main__":
    main()
