#!/usr/bin/env bash
# Issue 21's benchmark: one 27-run random search (lr x weight decay x top-k of a CDE-Soft model on the
# built-in shapes, bench/search/random27.json) trained twice into fresh stores, GPU-free: with ASHA
# (rungs at epochs 1, 3, 9, eta 3) and every run to its end. Prints each's wall time, the epochs
# trained and the best final val/top1, and the ratio. Usage: bench/asha_search.sh [BUILD_DIR] [PARALLEL]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cli="${1:-$here/../build/ci}/app/cli/gatefold-cli"
parallel="${2:-2}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
settings=(--preset cde-t2-soft-width --set img_size=16 --set patch_size=4 --set embed_dim=64 --set depth=2
          --set num_heads=2 --set data.train_size=4096 --set data.val_size=512 --set train.batch_size=64
          --set train.epochs=9 --set optim.warmup_epochs=1 --set train.log_every=4 --set compute.threads=1)
run() {  # name, extra options…
    local name="$1"; shift
    local start end
    start=$(date +%s.%N)
    "$cli" sweep --store "$out/$name.sqlite" --grid "$here/search/random27.json" --parallel "$parallel" \
        "${settings[@]}" "$@" > "$out/$name.log" 2>&1 || true
    end=$(date +%s.%N)
    local wall best epochs
    wall=$(echo "$end - $start" | bc)
    best=$(sqlite3 "$out/$name.sqlite" "SELECT printf('%.4f', max(s.last)) FROM metric_summary s JOIN runs r ON r.id = s.run_id WHERE s.key = 'val/top1' AND r.status = 'finished'")
    epochs=$(sqlite3 "$out/$name.sqlite" "SELECT count(*) FROM metrics WHERE key = 'val/top1'")
    printf '%-6s wall %7.1f s  epochs trained %3d  finished %2s  stopped %2s  best final val/top1 %s\n' "$name" "$wall" \
        "$epochs" "$(sqlite3 "$out/$name.sqlite" "SELECT count(*) FROM runs WHERE status='finished'")" \
        "$(sqlite3 "$out/$name.sqlite" "SELECT count(*) FROM runs WHERE status='stopped'")" "$best"
    echo "$wall" > "$out/$name.wall"
}
run asha --early-stop asha --metric val/top1 --mode max --rungs 1,3,9 --eta 3
run full
printf 'ASHA / full wall time: %.2f\n' "$(echo "$(cat "$out/asha.wall") / $(cat "$out/full.wall")" | bc -l)"
