#!/bin/sh
# Fine-tuning vs training from scratch on Fashion-MNIST (issue #19, transfer).
#
#   bench/finetune_fashion.sh BUILD_DIR [PRETRAIN_EPOCHS] [STORE]
#
# 1. pretrains the demo model on the built-in set at 32 px (preset demo, PRETRAIN_EPOCHS
#    epochs, default 5);
# 2. fine-tunes it on Fashion-MNIST at 28 px (preset fashion-mnist --init-from RUN: the
#    position embeddings resampled 8x8 -> 7x7, grey images repeated as RGB);
# 3. trains the same model from scratch with the same budget (preset fashion-mnist alone);
# and prints validation top-1 of both (after the preset's epoch) side by side, with each
# step's wall time. Needs the Debian package dataset-fashion-mnist (scripts/setup-deps.sh).
# STORE (default: a new one in a temporary folder, removed at the end) keeps the runs.
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

timed "pretrain (demo, built-in set, 32 px, $epochs epochs)" \
    "$cli" train --preset demo --store "$store" --name demo-pretrain --set train.epochs="$epochs"
pretrained=$(newest demo-pretrain)
timed "fine-tune (fashion-mnist, 28 px, --init-from $pretrained)" \
    "$cli" train --preset fashion-mnist --store "$store" --name fashion-finetune --init-from "$pretrained"
grep 'init.from' "$work/out.txt" || true
finetuned=$(newest fashion-finetune)
timed "scratch (fashion-mnist, 28 px, fresh weights)" \
    "$cli" train --preset fashion-mnist --store "$store" --name fashion-scratch
scratch=$(newest fashion-scratch)
"$cli" table --store "$store" --runs "$pretrained,$finetuned,$scratch" --group-by none --format csv \
    --columns name,metric:val/top1:last,metric:val/loss:last
