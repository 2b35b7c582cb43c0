#!/usr/bin/env bash
# Runs the libFuzzer harnesses of the fuzz preset one after the other, each for
# SECONDS of wall time, at the lowest CPU priority (other work goes first), and
# prints per harness: CPU time, executions, executions/s, coverage (cov/ft),
# corpus size and findings. Build first:
#   cmake --preset fuzz && cmake --build --preset fuzz
# The seed corpus is written by tst_fuzzinputs (ctest --preset fuzz runs it);
# this script runs it when the seeds are missing. Corpora grow in
# build/fuzz/fuzz-corpus/<harness>/, findings land in build/fuzz/fuzz-findings/<harness>/.
#
#   fuzz/run-fuzzers.sh [SECONDS] [HARNESS...]     (default 600 s, every harness)
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${GATEFOLD_FUZZ_BUILD:-$root/build/fuzz}
seconds=${1:-600}
shift || true
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  harnesses=(configjson cifar idx image checkpoint safetensors mlflow)
fi
seeds=$build/fuzz-seeds
if [ ! -d "$seeds" ]; then
  echo "writing the seed corpus: $build/fuzz/tst_fuzzinputs"
  (cd "$build/fuzz" && QT_QPA_PLATFORM=offscreen ./tst_fuzzinputs >/dev/null) || { echo "tst_fuzzinputs failed"; exit 2; }
fi

# Readers' scratch folders live in memory, and go with this script.
export TMPDIR=/dev/shm/gatefold-fuzz-$$
mkdir -p "$TMPDIR"
trap 'rm -rf "$TMPDIR"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:suppressions=$root/cmake/sanitizers/asan.supp}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:suppressions=$root/cmake/sanitizers/ubsan.supp}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/cmake/sanitizers/lsan.supp:print_suppressions=0}
# Decoders talk on stderr for every broken image; that is not news.
noise='^(imread_|libpng (warning|error)|Corrupt JPEG|Premature end of JPEG|Invalid SOS|Unsupported marker|Bogus|Quantization table|Huffman|JPEG datastream|Not a JPEG|Invalid JPEG|Warning: |[A-Za-z]+: (Not a TIFF|Cannot|Unknown|Unexpected|Sorry|Invalid|Incorrect|Bad|Wrong|Error|TIFF|Seek|Read|Missing|Null|Zero|ASCII)|TIFFRead|TIFFFetch|TIFFReadDirectory|OpenCV\(|\[ WARN|\[ERROR)'

printf '%-12s %7s %8s %12s %9s %7s %7s %6s %s\n' harness wall_s cpu_s execs execs/s cov ft corpus findings
total_cpu=0
for h in "${harnesses[@]}"; do
  exe=$build/fuzz/fuzz_$h
  corpus=$build/fuzz-corpus/$h
  findings=$build/fuzz-findings/$h
  log=$build/fuzz-logs/$h.log
  mkdir -p "$corpus" "$findings" "$(dirname "$log")"
  dict=()
  [ -f "$seeds/$h.dict" ] && dict=(-dict="$seeds/$h.dict")
  nice -n 19 /usr/bin/time -f '%U %S %e %M' -o "$log.time" \
    "$exe" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 \
    -artifact_prefix="$findings/" "${dict[@]}" "$corpus" "$seeds/$h" 2>&1 | grep -a -v -E "$noise" > "$log"
  read -r user sys wall rss < <(tail -1 "$log.time")
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')
  total_cpu=$(awk -v t="$total_cpu" -v c="$cpu" 'BEGIN{print t+c}')
  execs=$(grep -a 'stat::number_of_executed_units' "$log" | awk '{print $2}')
  rate=$(grep -a 'stat::average_exec_per_sec' "$log" | awk '{print $2}')
  last=$(grep -a -E '^#[0-9]+' "$log" | tail -1)
  cov=$(echo "$last" | grep -o 'cov: [0-9]*' | awk '{print $2}')
  ft=$(echo "$last" | grep -o 'ft: [0-9]*' | awk '{print $2}')
  corp=$(echo "$last" | grep -o 'corp: [0-9]*' | awk '{print $2}')
  found=$(find "$findings" -type f | wc -l)
  printf '%-12s %7.0f %8.0f %12s %9s %7s %7s %6s %s\n' "$h" "$wall" "$cpu" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
    "${corp:-?}" "$found"
done
echo "total CPU: $total_cpu s; logs in $build/fuzz-logs, findings in $build/fuzz-findings"
