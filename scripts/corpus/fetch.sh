#!/usr/bin/env bash
# Fetch the real-kernel corpus (issue 3) into .cache/corpus/ (git-ignored; never commit it).
#   darktable/  kernels from the Debian/Ubuntu `darktable` package (apt-get download)
#   silx/       .cl files and headers from the silx wheel (pip download)
#   pyopencl/   .cl files and headers from the pyopencl wheel (pip download)
#   hashcat/    kernels and headers from the Debian `hashcat-data` package (issue 19: big
#               crypto kernels, heavy macros, long unrolled rounds)
#   pyfai/, gputools/   .cl files and headers from those wheels (pip download)
# Idempotent: a corpus folder that already holds .cl files is left alone.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
DEST="$ROOT/.cache/corpus"
mkdir -p "$DEST"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

have_cl() { [ -d "$1" ] && [ -n "$(find "$1" -name '*.cl' -print -quit)" ]; }

if have_cl "$DEST/darktable"; then
  echo "darktable: already fetched"
else
  (cd "$TMP" && apt-get download darktable >/dev/null)
  dpkg -x "$TMP"/darktable_*.deb "$TMP/dt"
  mkdir -p "$DEST/darktable"
  find "$TMP/dt/usr/share/darktable/kernels" -maxdepth 1 -type f \( -name '*.cl' -o -name '*.h' \) \
    -exec cp {} "$DEST/darktable/" \;
  echo "darktable: $(find "$DEST/darktable" -name '*.cl' | wc -l) kernels"
fi

if have_cl "$DEST/hashcat"; then
  echo "hashcat: already fetched"
else
  (cd "$TMP" && apt-get download hashcat-data >/dev/null)
  dpkg -x "$TMP"/hashcat-data_*.deb "$TMP/hc"
  mkdir -p "$DEST/hashcat"
  find "$TMP/hc/usr/share/hashcat/OpenCL" -maxdepth 1 -type f \( -name '*.cl' -o -name '*.h' \) \
    -exec cp {} "$DEST/hashcat/" \;
  echo "hashcat: $(find "$DEST/hashcat" -name '*.cl' | wc -l) kernels"
fi

for pkg in silx pyopencl pyfai gputools; do
  if have_cl "$DEST/$pkg"; then
    echo "$pkg: already fetched"
    continue
  fi
  mkdir -p "$TMP/$pkg"
  pip download --quiet --no-deps "$pkg" -d "$TMP/$pkg"
  whl="$(ls "$TMP/$pkg"/*.whl | head -n 1)"
  mkdir -p "$TMP/$pkg/x"
  python3 -m zipfile -e "$whl" "$TMP/$pkg/x"
  # Keep the folder structure of every .cl file and header inside the wheel.
  (cd "$TMP/$pkg/x" && find . -type f \( -name '*.cl' -o -name '*.h' -o -name '*.clh' \) -print0 |
    while IFS= read -r -d '' f; do
      mkdir -p "$DEST/$pkg/$(dirname "$f")"
      cp "$f" "$DEST/$pkg/$f"
    done)
  echo "$pkg: $(find "$DEST/$pkg" -name '*.cl' | wc -l) kernels"
done
