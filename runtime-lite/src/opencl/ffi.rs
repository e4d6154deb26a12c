//! The few OpenCL 1.2 entry points the reference device uses, resolved at run time from the
//! ICD loader (`libOpenCL.so.1`) with libloading.

use std::ffi::{c_char, c_void};

use libloading::Library;

/// An opaque OpenCL object handle.
pub type Handle = *mut c_void;

/// `CL_SUCCESS`.
pub const SUCCESS: i32 = 0;
/// `CL_DEVICE_TYPE_GPU`.
pub const DEVICE_TYPE_GPU: u64 = 1 << 2;
/// `CL_DEVICE_TYPE_ALL`.
pub const DEVICE_TYPE_ALL: u64 = 0xFFFF_FFFF;
/// `CL_PLATFORM_NAME`.
pub const PLATFORM_NAME: u32 = 0x0902;
/// `CL_DEVICE_NAME`.
pub const DEVICE_NAME: u32 = 0x102B;
/// `CL_DEVICE_TYPE`.
pub const DEVICE_TYPE: u32 = 0x1000;
/// `CL_MEM_READ_WRITE`.
pub const MEM_READ_WRITE: u64 = 1;
/// `CL_MEM_COPY_HOST_PTR`.
pub const MEM_COPY_HOST_PTR: u64 = 1 << 5;
/// `CL_QUEUE_PROFILING_ENABLE`.
pub const QUEUE_PROFILING_ENABLE: u64 = 1 << 1;
/// `CL_PROGRAM_BINARY_SIZES`.
pub const PROGRAM_BINARY_SIZES: u32 = 0x1165;
/// `CL_PROGRAM_BINARIES`.
pub const PROGRAM_BINARIES: u32 = 0x1166;
/// `CL_PROGRAM_BUILD_LOG`.
pub const PROGRAM_BUILD_LOG: u32 = 0x1183;
/// `CL_PROFILING_COMMAND_START`.
pub const PROFILING_COMMAND_START: u32 = 0x1282;
/// `CL_PROFILING_COMMAND_END`.
pub const PROFILING_COMMAND_END: u32 = 0x1283;

/// `cl_image_format`.
#[repr(C)]
pub struct ImageFormat {
    /// `CL_R`, `CL_RGBA`, ...
    pub channel_order: u32,
    /// `CL_FLOAT`, `CL_UNORM_INT8`, ...
    pub channel_data_type: u32,
}

/// `cl_image_desc` (OpenCL 1.2).
#[repr(C)]
pub struct ImageDesc {
    /// `CL_MEM_OBJECT_IMAGE2D`, ...
    pub image_type: u32,
    /// Width in texels.
    pub width: usize,
    /// Height in texels (2D and 3D images, 2D arrays).
    pub height: usize,
    /// Depth in texels (3D images).
    pub depth: usize,
    /// Layers of an array image.
    pub array_size: usize,
    /// Bytes per row of the host data (0: tightly packed).
    pub row_pitch: usize,
    /// Bytes per slice of the host data (0: tightly packed).
    pub slice_pitch: usize,
    /// Must be 0.
    pub num_mip_levels: u32,
    /// Must be 0.
    pub num_samples: u32,
    /// The buffer of a 1D buffer image.
    pub buffer: Handle,
}

macro_rules! api {
    ($($name:ident : fn($($arg:ty),*) -> $ret:ty;)*) => {
        /// Function pointers into the loaded OpenCL library.
        #[allow(non_snake_case, missing_docs)]
        pub struct Api {
            _lib: Library,
            $(pub $name: unsafe extern "C" fn($($arg),*) -> $ret,)*
        }

        impl Api {
            /// Loads the ICD loader and resolves every entry point.
            pub fn load() -> Result<Api, String> {
                let names = ["libOpenCL.so.1", "libOpenCL.so", "OpenCL.dll", "/System/Library/Frameworks/OpenCL.framework/OpenCL"];
                let mut last = String::new();
                for name in names {
                    // SAFETY: loading the system's OpenCL loader runs its initialisers, which is
                    // what every OpenCL program does.
                    match unsafe { Library::new(name) } {
                        Ok(lib) => {
                            // SAFETY: the symbol types match the OpenCL 1.2 C declarations.
                            unsafe {
                                $(#[allow(non_snake_case)] let $name = *lib
                                    .get::<unsafe extern "C" fn($($arg),*) -> $ret>(concat!(stringify!($name), "\0").as_bytes())
                                    .map_err(|e| format!("{name}: missing {}: {e}", stringify!($name)))?;)*
                                return Ok(Api { _lib: lib, $($name,)* });
                            }
                        }
                        Err(e) => last = e.to_string(),
                    }
                }
                Err(format!("no OpenCL library found ({last}); install an ICD loader and a driver, e.g. ocl-icd-libopencl1 and pocl-opencl-icd"))
            }
        }
    };
}

