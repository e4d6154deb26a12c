//! Options of SPIR-V emission.

/// Settings for [`crate::emit_opencl`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpirvOptions {
    /// The SPIR-V version written in the module header, as (major, minor). Default (1, 0).
    pub version: (u8, u8),
    /// `-cl-fast-relaxed-math`: float arithmetic carries `FPFastMathMode` (no NaN, no
    /// infinity, no signed zero, reciprocals allowed, fast).
    pub fast_math: bool,
    /// `-cl-finite-math-only`: float arithmetic carries `FPFastMathMode NotNaN|NotInf`.
    pub finite_math_only: bool,
    /// `-cl-no-signed-zeros`: float arithmetic carries `FPFastMathMode NSZ`.
    pub no_signed_zeros: bool,
    /// `-cl-unsafe-math-optimizations`: float arithmetic carries `FPFastMathMode
    /// NSZ|AllowRecip|Fast`.
    pub unsafe_math: bool,
    /// `-cl-denorms-are-zero`: kernels declare `DenormFlushToZero` for 32-bit floats
    /// (SPIR-V 1.4, or `SPV_KHR_float_controls` before it).
    pub denorms_are_zero: bool,
}

impl Default for SpirvOptions {
    fn default() -> Self {
        SpirvOptions {
            version: (1, 0),
            fast_math: false,
            finite_math_only: false,
            no_signed_zeros: false,
            unsafe_math: false,
            denorms_are_zero: false,
        }
    }
}

impl SpirvOptions {
    /// The `FPFastMathMode` every float arithmetic instruction of user code carries (the
    /// union of the relaxed-math options; empty by default). clang-14 with llvm-spirv-14
    /// writes the same bits, except `Fast`, which it never writes.
    pub fn fp_fast_math_mode(&self) -> rspirv::spirv::FPFastMathMode {
        use rspirv::spirv::FPFastMathMode as M;
        let mut m = M::NONE;
        if self.fast_math || self.finite_math_only {
            m |= M::NOT_NAN | M::NOT_INF;
        }
        if self.fast_math || self.unsafe_math || self.no_signed_zeros {
            m |= M::NSZ;
        }
        if self.fast_math || self.unsafe_math {
            m |= M::ALLOW_RECIP | M::FAST;
        }
        m
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
    /// `-cl-kernel-arg-info`: the reflection JSON lists each argument's address, access
    /// and type qualifiers.
    pub kernel_arg_info: bool,
}
