//! Options of SPIR-V emission.

/// Settings for [`crate::emit_opencl`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpirvOptions {
    /// The SPIR-V version written in the module header, as (major, minor). Default (1, 0).
    pub version: (u8, u8),
}

impl Default for SpirvOptions {
    fn default() -> Self {
        SpirvOptions { version: (1, 0) }
    }
}
