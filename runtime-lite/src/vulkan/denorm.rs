//! How a Vulkan pipeline treats float denormals, set by editing the module's words before
//! `vkCreateShaderModule` (SPIR-V float controls: core since SPIR-V 1.4, else
//! `SPV_KHR_float_controls`).
//!
//! OpenCL's full profile keeps denormals where the device can (NVIDIA's OpenCL does), while
//! a Vulkan driver without an execution mode may flush them (NVIDIA's Vulkan does). The
//! edit ([`set_denorm_mode`]) inserts, for each float width `w` asked for:
//! - `OpCapability DenormPreserve` / `DenormFlushToZero` after the last `OpCapability`;
//! - `OpExtension "SPV_KHR_float_controls"` after the capabilities when the module's
//!   version is below 1.4;
//! - `OpExecutionMode %entry DenormPreserve w` / `DenormFlushToZero w` for every entry
//!   point, after the last existing `OpExecutionMode` (else after the last `OpEntryPoint`).
//!
//! A module that already states a denormal mode (an offline compile with
//! `--vulkan-denorm`) is left as it is; the launcher only checks that the device supports it.

use std::str::FromStr;

const OP_EXTENSION: u32 = 10;
const OP_ENTRY_POINT: u32 = 15;
const OP_EXECUTION_MODE: u32 = 16;
const OP_CAPABILITY: u32 = 17;
const OP_TYPE_FLOAT: u32 = 22;
const EM_DENORM_PRESERVE: u32 = 4459;
const EM_DENORM_FLUSH_TO_ZERO: u32 = 4460;
const CAP_DENORM_PRESERVE: u32 = 4464;
const CAP_DENORM_FLUSH_TO_ZERO: u32 = 4465;

/// What a Vulkan module asks of float denormals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DenormMode {
    /// Keep denormal inputs and results (`DenormPreserve`; OpenCL's full profile).
    Preserve,
    /// Flush denormal inputs and results to zero (`DenormFlushToZero`;
    /// `-cl-denorms-are-zero`).
    Flush,
    /// State nothing: the driver's default (which may flush float denormals, as OpenCL
    /// allows for `float` on devices without denormal support).
    Any,
}

impl DenormMode {
    /// The execution mode number, or `None` for [`DenormMode::Any`].
    fn execution_mode(self) -> Option<u32> {
        match self {
            DenormMode::Preserve => Some(EM_DENORM_PRESERVE),
            DenormMode::Flush => Some(EM_DENORM_FLUSH_TO_ZERO),
            DenormMode::Any => None,
        }
    }

    /// The Vulkan feature (float controls property) that allows this mode for `width`.
    pub fn feature(self, width: u32) -> String {
        let kind = match self {
            DenormMode::Flush => "FlushToZero",
            _ => "Preserve",
        };
        format!("shaderDenorm{kind}Float{width}")
    }
}

impl FromStr for DenormMode {
    type Err = String;

    /// Parses `preserve`, `flush` or `any`.
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "preserve" => Ok(DenormMode::Preserve),
            "flush" => Ok(DenormMode::Flush),
            "any" => Ok(DenormMode::Any),
            _ => Err(format!(
                "unknown denormal mode `{s}` (expected preserve, flush or any)"
            )),
        }
    }
}

/// One instruction of a module: (word offset, opcode, word count).
fn instructions(spirv: &[u32]) -> impl Iterator<Item = (usize, u32, usize)> + '_ {
    let mut at = 5;
    std::iter::from_fn(move || {
        let word = *spirv.get(at)?;
        let count = (word >> 16) as usize;
        if count == 0 || at + count > spirv.len() {
            return None;
        }
        let here = at;
        at += count;
        Some((here, word & 0xffff, count))
    })
}

/// The widths of the float types a module declares (`OpTypeFloat`), ascending.
pub fn float_widths(spirv: &[u32]) -> Vec<u32> {
    let mut widths: Vec<u32> = instructions(spirv)
        .filter(|&(_, op, n)| op == OP_TYPE_FLOAT && n >= 3)
        .map(|(at, _, _)| spirv[at + 2])
        .collect();
    widths.sort_unstable();
    widths.dedup();
    widths
}

/// The denormal execution modes a module states: (mode, width) pairs, deduplicated.
pub fn declared_denorm_modes(spirv: &[u32]) -> Vec<(DenormMode, u32)> {
    let mut modes: Vec<(DenormMode, u32)> = instructions(spirv)
        .filter(|&(_, op, n)| op == OP_EXECUTION_MODE && n >= 4)
        .filter_map(|(at, _, _)| {
            let mode = match spirv[at + 2] {
                EM_DENORM_PRESERVE => DenormMode::Preserve,
                EM_DENORM_FLUSH_TO_ZERO => DenormMode::Flush,
                _ => return None,
            };
            Some((mode, spirv[at + 3]))
        })
        .collect();
    modes.dedup();
    modes.sort_by_key(|&(m, w)| (m as u8, w));
    modes.dedup();
    modes
}

