//! Which denormal mode a pipeline gets on a given device: the module's own when it states
//! one (checked against the device), else the one the launcher requested
//! (`VulkanDevice::request_denorm_mode`), else the one `OCLC_VK_DENORM` names
//! (`preserve|flush|any`; a hidden switch for tests), else `DenormPreserve` for every
//! float width the module uses whose preservation the device supports (OpenCL's full
//! profile), and nothing where it does not (denormals may then flush, which OpenCL allows
//! for `float`).

use std::borrow::Cow;

use ash::vk;

use super::denorm::{declared_denorm_modes, float_widths, set_denorm_mode, DenormMode};
use super::device::VulkanError;

/// The environment variable that overrides the launcher's denormal mode.
pub const DENORM_ENV: &str = "OCLC_VK_DENORM";

/// A device's float-controls properties for denormals.
#[derive(Clone, Copy)]
pub(crate) struct DenormSupport {
    /// `shaderDenormPreserveFloat{16,32,64}`.
    pub preserve: [bool; 3],
    /// `shaderDenormFlushToZeroFloat{16,32,64}`.
    pub flush: [bool; 3],
    /// `denormBehaviorIndependence`.
    pub independence: vk::ShaderFloatControlsIndependence,
}

impl DenormSupport {
    /// Reads the properties of `props` (Vulkan 1.2 float controls).
    pub fn of(p: &vk::PhysicalDeviceFloatControlsProperties<'_>) -> DenormSupport {
        let on = |b: vk::Bool32| b == vk::TRUE;
        DenormSupport {
            preserve: [
                on(p.shader_denorm_preserve_float16),
                on(p.shader_denorm_preserve_float32),
                on(p.shader_denorm_preserve_float64),
            ],
            flush: [
                on(p.shader_denorm_flush_to_zero_float16),
                on(p.shader_denorm_flush_to_zero_float32),
                on(p.shader_denorm_flush_to_zero_float64),
            ],
            independence: p.denorm_behavior_independence,
        }
    }

    /// Whether the device supports `mode` for floats of `width` bits.
    fn supports(&self, mode: DenormMode, width: u32) -> bool {
        let i = match width {
            16 => 0,
            32 => 1,
            64 => 2,
            _ => return false,
        };
        match mode {
            DenormMode::Preserve => self.preserve[i],
            DenormMode::Flush => self.flush[i],
            DenormMode::Any => true,
        }
    }

    /// The widths of `used` that can take `mode` together under the device's
    /// independence rule (the same mode for 16 and 64 bits under `32_BIT_ONLY`, for all
    /// widths under `NONE`): the supported ones, or fewer.
    fn settable(&self, mode: DenormMode, used: &[u32]) -> Vec<u32> {
        let all = |ws: &[u32]| ws.iter().all(|&w| self.supports(mode, w));
        if self.independence == vk::ShaderFloatControlsIndependence::NONE {
            return if all(used) { used.to_vec() } else { Vec::new() };
        }
        let mut out = Vec::new();
        if used.contains(&32) && self.supports(mode, 32) {
            out.push(32);
        }
        let others: Vec<u32> = used.iter().copied().filter(|&w| w != 32).collect();
        if self.independence == vk::ShaderFloatControlsIndependence::TYPE_32_ONLY {
            if all(&others) {
                out.extend(others);
            }
        } else {
            out.extend(others.into_iter().filter(|&w| self.supports(mode, w)));
        }
        out.sort_unstable();
        out
    }
}

/// The mode `OCLC_VK_DENORM` asks for, if set.
fn requested_mode() -> Result<Option<DenormMode>, VulkanError> {
    match std::env::var(DENORM_ENV) {
        Ok(s) if !s.is_empty() => s
            .parse()
            .map(Some)
            .map_err(|e| VulkanError(format!("{DENORM_ENV}: {e}"))),
        _ => Ok(None),
    }
}

/// `spirv` as the pipeline of device `device` (with `support`) should get it, `requested`
/// being the launcher's request (see the module doc). A mode the module states or the
/// launcher or environment asks for that the device
/// does not support is an error naming the feature.
pub(crate) fn apply_denorm_policy<'a>(
    spirv: &'a [u32],
    requested: Option<DenormMode>,
    support: &DenormSupport,
    device: &str,
) -> Result<Cow<'a, [u32]>, VulkanError> {
    let unsupported = |mode: DenormMode, w: u32| {
        VulkanError(format!(
            "the kernel asks for {mode:?} denormals on {w}-bit floats, which device {device} \
             does not support (feature {})",
            mode.feature(w)
        ))
    };
    let declared = declared_denorm_modes(spirv);
    if !declared.is_empty() {
        if let Some(&(m, w)) = declared.iter().find(|&&(m, w)| !support.supports(m, w)) {
            return Err(unsupported(m, w));
        }
        return Ok(Cow::Borrowed(spirv));
    }
    let used: Vec<u32> = float_widths(spirv)
        .into_iter()
        .filter(|w| matches!(w, 16 | 32 | 64))
        .collect();
    let requested = match requested {
        Some(m) => Some(m),
        None => requested_mode()?,
    };
    let (mode, explicit) = match requested {
        Some(m) => (m, true),
        None => (DenormMode::Preserve, false),
    };
    if mode == DenormMode::Any || used.is_empty() {
        return Ok(Cow::Borrowed(spirv));
    }
    let widths = support.settable(mode, &used);
    if explicit && widths.len() != used.len() {
        let w = used
            .iter()
            .copied()
            .find(|w| !widths.contains(w))
            .unwrap_or(32);
        return Err(unsupported(mode, w));
    }
    if widths.is_empty() {
        return Ok(Cow::Borrowed(spirv));
    }
    Ok(Cow::Owned(set_denorm_mode(spirv, mode, &widths)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vk::ShaderFloatControlsIndependence as I;

    fn support(preserve: [bool; 3], independence: I) -> DenormSupport {
        DenormSupport {
            preserve,
            flush: [false; 3],
            independence,
        }
    }

    #[test]
    fn settable_widths_follow_independence() {
        let used = [16, 32, 64];
        let s = support([false, true, true], I::ALL);
        assert_eq!(s.settable(DenormMode::Preserve, &used), vec![32, 64]);
        let s = support([false, true, true], I::TYPE_32_ONLY);
        assert_eq!(s.settable(DenormMode::Preserve, &used), vec![32]);
        assert_eq!(s.settable(DenormMode::Preserve, &[32, 64]), vec![32, 64]);
        let s = support([false, true, true], I::NONE);
        assert!(s.settable(DenormMode::Preserve, &used).is_empty());
        assert_eq!(s.settable(DenormMode::Preserve, &[32]), vec![32]);
    }
}
