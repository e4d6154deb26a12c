//! Texel conversions of OpenCL 1.2 section 8.3: stored channels to the values
//! `read_image{f,i,ui}` return, and the values `write_image{f,i,ui}` take to stored channels.
//!
//! Normalized integers read as `c / 255` (`unorm8`), `c / 65535` (`unorm16`),
//! `max(-1, c / 127)` (`snorm8`) and `max(-1, c / 32767)` (`snorm16`), each correctly rounded;
//! floats written to them are scaled by the same constant and converted with saturation,
//! rounding to nearest even (`convert_uchar_sat_rte(f * 255.0f)`, ...). `half` reads exactly
//! and is written rounded to nearest even. Integer channels read sign- or zero-extended and are
//! written with saturation (`convert_char_sat(i)`, `convert_uchar_sat(u)`, ...). Channels
//! missing from the order read as 0 and alpha as 1.

use super::format::{ChannelOrder, ChannelType, Format};
use crate::mathlib::half::{f64_to_half_bits, HalfRounding};

/// Rounds to nearest even and saturates to `lo..=hi` (NaN gives 0, as `convert_*_sat` does).
fn sat_rte(x: f32, lo: f32, hi: f32) -> i32 {
    if x.is_nan() {
        return 0;
    }
    x.round_ties_even().clamp(lo, hi) as i32
}

/// A stored channel (its bits zero-extended) as `read_imagef` returns it.
pub fn channel_to_f32(ty: ChannelType, raw: u32) -> f32 {
    match ty {
        ChannelType::Unorm8 => raw as u8 as f32 / 255.0,
        ChannelType::Unorm16 => raw as u16 as f32 / 65535.0,
        ChannelType::Snorm8 => (raw as u8 as i8 as f32 / 127.0).max(-1.0),
        ChannelType::Snorm16 => (raw as u16 as i16 as f32 / 32767.0).max(-1.0),
        ChannelType::F16 => oclc_ir::op::f16_bits_to_f32(raw as u16),
        ChannelType::F32 => f32::from_bits(raw),
        // read_imagef of an integer format is undefined; give the integer's value.
        ChannelType::I8 | ChannelType::I16 | ChannelType::I32 => {
            channel_to_int(ty, raw) as i32 as f32
        }
        ChannelType::U8 | ChannelType::U16 | ChannelType::U32 => raw as f32,
    }
}

/// A stored channel as `read_imagei`/`read_imageui` return it (the 32-bit pattern):
/// signed types sign-extended, others zero-extended.
pub fn channel_to_int(ty: ChannelType, raw: u32) -> u32 {
    match ty {
        ChannelType::I8 | ChannelType::Snorm8 => raw as u8 as i8 as i32 as u32,
        ChannelType::I16 | ChannelType::Snorm16 => raw as u16 as i16 as i32 as u32,
        _ => raw,
    }
}

/// A `write_imagef` value as a stored channel's bits.
pub fn f32_to_channel(ty: ChannelType, f: f32) -> u32 {
    match ty {
        ChannelType::Unorm8 => sat_rte(f * 255.0, 0.0, 255.0) as u32,
        ChannelType::Unorm16 => sat_rte(f * 65535.0, 0.0, 65535.0) as u32,
        ChannelType::Snorm8 => sat_rte(f * 127.0, -128.0, 127.0) as u8 as u32,
        ChannelType::Snorm16 => sat_rte(f * 32767.0, -32768.0, 32767.0) as u16 as u32,
        ChannelType::F16 => f64_to_half_bits(f as f64, HalfRounding::NearestEven) as u32,
        ChannelType::F32 => f.to_bits(),
        // write_imagef to an integer format is undefined; store the saturated integer.
        ChannelType::I8 | ChannelType::I16 | ChannelType::I32 => {
            i32_to_channel(ty, if f.is_nan() { 0 } else { f as i32 })
        }
        ChannelType::U8 | ChannelType::U16 | ChannelType::U32 => {
            u32_to_channel(ty, if f.is_nan() { 0 } else { f as u32 })
        }
    }
}

/// A `write_imagei` value as a stored channel's bits (saturated to the channel's range).
pub fn i32_to_channel(ty: ChannelType, i: i32) -> u32 {
    match ty {
        ChannelType::I8 => i.clamp(-128, 127) as u8 as u32,
        ChannelType::I16 => i.clamp(-32768, 32767) as u16 as u32,
        ChannelType::I32 => i as u32,
        // write_imagei to other formats is undefined; store it as write_imageui would.
        _ => u32_to_channel(ty, i.max(0) as u32),
    }
}

