# Sourced by scripts/bench-gpu.sh and scripts/bench-gpu-math.sh: `time_of BIN DEVICE FILE ARGS...`
# prints the median kernel time in ms of `BIN run FILE ARGS --device DEVICE --time --repeat $R`
# (with "${CL_ARGS[@]}" added on the opencl device), or `FAIL: reason`.
time_of() {
    local bin=$1 dev=$2 file=$3; shift 3
    local extra=()
    [ "$dev" = opencl ] && extra=("${CL_ARGS[@]}")
    local out
    if out=$("$bin" run "$file" "$@" --device "$dev" "${extra[@]}" --time --repeat "$R" 2>&1); then
        echo "$out" | sed -n 's/^kernel time: \([0-9.]*\) ms.*/\1/p' | tail -1
    else
        echo "FAIL:$(echo "$out" | grep -m1 -i 'error' | cut -c1-80 | tr ' \t' '__')"
    fi
}
