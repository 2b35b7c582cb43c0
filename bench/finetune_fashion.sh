#!/bin/sh
# Fine-tuning vs training from scratch on Fashion-MNIST (issue #19, transfer).
#
#   bench/finetune_fashion.sh BUILD_DIR [PRETRAIN_EPOCHS] [STORE]
#
# 1. pretrains the demo model on the built-in set at 32 px (preset demo, PRETRAIN_EPOCHS
#    epochs, default 5) — or takes run $PRETRAINED of STORE when that is set;
# 2. for each seed in $SEEDS (default "0"): fine-tunes it on Fashion-MNIST at 28 px (preset
#    fashion-mnist --init-from RUN: the position embeddings resampled 8x8 -> 7x7, grey images
#    repeated as RGB), then trains the same model from scratch with the same budget (preset
#    fashion-mnist alone: one epoch);
# and prints validation top-1 of every run side by side, with each step's wall time.
# Needs the Debian package dataset-fashion-mnist (scripts/setup-deps.sh). STORE (default: a
# new one in a temporary folder, removed at the end) keeps the runs.
set -eu
build=${1:?usage: bench/finetune_fashion.sh BUILD_DIR [PRETRAIN_EPOCHS] [STORE]}
epochs=${2:-5}
cli="$build/app/cli/gatefold-cli"
work=$(mktemp -d "${TMPDIR:-/tmp}/gatefold-finetune.XXXXXX")
trap 'rm -rf "$work"' EXIT
store=${3:-$work/store.sqlite}

newest() {  # $1: run name; prints the newest run of that name (runs --json: one object a line)
    "$cli" runs --store "$store" --json | /usr/bin/python3 -c '
import json, sys
print(max(r["id"] for r in map(json.loads, filter(str.strip, sys.stdin)) if r["name"] == sys.argv[1]))' "$1"
}

timed() {  # $1: label, rest: command; prints "label: N s"
    label=$1; shift
    start=$(date +%s)
    "$@" > "$work/out.txt" 2>&1 || { cat "$work/out.txt"; exit 1; }
    echo "$label: $(( $(date +%s) - start )) s"
}

pretrained=${PRETRAINED:-}
if [ -z "$pretrained" ]; then
    timed "pretrain (demo, built-in set, 32 px, $epochs epochs)" \
        "$cli" train --preset demo --store "$store" --name demo-pretrain --set train.epochs="$epochs"
    pretrained=$(newest demo-pretrain)
fi
runs=$pretrained
for seed in ${SEEDS:-0}; do
    timed "fine-tune (fashion-mnist, 28 px, --init-from $pretrained, seed $seed)" \
        "$cli" train --preset fashion-mnist --store "$store" --name "fashion-finetune-s$seed" \
        --init-from "$pretrained" --set train.seed="$seed"
    grep 'init.from' "$work/out.txt" || true
    runs="$runs,$(newest "fashion-finetune-s$seed")"
    timed "scratch (fashion-mnist, 28 px, fresh weights, seed $seed)" \
        "$cli" train --preset fashion-mnist --store "$store" --name "fashion-scratch-s$seed" --set train.seed="$seed"
    runs="$runs,$(newest "fashion-scratch-s$seed")"
done
"$cli" table --store "$store" --runs "$runs" --group-by none --format csv \
    --columns name,metric:val/top1:last,metric:val/loss:last
