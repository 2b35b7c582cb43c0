#!/usr/bin/env bash
# A long fuzzing campaign on a shared machine: LANES fuzzer processes at once,
# at nice 19 (they only get CPU nobody else wants), each lane running one
# harness at a time for at most CHUNK seconds of wall time and picking next the
# harness with the least CPU so far. Ends at the first of: the UNTIL deadline
# (UTC, HH:MM; no process outlives it: every run's -max_total_time ends 310 s
# before it and `timeout -s KILL` ends a hung run 10 s before it), or CPU_TARGET CPU seconds in total.
#
#   fuzz/fuzz-campaign.sh UNTIL [CPU_TARGET=5400] [LANES=2] [CHUNK=600]
#   fuzz/fuzz-campaign.sh --summary          (the per-harness totals so far)
#
# Every run is measured by /usr/bin/time (user + system CPU of the fuzzer) and
# appended to <build>/fuzz-campaign/runs.tsv; summary.md holds the per-harness
# totals (runs, executions, CPU seconds, corpus files, findings) after every
# run, ready for bench/RESULTS.md. The harness binaries are copied first, so
# rebuilding during the campaign changes nothing in it. Corpora grow in
# <build>/fuzz-corpus/<harness>/ (seeds: <build>/fuzz-seeds/, from tst_fuzzinputs),
# findings land in <build>/fuzz-findings/<harness>/.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${GATEFOLD_FUZZ_BUILD:-$root/build/fuzz}
until_hm=${1:?usage: fuzz-campaign.sh UNTIL(HH:MM UTC) [CPU_TARGET] [LANES] [CHUNK]}
cpu_target=${2:-5400}
lanes=${3:-2}
chunk=${4:-600}
harnesses=(configjson cifar idx image checkpoint safetensors mlflow)

campaign=$build/fuzz-campaign
summary() {
  {
    echo "| harness | runs | executions | CPU s | corpus files | runs ended by a finding |"
    echo "|---|---:|---:|---:|---:|---:|"
    # exit 0: ran its time; 72: stopped by SIGINT; anything else: a crash, leak, timeout or out-of-memory.
    awk -F'\t' 'NR > 1 {runs[$1]++; ex[$1] += $5; cpu[$1] += $4; corp[$1] = $8; if ($10 != 0 && $10 != 72) fnd[$1]++}
      END {for (h in runs) {printf "| %s | %d | %d | %.0f | %d | %d |\n", h, runs[h], ex[h], cpu[h], corp[h], fnd[h];
                            R += runs[h]; E += ex[h]; C += cpu[h]; F += fnd[h]}
           printf "| **total** | %d | %d | %.0f (%.2f CPU-hours) | | %d |\n", R, E, C, C / 3600, F}' "$campaign/runs.tsv"
    echo
    echo "$(date -u '+%F %T') UTC; runs in $campaign/runs.tsv"
  } > "$campaign/summary.md.new" && mv "$campaign/summary.md.new" "$campaign/summary.md"
}

if [ "$until_hm" = "--summary" ]; then  # the totals so far, from runs.tsv
  summary && cat "$campaign/summary.md"
  exit
fi
deadline=$(date -u -d "$until_hm" +%s) || exit 2
[ "$deadline" -gt "$(date +%s)" ] || { echo "the deadline $until_hm UTC has passed"; exit 2; }
mkdir -p "$campaign/bin" "$campaign/state" "$build/fuzz-logs"
for h in "${harnesses[@]}"; do
  cp "$build/fuzz/fuzz_$h" "$campaign/bin/" || exit 2
  [ -d "$build/fuzz-seeds/$h" ] || { echo "no seeds in $build/fuzz-seeds/$h: run $build/fuzz/tst_fuzzinputs"; exit 2; }
  [ -f "$campaign/state/$h.cpu" ] || echo 0 > "$campaign/state/$h.cpu"
  rm -f "$campaign/state/$h.busy"
  mkdir -p "$build/fuzz-corpus/$h" "$build/fuzz-findings/$h"
done
[ -f "$campaign/runs.tsv" ] || printf 'harness\tstart_utc\twall_s\tcpu_s\texecs\tcov\tft\tcorpus_files\tfindings\texit\n' > "$campaign/runs.tsv"
{ echo "started $(date -u '+%F %T') UTC until $until_hm UTC, target ${cpu_target} CPU s, $lanes lanes, chunk ${chunk} s"
  echo "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null) ; $(uname -srm) ; $(nproc) cores"; } >> "$campaign/campaign.log"

