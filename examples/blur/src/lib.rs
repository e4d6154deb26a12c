//! The example app of oclc-build: kernels compiled by `build.rs` (with an `#include`d
//! header) and run through their typed launchers on the CPU or Vulkan, and the same
//! computations in plain Rust to check them.
//!
//! The launchers are typed: a buffer of the wrong element type does not compile,
//!
//! ```compile_fail,E0308
//! use blur::kernels;
//! use oclc_runtime_lite::embed::{Buffer, Device, NDRange};
//! let src = Buffer::<u32>::zeroed(16).unwrap(); // the kernel reads floats
//! let mut dst = Buffer::<f32>::zeroed(16).unwrap();
//! let range = NDRange { work_dim: 2, global: [16, 1, 1], local: None, offset: [0; 3] };
//! kernels::blur_rows(&Device::cpu(), &range, &src, &mut dst, 16, 1.0).unwrap();
//! ```
//!
//! nor does a launch with an argument missing,
//!
//! ```compile_fail,E0061
//! use blur::kernels;
//! use oclc_runtime_lite::embed::{Buffer, Device, NDRange};
//! let src = Buffer::<f32>::zeroed(16).unwrap();
//! let mut dst = Buffer::<f32>::zeroed(16).unwrap();
//! let range = NDRange { work_dim: 2, global: [16, 1, 1], local: None, offset: [0; 3] };
//! kernels::blur_rows(&Device::cpu(), &range, &src, &mut dst, 16).unwrap();
//! ```
//!
//! nor a written buffer passed as read-only, while the right arguments do:
//!
//! ```compile_fail,E0308
//! use blur::kernels;
//! use oclc_runtime_lite::embed::{Buffer, Device, NDRange};
//! let src = Buffer::<f32>::zeroed(16).unwrap();
//! let dst = Buffer::<f32>::zeroed(16).unwrap();
//! let range = NDRange { work_dim: 2, global: [16, 1, 1], local: None, offset: [0; 3] };
//! kernels::blur_rows(&Device::cpu(), &range, &src, &dst, 16, 1.0).unwrap();
//! ```
//!
//! ```
//! use blur::kernels;
//! use oclc_runtime_lite::embed::{Buffer, Device, NDRange};
//! let src = Buffer::from_slice(&[7.0f32; 16]).unwrap();
//! let mut dst = Buffer::<f32>::zeroed(16).unwrap();
//! let range = NDRange { work_dim: 2, global: [16, 1, 1], local: None, offset: [0; 3] };
//! kernels::blur_rows(&Device::cpu(), &range, &src, &mut dst, 16, 1.0).unwrap();
//! assert_eq!(dst.to_vec(), vec![7.0f32; 16]);
//! ```

/// The kernels of `kernels/blur.cl`, compiled by `build.rs`.
pub mod kernels {
    include!(concat!(env!("OUT_DIR"), "/blur.rs"));
}

/// The blur radius `build.rs` defined for the kernels (`BLUR_RADIUS`, default 3).
pub fn radius() -> i64 {
    env!("BLUR_RADIUS").trim().parse().unwrap_or(3)
}

/// `blur_rows` in plain Rust: each pixel of a `width`-wide image becomes `gain` times the
/// mean of the `2 * radius() + 1` pixels around it in its row (edge pixels repeated).
pub fn blur_rows_reference(src: &[f32], width: usize, gain: f32) -> Vec<f32> {
    let radius = radius();
    let mut dst = vec![0.0; src.len()];
    for (row_in, row_out) in src.chunks(width).zip(dst.chunks_mut(width)) {
        for (x, out) in row_out.iter_mut().enumerate() {
            let mut sum = 0.0f32;
            for d in -radius..=radius {
                let i = (x as i64 + d).clamp(0, width as i64 - 1) as usize;
                sum += row_in[i];
            }
            *out = gain * (sum / (2 * radius + 1) as f32);
        }
    }
    dst
}

/// `group_sums` in plain Rust: the sum of each run of 64 values.
pub fn group_sums_reference(values: &[f32]) -> Vec<f32> {
    values.chunks(64).map(|c| c.iter().sum()).collect()
}
