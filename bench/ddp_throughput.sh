#!/usr/bin/env bash
# Data-parallel training on this machine (issue 18), measured side by side in one run:
#
#   bench/ddp_throughput.sh BUILD_DIR [STEPS] [ROUNDS]
#
# 1. images/s of the real engine (`gatefold-cli train`) for ViT d192, depth 6, 32 px / patch 4,
#    global batch 128 on the built-in set: 1 process x 2 threads against 2 ranks (--nproc 2) x 1
#    thread, alternating ROUNDS times (default 3), each STEPS steps (default 30; the first 10 are
#    not counted). Prints the medians and their ratio, and the share of a 2-rank step spent waiting
#    for the other rank (dist/comm_wait_fraction: the all-reduce backward did not hide, and the
#    step's small reductions).
# 2. The gradient bytes one step all-reduces (float32, every parameter) for ViT-Ti/16, ViT-S/16 and
#    ViT-B/16 (from `gatefold-cli cost`), and what a ring all-reduce of them costs on paper on 8 and
#    64 GPUs at 25, 100 and 400 Gb/s: 2 (W-1)/W x bytes / bandwidth (bandwidth only, no latency).
set -euo pipefail
build=${1:?usage: bench/ddp_throughput.sh BUILD_DIR [STEPS] [ROUNDS]}
steps=${2:-30}
rounds=${3:-3}
cli="$build/app/cli/gatefold-cli"
work=$(mktemp -d "${TMPDIR:-/tmp}/gatefold-ddp.XXXXXX")
trap 'rm -rf "$work"' EXIT
store="$work/runs.sqlite"
model=(--preset demo --set embed_dim=192 --set depth=6 --set num_heads=3 --set img_size=32 --set patch_size=4
       --set train.batch_size=128 --set data.train_size=$((128 * (steps + 2))) --set data.val_size=128
       --set train.epochs=1 --set train.log_every=5 --set data.workers=0)

# $1 label, rest: options. Prints the run's mean images/s over the windows after step 10.
measure() {
    local label=$1; shift
    local out
    out=$("$cli" train --store "$store" "${model[@]}" --name "$label" --stop-at-step "$steps" --json "$@" 2>/dev/null \
          | python3 -c 'import json,sys; print([json.loads(l)["run"] for l in sys.stdin if "\"created\"" in l][0])')
    sqlite3 "$store" "select avg(value) from metrics where run_id=$out and key='train/images_per_s' and step>10"
}
comm() {  # mean dist/comm_wait_fraction of the last run
    sqlite3 "$store" "select avg(value) from metrics where run_id=(select max(id) from runs)
                      and key='dist/comm_wait_fraction' and step>10"
}

one=(); two=(); share=()
for ((r = 0; r < rounds; ++r)); do
    one+=("$(measure one-process --set compute.threads=2)")
    two+=("$(measure two-ranks --set compute.threads=1 --nproc 2)")
    share+=("$(comm)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
m1=$(median "${one[@]}"); m2=$(median "${two[@]}"); ms=$(median "${share[@]}")
echo "ViT d192 depth 6, 32 px / patch 4, global batch 128, $steps steps x $rounds rounds on $(nproc) cores"
printf '  1 process x 2 threads: %8.1f images/s  (runs: %s)\n' "$m1" "${one[*]}"
printf '  2 ranks x 1 thread   : %8.1f images/s  (runs: %s)\n' "$m2" "${two[*]}"
printf '  2 ranks / 1 process  : %8.3f\n' "$(echo "$m2 / $m1" | bc -l)"
printf '  2 ranks: share of a step waiting for the other rank: %.1f %%\n' "$(echo "$ms * 100" | bc -l)"

echo
echo "Gradient bytes per step (float32) and a ring all-reduce on paper: 2 (W-1)/W x bytes / bandwidth"
printf '  %-10s %10s %10s' model params MB
for w in 8 64; do for g in 25 100 400; do printf ' %9s' "W${w}@${g}G"; done; done; echo '  (ms)'
for spec in "ViT-Ti/16:--preset vit-ti16" "ViT-S/16:--preset vit-s16" \
            "ViT-B/16:--preset vit-s16 --set embed_dim=768 --set num_heads=12"; do
    name=${spec%%:*}
    # shellcheck disable=SC2086
    params=$("$cli" cost ${spec#*:} --no-count | awk '$1 == "total" {gsub(",", "", $2); print $2; exit}')
    bytes=$((params * 4))
    printf '  %-10s %10s %10.1f' "$name" "$params" "$(echo "$bytes / 1000000" | bc -l)"
    for w in 8 64; do for g in 25 100 400; do
        printf ' %9.2f' "$(echo "2 * ($w - 1) / $w * $bytes * 8 / ($g * 10^9) * 1000" | bc -l)"
    done; done
    echo
done
