//! Element types of typed buffers: OpenCL C's scalars and vectors as Rust types.

/// A type whose values may live in a kernel's `__global` memory: OpenCL C's scalars
/// (`half` as its `u16` bits) and vectors as arrays (`float4` is `[f32; 4]`, `float3` takes
/// four elements as in OpenCL's layout).
///
/// # Safety
/// Every bit pattern of the type's size must be a valid value and it must have no padding
/// (the device writes raw bytes into it).
pub unsafe trait Element: Copy + Default + 'static {}

macro_rules! elements {
    ($($t:ty),*) => {$(
        // SAFETY: a primitive number: no padding, every bit pattern valid.
        unsafe impl Element for $t {}
        // SAFETY: arrays of such numbers have no padding either.
        unsafe impl Element for [$t; 2] {}
        // SAFETY: as above.
        unsafe impl Element for [$t; 4] {}
        // SAFETY: as above.
        unsafe impl Element for [$t; 8] {}
        // SAFETY: as above.
        unsafe impl Element for [$t; 16] {}
    )*};
}

elements!(u8, i8, u16, i16, u32, i32, u64, i64, f32, f64);
