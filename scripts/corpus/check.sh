#!/usr/bin/env bash
# Compare oclc -fsyntax-only with clang-14 on the corpus fetched by fetch.sh.
# Options: see check.py (--oclc PATH, --no-clang, --baseline-check, --write-baseline).
exec python3 "$(dirname "$0")/check.py" "$@"
