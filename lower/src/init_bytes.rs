//! The byte image of a program-scope initializer, as [`oclc_ir::Global::init`] holds it: the
//! bytes up to the last non-zero one, the rest of the variable being zero. Only non-zero
//! scalars are written, so a table of 2^31 elements with two initializers costs a few
//! bytes, never its declared size.

use oclc_frontend::checked::{CType, ConstInit};
use oclc_frontend::source::Span;

use super::types::scalar;
use super::LowerError;
use oclc_ir::op::f32_to_f16_bits;
use oclc_ir::types::ScalarType;

/// The bytes of a program-scope constant initializer of `ty`, laid out as the IR stores
/// `ty`, without its trailing zeros.
pub fn const_init_bytes(ty: &CType, init: &ConstInit, span: Span) -> Result<Vec<u8>, LowerError> {
    let mut out = Vec::new();
    write_value(ty, init, 0, &mut out, span)?;
    while out.last() == Some(&0) {
        out.pop();
    }
    Ok(out)
}

const ZERO: ConstInit = ConstInit::Int(0);

/// Writes the non-zero bytes of `init`, a value of type `ty` at byte `at`, into `out`
/// (grown with zeros as far as needed, and no further).
fn write_value(
    ty: &CType,
    init: &ConstInit,
    at: u64,
    out: &mut Vec<u8>,
    span: Span,
) -> Result<(), LowerError> {
    // A list's item `i`: element 0 of a non-list initializer is the initializer itself.
    let item = |i: usize| match init {
        ConstInit::List(l) => l.get(i),
        _ if i == 0 => Some(init),
        _ => None,
    };
    match ty {
        CType::Bool => write_scalar(out, at, ScalarType::U8, init),
        CType::Scalar(k) | CType::Atomic(k) => write_scalar(out, at, scalar(*k), init),
        CType::Vector(k, n) => {
            let s = scalar(*k);
            for i in 0..*n as usize {
                // A scalar initializer gives every lane its value.
                let lane = match init {
                    ConstInit::List(l) => l.get(i).unwrap_or(&ZERO),
                    other => other,
                };
                write_scalar(out, at + i as u64 * s.size() as u64, s, lane);
            }
        }
        CType::Array { elem, len } => {
            let stride = elem.size();
            let count = match init {
                ConstInit::List(l) => (l.len() as u64).min(*len),
                _ => (*len).min(1),
            };
            for i in 0..count as usize {
                let e = item(i).expect("within the list");
                write_value(elem, e, at + i as u64 * stride, out, span)?;
            }
        }
        CType::Struct(s) if s.layout().is_some() => {
            let layout = s.layout().expect("complete");
            for (i, f) in layout.fields.iter().enumerate() {
                let Some(e) = item(i) else { break };
                // A union's members all start at 0: each initialized one is written over
                // the ones before it (those are the front end's zero placeholders).
                let member_at = if s.is_union() {
                    clear(out, at, layout.size);
                    at
                } else {
                    at + f.offset
                };
                write_value(&f.ty, e, member_at, out, span)?;
            }
        }
        CType::Pointer { .. } | CType::Void | CType::Struct(_) | CType::Opaque(_) => {
            return Err(LowerError {
                message: format!(
                    "program-scope initializer of type {} is not supported yet",
                    ty.display()
                ),
                span,
            })
        }
    }
    Ok(())
}

/// Zeroes the bytes of `[at, at + size)` that `out` already holds.
fn clear(out: &mut [u8], at: u64, size: u64) {
    let len = out.len() as u64;
    let (from, to) = (at.min(len) as usize, (at + size).min(len) as usize);
    out[from..to].fill(0);
}

/// Writes scalar `init` of type `s` at byte `at` when it is not zero.
fn write_scalar(out: &mut Vec<u8>, at: u64, s: ScalarType, init: &ConstInit) {
    let bits = scalar_bits(s, init);
    if bits == 0 {
        return;
    }
    let (at, n) = (at as usize, s.size() as usize);
    if out.len() < at + n {
        out.resize(at + n, 0);
    }
    out[at..at + n].copy_from_slice(&bits.to_le_bytes()[..n]);
}

/// The bits of `init` stored as a scalar of type `s` (a list gives its first item).
fn scalar_bits(s: ScalarType, init: &ConstInit) -> u64 {
    match (init, s.is_float()) {
        (ConstInit::Int(v), false) => *v as u64,
        (ConstInit::Int(v), true) => float_bits(s, *v as f64),
        (ConstInit::Float(f), true) => float_bits(s, *f),
        (ConstInit::Float(f), false) => *f as i64 as u64,
        (ConstInit::List(l), _) => l.first().map_or(0, |first| scalar_bits(s, first)),
    }
}

fn float_bits(s: ScalarType, v: f64) -> u64 {
    match s {
        ScalarType::F16 => f32_to_f16_bits(v as f32) as u64,
        ScalarType::F32 => (v as f32).to_bits() as u64,
        _ => v.to_bits(),
    }
}
