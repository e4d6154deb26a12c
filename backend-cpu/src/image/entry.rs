//! The `extern "C"` routines generated code calls for image reads and writes. Both take a
//! pointer to 32-bit words: a read's coordinates (one word per coordinate lane, `i32` or
//! `f32` bits), replaced by the 4 result lanes; a write's 4 coordinate words then 4 value
//! words.

use oclc_ir::op::SamplerBits;

use super::convert::{
    border_f32, border_int, f32_to_channel, i32_to_channel, load_channels, store_channels,
    texel_from_lanes, texel_to_f32, texel_to_int, u32_to_channel, ReadKind,
};
use super::desc::ImageDesc;
use super::format::{ChannelOrder, ChannelType, Format};
use super::sample::{filter, int_tap, layer_of, taps, Taps};
use crate::mathlib::half::{f64_to_half_bits, HalfRounding};

/// The symbol of [`oclc_image_read`].
pub const IMAGE_READ_SYMBOL: &str = "oclc_image_read";
/// The symbol of [`oclc_image_write`].
pub const IMAGE_WRITE_SYMBOL: &str = "oclc_image_write";

/// Read flag: the coordinates are `f32` (else `i32`).
pub const READ_FLOAT_COORDS: u32 = 1;
/// Read flag: a sampler is given.
pub const READ_SAMPLED: u32 = 2;
/// Shift of the [`ReadKind`] code in the read flags (0 float, 1 int, 2 uint, 3 half); the
/// same codes are a write's flags (the value's kind).
pub const KIND_SHIFT: u32 = 4;

/// The code of a read or write kind in the flags.
pub fn kind_code(kind: ReadKind) -> u32 {
    match kind {
        ReadKind::Float => 0,
        ReadKind::Int => 1,
        ReadKind::Uint => 2,
        ReadKind::Half => 3,
    }
}

fn kind_of(code: u32) -> ReadKind {
    match code & 3 {
        0 => ReadKind::Float,
        1 => ReadKind::Int,
        2 => ReadKind::Uint,
        _ => ReadKind::Half,
    }
}

/// Where the layer index sits among the coordinates (`None` for images without layers).
fn layer_lane(desc: &ImageDesc) -> Option<usize> {
    (desc.layers > 0).then_some(desc.coords as usize)
}

/// One texel as `read_imagef` returns it, the border colour outside the image.
fn fetch_f32(desc: &ImageDesc, fmt: Format, at: [i32; 3]) -> [f32; 4] {
    match desc.texel_ptr(at) {
        // SAFETY: `texel_ptr` checked `at` against the image. The commonest format is read
        // as it is stored.
        Some(p) if is_rgba_f32(fmt) => unsafe { p.cast::<[f32; 4]>().read_unaligned() },
        // SAFETY: as above.
        Some(p) => texel_to_f32(fmt, unsafe { load_channels(p, fmt) }),
        None => border_f32(fmt.order),
    }
}

/// `CL_RGBA` texels of `CL_FLOAT` channels: stored as `read_imagef` returns them.
fn is_rgba_f32(fmt: Format) -> bool {
    fmt.order == ChannelOrder::Rgba && fmt.ty == ChannelType::F32
}

/// One texel as `read_imagei`/`read_imageui` return it, the border colour outside.
fn fetch_int(desc: &ImageDesc, fmt: Format, at: [i32; 3]) -> [u32; 4] {
    match desc.texel_ptr(at) {
        // SAFETY: as above.
        Some(p) => texel_to_int(fmt, unsafe { load_channels(p, fmt) }),
        None => border_int(fmt.order),
    }
}

/// Reads one (possibly filtered) texel: the semantics of `Op::ImageRead`.
pub fn read(
    desc: &ImageDesc,
    sampler: Option<SamplerBits>,
    coords: [u32; 4],
    float_coords: bool,
    kind: ReadKind,
) -> [u32; 4] {
    let Some(fmt) = desc.format() else {
        return [0; 4];
    };
    let n = desc.coords as usize;
    let grid = desc.grid();
    let mut at = [0i32; 3];
    match (sampler, float_coords) {
        (Some(s), true) => {
            let c = coords.map(f32::from_bits);
            if let Some(l) = layer_lane(desc) {
                at[l] = layer_of(c[l], desc.layers);
            }
            // Linear filtering applies to read_imagef/h of float and normalized formats.
            let float_result = matches!(kind, ReadKind::Float | ReadKind::Half);
            if s.linear() && float_result && fmt.ty.is_float_class() {
                let t: Vec<(i32, i32, f32)> = (0..n)
                    .map(|d| match taps(c[d], grid[d], s, true) {
                        Taps::Linear(i0, i1, a) => (i0, i1, a),
                        Taps::Nearest(i) => (i, i, 0.0),
                    })
                    .collect();
                let v = filter(&t, at, &mut |p| fetch_f32(desc, fmt, p));
                return finish_float(v, kind);
            }
            for d in 0..n {
                at[d] = match taps(c[d], grid[d], s, false) {
                    Taps::Nearest(i) | Taps::Linear(i, _, _) => i,
                };
            }
        }
        (s, _) => {
            let c = coords.map(|w| w as i32);
            let lanes = n + layer_lane(desc).is_some() as usize;
            for d in 0..lanes.min(3) {
                at[d] = match s {
                    Some(s) if d < n => int_tap(c[d], grid[d], s),
                    Some(_) => c[d].clamp(0, desc.layers - 1),
                    None => c[d],
                };
            }
        }
    }
    fetch(desc, fmt, at, kind)
}

