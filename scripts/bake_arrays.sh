#!/usr/bin/env bash
# Bakes the arrays suite (every stage of every kernel, checked with the ref and host
# backends) and renders it as a website: scripts/bake_suite.sh arrays (its --help says more).
#   scripts/bake_arrays.sh [BAKE_DIR [SITE_DIR]] [polylift bake options]
case "${1:-}" in -h|--help) sed -n '2,4s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
exec "$(dirname "$0")/bake_suite.sh" arrays "$@"
