#!/bin/sh
# The resource estimate (core/train/resourceestimate.h) against what real runs
# use: each config trains one short epoch under /usr/bin/time -v; the engine's
# `started` line carries its estimate of the peak (memory_estimate), time(1)
# the measured peak resident set. Prints estimate, measured and their ratio
# (> 1: the estimate is on the safe side). Usage:
#   bench/memory_estimate.sh [build/ci/app/cli/gatefold-cli]
set -eu
CLI=${1:-build/ci/app/cli/gatefold-cli}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
printf '%-58s %12s %12s %7s\n' config estimate_MiB peak_RSS_MiB ratio
run() {
    name=$1; shift
    /usr/bin/time -v -o "$DIR/time" "$CLI" train --store "$DIR/s.sqlite" --json \
        --set data.train_size=256 --set data.val_size=64 --set train.epochs=1 --set compute.threads=2 "$@" \
        > "$DIR/out" 2> "$DIR/err" || { echo "$name: failed"; cat "$DIR/err"; return; }
    estimate=$(grep -o '"memory_estimate":[0-9]*' "$DIR/out" | head -1 | cut -d: -f2)
    peak=$(grep 'Maximum resident set size' "$DIR/time" | awk '{print $NF}')
    awk -v n="$name" -v e="$estimate" -v p="$peak" \
        'BEGIN { printf "%-58s %12.0f %12.0f %7.2f\n", n, e / 1048576, p / 1024, e / (p * 1024) }'
}
run "tiny: 16 px, d 32, depth 2, batch 32" --set img_size=16 --set patch_size=4 --set embed_dim=32 --set depth=2 \
    --set num_heads=2 --set train.batch_size=32
run "ViT-Ti-ish: 32 px / 4, d 192, depth 6, batch 128" --set img_size=32 --set patch_size=4 --set embed_dim=192 \
    --set depth=6 --set num_heads=3 --set train.batch_size=128
run "wide: 32 px / 4, d 768, depth 4, batch 64" --set img_size=32 --set patch_size=4 --set embed_dim=768 \
    --set depth=4 --set num_heads=12 --set train.batch_size=64
run "long sequence: 64 px / 4 (257 tokens), d 128, batch 64" --set img_size=64 --set patch_size=4 --set embed_dim=128 \
    --set depth=4 --set num_heads=4 --set train.batch_size=64
run "CDE K 1024: 32 px / 4, d 192, depth 4, batch 64" --set img_size=32 --set patch_size=4 --set embed_dim=192 \
    --set depth=4 --set num_heads=3 --set train.batch_size=64 --set gate.kind=cde --set gate.codebook_size=1024 \
    --set gate.top_k=4
run "joining 4 branches: 32 px / 4, d 192, depth 4, batch 64" --set img_size=32 --set patch_size=4 --set embed_dim=192 \
    --set depth=4 --set num_heads=3 --set train.batch_size=64 --set join.branches=4
run "big model: 32 px / 8, d 1024, depth 4, batch 16" --set img_size=32 --set patch_size=8 --set embed_dim=1024 \
    --set depth=4 --set num_heads=8 --set train.batch_size=16
