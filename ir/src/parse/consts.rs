//! Parsing of constant values: `true`/`false`, decimal integers, floats in Rust's `Debug`
//! form and the `0x...` raw-bits form printed for non-finite floats.

use crate::op::{f32_to_f16_bits, Const};
use crate::types::ScalarType;

/// Parses the text of a constant of scalar type `ty`; `None` when it does not fit.
pub fn parse_const(text: &str, ty: ScalarType) -> Option<Const> {
    if ty == ScalarType::Bool {
        return match text {
            "true" => Some(Const::bool(true)),
            "false" => Some(Const::bool(false)),
            _ => None,
        };
    }
    let width_mask = if ty.bits() >= 64 {
        u64::MAX
    } else {
        (1u64 << ty.bits()) - 1
    };
    if let Some(hex) = text.strip_prefix("0x") {
        let bits = u64::from_str_radix(hex, 16).ok()?;
        return (bits & !width_mask == 0).then_some(Const { ty, bits });
    }
    if ty.is_float() {
        let bits = match ty {
            ScalarType::F32 => text.parse::<f32>().ok()?.to_bits() as u64,
            ScalarType::F64 => text.parse::<f64>().ok()?.to_bits(),
            _ => f32_to_f16_bits(text.parse::<f64>().ok()? as f32) as u64,
        };
        return Some(Const { ty, bits });
    }
    if ty.is_signed() {
        let v: i64 = text.parse().ok()?;
        let c = Const::int(ty, v);
        return (c.as_i64() == v).then_some(c);
    }
    let v: u64 = text.parse().ok()?;
    (v & !width_mask == 0).then_some(Const { ty, bits: v })
}
