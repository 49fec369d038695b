#!/usr/bin/env bash
# Bakes an unmodified PolyBench/C checkout (every <name>/<name>.c kernel, checked with
# the ref and host backends, its utilities linked) into BAKE_DIR (default: bake) and
# renders it as a website into SITE_DIR (default: site-out).
#   scripts/bake_polybench.sh POLYBENCH_DIR [BAKE_DIR [SITE_DIR]] [polylift bake options]
set -euo pipefail
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 POLYBENCH_DIR [BAKE_DIR [SITE_DIR]] [polylift bake options]" >&2
  exit 2
fi
polylift="${POLYLIFT:-$(cd "$(dirname "$0")/.." && pwd)/.venv/bin/polylift}"
root="$1"; shift
bake_dir="bake"; site_dir="site-out"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then bake_dir="$1"; shift; fi
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then site_dir="$1"; shift; fi
"$polylift" bake "$root" -o "$bake_dir" --backends ref,host "$@"
"$polylift" site "$bake_dir" -o "$site_dir"
