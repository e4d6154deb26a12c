#!/usr/bin/env bash
# Installs what oclc's tests need on Debian/Ubuntu when it is missing: the independent
# references (spirv-val, PoCL, clang-14 + llvm-spirv-14), the Vulkan CPU driver, and the C
# toolchain that links CPU objects in tests/cpu_object.rs, gdb (tests/cpu_object_debug.rs debugs
# a -g object), and strace (tests/installed_binary.rs checks that a copied oclc opens nothing of
# the source tree), and Oclgrind (tests/check_defects.rs confirms each expected defect with it).
# Safe to run repeatedly; does nothing when everything is present.
set -euo pipefail

packages=(spirv-tools pocl-opencl-icd ocl-icd-opencl-dev ocl-icd-libopencl1 clang-14 llvm-spirv-14
          mesa-vulkan-drivers libvulkan1 libvulkan-dev clinfo vulkan-tools gcc g++ binutils
          strace gdb oclgrind)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "installing test dependencies: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "cargo is missing: install Rust first (https://rustup.rs), then run this again" >&2
  exit 1
fi
