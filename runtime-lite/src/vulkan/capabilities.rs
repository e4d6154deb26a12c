//! The SPIR-V capabilities a module declares, checked against the features enabled on the
//! device before a pipeline is built, so that a missing feature is named in the error
//! rather than surfacing as a failed `vkCreateComputePipelines`.

use super::device::VulkanError;

/// `OpCapability`'s opcode.
const OP_CAPABILITY: u32 = 17;

/// Capabilities whose use depends on an optional device feature: (capability number,
/// capability name, the Vulkan feature(s) that allow it).
const FEATURE_OF_CAPABILITY: [(u32, &str, &str); 13] = [
    (9, "Float16", "shaderFloat16"),
    (10, "Float64", "shaderFloat64"),
    (12, "Int64Atomics", "shaderBufferInt64Atomics"),
    (22, "Int16", "shaderInt16"),
    (39, "Int8", "shaderInt8"),
    (
        55,
        "StorageImageReadWithoutFormat",
        "shaderStorageImageReadWithoutFormat",
    ),
    (
        56,
        "StorageImageWriteWithoutFormat",
        "shaderStorageImageWriteWithoutFormat",
    ),
    (4433, "StorageBuffer16BitAccess", "storageBuffer16BitAccess"),
    (4435, "StoragePushConstant16", "storagePushConstant16"),
    (4448, "StorageBuffer8BitAccess", "storageBuffer8BitAccess"),
    (4450, "StoragePushConstant8", "storagePushConstant8"),
    (5345, "VulkanMemoryModel", "vulkanMemoryModel"),
    (
        5346,
        "VulkanMemoryModelDeviceScope",
        "vulkanMemoryModelDeviceScope",
    ),
];

/// The capability numbers declared by a SPIR-V module (words, header included).
pub(crate) fn declared_capabilities(spirv: &[u32]) -> Vec<u32> {
    let mut caps = Vec::new();
    let mut at = 5;
    while at < spirv.len() {
        let word = spirv[at];
        let (count, opcode) = ((word >> 16) as usize, word & 0xffff);
        if count == 0 {
            break;
        }
        if opcode == OP_CAPABILITY && at + 1 < spirv.len() {
            caps.push(spirv[at + 1]);
        }
        at += count;
    }
    caps
}

/// Fails, naming the capability and the feature, when the module declares a capability
/// whose feature `enabled` (a feature name predicate) says is off on device `device`.
pub(crate) fn check_capabilities(
    spirv: &[u32],
    device: &str,
    enabled: impl Fn(&str) -> bool,
) -> Result<(), VulkanError> {
    let mut missing = Vec::new();
    for cap in declared_capabilities(spirv) {
        if let Some((_, name, feature)) = FEATURE_OF_CAPABILITY.iter().find(|c| c.0 == cap) {
            if !enabled(feature) {
                missing.push(format!("{name} (feature {feature})"));
            }
        }
    }
    if missing.is_empty() {
        return Ok(());
    }
    Err(VulkanError(format!(
        "the kernel needs SPIR-V capabilities that device {device} does not support: {}",
        missing.join(", ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(caps: &[u32]) -> Vec<u32> {
        let mut words = vec![0x0723_0203, 0x0001_0500, 0, 100, 0];
        for c in caps {
            words.extend([(2 << 16) | OP_CAPABILITY, *c]);
        }
        words.extend([(3 << 16) | 14, 5348, 1]); // OpMemoryModel
        words
    }

    #[test]
    fn finds_declared_capabilities() {
        assert_eq!(
            declared_capabilities(&module(&[1, 12, 5347])),
            vec![1, 12, 5347]
        );
    }

    #[test]
    fn names_the_missing_feature() {
        let m = module(&[1, 12, 11]);
        assert!(check_capabilities(&m, "d", |_| true).is_ok());
        let e = check_capabilities(&m, "d", |f| f != "shaderBufferInt64Atomics").unwrap_err();
        assert!(
            e.0.contains("Int64Atomics (feature shaderBufferInt64Atomics)"),
            "{e}"
        );
    }
}
