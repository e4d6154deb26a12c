//! A reference device that runs kernels through the system's OpenCL implementation (PoCL on
//! the CPU, NVIDIA's driver on a GPU, ...), loaded at run time. `oclc run --device opencl`
//! uses it to run the *source* of a kernel with the vendor's own compiler, so that tests and
//! benchmarks can compare oclc's results and speed with an independent implementation using
//! the very same arguments.

mod device;
mod ffi;
mod image;

pub use device::{OpenClArg, OpenClDevice, OpenClError, OpenClProgram, OpenClRun};
pub use image::{object_type, OpenClImageDesc};
