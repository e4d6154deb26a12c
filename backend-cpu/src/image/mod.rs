//! Images and samplers on the CPU: the image descriptor generated code receives
//! ([`desc::ImageDesc`]), channel formats ([`format`]), texel conversions (OpenCL 1.2
//! section 8.3, [`convert`]), sampler addressing and filtering (section 8.2, [`sample`]) and
//! the `extern "C"` entry points the JIT links kernels against ([`entry`]).
//!
//! This code lives in the backend (not in `oclc-runtime-lite`) because the generated code
//! calls it, as it calls the math library and printf: the backend cannot depend on the
//! runtime (the runtime depends on the backend). The runtime owns image memory and fills in
//! descriptors.

pub mod convert;
pub mod desc;
pub mod entry;
pub mod format;
pub mod sample;

pub use desc::ImageDesc;
pub use format::{ChannelOrder, ChannelType, Format};
