//! Options that influence the front end (`-D`, `-I`, `-cl-std`, warnings...).

use crate::diagnostic::WarningMode;
use std::path::PathBuf;

/// OpenCL C language version selected with `-cl-std`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum ClStd {
    /// OpenCL C 1.2 (default).
    #[default]
    Cl12,
    /// OpenCL C 2.0.
    Cl20,
    /// OpenCL C 3.0.
    Cl30,
}

impl ClStd {
    /// Value of `__OPENCL_C_VERSION__` (120, 200, 300).
    pub fn version(self) -> u32 {
        match self {
            ClStd::Cl12 => 120,
            ClStd::Cl20 => 200,
            ClStd::Cl30 => 300,
        }
    }

    /// Parses a `-cl-std=` value such as `CL1.2`, `CL2.0`, `CL3.0`.
    pub fn parse(s: &str) -> Option<ClStd> {
        match s.to_ascii_uppercase().as_str() {
            "CL1.2" | "CL1.1" | "CL1.0" | "CL" => Some(ClStd::Cl12),
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
    /// `-cl-fast-relaxed-math` (defines `__FAST_RELAXED_MATH__`).
    pub fast_relaxed_math: bool,
    /// `-w` / `-Werror` handling.
    pub warnings: WarningMode,
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
            warnings: WarningMode::default(),
            bracket_depth: DEFAULT_BRACKET_DEPTH,
        }
    }
}

impl FrontendOptions {
    /// Adds a raw `-D` argument: `NAME`, `NAME=VALUE` or `NAME(x)=BODY`.
    pub fn define_raw(&mut self, arg: &str) {
        match arg.split_once('=') {
            Some((n, v)) => self.defines.push((n.to_string(), Some(v.to_string()))),
            None => self.defines.push((arg.to_string(), None)),
        }
    }
}
