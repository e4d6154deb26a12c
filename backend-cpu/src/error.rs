//! The error type of the CPU backend.

use std::fmt;

/// Why a module could not be compiled for the CPU.
#[derive(Clone, Debug, PartialEq)]
pub enum CompileError {
    /// The IR uses a construct the CPU backend does not support yet.
    Unsupported {
        /// The function where it was found.
        function: String,
        /// What is not supported.
        what: String,
    },
    /// A helper calls itself, directly or indirectly (OpenCL C forbids recursion).
    Recursion {
        /// The function that is part of a call cycle.
        function: String,
    },
    /// The options or the kernel names do not give a valid C interface for an object file.
    ObjectInterface(String),
    /// A function uses images or samplers, which CPU objects do not support yet; `span` is
    /// the source of its first image operation, when known.
    ImagesInObject {
        /// The function.
        function: String,
        /// Where its first image operation is in the source.
        span: Option<oclc_ir::SourceSpan>,
    },
    /// Cranelift rejected the generated code or the JIT failed (a backend bug).
    Codegen {
        /// The function being compiled.
        function: String,
        /// Cranelift's message.
        message: String,
    },
}

impl CompileError {
    /// The source location the error points at, when it has one.
    pub fn span(&self) -> Option<oclc_ir::SourceSpan> {
        match self {
            CompileError::ImagesInObject { span, .. } => *span,
            _ => None,
        }
    }

    /// Shorthand for [`CompileError::Unsupported`].
    pub fn unsupported(function: &str, what: impl Into<String>) -> Self {
        CompileError::Unsupported {
            function: function.to_string(),
            what: what.into(),
        }
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Unsupported { function, what } => {
                write!(
                    f,
                    "CPU backend: {what} is not supported yet (in @{function})"
                )
            }
            CompileError::Recursion { function } => {
                write!(
                    f,
                    "CPU backend: @{function} is recursive; OpenCL C forbids recursion"
                )
            }
            CompileError::ObjectInterface(message) => write!(f, "CPU object: {message}"),
            CompileError::ImagesInObject { function, .. } => write!(
                f,
                "CPU object: '{function}' uses images or samplers, which CPU object output does \
                 not support yet (they run with `oclc run --device cpu`)"
            ),
            CompileError::Codegen { function, message } => {
                write!(
                    f,
                    "CPU backend: code generation failed for @{function}: {message}"
                )
            }
        }
    }
}

impl std::error::Error for CompileError {}
