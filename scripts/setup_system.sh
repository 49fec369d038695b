#!/usr/bin/env bash
# Installs the Debian packages polylift needs (compilers, qemu, OpenBLAS, chromium),
# skipping the ones already present.
set -euo pipefail
packages=(python3-venv gcc g++ make binutils gcc-aarch64-linux-gnu qemu-user libopenblas-dev
          chromium)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "polylift: installing Debian packages: ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
