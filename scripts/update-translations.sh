#!/usr/bin/env bash
# Refreshes translations/gatefold_de.ts, gatefold_zh_CN.ts and gatefold_en.ts
# (English plural forms only) from every source with user-visible text — the
# one way to update them; then translate what it reports as unfinished.
#
# Sources: the UI (widgets/, app/gui/, core/launch/ and core/slurm/ — runs on Slurm, the window's
# to show —, core/inspect/ — its progress and skip reasons, context InspectRun), core/config/ (the field table: the settings' help texts,
# context RunField, and the form's tab titles, FieldGroups) and the core files whose
# validator and parser messages the run form shows, which mark their templates with
# GF_TRANSLATE_NOOP("ConfigProblem", …) (core/config/configproblem.h).
# lupdate gets no -I: it follows #includes, and in the LibTorch headers it
# hangs; with none it takes well under a second.
#
# Usage: scripts/update-translations.sh [--ts-dir DIR]
#   --ts-dir DIR   update DIR/gatefold_*.ts instead of translations/ (tst_translations
#                  runs it on copies); LUPDATE=/path/to/lupdate picks another lupdate.
set -euo pipefail
cd "$(dirname "$0")/.."
lupdate="${LUPDATE:-/usr/lib/qt6/bin/lupdate}"
tsdir=translations
if [[ "${1:-}" == "--ts-dir" && -n "${2:-}" ]]; then
    tsdir="$2"
elif [[ $# -gt 0 ]]; then
    echo "usage: $0 [--ts-dir DIR]" >&2
    exit 2
fi

shopt -s nullglob
sources=(widgets/*.cpp widgets/*.h app/gui/*.cpp core/launch/*.cpp core/slurm/*.cpp core/inspect/*.cpp
         core/config/fieldtable.cpp core/config/*fields.cpp core/tables/runquery*.cpp)
# Every core .cpp that marks a message template (validators, value parsers).
mapfile -t marked < <(grep -rl --include='*.cpp' 'GF_TRANSLATE_NOOP("ConfigProblem"' core | sort)
sources+=("${marked[@]}")
options=(-no-obsolete -locations relative -tr-function-alias 'QT_TRANSLATE_NOOP+=GF_TRANSLATE_NOOP')

"$lupdate" "${options[@]}" -target-language de_DE "${sources[@]}" -ts "$tsdir/gatefold_de.ts"
"$lupdate" "${options[@]}" -target-language zh_CN "${sources[@]}" -ts "$tsdir/gatefold_zh_CN.ts"
"$lupdate" "${options[@]}" -pluralonly -target-language en "${sources[@]}" -ts "$tsdir/gatefold_en.ts"

for ts in "$tsdir"/gatefold_de.ts "$tsdir"/gatefold_zh_CN.ts "$tsdir"/gatefold_en.ts; do
    echo "$ts: $(grep -c 'type="unfinished"' "$ts" || true) unfinished"
done
