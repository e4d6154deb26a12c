#!/bin/sh
# Runs the oclc-vs-PoCL benchmark suite (bench/kernels/*.cl). Builds the release oclc first
# unless OCLC points at a binary. Options are passed on to bench.py (--threads N,
# --repeat N, --filter NAME).
set -e
cd "$(dirname "$0")/.."
if [ -z "$OCLC" ]; then
    cargo build --release -p oclc --bin oclc
    OCLC="${CARGO_TARGET_DIR:-target}/release/oclc"
fi
exec python3 bench/bench.py --oclc "$OCLC" "$@"
