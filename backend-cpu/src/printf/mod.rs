//! OpenCL `printf` on the CPU: the format string is parsed when the kernel is compiled
//! ([`parse`]); the generated code stores the arguments' lanes in 8-byte slots and calls
//! [`oclc_printf`], which formats them like OpenCL C's `printf` (conversions through the C
//! library's `snprintf`, vector specifiers such as `%v4f` or `%v2hld` as comma-separated
//! lanes) and writes the whole line of one work-item with a single locked write to stdout.
//! Object files translate each call into a C format for `vprintf` instead ([`c_format`]).

mod c_format;
mod format;
mod parse;

pub use c_format::{c_format, CArg, CArgKind, CFormat};
pub use format::format;
pub use parse::{parse, Conv, Length, Segment};

use std::io::Write;

/// How one lane of a printf argument is stored in its 8-byte slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LaneKind {
    /// An integer of `bits` bits (bool counts as an unsigned 8-bit integer).
    Int {
        /// Width in bits.
        bits: u32,
        /// Signedness.
        signed: bool,
    },
    /// An f32 in the low 4 bytes.
    F32,
    /// An f64.
    F64,
    /// A pointer (an address).
    Ptr,
}

/// One printf argument: its lane kind and lane count (1 for scalars).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgDesc {
    /// How each lane is stored.
    pub kind: LaneKind,
    /// Number of lanes (slots).
    pub lanes: usize,
}

/// A compiled printf call: the parsed format and its arguments' shapes. The generated code
/// passes its address to [`oclc_printf`]; the owning program keeps it alive.
#[derive(Debug)]
pub struct PrintfSpec {
    /// The parsed format string.
    pub segments: Vec<Segment>,
    /// The arguments.
    pub args: Vec<ArgDesc>,
}

impl PrintfSpec {
    /// Number of 8-byte slots the arguments take.
    pub fn slots(&self) -> usize {
        self.args.iter().map(|a| a.lanes).sum()
    }
}

/// The runtime entry the generated code calls: formats the arguments in `data` (8-byte
/// slots) with `spec` and writes the result to stdout. Returns 0, or -1 when writing failed.
///
/// # Safety
/// `spec` must point to a live [`PrintfSpec`] and `data` to its [`PrintfSpec::slots`]
/// slots; pointers among the `%s` arguments must point to NUL-terminated strings.
pub unsafe extern "C" fn oclc_printf(spec: *const PrintfSpec, data: *const u64) -> i32 {
    // SAFETY: guaranteed by the caller (the generated code).
    let spec = unsafe { &*spec };
    let slots = unsafe { std::slice::from_raw_parts(data, spec.slots()) };
    let text = unsafe { format(spec, slots) };
    let out = std::io::stdout();
    let mut lock = out.lock();
    match lock.write_all(text.as_bytes()).and_then(|_| lock.flush()) {
        Ok(()) => 0,
        Err(_) => -1,
    }
}
