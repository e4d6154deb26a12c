//! Image and sampler arguments of the OpenCL reference device: images are created with
//! `clCreateImage` from the host bytes (a 1D buffer image over a buffer made from them),
//! read back with `clEnqueueReadImage` after the run; samplers with `clCreateSampler` from
//! OpenCL C's 32-bit `CLK_*` pattern.

use std::ffi::c_void;
use std::ptr::{null, null_mut};

use super::device::{check, OpenClError};
use super::ffi::{self, Api, Handle};

/// `CL_MEM_OBJECT_IMAGE2D` and its neighbours: the host API's image object types.
pub mod object_type {
    /// `CL_MEM_OBJECT_IMAGE2D`.
    pub const IMAGE2D: u32 = 0x10F1;
    /// `CL_MEM_OBJECT_IMAGE3D`.
    pub const IMAGE3D: u32 = 0x10F2;
    /// `CL_MEM_OBJECT_IMAGE2D_ARRAY`.
    pub const IMAGE2D_ARRAY: u32 = 0x10F3;
    /// `CL_MEM_OBJECT_IMAGE1D`.
    pub const IMAGE1D: u32 = 0x10F4;
    /// `CL_MEM_OBJECT_IMAGE1D_ARRAY`.
    pub const IMAGE1D_ARRAY: u32 = 0x10F5;
    /// `CL_MEM_OBJECT_IMAGE1D_BUFFER`.
    pub const IMAGE1D_BUFFER: u32 = 0x10F6;
}

/// The format and extents of an image argument (unused extents are 1, or 0 layers for
/// images that are not arrays).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenClImageDesc {
    /// One of [`object_type`].
    pub object_type: u32,
    /// `CL_R` (0x10B0), `CL_RG` (0x10B2), `CL_RGBA` (0x10B5), `CL_BGRA` (0x10B6), ...
    pub channel_order: u32,
    /// `CL_UNORM_INT8` (0x10D2), `CL_FLOAT` (0x10DE), ...
    pub channel_type: u32,
    /// Width in texels.
    pub width: usize,
    /// Height in texels.
    pub height: usize,
    /// Depth in texels.
    pub depth: usize,
    /// Layers of an array image (0 otherwise).
    pub array_size: usize,
}

impl OpenClImageDesc {
    /// The `region` of `clEnqueueReadImage` covering the whole image.
    fn region(&self) -> [usize; 3] {
        match self.object_type {
            object_type::IMAGE1D_ARRAY => [self.width, self.array_size, 1],
            object_type::IMAGE2D_ARRAY => [self.width, self.height, self.array_size],
            object_type::IMAGE3D => [self.width, self.height, self.depth],
            object_type::IMAGE2D => [self.width, self.height, 1],
            _ => [self.width, 1, 1],
        }
    }
}

/// An image or sampler made for one launch; released by [`release`].
pub(super) enum ImageObject {
    /// An image (and, for a 1D buffer image, the buffer under it).
    Image { mem: Handle, buffer: Handle },
    /// A sampler.
    Sampler(Handle),
}

impl ImageObject {
    /// The handle passed to `clSetKernelArg`.
    pub fn handle(&self) -> Handle {
        match self {
            ImageObject::Image { mem, .. } => *mem,
            ImageObject::Sampler(s) => *s,
        }
    }
}

