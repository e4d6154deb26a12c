#!/usr/bin/env bash
# Runs every oclc test, installing the reference tools the tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-test-deps.sh
# The real-kernel corpus (darktable, silx, pyopencl) for tests/corpus.rs; the tests still run
# (and say the corpus was skipped) if the package registries cannot be reached.
scripts/corpus/fetch.sh || echo "warning: could not fetch the kernel corpus; tests/corpus.rs will skip it"
# Optimised: the suites run thousands of compiles and kernels (PoCL, lavapipe, the CPU JIT),
# which an unoptimised oclc makes several times slower than the extra compile time.
cargo test --workspace --locked --release "$@"