/// A `write_imageui` value as a stored channel's bits (saturated to the channel's range).
pub fn u32_to_channel(ty: ChannelType, u: u32) -> u32 {
    match ty {
        ChannelType::U8 | ChannelType::Unorm8 => u.min(255),
        ChannelType::U16 | ChannelType::Unorm16 => u.min(65535),
        ChannelType::U32 => u,
        ChannelType::I8 | ChannelType::I16 | ChannelType::I32 => {
            i32_to_channel(ty, u.min(i32::MAX as u32) as i32)
        }
        ChannelType::Snorm8 => u.min(127),
        ChannelType::Snorm16 => u.min(32767),
        ChannelType::F16 | ChannelType::F32 => f32_to_channel(ty, u as f32),
    }
}

/// What a read returns per lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadKind {
    /// `read_imagef`.
    Float,
    /// `read_imagei`.
    Int,
    /// `read_imageui`.
    Uint,
    /// `read_imageh` (half bits in the low 16 bits of each lane).
    Half,
}

/// The raw stored channels of the texel at `ptr`.
///
/// # Safety
/// `ptr` must point to a readable texel of `fmt`.
pub unsafe fn load_channels(ptr: *const u8, fmt: Format) -> [u32; 4] {
    let mut out = [0u32; 4];
    let size = fmt.ty.size();
    for (i, o) in out.iter_mut().enumerate().take(fmt.order.channels()) {
        let p = ptr.add(i * size);
        *o = match size {
            1 => *p as u32,
            2 => u16::from_le_bytes([*p, *p.add(1)]) as u32,
            _ => u32::from_le_bytes([*p, *p.add(1), *p.add(2), *p.add(3)]),
        };
    }
    out
}

/// Stores raw channels at `ptr`.
///
/// # Safety
/// `ptr` must point to a writable texel of `fmt`.
pub unsafe fn store_channels(ptr: *mut u8, fmt: Format, raw: [u32; 4]) {
    let size = fmt.ty.size();
    // Typed stores of the channel's size: a copy of a run-time length is a memmove call.
    for (i, r) in raw.iter().enumerate().take(fmt.order.channels()) {
        let p = ptr.add(i * size);
        match size {
            1 => *p = *r as u8,
            2 => p.cast::<[u8; 2]>().write((*r as u16).to_le_bytes()),
            _ => p.cast::<[u8; 4]>().write(r.to_le_bytes()),
        }
    }
}

/// The texel with raw stored channels `raw` as `read_imagef` returns it (r, g, b, a).
pub fn texel_to_f32(fmt: Format, raw: [u32; 4]) -> [f32; 4] {
    let mut out = [0.0, 0.0, 0.0, 1.0];
    for (i, r) in raw.iter().enumerate().take(fmt.order.channels()) {
        out[fmt.order.lane_of(i)] = channel_to_f32(fmt.ty, *r);
    }
    out
}

/// The texel as `read_imagei`/`read_imageui` return it (32-bit patterns, r, g, b, a).
pub fn texel_to_int(fmt: Format, raw: [u32; 4]) -> [u32; 4] {
    let mut out = [0, 0, 0, 1];
    for (i, r) in raw.iter().enumerate().take(fmt.order.channels()) {
        out[fmt.order.lane_of(i)] = channel_to_int(fmt.ty, *r);
    }
    out
}

/// The raw stored channels of `value` (r, g, b, a lanes, each converted by `channel`).
pub fn texel_from_lanes(
    fmt: Format,
    value: [u32; 4],
    channel: impl Fn(ChannelType, u32) -> u32,
) -> [u32; 4] {
    let mut raw = [0u32; 4];
    for (i, r) in raw.iter_mut().enumerate().take(fmt.order.channels()) {
        *r = channel(fmt.ty, value[fmt.order.lane_of(i)]);
    }
    raw
}

/// The border colour of `CLK_ADDRESS_CLAMP` as `read_imagef` returns it: 0 with alpha 0,
/// or alpha 1 for orders without alpha.
pub fn border_f32(order: ChannelOrder) -> [f32; 4] {
    [0.0, 0.0, 0.0, if order.has_alpha() { 0.0 } else { 1.0 }]
}

