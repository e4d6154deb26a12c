#!/bin/sh
# Small-launch latency, oclc's CPU device vs PoCL (bench/launch_latency.py: vecadd at several
# sizes and local sizes, both devices alternately). Builds the release oclc first unless OCLC
# points at a binary. Options are passed on (--threads N, --repeat N, --rounds N, --sizes,
# --locals).
set -e
cd "$(dirname "$0")/.."
if [ -z "$OCLC" ]; then
    cargo build --release -p oclc --bin oclc
    OCLC="${CARGO_TARGET_DIR:-target}/release/oclc"
fi
exec python3 bench/launch_latency.py --oclc "$OCLC" "$@"
