//! Images on the CPU device: texel memory (128-byte aligned, tightly packed) and the
//! descriptor compiled kernels receive for an image argument
//! ([`oclc_backend_cpu::image::ImageDesc`]; reading, sampling and writing texels is code
//! of the backend, which the generated code calls).

use oclc_backend_cpu::image::{Format, ImageDesc};
use oclc_ir::ImageDim;

use crate::buffer::{alloc_chunks, Chunk};
use crate::error::RuntimeError;

/// The shape and format of an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageShape {
    /// Dimensionality of one layer.
    pub dim: ImageDim,
    /// Width in texels.
    pub width: usize,
    /// Height in texels (1 for 1D images).
    pub height: usize,
    /// Depth in texels (1 except for 3D images).
    pub depth: usize,
    /// Layers of an array image, 0 for other images.
    pub layers: usize,
    /// The host API's `CL_*` channel order.
    pub channel_order: u32,
    /// The host API's `CL_*` channel data type.
    pub channel_type: u32,
}

impl ImageShape {
    /// Number of texels over all layers.
    pub fn texel_count(&self) -> usize {
        self.width * self.height * self.depth * self.layers.max(1)
    }
}

/// An image kernels read, sample and write through an `image*_t` parameter.
pub struct Image {
    /// Boxed: kernels receive its address, which must not move.
    desc: Box<ImageDesc>,
    mem: Vec<Chunk>,
    len: usize,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Image({}x{}x{}, {} layers, {} bytes)",
            self.desc.width, self.desc.height, self.desc.depth, self.desc.layers, self.len
        )
    }
}

impl Image {
    /// An image of `shape` holding a copy of `texels` (tightly packed, x fastest, then y,
    /// then z or the layer), which must be exactly the image's size.
    pub fn from_bytes(shape: &ImageShape, texels: &[u8]) -> Result<Image, RuntimeError> {
        let bad = |m: String| RuntimeError::BadImage(m);
        let format = Format::from_cl(shape.channel_order, shape.channel_type).ok_or_else(|| {
            bad(format!(
                "channel order 0x{:X} with channel type 0x{:X} is not supported on the cpu device",
                shape.channel_order, shape.channel_type
            ))
        })?;
        let extents = [shape.width, shape.height, shape.depth, shape.layers.max(1)];
        if extents.iter().any(|e| *e == 0 || *e > i32::MAX as usize) {
            return Err(bad(format!("bad image extents {extents:?}")));
        }
        let len = shape.texel_count() * format.texel_size();
        if texels.len() != len {
            return Err(bad(format!(
                "the image needs {len} bytes of texels, got {}",
                texels.len()
            )));
        }
        let mut mem = alloc_chunks(len as u64)?;
        // SAFETY: `mem` holds at least `len` bytes.
        unsafe { std::ptr::copy_nonoverlapping(texels.as_ptr(), mem.as_mut_ptr() as *mut u8, len) };
        let desc = Box::new(ImageDesc {
            data: mem.as_mut_ptr() as *mut u8,
            width: shape.width as i32,
            height: shape.height as i32,
            depth: shape.depth as i32,
            layers: shape.layers as i32,
            channel_order: shape.channel_order as i32,
            channel_type: shape.channel_type as i32,
            coords: shape.dim.coords() as i32,
            texel_size: format.texel_size() as i32,
        });
        Ok(Image { desc, mem, len })
    }

    /// The texels.
    pub fn as_bytes(&self) -> &[u8] {
        // SAFETY: `mem` holds at least `len` initialized bytes.
        unsafe { std::slice::from_raw_parts(self.mem.as_ptr() as *const u8, self.len) }
    }

    /// The texels, writable.
    pub fn as_bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: as above, and `self` is borrowed mutably.
        unsafe { std::slice::from_raw_parts_mut(self.mem.as_mut_ptr() as *mut u8, self.len) }
    }

    /// The address kernels receive (of the descriptor).
    pub(crate) fn device_addr(&mut self) -> u64 {
        &mut *self.desc as *mut ImageDesc as u64
    }
}
