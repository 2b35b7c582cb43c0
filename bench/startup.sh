#!/bin/sh
# First paint of the window and what it maps, measured from outside the process.
#
#   bench/startup.sh BUILD_DIR [STORE] [REPEATS]
#
# Starts `gatefold --screenshot` (with --screenshot-after 0) REPEATS times (default 7)
# under the current DISPLAY (or offscreen), on STORE (default: a new empty store), and
# prints the median and range of the wall time to the saved picture, the peak RSS
# (GNU time's %M), which LibTorch/OpenCV/ONNX libraries the binary maps, and the time
# of `gatefold-cli --version` for comparison. Needs /usr/bin/time.
set -eu
build=${1:?usage: bench/startup.sh BUILD_DIR [STORE] [REPEATS]}
store=${2:-}
repeats=${3:-7}
gui="$build/app/gui/gatefold"
cli="$build/app/cli/gatefold-cli"
work=$(mktemp -d "${TMPDIR:-/tmp}/gatefold-startup.XXXXXX")
trap 'rm -rf "$work"' EXIT
[ -n "$store" ] || store="$work/empty.sqlite"
export XDG_CONFIG_HOME="$work/config"  # no remembered settings, layout or store
[ -n "${DISPLAY:-}" ] || export QT_QPA_PLATFORM=offscreen

measure() {  # $1: label, rest: command; prints "label: median ms (min–max), peak RSS median MB"
    label=$1; shift
    : > "$work/times"
    i=0
    while [ "$i" -lt "$repeats" ]; do
        start=$(date +%s%N)
        /usr/bin/time -f %M -o "$work/rss" "$@" > /dev/null 2>&1
        end=$(date +%s%N)
        echo "$(( (end - start) / 1000000 )) $(cat "$work/rss")" >> "$work/times"
        i=$((i + 1))
    done
    rss=$(sort -n -k2 "$work/times" | awk '{ r[NR] = $2 } END { print r[int((NR + 1) / 2)] }')
    sort -n "$work/times" | awk -v label="$label" -v rss="$rss" '{ t[NR] = $1 }
        END { printf "%s: median %d ms (%d–%d ms over %d), peak RSS median %.0f MB\n",
                     label, t[int((NR + 1) / 2)], t[1], t[NR], NR, rss / 1024 }'
}

measure "first paint ($(basename "$store"))" "$gui" --store "$store" --screenshot "$work/shot.png" --screenshot-after 0
measure "gatefold-cli --version" "$cli" --version
echo "gatefold maps (DT_NEEDED and ldd):"
ldd "$gui" | grep -E -o 'lib(torch[a-z_]*|c10[a-z_]*|opencv_[a-z]+|onnx[a-z_]*)\.so' | sort -u | tr '\n' ' '
echo
