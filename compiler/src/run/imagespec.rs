//! The `--arg` specs of image and sampler parameters:
//! `image2d:ORDER:CHANNEL[W,H]=INIT` (also `image1d[W]`, `image1d_buffer[W]`,
//! `image1d_array[W,LAYERS]`, `image2d_array[W,H,LAYERS]`, `image3d[W,H,D]`) and
//! `sampler:COORDS:ADDRESS:FILTER` (`sampler:norm:repeat:linear`).

use oclc_ir::{ImageDim, ScalarType};
use oclc_runtime_lite::opencl::{object_type, OpenClImageDesc};
use oclc_runtime_lite::ImageShape;

use super::argspec::{parse_init, BufferInit, ElemType};

/// The kinds of image a spec can make: name, IR dimensionality, arrayed, extents taken,
/// host API object type.
const KINDS: [(&str, ImageDim, bool, usize, u32); 6] = [
    ("image1d", ImageDim::D1, false, 1, object_type::IMAGE1D),
    (
        "image1d_buffer",
        ImageDim::Buffer,
        false,
        1,
        object_type::IMAGE1D_BUFFER,
    ),
    (
        "image1d_array",
        ImageDim::D1,
        true,
        2,
        object_type::IMAGE1D_ARRAY,
    ),
    ("image2d", ImageDim::D2, false, 2, object_type::IMAGE2D),
    (
        "image2d_array",
        ImageDim::D2,
        true,
        3,
        object_type::IMAGE2D_ARRAY,
    ),
    ("image3d", ImageDim::D3, false, 3, object_type::IMAGE3D),
];

/// Channel orders: name, channel count, `CL_*` value.
const ORDERS: [(&str, u8, u32); 4] = [
    ("r", 1, 0x10B0),
    ("rg", 2, 0x10B2),
    ("rgba", 4, 0x10B5),
    ("bgra", 4, 0x10B6),
];

/// Channel data types: name, how one channel is stored, `CL_*` value.
const CHANNELS: [(&str, ScalarType, u32); 12] = [
    ("snorm8", ScalarType::I8, 0x10D0),
    ("snorm16", ScalarType::I16, 0x10D1),
    ("unorm8", ScalarType::U8, 0x10D2),
    ("unorm16", ScalarType::U16, 0x10D3),
    ("i8", ScalarType::I8, 0x10D7),
    ("i16", ScalarType::I16, 0x10D8),
    ("i32", ScalarType::I32, 0x10D9),
    ("u8", ScalarType::U8, 0x10DA),
    ("u16", ScalarType::U16, 0x10DB),
    ("u32", ScalarType::U32, 0x10DC),
    ("f16", ScalarType::F16, 0x10DD),
    ("f32", ScalarType::F32, 0x10DE),
];

/// A parsed image spec.
#[derive(Clone, PartialEq, Debug)]
pub struct ImageSpec {
    /// The spec's kind name (`image2d`, ...), for messages.
    pub kind: &'static str,
    /// Dimensionality of one layer.
    pub dim: ImageDim,
    /// An array of layers.
    pub arrayed: bool,
    /// How one texel is stored: the channel storage type, one lane per channel.
    pub texel: ElemType,
    /// Format and extents for the OpenCL device.
    pub desc: OpenClImageDesc,
    /// Initial texels (over all channels, as stored: 0..255 for `unorm8`).
    pub init: BufferInit,
}

impl ImageSpec {
    /// Number of texels.
    pub fn texel_count(&self) -> usize {
        let d = &self.desc;
        d.width * d.height * d.depth * d.array_size.max(1)
    }
}

fn unknown<T>(
    what: &str,
    text: &str,
    names: impl Iterator<Item = &'static str>,
) -> Result<T, String> {
    let names: Vec<&str> = names.collect();
    Err(format!(
        "unknown {what} '{text}' (expected one of {})",
        names.join(", ")
    ))
}

