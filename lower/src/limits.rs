//! Size limits of variables, checked where a variable is declared, so that one beyond what
//! the targets can hold is an error at its declaration: never an abort of the compiler, a
//! crash of the kernel or a module a driver rejects.
//!
//! Measured here with a `__constant uint` table read by a kernel: 256 MiB compiles to a
//! small SPIR-V module for both flavours and runs on PoCL (10 s), lavapipe and oclc's CPU
//! JIT; at 1 GiB the CPU JIT cannot reach the data (its code addresses data with 32-bit
//! PC-relative offsets) and PoCL takes 35 s and 2.3 GB.

use oclc_frontend::checked::{AddrSpace, CType};
use oclc_frontend::source::Span;

use super::LowerError;

/// The largest variable of any kind, in bytes (256 MiB).
pub const MAX_VARIABLE_BYTES: u64 = 256 << 20;

/// The largest total of the program's program-scope variables, in bytes (256 MiB): CPU
/// code is placed within 2 GiB of all of them.
pub const MAX_PROGRAM_SCOPE_BYTES: u64 = 256 << 20;

/// The largest total of the private variables of one function, in bytes (per work-item,
/// 512 KiB). clang has no such limit (a target decides what it can run); this one is what
/// oclc's CPU code is sized for: a work-group keeps each private array once on its thread's
/// stack (measured with a kernel filling a private uint array: 1900 KiB runs on a 2 MiB
/// stack, 2 MiB overflows it). The runtime's workers have
/// 16 MiB stacks, and a launch's calling thread (which runs work-groups too) holds a 512 KiB
/// kernel with a helper of the same size within Rust's default 2 MiB. Other consumers
/// struggle earlier, which the front end's warning W0309 says beyond
/// [`oclc_frontend::check::PRIVATE_BYTES_WARNING`] (64 KiB): a 96 KiB array runs on oclc's
/// CPU code (0.06 s), PoCL (2.4 s) and lavapipe (107 s, 1 GB), where PoCL crashes at
/// 128 KiB (it keeps a work-group's copies on one stack) and lavapipe takes more than 5
/// minutes. hashcat's pkzip kernels (m17200/m17220/m17225) need 66 KB.
pub const MAX_PRIVATE_BYTES_PER_FUNCTION: u64 = 512 << 10;

/// The size of `ty` in bytes, `None` when it does not fit a `u64`. Computed here rather
/// than taken from the front end's layout, whose products wrap.
pub fn checked_size(ty: &CType) -> Option<u64> {
    match ty {
        CType::Array { elem, len } => checked_size(elem)?.checked_mul(*len),
        CType::Struct(s) => {
            let Some(layout) = s.layout() else {
                return Some(0);
            };
            let mut total = 0u64;
            for f in &layout.fields {
                let size = checked_size(&f.ty)?;
                total = if s.is_union() {
                    total.max(size)
                } else {
                    total.checked_add(size)?
                };
            }
            Some(total.max(layout.size))
        }
        other => Some(other.size()),
    }
}

/// What a variable declared in `space` is called in messages.
fn kind(space: AddrSpace, program_scope: bool) -> &'static str {
    match (space, program_scope) {
        (AddrSpace::Constant, _) => "__constant variable",
        (AddrSpace::Global, _) => "program-scope __global variable",
        (AddrSpace::Local, _) => "__local variable",
        (_, true) => "program-scope variable",
        _ => "private variable",
    }
}

/// Sizes in messages: bytes, with MiB or KiB where that is exact.
fn bytes(n: u64) -> String {
    match n {
        n if n >= 1 << 20 && n % (1 << 20) == 0 => format!("{n} bytes ({} MiB)", n >> 20),
        n if n >= 1 << 10 && n % (1 << 10) == 0 => format!("{n} bytes ({} KiB)", n >> 10),
        n => format!("{n} bytes"),
    }
}

/// Checks that variable `name` of type `ty` (declared at `span` in `space`) is at most
/// [`MAX_VARIABLE_BYTES`]; returns its size.
pub fn check_variable(
    name: &str,
    ty: &CType,
    space: AddrSpace,
    program_scope: bool,
    span: Span,
) -> Result<u64, LowerError> {
    match checked_size(ty) {
        Some(size) if size <= MAX_VARIABLE_BYTES => Ok(size),
        size => Err(LowerError {
            message: format!(
                "{} `{name}` of type {} is {}: oclc supports variables of at most {}",
                kind(space, program_scope),
                ty.display(),
                size.map_or("more than 2^64 bytes".to_string(), bytes),
                bytes(MAX_VARIABLE_BYTES),
            ),
            span,
        }),
    }
}

/// A running total of variable sizes with its limit: the program-scope variables of a
/// program, or the private variables of a function.
pub struct Budget {
    used: u64,
    limit: u64,
    /// What the total is of, e.g. "the program-scope variables".
    what: String,
}

impl Budget {
    /// The program-scope data of a program ([`MAX_PROGRAM_SCOPE_BYTES`]).
    pub fn program_scope() -> Self {
        Budget {
            used: 0,
            limit: MAX_PROGRAM_SCOPE_BYTES,
            what: "the program-scope variables".into(),
        }
    }

    /// The private variables of `function`, per work-item ([`MAX_PRIVATE_BYTES_PER_FUNCTION`]).
    pub fn private(function: &str) -> Self {
        Budget {
            used: 0,
            limit: MAX_PRIVATE_BYTES_PER_FUNCTION,
            what: format!("the private variables of `{function}` (per work-item)"),
        }
    }

    /// Adds variable `name` of `size` bytes, declared at `span`; refuses it when the total
    /// goes beyond the limit.
    pub fn add(&mut self, name: &str, size: u64, span: Span) -> Result<(), LowerError> {
        self.used += size;
        if self.used <= self.limit {
            return Ok(());
        }
        Err(LowerError {
            message: format!(
                "with `{name}`, {} take {}: oclc supports at most {}",
                self.what,
                bytes(self.used),
                bytes(self.limit)
            ),
            span,
        })
    }
}