/// The border colour as `read_imagei`/`read_imageui` return it.
pub fn border_int(order: ChannelOrder) -> [u32; 4] {
    [0, 0, 0, if order.has_alpha() { 0 } else { 1 }]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalized_reads_follow_the_spec_formulas() {
        // c / 255, c / 65535, max(-1, c / 127), max(-1, c / 32767).
        assert_eq!(channel_to_f32(ChannelType::Unorm8, 0), 0.0);
        assert_eq!(channel_to_f32(ChannelType::Unorm8, 255), 1.0);
        assert_eq!(channel_to_f32(ChannelType::Unorm8, 51), 0.2);
        assert_eq!(channel_to_f32(ChannelType::Unorm16, 65535), 1.0);
        assert_eq!(channel_to_f32(ChannelType::Unorm16, 13107), 0.2);
        assert_eq!(channel_to_f32(ChannelType::Snorm8, 0x81), -1.0); // -127
        assert_eq!(channel_to_f32(ChannelType::Snorm8, 0x80), -1.0); // -128 clamps
        assert_eq!(channel_to_f32(ChannelType::Snorm8, 127), 1.0);
        assert_eq!(channel_to_f32(ChannelType::Snorm16, 0x8000), -1.0);
        assert_eq!(
            channel_to_f32(ChannelType::Snorm16, 0xc001),
            (-16383.0f64 / 32767.0) as f32
        );
        assert_eq!(channel_to_f32(ChannelType::F16, 0x3c00), 1.0);
        assert_eq!(channel_to_f32(ChannelType::F16, 0xc500), -5.0);
        assert_eq!(channel_to_f32(ChannelType::F32, 2.5f32.to_bits()), 2.5);
    }

    #[test]
    fn float_writes_round_to_nearest_even_and_saturate() {
        // 0.5 * 255 = 127.5 -> 128 (even); 0.498039... * 255 = 127.0
        assert_eq!(f32_to_channel(ChannelType::Unorm8, 0.5), 128);
        assert_eq!(f32_to_channel(ChannelType::Unorm8, 2.5 / 255.0), 2);
        assert_eq!(f32_to_channel(ChannelType::Unorm8, 3.5 / 255.0), 4);
        assert_eq!(f32_to_channel(ChannelType::Unorm8, -0.3), 0);
        assert_eq!(f32_to_channel(ChannelType::Unorm8, 1.7), 255);
        assert_eq!(f32_to_channel(ChannelType::Unorm8, f32::NAN), 0);
        assert_eq!(f32_to_channel(ChannelType::Unorm16, 0.5), 32768);
        // -0.5 * 127 = -63.5 -> -64 (even); -2 saturates to -128.
        assert_eq!(
            f32_to_channel(ChannelType::Snorm8, -0.5),
            (-64i8) as u8 as u32
        );
        assert_eq!(f32_to_channel(ChannelType::Snorm8, -2.0), 0x80);
        assert_eq!(f32_to_channel(ChannelType::Snorm16, 1.5), 32767);
        assert_eq!(f32_to_channel(ChannelType::Snorm16, -1.5), 0x8000);
        // half: 1 + 2^-11 is a tie between 1 and 1 + 2^-10: even mantissa (1.0) wins.
        assert_eq!(
            f32_to_channel(ChannelType::F16, 1.0 + 2f32.powi(-11)),
            0x3c00
        );
        assert_eq!(
            f32_to_channel(ChannelType::F16, 1.0 + 3.0 * 2f32.powi(-11)),
            0x3c02
        );
        assert_eq!(f32_to_channel(ChannelType::F16, 70000.0), 0x7c00);
    }

    #[test]
    fn integer_writes_saturate() {
        assert_eq!(i32_to_channel(ChannelType::I8, 300), 127);
        assert_eq!(i32_to_channel(ChannelType::I8, -300), 0x80);
        assert_eq!(i32_to_channel(ChannelType::I16, -5), 0xfffb);
        assert_eq!(i32_to_channel(ChannelType::I32, -5), (-5i32) as u32);
        assert_eq!(u32_to_channel(ChannelType::U8, 256), 255);
        assert_eq!(u32_to_channel(ChannelType::U16, 70000), 65535);
        assert_eq!(u32_to_channel(ChannelType::U32, u32::MAX), u32::MAX);
        assert_eq!(channel_to_int(ChannelType::I8, 0xfb), (-5i32) as u32);
        assert_eq!(channel_to_int(ChannelType::U16, 0xfffb), 0xfffb);
    }

    #[test]
    fn orders_place_channels_and_fill_missing_ones() {
        let bgra = Format {
            order: ChannelOrder::Bgra,
            ty: ChannelType::Unorm8,
        };
        assert_eq!(texel_to_f32(bgra, [0, 51, 255, 0]), [1.0, 0.2, 0.0, 0.0]);
        let r = Format {
            order: ChannelOrder::R,
            ty: ChannelType::I16,
        };
        assert_eq!(texel_to_int(r, [0xffff, 0, 0, 0]), [u32::MAX, 0, 0, 1]);
        let rg = Format {
            order: ChannelOrder::Rg,
            ty: ChannelType::F32,
        };
        assert_eq!(
            texel_to_f32(rg, [2f32.to_bits(), 3f32.to_bits(), 0, 0]),
            [2.0, 3.0, 0.0, 1.0]
        );
        assert_eq!(texel_from_lanes(bgra, [1, 2, 3, 4], |_, v| v), [3, 2, 1, 4]);
        assert_eq!(border_f32(ChannelOrder::R), [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(border_f32(ChannelOrder::Rgba), [0.0; 4]);
    }
}