api! {
    clGetPlatformIDs: fn(u32, *mut Handle, *mut u32) -> i32;
    clGetPlatformInfo: fn(Handle, u32, usize, *mut c_void, *mut usize) -> i32;
    clGetDeviceIDs: fn(Handle, u64, u32, *mut Handle, *mut u32) -> i32;
    clGetDeviceInfo: fn(Handle, u32, usize, *mut c_void, *mut usize) -> i32;
    clCreateContext: fn(*const isize, u32, *const Handle, *const c_void, *mut c_void, *mut i32) -> Handle;
    clCreateCommandQueue: fn(Handle, Handle, u64, *mut i32) -> Handle;
    clCreateProgramWithSource: fn(Handle, u32, *const *const c_char, *const usize, *mut i32) -> Handle;
    clCreateProgramWithBinary: fn(Handle, u32, *const Handle, *const usize, *const *const u8, *mut i32, *mut i32) -> Handle;
    clBuildProgram: fn(Handle, u32, *const Handle, *const c_char, *const c_void, *mut c_void) -> i32;
    clGetProgramBuildInfo: fn(Handle, Handle, u32, usize, *mut c_void, *mut usize) -> i32;
    clGetProgramInfo: fn(Handle, u32, usize, *mut c_void, *mut usize) -> i32;
    clCreateKernel: fn(Handle, *const c_char, *mut i32) -> Handle;
    clSetKernelArg: fn(Handle, u32, usize, *const c_void) -> i32;
    clCreateBuffer: fn(Handle, u64, usize, *mut c_void, *mut i32) -> Handle;
    clEnqueueNDRangeKernel: fn(Handle, Handle, u32, *const usize, *const usize, *const usize, u32, *const Handle, *mut Handle) -> i32;
    clEnqueueReadBuffer: fn(Handle, Handle, u32, usize, usize, *mut c_void, u32, *const Handle, *mut Handle) -> i32;
    clEnqueueWriteBuffer: fn(Handle, Handle, u32, usize, usize, *const c_void, u32, *const Handle, *mut Handle) -> i32;
    clCreateImage: fn(Handle, u64, *const ImageFormat, *const ImageDesc, *mut c_void, *mut i32) -> Handle;
    clEnqueueReadImage: fn(Handle, Handle, u32, *const usize, *const usize, usize, usize, *mut c_void, u32, *const Handle, *mut Handle) -> i32;
    clEnqueueWriteImage: fn(Handle, Handle, u32, *const usize, *const usize, usize, usize, *const c_void, u32, *const Handle, *mut Handle) -> i32;
    clCreateSampler: fn(Handle, u32, u32, u32, *mut i32) -> Handle;
    clReleaseSampler: fn(Handle) -> i32;
    clFinish: fn(Handle) -> i32;
    clWaitForEvents: fn(u32, *const Handle) -> i32;
    clGetEventProfilingInfo: fn(Handle, u32, usize, *mut c_void, *mut usize) -> i32;
    clReleaseEvent: fn(Handle) -> i32;
    clReleaseMemObject: fn(Handle) -> i32;
    clReleaseKernel: fn(Handle) -> i32;
    clReleaseProgram: fn(Handle) -> i32;
    clReleaseCommandQueue: fn(Handle) -> i32;
    clReleaseContext: fn(Handle) -> i32;
}
