#!/usr/bin/env bash
# Longer random-program differential runs than the test suite's (tests/random_programs.rs):
#   scripts/random-differential.sh [COUNT] [FIRST_SEED]
# Each program runs on PoCL from the source (the reference), oclc's CPU at -O0/-O2/-O3, oclc's
# SPIR-V on PoCL and Vulkan; a mismatch is reduced and printed with its seed. COUNT row
# programs (16x8 ranges reading neighbouring rows: Vulkan's two-row variant) run as well.
set -euo pipefail
cd "$(dirname "$0")/.."
OCLC_RANDOM_PROGRAMS="${1:-500}" OCLC_RANDOM_ROW_PROGRAMS="${1:-500}" OCLC_RANDOM_SEED="${2:-1000}" \
    cargo test --release --locked -p oclc --test random_programs -- --nocapture
