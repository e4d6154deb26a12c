//! The OpenCL extensions and optional OpenCL C 3.0 features oclc announces as predefined
//! macros, and the `-cl-ext=+name,-name,+all,-all` edits of that set (clang-14's cc1
//! option). A name without a sign is enabled, as in clang.
//!
//! What an edit changes: the macro; `cl_khr_fp64` (with `__opencl_c_fp64` in OpenCL C 3.0)
//! also whether `double` may be used, and `cl_khr_fp16` whether
//! `#pragma OPENCL EXTENSION cl_khr_fp16 : enable` may enable `half`. The other names change
//! the macro only (oclc implements them either way).

use crate::options::ClStd;

/// The extensions oclc implements on every target and predefines (clang-14 predefines the
/// same names for spir64).
pub const SUPPORTED_EXTENSIONS: &[&str] = &[
    "cl_khr_byte_addressable_store",
    "cl_khr_fp64",
    "cl_khr_global_int32_base_atomics",
    "cl_khr_global_int32_extended_atomics",
    "cl_khr_local_int32_base_atomics",
    "cl_khr_local_int32_extended_atomics",
    "cl_khr_int64_base_atomics",
    "cl_khr_int64_extended_atomics",
];

/// Extensions oclc implements but does not predefine unless `-cl-ext=+name` asks: `half`
/// needs `#pragma OPENCL EXTENSION cl_khr_fp16 : enable` either way.
pub const OPTIONAL_EXTENSIONS: &[&str] = &["cl_khr_fp16"];

/// The optional OpenCL C 3.0 features oclc implements that `-cl-ext=-all` removes in
/// clang-14 (the others it predefines stay, as they do in clang).
const CL30_OPTIONAL_FEATURES: &[&str] = &[
    "__opencl_c_fp64",
    "__opencl_c_generic_address_space",
    "__opencl_c_atomic_order_acq_rel",
];

/// The extensions (and, for OpenCL C 3.0, optional features) that are on after `edits`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtensionSet {
    on: Vec<&'static str>,
    std: ClStd,
    /// `cl_khr_fp16` was not removed (it is implemented, though not predefined).
    fp16_allowed: bool,
}

impl ExtensionSet {
    /// The default set for `std` with the `-cl-ext=` values `edits` applied in order; an
    /// error names a `+name` oclc does not implement, or a 3.0 program whose `cl_khr_fp64`
    /// and `__opencl_c_fp64` differ (clang-14 refuses that too).
    pub fn new(std: ClStd, edits: &[String]) -> Result<ExtensionSet, String> {
        let mut set = ExtensionSet {
            on: SUPPORTED_EXTENSIONS.to_vec(),
            std,
            fp16_allowed: true,
        };
        if std.version() >= 300 {
            set.on.extend(CL30_OPTIONAL_FEATURES);
        }
        for edit in edits.iter().flat_map(|e| e.split(',')) {
            let edit = edit.trim();
            if edit.is_empty() {
                continue;
            }
            let (enable, name) = match edit.as_bytes()[0] {
                b'-' => (false, &edit[1..]),
                b'+' => (true, &edit[1..]),
                _ => (true, edit),
            };
            set.apply(enable, name)?;
        }
        if std.version() >= 300 && set.has("cl_khr_fp64") != set.has("__opencl_c_fp64") {
            return Err(
                "options cl_khr_fp64 and __opencl_c_fp64 are set to different values".into(),
            );
        }
        Ok(set)
    }

    fn editable(&self) -> Vec<&'static str> {
        let mut all: Vec<&'static str> = SUPPORTED_EXTENSIONS.to_vec();
        all.extend(OPTIONAL_EXTENSIONS);
        if self.std.version() >= 300 {
            all.extend(CL30_OPTIONAL_FEATURES);
        }
        all
    }

    fn apply(&mut self, enable: bool, name: &str) -> Result<(), String> {
        let editable = self.editable();
        if name == "all" {
            self.on = if enable { editable } else { Vec::new() };
            self.fp16_allowed = enable;
            return Ok(());
        }
        if name == "cl_khr_fp16" {
            self.fp16_allowed = enable;
        }
        match editable.iter().find(|n| **n == name) {
            Some(n) if enable => {
                if !self.on.contains(n) {
                    self.on.push(n);
                }
            }
            Some(n) => self.on.retain(|x| x != n),
            // clang ignores unknown names; removing one changes nothing here either.
            None if !enable => {}
            None => {
                return Err(format!(
                    "-cl-ext=+{name}: oclc does not implement '{name}' (it implements {})",
                    editable.join(", ")
                ))
            }
        }
        Ok(())
    }

    /// True when `name` is on.
    pub fn has(&self, name: &str) -> bool {
        self.on.contains(&name)
    }

    /// The names that are on, each predefined as a macro with the value 1.
    pub fn names(&self) -> &[&'static str] {
        &self.on
    }

    /// True when `double` may be used (`cl_khr_fp64`).
    pub fn fp64(&self) -> bool {
        self.has("cl_khr_fp64")
    }

    /// True when `#pragma OPENCL EXTENSION cl_khr_fp16 : enable` enables `half`: unless
    /// `-cl-ext=-cl_khr_fp16` (or `-all`) said otherwise.
    pub fn fp16_allowed(&self) -> bool {
        self.fp16_allowed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(std: ClStd, edits: &[&str]) -> Result<ExtensionSet, String> {
        let edits: Vec<String> = edits.iter().map(|s| s.to_string()).collect();
        ExtensionSet::new(std, &edits)
    }

    #[test]
    fn edits_apply_in_order() {
        let s = set(ClStd::Cl12, &["-all,+cl_khr_fp64"]).unwrap();
        assert_eq!(s.names(), ["cl_khr_fp64"]);
        let s = set(ClStd::Cl12, &["-cl_khr_fp64", "cl_khr_fp16"]).unwrap();
        assert!(!s.fp64() && s.has("cl_khr_fp16"));
        assert!(set(ClStd::Cl12, &["+cl_intel_subgroups"]).is_err());
        assert!(set(ClStd::Cl12, &["-cl_intel_subgroups"]).is_ok());
        assert!(set(ClStd::Cl30, &["-cl_khr_fp64"]).is_err());
        assert!(!set(ClStd::Cl30, &["-cl_khr_fp64,-__opencl_c_fp64"])
            .unwrap()
            .fp64());
    }
}