/// `spirv` with denormal mode `mode` stated for the float widths `widths` on every entry
/// point (see the module doc for the edit). [`DenormMode::Any`] or no width returns the
/// module unchanged.
pub fn set_denorm_mode(spirv: &[u32], mode: DenormMode, widths: &[u32]) -> Vec<u32> {
    let Some(em) = mode.execution_mode() else {
        return spirv.to_vec();
    };
    if widths.is_empty() || spirv.len() < 5 {
        return spirv.to_vec();
    }
    let cap = match mode {
        DenormMode::Flush => CAP_DENORM_FLUSH_TO_ZERO,
        _ => CAP_DENORM_PRESERVE,
    };
    let mut last_cap = 5;
    let mut last_mode_or_entry = None;
    let mut entries = Vec::new();
    for (at, op, n) in instructions(spirv) {
        match op {
            OP_CAPABILITY => last_cap = at + n,
            OP_ENTRY_POINT if n >= 3 => {
                entries.push(spirv[at + 2]);
                last_mode_or_entry = Some(at + n);
            }
            OP_EXECUTION_MODE => last_mode_or_entry = Some(at + n),
            _ => {}
        }
    }
    let Some(modes_at) = last_mode_or_entry else {
        return spirv.to_vec();
    };
    let mut head = vec![(2 << 16) | OP_CAPABILITY, cap];
    let version = spirv[1];
    if version < 0x0001_0400 {
        head.extend(extension("SPV_KHR_float_controls"));
    }
    let mut modes = Vec::new();
    for &entry in &entries {
        for &w in widths {
            modes.extend([(4 << 16) | OP_EXECUTION_MODE, entry, em, w]);
        }
    }
    let mut out = Vec::with_capacity(spirv.len() + head.len() + modes.len());
    out.extend_from_slice(&spirv[..last_cap]);
    out.extend(head);
    out.extend_from_slice(&spirv[last_cap..modes_at]);
    out.extend(modes);
    out.extend_from_slice(&spirv[modes_at..]);
    out
}

/// The words of `OpExtension "name"` (a nul-terminated, word-padded UTF-8 string).
fn extension(name: &str) -> Vec<u32> {
    let mut bytes = name.as_bytes().to_vec();
    bytes.push(0);
    while !bytes.len().is_multiple_of(4) {
        bytes.push(0);
    }
    let mut words = vec![(((1 + bytes.len() / 4) as u32) << 16) | OP_EXTENSION];
    words.extend(
        bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
    );
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header, `OpCapability Shader`, `OpMemoryModel`, two entry points, one execution
    /// mode and `OpTypeFloat 32` / `OpTypeFloat 16`.
    fn module(version: u32) -> Vec<u32> {
        let mut w = vec![0x0723_0203, version, 0, 100, 0];
        w.extend([(2 << 16) | OP_CAPABILITY, 1]);
        w.extend([(3 << 16) | 14, 5348, 1]);
        w.extend([(4 << 16) | OP_ENTRY_POINT, 5, 7, 0]);
        w.extend([(4 << 16) | OP_ENTRY_POINT, 5, 8, 0]);
        w.extend([(6 << 16) | OP_EXECUTION_MODE, 7, 17, 1, 1, 1]);
        w.extend([(3 << 16) | OP_TYPE_FLOAT, 9, 32]);
        w.extend([(3 << 16) | OP_TYPE_FLOAT, 10, 16]);
        w
    }

    #[test]
    fn finds_float_widths() {
        assert_eq!(float_widths(&module(0x0001_0500)), vec![16, 32]);
    }

    #[test]
    fn inserts_capability_and_modes_for_every_entry_point() {
        let m = set_denorm_mode(&module(0x0001_0500), DenormMode::Preserve, &[32]);
        assert_eq!(
            m[5..9],
            [
                (2 << 16) | OP_CAPABILITY,
                1,
                (2 << 16) | OP_CAPABILITY,
                4464
            ]
        );
        assert_eq!(declared_denorm_modes(&m), vec![(DenormMode::Preserve, 32)]);
        let modes: Vec<_> = instructions(&m)
            .filter(|&(_, op, _)| op == OP_EXECUTION_MODE)
            .map(|(at, _, n)| m[at + 1..at + n].to_vec())
            .collect();
        assert_eq!(
            modes,
            vec![vec![7, 17, 1, 1, 1], vec![7, 4459, 32], vec![8, 4459, 32]]
        );
        assert_eq!(m.len(), module(0x0001_0500).len() + 2 + 8);
    }

    #[test]
    fn adds_the_extension_before_spirv_1_4() {
        let m = set_denorm_mode(&module(0x0001_0300), DenormMode::Flush, &[16, 32]);
        assert_eq!(m[7..9], [(2 << 16) | OP_CAPABILITY, 4465]);
        assert_eq!(m[9], (7 << 16) | OP_EXTENSION);
        assert_eq!(&m[10..16], &extension("SPV_KHR_float_controls")[1..]);
        assert_eq!(
            declared_denorm_modes(&m),
            vec![(DenormMode::Flush, 16), (DenormMode::Flush, 32)]
        );
    }

    #[test]
    fn any_leaves_the_module_alone() {
        let m = module(0x0001_0500);
        assert_eq!(set_denorm_mode(&m, DenormMode::Any, &[32]), m);
        assert_eq!(set_denorm_mode(&m, DenormMode::Preserve, &[]), m);
    }
}
