#!/usr/bin/env bash
# Bakes the arrays suite (every stage of every kernel, checked with the ref and host
# backends) into BAKE_DIR (default: bake) and renders it as a website into SITE_DIR
# (default: site-out). Further arguments go to 'polylift bake' (--sizes MINI,SMALL, -j 4).
#   scripts/bake_arrays.sh [BAKE_DIR [SITE_DIR]] [polylift bake options]
set -euo pipefail
polylift="${POLYLIFT:-$(cd "$(dirname "$0")/.." && pwd)/.venv/bin/polylift}"
bake_dir="bake"; site_dir="site-out"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then bake_dir="$1"; shift; fi
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then site_dir="$1"; shift; fi
"$polylift" bake arrays -o "$bake_dir" --backends ref,host "$@"
"$polylift" site "$bake_dir" -o "$site_dir"
