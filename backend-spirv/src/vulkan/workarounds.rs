//! Hidden switches for trying alternative code forms on a driver without rebuilding:
//! `OCLC_VK_WORKAROUND=name[,name...]` at compile time (scripts/probe-nvidia-crash.sh
//! runs kernels under each). Not a public interface; the names are:
//! - `ptr-access-chain`: every `__global`/`__constant` pointer offset is an
//!   `OpPtrAccessChain`, as before negative offsets became address arithmetic (A/B runs);
//! - `address-arith`: every such offset is integer address arithmetic, non-negative ones
//!   too (to measure what keeping `OpPtrAccessChain` for them is worth);
//! - `no-variable-pointers`: no `VariablePointers` capability for pointer variables (the
//!   form that crashed NVIDIA's driver; a control for the probe);
//! - `no-argument-offsets`: offsets from a kernel's pointer arguments get no assumption
//!   of being non-negative (only what `nonneg` proves);
//! - `no-nsw`: no `NoSignedWrap` on signed `int`/`long` arithmetic (A/B runs).

/// Whether the workaround `name` is switched on in `OCLC_VK_WORKAROUND`.
pub(crate) fn enabled(name: &str) -> bool {
    std::env::var("OCLC_VK_WORKAROUND").is_ok_and(|v| v.split(',').any(|w| w.trim() == name))
}