fn fetch(desc: &ImageDesc, fmt: Format, at: [i32; 3], kind: ReadKind) -> [u32; 4] {
    match kind {
        ReadKind::Int | ReadKind::Uint => fetch_int(desc, fmt, at),
        _ => finish_float(fetch_f32(desc, fmt, at), kind),
    }
}

fn finish_float(v: [f32; 4], kind: ReadKind) -> [u32; 4] {
    match kind {
        ReadKind::Half => v.map(|x| f64_to_half_bits(x as f64, HalfRounding::NearestEven) as u32),
        _ => v.map(f32::to_bits),
    }
}

/// Writes one texel: the semantics of `Op::ImageWrite` (coordinates outside the image are
/// ignored).
pub fn write(desc: &ImageDesc, coords: [u32; 4], value: [u32; 4], kind: ReadKind) {
    let Some(fmt) = desc.format() else {
        return;
    };
    let lanes = desc.coords as usize + layer_lane(desc).is_some() as usize;
    let mut at = [0i32; 3];
    for d in 0..lanes.min(3) {
        at[d] = coords[d] as i32;
    }
    let Some(p) = desc.texel_ptr(at) else {
        return;
    };
    if kind == ReadKind::Float && is_rgba_f32(fmt) {
        // SAFETY: `texel_ptr` checked `at`: `p` is a 16-byte `CL_RGBA`/`CL_FLOAT` texel.
        unsafe { p.cast::<[u32; 4]>().write_unaligned(value) };
        return;
    }
    let raw = match kind {
        ReadKind::Float => {
            texel_from_lanes(fmt, value, |t, v| f32_to_channel(t, f32::from_bits(v)))
        }
        ReadKind::Half => texel_from_lanes(fmt, value, |t, v| {
            f32_to_channel(t, oclc_ir::op::f16_bits_to_f32(v as u16))
        }),
        ReadKind::Int => texel_from_lanes(fmt, value, |t, v| i32_to_channel(t, v as i32)),
        ReadKind::Uint => texel_from_lanes(fmt, value, u32_to_channel),
    };
    // SAFETY: `texel_ptr` checked the coordinates against the image.
    unsafe { store_channels(p, fmt, raw) };
}

/// `oclc_image_read(image, sampler, flags, data)`: reads with the coordinates in `data[0..4]`
/// and leaves the texel's 4 lanes there.
///
/// # Safety
/// `image` must point to a live [`ImageDesc`] and `data` to 4 writable words.
pub unsafe extern "C" fn oclc_image_read(
    image: *const ImageDesc,
    sampler: u32,
    flags: u32,
    data: *mut u32,
) {
    let desc = &*image;
    let words = &mut *(data as *mut [u32; 4]);
    let s = (flags & READ_SAMPLED != 0).then_some(SamplerBits(sampler));
    *words = read(
        desc,
        s,
        *words,
        flags & READ_FLOAT_COORDS != 0,
        kind_of(flags >> KIND_SHIFT),
    );
}

