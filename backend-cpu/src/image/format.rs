//! Channel orders and channel data types (the host API's `CL_*` values) and how a texel of
//! each format is stored.

/// A channel order the CPU backend reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelOrder {
    /// `CL_R`: red; green and blue read as 0, alpha as 1.
    R,
    /// `CL_RG`: red and green.
    Rg,
    /// `CL_RGBA`.
    Rgba,
    /// `CL_BGRA`: stored blue, green, red, alpha.
    Bgra,
}

/// A channel data type the CPU backend reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelType {
    /// `CL_SNORM_INT8`: -1..1 as -127..127.
    Snorm8,
    /// `CL_SNORM_INT16`: -1..1 as -32767..32767.
    Snorm16,
    /// `CL_UNORM_INT8`: 0..1 as 0..255.
    Unorm8,
    /// `CL_UNORM_INT16`: 0..1 as 0..65535.
    Unorm16,
    /// `CL_SIGNED_INT8`.
    I8,
    /// `CL_SIGNED_INT16`.
    I16,
    /// `CL_SIGNED_INT32`.
    I32,
    /// `CL_UNSIGNED_INT8`.
    U8,
    /// `CL_UNSIGNED_INT16`.
    U16,
    /// `CL_UNSIGNED_INT32`.
    U32,
    /// `CL_HALF_FLOAT`.
    F16,
    /// `CL_FLOAT`.
    F32,
}

/// The `CL_*` values of the channel orders.
const ORDERS: [(u32, ChannelOrder); 4] = [
    (0x10B0, ChannelOrder::R),
    (0x10B2, ChannelOrder::Rg),
    (0x10B5, ChannelOrder::Rgba),
    (0x10B6, ChannelOrder::Bgra),
];

/// The `CL_*` values of the channel data types.
const TYPES: [(u32, ChannelType); 12] = [
    (0x10D0, ChannelType::Snorm8),
    (0x10D1, ChannelType::Snorm16),
    (0x10D2, ChannelType::Unorm8),
    (0x10D3, ChannelType::Unorm16),
    (0x10D7, ChannelType::I8),
    (0x10D8, ChannelType::I16),
    (0x10D9, ChannelType::I32),
    (0x10DA, ChannelType::U8),
    (0x10DB, ChannelType::U16),
    (0x10DC, ChannelType::U32),
    (0x10DD, ChannelType::F16),
    (0x10DE, ChannelType::F32),
];

impl ChannelOrder {
    /// Stored channels per texel.
    pub fn channels(self) -> usize {
        match self {
            ChannelOrder::R => 1,
            ChannelOrder::Rg => 2,
            ChannelOrder::Rgba | ChannelOrder::Bgra => 4,
        }
    }

    /// The returned lane (0 red .. 3 alpha) of stored channel `i`.
    pub fn lane_of(self, i: usize) -> usize {
        match self {
            ChannelOrder::Bgra => [2, 1, 0, 3][i],
            _ => i,
        }
    }

    /// True when the order stores alpha (the border colour then has alpha 0, else 1).
    pub fn has_alpha(self) -> bool {
        matches!(self, ChannelOrder::Rgba | ChannelOrder::Bgra)
    }
}

impl ChannelType {
    /// Bytes per channel.
    pub fn size(self) -> usize {
        match self {
            ChannelType::Snorm8 | ChannelType::Unorm8 | ChannelType::I8 | ChannelType::U8 => 1,
            ChannelType::Snorm16
            | ChannelType::Unorm16
            | ChannelType::I16
            | ChannelType::U16
            | ChannelType::F16 => 2,
            ChannelType::I32 | ChannelType::U32 | ChannelType::F32 => 4,
        }
    }

    /// True for the types `read_imagef` filters: normalized integers and floats.
    pub fn is_float_class(self) -> bool {
        matches!(
            self,
            ChannelType::Snorm8
                | ChannelType::Snorm16
                | ChannelType::Unorm8
                | ChannelType::Unorm16
                | ChannelType::F16
                | ChannelType::F32
        )
    }
}

/// An image format: channel order and channel data type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// The channel order.
    pub order: ChannelOrder,
    /// The channel data type.
    pub ty: ChannelType,
}

impl Format {
    /// The format of the host API's `CL_*` values, if the backend supports it.
    pub fn from_cl(order: u32, ty: u32) -> Option<Format> {
        let order = ORDERS.iter().find(|o| o.0 == order)?.1;
        let ty = TYPES.iter().find(|t| t.0 == ty)?.1;
        Some(Format { order, ty })
    }

    /// Bytes per texel.
    pub fn texel_size(self) -> usize {
        self.order.channels() * self.ty.size()
    }
}
