//! Options of SPIR-V emission.

/// Settings for [`crate::emit_opencl`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpirvOptions {
    /// The SPIR-V version written in the module header, as (major, minor). Default (1, 0).
    pub version: (u8, u8),
    /// `-cl-fast-relaxed-math`: float arithmetic carries `FPFastMathMode` (no NaN, no
    /// infinity, no signed zero, reciprocals allowed, fast).
    pub fast_math: bool,
    /// `-cl-denorms-are-zero`: kernels declare `DenormFlushToZero` for 32-bit floats
    /// (SPIR-V 1.4, or `SPV_KHR_float_controls` before it).
    pub denorms_are_zero: bool,
}

impl Default for SpirvOptions {
    fn default() -> Self {
        SpirvOptions {
            version: (1, 0),
            fast_math: false,
            denorms_are_zero: false,
        }
    }
}

/// Settings for [`crate::emit_vulkan_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VulkanOptions {
    /// `-cl-fast-relaxed-math`: the program allows reassociation, so float arithmetic
    /// outside oclc's built-in library is not decorated `NoContraction`. By default every
    /// float add, subtract, multiply, divide, remainder and negation is, because SPIR-V
    /// lets a Vulkan driver fuse and reassociate undecorated operations, which OpenCL C
    /// forbids.
    pub relaxed_math: bool,
}
