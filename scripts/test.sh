#!/usr/bin/env bash
# Runs every oclc test, installing the reference tools the tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-test-deps.sh
# The real-kernel corpus (darktable, silx, pyopencl) for tests/corpus.rs; the tests still run
# (and say the corpus was skipped) if the package registries cannot be reached.
scripts/corpus/fetch.sh || echo "warning: could not fetch the kernel corpus; tests/corpus.rs will skip it"
cargo test --workspace --locked "$@"
