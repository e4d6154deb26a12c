//! The error type of SPIR-V emission.

use std::fmt;

/// A construct of the IR that the SPIR-V backend cannot express (or an internal failure
/// of the module builder). Emission never panics on such input; it returns this error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpirvError {
    /// The IR function being emitted when the error arose, if any.
    pub function: Option<String>,
    /// What could not be emitted.
    pub message: String,
    /// Where in the source the construct is, when the IR value it arose at has a span.
    pub span: Option<oclc_ir::SourceSpan>,
}

impl SpirvError {
    /// An error not tied to a function.
    pub fn new(message: impl Into<String>) -> Self {
        SpirvError {
            function: None,
            message: message.into(),
            span: None,
        }
    }

    /// Attaches the function name, unless one is already set.
    pub fn in_function(mut self, name: &str) -> Self {
        if self.function.is_none() {
            self.function = Some(name.to_string());
        }
        self
    }

    /// Attaches `span`, unless a span is already set (the innermost one is the most
    /// precise).
    pub fn at(mut self, span: Option<oclc_ir::SourceSpan>) -> Self {
        if self.span.is_none() {
            self.span = span;
        }
        self
    }

    /// Attaches the source span of `value` of `f` (see [`SpirvError::at`]).
    pub fn at_value(self, f: &oclc_ir::Function, value: oclc_ir::ValueId) -> Self {
        self.at(f.span(value))
    }
}

impl fmt::Display for SpirvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.function {
            Some(func) => write!(f, "SPIR-V emission failed in @{func}: {}", self.message),
            None => write!(f, "SPIR-V emission failed: {}", self.message),
        }
    }
}

impl std::error::Error for SpirvError {}

impl From<rspirv::dr::Error> for SpirvError {
    fn from(e: rspirv::dr::Error) -> Self {
        SpirvError::new(format!("internal module-builder error: {e}"))
    }
}

/// Shorthand for results of this crate.
pub(crate) type Result<T> = std::result::Result<T, SpirvError>;

/// Builds an "unsupported construct" error.
pub(crate) fn unsupported<T>(what: impl Into<String>) -> Result<T> {
    Err(SpirvError::new(format!("unsupported: {}", what.into())))
}