scratch=/dev/shm/gatefold-fuzz-campaign-$$
grace=300  # seconds a fuzzer may take to exit after -max_total_time
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:suppressions=$root/cmake/sanitizers/asan.supp
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$root/cmake/sanitizers/ubsan.supp
export LSAN_OPTIONS=suppressions=$root/cmake/sanitizers/lsan.supp:print_suppressions=0
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1

total_cpu() { cat "$campaign"/state/*.cpu | awk '{t += $1} END {printf "%.0f", t}'; }



# The next harness for a lane: the one with the least CPU that no lane runs now.
pick() {
  (
    flock 9
    best=
    for h in "${harnesses[@]}"; do
      [ -e "$campaign/state/$h.busy" ] && continue
      c=$(cat "$campaign/state/$h.cpu")
      if [ -z "$best" ] || awk -v a="$c" -v b="$bestc" 'BEGIN{exit !(a < b)}'; then best=$h; bestc=$c; fi
    done
    [ -n "$best" ] && touch "$campaign/state/$best.busy"
    echo "$best"
  ) 9> "$campaign/state/lock"
}

lane() {
  local lane=$1
  while :; do
    local now left h
    now=$(date +%s)
    left=$((deadline - now - grace - 10))
    [ "$left" -ge 60 ] || break
    [ "$(total_cpu)" -lt "$cpu_target" ] || break
    h=$(pick)
    [ -n "$h" ] || { sleep 5; continue; }
    local seconds=$((left < chunk ? left : chunk))
    local tmp=$scratch/lane$lane log=$build/fuzz-logs/$h.$now.log start
    mkdir -p "$tmp"
    start=$(date -u '+%F %T')
    # timeout: a hard stop `grace` s after -max_total_time, still before the deadline (a hung input;
    # a fuzzer's exit — LeakSanitizer scanning the heap — took over 50 s at nice 19 on a loaded
    # machine, and a kill then loses its CPU figure). --foreground: timeout kills the fuzzer, not
    # its own group, so /usr/bin/time still sees the fuzzer's CPU.
    TMPDIR=$tmp nice -n 19 /usr/bin/time -f '%U %S %e' -o "$log.time" timeout --foreground -s KILL $((seconds + grace)) \
      "$campaign/bin/fuzz_$h" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=120 -print_final_stats=1 \
      -artifact_prefix="$build/fuzz-findings/$h/" "$build/fuzz-corpus/$h" "$build/fuzz-seeds/$h" > "$log" 2>&1
    local rc=$?
    rm -rf "$tmp"
    # A fuzzer that died on a finding leaves its OpenMP runtime's registration file behind.
    for p in $(grep -ao '^==[0-9]*==' "$log" | tr -d = | sort -u); do
      rm -f "/dev/shm/__KMP_REGISTERED_LIB_${p}_0"
    done
    local user sys wall cpu execs last cov ft corp found
    read -r user sys wall < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+$' "$log.time" | tail -1)
    cpu=$(awk -v u="${user:-0}" -v s="${sys:-0}" 'BEGIN{printf "%.1f", u + s}')
    execs=$(grep -a 'stat::number_of_executed_units' "$log" | awk '{print $2}')
    last=$(grep -a -E '^#[0-9]+' "$log" | tail -1)
    cov=$(echo "$last" | grep -o 'cov: [0-9]*' | awk '{print $2}')
    ft=$(echo "$last" | grep -o 'ft: [0-9]*' | awk '{print $2}')
    corp=$(find "$build/fuzz-corpus/$h" -type f | wc -l)
    # Findings: crashes, leaks, timeouts, out-of-memory (slow-unit-* files are only slow, under load).
    found=$(find "$build/fuzz-findings/$h" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
    (
      flock 9
      awk -v a="$(cat "$campaign/state/$h.cpu")" -v c="$cpu" 'BEGIN{printf "%.1f\n", a + c}' > "$campaign/state/$h.cpu"
      rm -f "$campaign/state/$h.busy"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$h" "$start" "${wall:-?}" "$cpu" "${execs:-0}" "${cov:-?}" \
        "${ft:-?}" "$corp" "$found" "$rc" >> "$campaign/runs.tsv"
      summary
    ) 9> "$campaign/state/lock"
    # A finding ends the run (halt_on_error); the lane goes on with the next harness.
    [ "$rc" -eq 0 ] || echo "$(date -u '+%T') fuzz_$h exited $rc: see $log and $build/fuzz-findings/$h" >> "$campaign/campaign.log"
  done
}

trap 'rm -rf "$scratch"' EXIT

for i in $(seq 1 "$lanes"); do
  lane "$i" &
done
wait
summary
echo "ended $(date -u '+%F %T') UTC, total $(total_cpu) CPU s" >> "$campaign/campaign.log"
cat "$campaign/summary.md"
