#!/usr/bin/env bash
# Runs every oclc test, installing the reference tools the tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-test-deps.sh
cargo test --workspace --locked "$@"
