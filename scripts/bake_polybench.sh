#!/usr/bin/env bash
# Bakes an unmodified PolyBench/C checkout (every <name>/<name>.c kernel, checked with
# the ref and host backends, its utilities linked) into BAKE_DIR (default: bake) and
# renders it as a website into SITE_DIR (default: site-out): scripts/bake_suite.sh with
# the checkout as its suite (--only gemm,atax bakes a few kernels).
#   scripts/bake_polybench.sh POLYBENCH_DIR [BAKE_DIR [SITE_DIR]] [polylift bake options]
set -euo pipefail
case "${1:-}" in
  -h|--help) sed -n '2,6s/^# \{0,1\}//p' "$0"; exit 0 ;;
esac
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 POLYBENCH_DIR [BAKE_DIR [SITE_DIR]] [polylift bake options]" >&2
  exit 2
fi
exec "$(dirname "$0")/bake_suite.sh" "$@"
