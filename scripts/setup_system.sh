#!/usr/bin/env bash
# Installs the Debian packages polylift needs (compilers, qemu, OpenBLAS, chromium),
# skipping the ones already present. OpenBLAS for arm64 (the host shims of the aarch64
# target link against it) comes from Debian multiarch: the arm64 architecture is added
# once, when missing. --dry-run says what it would add and install, and changes nothing.
#   scripts/setup_system.sh [--dry-run]
set -euo pipefail
dry_run=""
case "${1:-}" in
  -h|--help) sed -n '2,6s/^# \{0,1\}//p' "$0"; exit 0 ;;
  --dry-run) dry_run=1 ;;
  "") ;;
  *) echo "usage: $0 [--dry-run]" >&2; exit 2 ;;
esac
# libc6-dev-arm64-cross is only a recommendation of the cross compiler, and recommendations
# are not installed: without it aarch64-linux-gnu-gcc finds no libc headers.
packages=(python3-venv gcc g++ make binutils gcc-aarch64-linux-gnu libc6-dev-arm64-cross
          qemu-user libopenblas-dev chromium libopenblas-dev:arm64)
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
native=$(dpkg --print-architecture)
if [ "$native" != arm64 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  echo "polylift: adding the arm64 Debian architecture (for OpenBLAS of the aarch64 target)"
  if [ -z "$dry_run" ]; then $sudo dpkg --add-architecture arm64; fi
fi
missing=()
for p in "${packages[@]}"; do
  # A package installed for two architectures must be named with its own (pkg:amd64).
  dpkg -s "$p" >/dev/null 2>&1 || dpkg -s "$p:$native" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "polylift: installing Debian packages: ${missing[*]}"
if [ -n "$dry_run" ]; then exit 0; fi
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