/// Creates an image holding `bytes` (tightly packed texels, rows then slices or layers).
///
/// # Safety
/// `context` must be a valid context of `api`.
pub(super) unsafe fn create_image(
    api: &Api,
    context: Handle,
    desc: &OpenClImageDesc,
    bytes: &mut [u8],
) -> Result<ImageObject, OpenClError> {
    let mut err = 0;
    let format = ffi::ImageFormat {
        channel_order: desc.channel_order,
        channel_data_type: desc.channel_type,
    };
    let mut buffer: Handle = null_mut();
    let mut host: *mut c_void = bytes.as_mut_ptr().cast();
    let mut flags = ffi::MEM_READ_WRITE | ffi::MEM_COPY_HOST_PTR;
    if desc.object_type == object_type::IMAGE1D_BUFFER {
        buffer = (api.clCreateBuffer)(context, flags, bytes.len(), host, &mut err);
        check(err, "clCreateBuffer (image buffer)")?;
        host = null_mut();
        flags = ffi::MEM_READ_WRITE;
    }
    let cl_desc = ffi::ImageDesc {
        image_type: desc.object_type,
        width: desc.width,
        height: desc.height,
        depth: desc.depth,
        array_size: desc.array_size,
        row_pitch: 0,
        slice_pitch: 0,
        num_mip_levels: 0,
        num_samples: 0,
        buffer,
    };
    let mem = (api.clCreateImage)(context, flags, &format, &cl_desc, host, &mut err);
    if err != ffi::SUCCESS && !buffer.is_null() {
        (api.clReleaseMemObject)(buffer);
    }
    check(err, "clCreateImage")?;
    Ok(ImageObject::Image { mem, buffer })
}

/// Reads the whole image `mem` back into `bytes`.
///
/// # Safety
/// `queue` and `mem` must be valid handles of `api`, `mem` made by [`create_image`] from
/// `desc` with `bytes.len()` bytes.
pub(super) unsafe fn read_image(
    api: &Api,
    queue: Handle,
    mem: Handle,
    desc: &OpenClImageDesc,
    bytes: &mut [u8],
) -> Result<(), OpenClError> {
    let origin = [0usize; 3];
    let region = desc.region();
    check(
        (api.clEnqueueReadImage)(
            queue,
            mem,
            1,
            origin.as_ptr(),
            region.as_ptr(),
            0,
            0,
            bytes.as_mut_ptr().cast(),
            0,
            null(),
            null_mut(),
        ),
        "clEnqueueReadImage",
    )
}

/// Writes `bytes` over the whole image `mem` (to restore it between timed launches).
///
/// # Safety
/// As for [`read_image`].
pub(super) unsafe fn write_image(
    api: &Api,
    queue: Handle,
    mem: Handle,
    desc: &OpenClImageDesc,
    bytes: &[u8],
) -> Result<(), OpenClError> {
    let origin = [0usize; 3];
    let region = desc.region();
    check(
        (api.clEnqueueWriteImage)(
            queue,
            mem,
            1,
            origin.as_ptr(),
            region.as_ptr(),
            0,
            0,
            bytes.as_ptr().cast(),
            0,
            null(),
            null_mut(),
        ),
        "clEnqueueWriteImage",
    )
}

/// Creates a sampler with the settings of OpenCL C's `CLK_*` pattern `bits` (bit 0:
/// normalized coordinates; bits 1-3: addressing mode; bit 5: linear filter).
///
/// # Safety
/// `context` must be a valid context of `api`.
pub(super) unsafe fn create_sampler(
    api: &Api,
    context: Handle,
    bits: u32,
) -> Result<ImageObject, OpenClError> {
    // CL_ADDRESS_NONE .. CL_ADDRESS_MIRRORED_REPEAT are 0x1130..0x1134.
    let addressing = 0x1130
        + match bits & 0xe {
            2 => 1,
            4 => 2,
            6 => 3,
            8 => 4,
            _ => 0,
        };
    // CL_FILTER_NEAREST 0x1140, CL_FILTER_LINEAR 0x1141.
    let filter = if bits & 0x20 != 0 { 0x1141 } else { 0x1140 };
    let mut err = 0;
    let s = (api.clCreateSampler)(context, bits & 1, addressing, filter, &mut err);
    check(err, "clCreateSampler")?;
    Ok(ImageObject::Sampler(s))
}

/// Releases an object made by [`create_image`] or [`create_sampler`].
///
/// # Safety
/// `obj` must hold valid handles of `api`, not released before.
pub(super) unsafe fn release(api: &Api, obj: ImageObject) {
    match obj {
        ImageObject::Image { mem, buffer } => {
            (api.clReleaseMemObject)(mem);
            if !buffer.is_null() {
                (api.clReleaseMemObject)(buffer);
            }
        }
        ImageObject::Sampler(s) => {
            (api.clReleaseSampler)(s);
        }
    }
}