/// Parses `KIND:ORDER:CHANNEL[EXTENTS]=INIT`.
pub fn parse_image_spec(text: &str) -> Result<ImageSpec, String> {
    let usage = "expected KIND:ORDER:CHANNEL[EXTENTS]=INIT, e.g. image2d:rgba:f32[64,64]=iota";
    let (head, rest) = text
        .split_once('[')
        .ok_or_else(|| format!("cannot read image spec '{text}': {usage}"))?;
    let mut parts = head.split(':');
    let (Some(kind), Some(order), Some(channel), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(format!("cannot read image spec '{text}': {usage}"));
    };
    let Some(&(kind, dim, arrayed, n_extents, object)) = KINDS.iter().find(|k| k.0 == kind) else {
        return unknown("image kind", kind, KINDS.iter().map(|k| k.0));
    };
    let Some(&(_, channels, order_value)) = ORDERS.iter().find(|o| o.0 == order) else {
        return unknown("channel order", order, ORDERS.iter().map(|o| o.0));
    };
    let Some(&(_, stored, channel_value)) = CHANNELS.iter().find(|c| c.0 == channel) else {
        return unknown("channel type", channel, CHANNELS.iter().map(|c| c.0));
    };
    let (extents, init) = rest
        .split_once("]=")
        .ok_or_else(|| format!("cannot read image spec '{text}': {usage}"))?;
    let extents: Vec<usize> = extents
        .split(',')
        .map(|d| {
            d.trim()
                .parse::<usize>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| format!("bad extent '{d}' in '{text}' (expected positive integers)"))
        })
        .collect::<Result<_, _>>()?;
    if extents.len() != n_extents {
        return Err(format!(
            "{kind} takes {n_extents} extent{} but '{text}' gives {}",
            if n_extents == 1 { "" } else { "s" },
            extents.len()
        ));
    }
    let e = |i: usize| extents.get(i).copied().unwrap_or(1);
    let desc = match object {
        object_type::IMAGE1D_ARRAY => OpenClImageDesc {
            width: e(0),
            height: 1,
            depth: 1,
            array_size: e(1),
            object_type: object,
            channel_order: order_value,
            channel_type: channel_value,
        },
        object_type::IMAGE2D_ARRAY => OpenClImageDesc {
            width: e(0),
            height: e(1),
            depth: 1,
            array_size: e(2),
            object_type: object,
            channel_order: order_value,
            channel_type: channel_value,
        },
        _ => OpenClImageDesc {
            width: e(0),
            height: e(1),
            depth: e(2),
            array_size: 0,
            object_type: object,
            channel_order: order_value,
            channel_type: channel_value,
        },
    };
    Ok(ImageSpec {
        kind,
        dim,
        arrayed,
        texel: ElemType {
            scalar: stored,
            lanes: channels,
        },
        desc,
        init: parse_init(init, stored)?,
    })
}

/// The shape of the CPU device's image for an image argument's format and extents.
pub fn cpu_image_shape(desc: &OpenClImageDesc) -> ImageShape {
    let dim = KINDS
        .iter()
        .find(|k| k.4 == desc.object_type)
        .map_or(ImageDim::D2, |k| k.1);
    ImageShape {
        dim,
        width: desc.width,
        height: desc.height,
        depth: desc.depth,
        layers: desc.array_size,
        channel_order: desc.channel_order,
        channel_type: desc.channel_type,
    }
}

/// Parses `COORDS:ADDRESS:FILTER` (after `sampler:`) into OpenCL C's `CLK_*` pattern.
pub fn parse_sampler_spec(text: &str) -> Result<u32, String> {
    let usage = "expected sampler:COORDS:ADDRESS:FILTER with COORDS norm|unnorm, ADDRESS none|clamp_to_edge|clamp|repeat|mirrored_repeat, FILTER nearest|linear";
    let parts: Vec<&str> = text.split(':').collect();
    let [coords, address, filter] = parts[..] else {
        return Err(format!(
            "cannot read sampler spec 'sampler:{text}': {usage}"
        ));
    };
    let coords = match coords {
        "norm" => 1,
        "unnorm" => 0,
        _ => return Err(format!("bad coordinates '{coords}': {usage}")),
    };
    let address = match address {
        "none" => 0,
        "clamp_to_edge" => 2,
        "clamp" => 4,
        "repeat" => 6,
        "mirrored_repeat" => 8,
        _ => return Err(format!("bad addressing mode '{address}': {usage}")),
    };
    let filter = match filter {
        "nearest" => 0x10,
        "linear" => 0x20,
        _ => return Err(format!("bad filter '{filter}': {usage}")),
    };
    Ok(coords | address | filter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_specs() {
        let s = parse_image_spec("image2d_array:rgba:unorm8[4,3,2]=iota").unwrap();
        assert_eq!(s.texel_count(), 24);
        assert_eq!(s.texel.size(), 4);
        assert_eq!((s.desc.width, s.desc.height, s.desc.array_size), (4, 3, 2));
        assert_eq!(s.desc.channel_type, 0x10D2);
        assert!(parse_image_spec("image2d:rgba:f32[4]=iota").is_err());
        assert!(parse_image_spec("image2d:xyz:f32[4,4]=iota").is_err());
        assert!(parse_image_spec("image2d:rgba:f64[4,4]=iota").is_err());
    }

    #[test]
    fn sampler_specs() {
        assert_eq!(parse_sampler_spec("norm:repeat:linear"), Ok(0x27));
        assert_eq!(parse_sampler_spec("unnorm:clamp_to_edge:nearest"), Ok(0x12));
        assert!(parse_sampler_spec("norm:wrap:linear").is_err());
    }
}
