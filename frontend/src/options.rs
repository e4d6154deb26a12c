//! Options that influence the front end (`-D`, `-I`, `-cl-std`, warnings...).

use crate::diagnostic::WarningMode;
use std::path::PathBuf;

/// OpenCL C language version selected with `-cl-std`. OpenCL C 1.0 and 1.1 differ from 1.2
/// only in `__OPENCL_C_VERSION__` here: oclc checks them by the 1.2 rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, PartialOrd, Ord)]
pub enum ClStd {
    /// OpenCL C 1.0 (`-cl-std=CL` or `CL1.0`).
    Cl10,
    /// OpenCL C 1.1.
    Cl11,
    /// OpenCL C 1.2 (default).
    #[default]
    Cl12,
    /// OpenCL C 2.0.
    Cl20,
    /// OpenCL C 3.0.
    Cl30,
}

impl ClStd {
    /// Value of `__OPENCL_C_VERSION__` (100, 110, 120, 200, 300).
    pub fn version(self) -> u32 {
        match self {
            ClStd::Cl10 => 100,
            ClStd::Cl11 => 110,
            ClStd::Cl12 => 120,
            ClStd::Cl20 => 200,
            ClStd::Cl30 => 300,
        }
    }

    /// The `-cl-std=` spelling (`CL1.2`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ClStd::Cl10 => "CL1.0",
            ClStd::Cl11 => "CL1.1",
            ClStd::Cl12 => "CL1.2",
            ClStd::Cl20 => "CL2.0",
            ClStd::Cl30 => "CL3.0",
        }
    }

    /// Parses a `-cl-std=` value as clang-14 does: `CL`, `CL1.0`, `CL1.1`, `CL1.2`, `CL2.0`,
    /// `CL3.0`, or the same in lower case.
    pub fn parse(s: &str) -> Option<ClStd> {
        let upper = s.to_ascii_uppercase();
        if s != upper && s != s.to_ascii_lowercase() {
            return None;
        }
        match upper.as_str() {
            "CL" | "CL1.0" => Some(ClStd::Cl10),
            "CL1.1" => Some(ClStd::Cl11),
            "CL1.2" => Some(ClStd::Cl12),
            "CL2.0" => Some(ClStd::Cl20),
            "CL3.0" => Some(ClStd::Cl30),
            _ => None,
        }
    }
}

/// Clang's default `-fbracket-depth`: how deeply `(`, `[` and `{` may nest.
pub const DEFAULT_BRACKET_DEPTH: u32 = 256;

/// Everything the driver passes to the front end.
#[derive(Clone, Debug)]
pub struct FrontendOptions {
    /// `-D` definitions as `(name, value)`; `name` may be `F(x)` for a function-like
    /// macro; a `None` value means `1`.
    pub defines: Vec<(String, Option<String>)>,
    /// `-U` names (applied after the defines).
    pub undefines: Vec<String>,
    /// `-I` directories, searched in order after the including file's directory.
    pub include_dirs: Vec<PathBuf>,
    /// Language version.
    pub cl_std: ClStd,
    /// `-cl-fast-relaxed-math` (defines `__FAST_RELAXED_MATH__`, `__FAST_MATH__` and
    /// `__FINITE_MATH_ONLY__ 1`, as clang-14 does).
    pub fast_relaxed_math: bool,
    /// `-cl-finite-math-only` (defines `__FINITE_MATH_ONLY__ 1`; else it is 0).
    pub finite_math_only: bool,
    /// `-cl-opt-disable` / `-O0`: `__NO_INLINE__` instead of `__OPTIMIZE__` (clang-14's
    /// OpenCL default is optimized, so the default defines `__OPTIMIZE__`).
    pub opt_disabled: bool,
    /// `-cl-single-precision-constant`: unsuffixed floating constants are `float`.
    pub single_precision_constant: bool,
    /// `-cl-ext=+name,-name,+all,-all` edits of the predefined extensions, in order.
    pub extensions: Vec<String>,
    /// `-w` / `-Werror` handling.
    pub warnings: WarningMode,
    /// `-WNAME`, `-Wno-NAME`, `-Werror=NAME`, `-Wno-error=NAME`, in order.
    pub warning_flags: crate::warning_flags::WarningFlags,
    /// `-fbracket-depth=N`: the deepest nesting of parentheses, brackets and braces (and
    /// of macro calls in macro arguments and of `#if` subexpressions) accepted; deeper
    /// input gets a located error, as in clang (default 256).
    pub bracket_depth: u32,
}

impl Default for FrontendOptions {
    fn default() -> Self {
        FrontendOptions {
            defines: Vec::new(),
            undefines: Vec::new(),
            include_dirs: Vec::new(),
            cl_std: ClStd::default(),
            fast_relaxed_math: false,
            finite_math_only: false,
            opt_disabled: false,
            single_precision_constant: false,
            extensions: Vec::new(),
            warnings: WarningMode::default(),
            warning_flags: Default::default(),
            bracket_depth: DEFAULT_BRACKET_DEPTH,
        }
    }
}

impl FrontendOptions {
    /// The extensions on after `-cl-ext` (the default set when the edits are invalid: the
    /// driver reports those before compiling; see [`crate::extensions::ExtensionSet::new`]).
    pub fn extension_set(&self) -> crate::extensions::ExtensionSet {
        crate::extensions::ExtensionSet::new(self.cl_std, &self.extensions)
            .or_else(|_| crate::extensions::ExtensionSet::new(self.cl_std, &[]))
            .expect("the default extension set is valid")
    }

    /// A collector of diagnostics with these options' warning policy.
    pub fn diagnostics(&self) -> crate::diagnostic::Diagnostics {
        crate::diagnostic::Diagnostics::with_policy(self.warnings, self.warning_flags.clone())
    }

    /// Adds a raw `-D` argument: `NAME`, `NAME=VALUE` or `NAME(x)=BODY`.
    pub fn define_raw(&mut self, arg: &str) {
        match arg.split_once('=') {
            Some((n, v)) => self.defines.push((n.to_string(), Some(v.to_string()))),
            None => self.defines.push((arg.to_string(), None)),
        }
    }
}
