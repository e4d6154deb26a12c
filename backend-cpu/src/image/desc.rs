//! The image descriptor: what a kernel's `image*_t` argument points to.

use super::format::Format;

/// One image as generated code sees it: an image parameter's slot in the argument block
/// holds the address of one of these. Texels are tightly packed, x fastest, then y, then z
/// (or the layer of an array image: a 1D array's layers are its rows, a 2D array's its
/// slices).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ImageDesc {
    /// The first texel.
    pub data: *mut u8,
    /// Width in texels.
    pub width: i32,
    /// Height in texels (1 for 1D images and 1D arrays).
    pub height: i32,
    /// Depth in texels (1 except for 3D images).
    pub depth: i32,
    /// Number of layers of an array image (0 for other images).
    pub layers: i32,
    /// The host API's `CL_*` channel order (`CL_RGBA` 0x10B5, ...).
    pub channel_order: i32,
    /// The host API's `CL_*` channel data type (`CL_FLOAT` 0x10DE, ...).
    pub channel_type: i32,
    /// Coordinates addressing a texel of one layer: 1, 2 or 3.
    pub coords: i32,
    /// Bytes per texel.
    pub texel_size: i32,
}

/// Byte offsets of the [`ImageDesc`] fields, as the generated code reads them.
pub mod desc_offsets {
    use super::ImageDesc;
    use std::mem::offset_of;
    /// `data`.
    pub const DATA: i32 = offset_of!(ImageDesc, data) as i32;
    /// `coords`.
    pub const COORDS: i32 = offset_of!(ImageDesc, coords) as i32;
    /// `width`.
    pub const WIDTH: i32 = offset_of!(ImageDesc, width) as i32;
    /// `height`.
    pub const HEIGHT: i32 = offset_of!(ImageDesc, height) as i32;
    /// `depth`.
    pub const DEPTH: i32 = offset_of!(ImageDesc, depth) as i32;
    /// `layers`.
    pub const LAYERS: i32 = offset_of!(ImageDesc, layers) as i32;
    /// `channel_order`.
    pub const CHANNEL_ORDER: i32 = offset_of!(ImageDesc, channel_order) as i32;
    /// `channel_type`.
    pub const CHANNEL_TYPE: i32 = offset_of!(ImageDesc, channel_type) as i32;
}

impl ImageDesc {
    /// The channel format (`None` for a combination the backend does not know).
    pub fn format(&self) -> Option<Format> {
        Format::from_cl(self.channel_order as u32, self.channel_type as u32)
    }

    /// Extents of the texel grid: width, then height or a 1D array's layers, then depth or
    /// a 2D array's layers.
    pub fn grid(&self) -> [i32; 3] {
        let layers = self.layers.max(1);
        match (self.coords, self.layers > 0) {
            (1, true) => [self.width, layers, 1],
            (2, true) => [self.width, self.height, layers],
            _ => [self.width, self.height, self.depth],
        }
    }

    /// The texel at grid position `at`, or `None` outside the grid.
    pub fn texel_ptr(&self, at: [i32; 3]) -> Option<*mut u8> {
        let g = self.grid();
        if (0..3).any(|d| at[d] < 0 || at[d] >= g[d]) {
            return None;
        }
        let index =
            at[0] as usize + g[0] as usize * (at[1] as usize + g[1] as usize * at[2] as usize);
        // SAFETY (of the caller's later access): `at` is inside the grid, whose texels the
        // descriptor's owner allocated.
        Some(unsafe { self.data.add(index * self.texel_size as usize) })
    }
}
