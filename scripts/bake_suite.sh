#!/usr/bin/env bash
# Bakes one suite (every stage of every kernel, checked with the ref and host backends)
# into BAKE_DIR (default: bake) and renders it as a website into SITE_DIR (default:
# site-out). SUITE is linalg, cnn, image, arrays, framework, a directory of kernels or a PolyBench/C
# checkout; scripts/bake_{linalg,cnn,image,arrays,polybench}.sh call this script with theirs.
# Further arguments go to 'polylift bake': --sizes MINI,SMALL, -j 4, --only gemm,atax
# (a few kernels), --backends ref (instead of ref,host).
#   scripts/bake_suite.sh SUITE [BAKE_DIR [SITE_DIR]] [polylift bake options]
set -euo pipefail
usage() { sed -n '2,8s/^# \{0,1\}//p' "$0"; }
for arg in "$@"; do
  case "$arg" in -h|--help) usage; exit 0 ;; esac
done
if [ $# -lt 1 ]; then usage >&2; exit 2; fi
polylift="${POLYLIFT:-$(cd "$(dirname "$0")/.." && pwd)/.venv/bin/polylift}"
suite="$1"; shift
bake_dir="bake"; site_dir="site-out"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then bake_dir="$1"; shift; fi
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then site_dir="$1"; shift; fi
"$polylift" bake "$suite" -o "$bake_dir" --backends ref,host "$@"
"$polylift" site "$bake_dir" -o "$site_dir"