/// `oclc_image_write(image, flags, data)`: writes the value in `data[4..8]` at the
/// coordinates in `data[0..4]`.
///
/// # Safety
/// `image` must point to a live [`ImageDesc`] and `data` to 8 readable words.
pub unsafe extern "C" fn oclc_image_write(image: *const ImageDesc, flags: u32, data: *const u32) {
    let desc = &*image;
    let words = &*(data as *const [u32; 8]);
    let coords = [words[0], words[1], words[2], words[3]];
    let value = [words[4], words[5], words[6], words[7]];
    write(desc, coords, value, kind_of(flags >> KIND_SHIFT));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A descriptor over `texels` (f32 channels of `order`, `CL_*` value).
    fn desc(texels: &mut [f32], order: u32, ext: [i32; 3], layers: i32, coords: i32) -> ImageDesc {
        let channels = if order == 0x10B5 { 4 } else { 1 };
        ImageDesc {
            data: texels.as_mut_ptr() as *mut u8,
            width: ext[0],
            height: ext[1],
            depth: ext[2],
            layers,
            channel_order: order as i32,
            channel_type: 0x10DE,
            coords,
            texel_size: 4 * channels,
        }
    }

    fn f(v: [f32; 4]) -> [u32; 4] {
        v.map(f32::to_bits)
    }

    fn read_f(d: &ImageDesc, bits: u32, c: [f32; 4]) -> [f32; 4] {
        read(d, Some(SamplerBits(bits)), f(c), true, ReadKind::Float).map(f32::from_bits)
    }

    // CLK_* patterns.
    const NORM: u32 = 1;
    const EDGE: u32 = 2;
    const CLAMP: u32 = 4;
    const NEAREST: u32 = 0x10;
    const LINEAR: u32 = 0x20;
    const R: u32 = 0x10B0;

    #[test]
    fn array_layers_are_rounded_to_even_and_never_normalized() {
        // A 1D array of 2 texels x 4 layers: texel (x, layer) = 10 * layer + x.
        let mut t: Vec<f32> = (0..4)
            .flat_map(|l| [10.0 * l as f32, 10.0 * l as f32 + 1.0])
            .collect();
        let d = desc(&mut t, R, [2, 1, 1], 4, 1);
        let s = NORM | EDGE | NEAREST;
        // Layer 1.0 is layer 1 under a normalized sampler (not 1.0 * 4 layers).
        assert_eq!(read_f(&d, s, [0.25, 1.0, 0.0, 0.0])[0], 10.0);
        // rint: 2.5 -> 2, 1.5 -> 2, -0.7 -> 0 (clamped), 9 -> 3 (clamped).
        assert_eq!(read_f(&d, s, [0.75, 2.5, 0.0, 0.0])[0], 21.0);
        assert_eq!(read_f(&d, s, [0.75, 1.5, 0.0, 0.0])[0], 21.0);
        assert_eq!(read_f(&d, s, [0.75, -0.7, 0.0, 0.0])[0], 1.0);
        assert_eq!(read_f(&d, s, [0.25, 9.0, 0.0, 0.0])[0], 30.0);
        // Linear filtering never blends layers: between x = 0 and 1 of layer 2.
        let lin = read_f(&d, NORM | EDGE | LINEAR, [0.5, 2.2, 0.0, 0.0]);
        assert_eq!(lin[0], 20.5);
        // Integer coordinates with a sampler: the layer is clamped.
        let c = [1u32, 7, 0, 0];
        let v = read(
            &d,
            Some(SamplerBits(EDGE | NEAREST)),
            c,
            false,
            ReadKind::Float,
        );
        assert_eq!(f32::from_bits(v[0]), 31.0);
    }

    #[test]
    fn orders_without_alpha_read_alpha_one_also_at_the_border() {
        let mut t = [0.5f32; 3];
        let d = desc(&mut t, R, [3, 1, 1], 0, 1);
        assert_eq!(
            read_f(&d, CLAMP | NEAREST, [-0.5, 0.0, 0.0, 0.0]),
            [0.0, 0.0, 0.0, 1.0]
        );
        assert_eq!(
            read_f(&d, CLAMP | LINEAR, [0.25, 0.0, 0.0, 0.0]),
            [0.375, 0.0, 0.0, 1.0]
        );
        let mut t = [0.5f32; 12];
        let d = desc(&mut t, 0x10B5, [3, 1, 1], 0, 1);
        assert_eq!(read_f(&d, CLAMP | NEAREST, [3.5, 0.0, 0.0, 0.0]), [0.0; 4]);
        assert_eq!(
            read_f(&d, CLAMP | LINEAR, [0.25, 0.0, 0.0, 0.0]),
            [0.375; 4]
        );
    }

    #[test]
    fn trilinear_weights() {
        // 2 x 2 x 2 image, texel = x + 2 y + 4 z; the centre (1, 1, 1) blends all eight
        // equally: mean 3.5; at (0.75, 1, 1.25): x weight 0.25, z weight 0.75 -> 0.25 + 1 + 3.
        let mut t: Vec<f32> = (0..8).map(|i| i as f32).collect();
        let d = desc(&mut t, R, [2, 2, 2], 0, 3);
        assert_eq!(read_f(&d, EDGE | LINEAR, [1.0, 1.0, 1.0, 0.0])[0], 3.5);
        assert_eq!(read_f(&d, EDGE | LINEAR, [0.75, 1.0, 1.25, 0.0])[0], 4.25);
    }

    #[test]
    fn writes_convert_and_ignore_outside_coordinates() {
        let mut t = [0u8; 8];
        let d = ImageDesc {
            data: t.as_mut_ptr(),
            width: 2,
            height: 1,
            depth: 1,
            layers: 0,
            channel_order: 0x10B6, // CL_BGRA
            channel_type: 0x10D2,  // CL_UNORM_INT8
            coords: 2,
            texel_size: 4,
        };
        write(&d, [1, 0, 0, 0], f([1.0, 0.5, 0.0, 0.2]), ReadKind::Float);
        write(&d, [2, 0, 0, 0], f([1.0; 4]), ReadKind::Float);
        write(&d, [0, u32::MAX, 0, 0], f([1.0; 4]), ReadKind::Float);
        // b, g, r, a: 0, 127.5 -> 128, 255, 51.
        assert_eq!(t, [0, 0, 0, 0, 0, 128, 255, 51]);
        let back = read(&d, None, [1, 0, 0, 0], false, ReadKind::Float).map(f32::from_bits);
        assert_eq!(back, [1.0, 128.0 / 255.0, 0.0, 0.2]);
    }
}
