//! The runtime's error type.

use std::fmt;

use oclc_backend_cpu::CompileError;
use oclc_ir::VerifyError;

/// Everything that can go wrong loading a program or launching a kernel.
#[derive(Clone, Debug, PartialEq)]
pub enum RuntimeError {
    /// The module failed IR verification.
    Verify(VerifyError),
    /// The CPU backend could not compile the module.
    Compile(CompileError),
    /// No kernel has this name.
    UnknownKernel {
        /// The name asked for.
        name: String,
        /// The kernels the program has.
        available: Vec<String>,
    },
    /// The number of arguments does not match the number of parameters.
    ArgCount {
        /// The kernel.
        kernel: String,
        /// Its parameter count.
        expected: usize,
        /// Arguments given.
        got: usize,
    },
    /// An argument of the wrong kind or size for its parameter.
    BadArg {
        /// The kernel.
        kernel: String,
        /// Parameter index.
        index: usize,
        /// Parameter name.
        param: String,
        /// What is wrong.
        message: String,
    },
    /// An argument names a buffer that does not exist.
    NoSuchBuffer {
        /// Parameter index.
        index: usize,
        /// The buffer index given.
        buffer: usize,
    },
    /// An argument names an image that does not exist.
    NoSuchImage {
        /// Parameter index.
        index: usize,
        /// The image index given.
        image: usize,
    },
    /// An image cannot be made (unsupported format, extents that do not match its texels).
    BadImage(String),
    /// The NDRange is malformed (work_dim, zero sizes, local size not dividing the global).
    BadRange(String),
    /// The work-group is larger than the device allows.
    LocalSizeTooLarge {
        /// Work-items per group asked for.
        total: u64,
        /// The limit.
        max: u64,
    },
    /// Specialisation on argument values cannot be set up (the source module given does
    /// not match the program).
    Specialization(String),
    /// A memory allocation failed.
    OutOfMemory {
        /// Bytes requested.
        bytes: u64,
    },
}

impl fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuntimeError::Verify(e) => write!(f, "{e}"),
            RuntimeError::Compile(e) => write!(f, "{e}"),
            RuntimeError::UnknownKernel { name, available } => write!(
                f,
                "no kernel named `{name}` (the program has: {})",
                available.join(", ")
            ),
            RuntimeError::ArgCount {
                kernel,
                expected,
                got,
            } => write!(
                f,
                "kernel `{kernel}` takes {expected} argument(s) but {got} were given"
            ),
            RuntimeError::BadArg {
                kernel,
                index,
                param,
                message,
            } => write!(
                f,
                "argument {index} (`{param}`) of kernel `{kernel}`: {message}"
            ),
            RuntimeError::NoSuchBuffer { index, buffer } => {
                write!(
                    f,
                    "argument {index} refers to buffer {buffer}, which does not exist"
                )
            }
            RuntimeError::BadRange(m) => write!(f, "invalid NDRange: {m}"),
            RuntimeError::LocalSizeTooLarge { total, max } => write!(
                f,
                "work-group size {total} exceeds the CPU device's maximum of {max}"
            ),
            RuntimeError::NoSuchImage { index, image } => write!(
                f,
                "argument {index} names image {image}, which was not given to the launch"
            ),
            RuntimeError::BadImage(m) => write!(f, "{m}"),
            RuntimeError::Specialization(m) => {
                write!(f, "cannot specialise kernels on argument values: {m}")
            }
            RuntimeError::OutOfMemory { bytes } => {
                write!(f, "out of memory allocating {bytes} bytes")
            }
        }
    }
}

impl std::error::Error for RuntimeError {}

impl From<VerifyError> for RuntimeError {
    fn from(e: VerifyError) -> Self {
        RuntimeError::Verify(e)
    }
}

impl From<CompileError> for RuntimeError {
    fn from(e: CompileError) -> Self {
        RuntimeError::Compile(e)
    }
}
