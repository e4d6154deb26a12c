//! `printf` on Vulkan: there is no console, so each kernel that prints writes records to a
//! printf buffer whose device address the launcher puts in the argument block at the
//! kernel's `printf_buffer_offset`, and formats after the dispatch with the format table
//! ([`super::VulkanModule::printf_formats`], also in the reflection JSON as
//! `printf_formats`). The IR rewriting, and the buffer's layout, are
//! `oclc_ir::legalize::printf_buffer`; the launcher side is `oclc_runtime_lite`'s Vulkan
//! printf module.

use std::fmt::Write;

use oclc_ir::legalize::printf_buffer::{lower_printf_to_buffer, PrintfFormat, PrintfLane};
use oclc_ir::Module;

pub use oclc_ir::legalize::printf_buffer::PRINTF_BUFFER_PARAM;

use crate::error::SpirvError;

/// A copy of `module` whose `printf`s write to the printf buffer (`None` when nothing
/// prints, so the module is used as it is), and the format table.
pub(crate) fn lower_printf(
    module: &Module,
) -> Result<(Option<Module>, Vec<PrintfFormat>), SpirvError> {
    let mut copy = module.clone();
    let table = lower_printf_to_buffer(&mut copy).map_err(SpirvError::new)?;
    if table.is_empty() {
        return Ok((None, table));
    }
    Ok((Some(copy), table))
}

/// The JSON form of the format table: `[{"format":"...","args":[{"lane":"i32","lanes":1},
/// ...]}, ...]`, lanes named `i8`..`u64`, `f32`, `f64` or `ptr`.
pub fn printf_formats_json(formats: &[PrintfFormat]) -> String {
    let mut s = String::from("[");
    for (i, f) in formats.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{{\"format\":{},\"args\":[", json_str(&f.format));
        for (j, a) in f.args.iter().enumerate() {
            if j > 0 {
                s.push(',');
            }
            let lane = match a.lane {
                PrintfLane::Int { bits, signed } => {
                    format!("{}{bits}", if signed { 'i' } else { 'u' })
                }
                PrintfLane::F32 => "f32".into(),
                PrintfLane::F64 => "f64".into(),
                PrintfLane::Ptr => "ptr".into(),
            };
            let _ = write!(s, "{{\"lane\":\"{lane}\",\"lanes\":{}}}", a.lanes);
        }
        s.push_str("]}");
    }
    s.push(']');
    s
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
