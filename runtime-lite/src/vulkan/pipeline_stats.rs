//! The driver's own statistics of a compiled pipeline (`VK_KHR_pipeline_executable_properties`):
//! registers, shared memory, binary size, as the driver names them. Asked for with
//! `OCLC_VK_PIPELINE_STATS=1` (printed on stderr after the pipeline is built). A device
//! without the extension says so once and runs normally. (NVIDIA's driver offers no
//! internal representations through it, and lavapipe 22.3 lacks the extension, so oclc
//! asks for statistics only.)

use std::ffi::{c_char, CStr};

use ash::vk;

/// The environment variable that asks for pipeline statistics.
pub const PIPELINE_STATS_ENV: &str = "OCLC_VK_PIPELINE_STATS";

/// Whether `OCLC_VK_PIPELINE_STATS` asks for statistics (set, not empty, not `0`).
pub(crate) fn requested() -> bool {
    !matches!(
        std::env::var(PIPELINE_STATS_ENV).as_deref(),
        Err(_) | Ok("") | Ok("0")
    )
}

/// The extension's name, for device creation.
pub(crate) fn extension_name() -> &'static CStr {
    ash::khr::pipeline_executable_properties::NAME
}

/// Whether `physical` offers the extension.
pub(crate) fn supported(instance: &ash::Instance, physical: vk::PhysicalDevice) -> bool {
    let Ok(exts) = (unsafe { instance.enumerate_device_extension_properties(physical) }) else {
        return false;
    };
    exts.iter().any(|e| {
        // SAFETY: the driver fills a NUL-terminated name.
        let name = unsafe { CStr::from_ptr(e.extension_name.as_ptr() as *const c_char) };
        name == extension_name()
    })
}

/// A fixed-size driver string as text.
fn text(chars: &[c_char]) -> String {
    // SAFETY: the driver fills a NUL-terminated string within the array.
    unsafe { CStr::from_ptr(chars.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

/// One statistic's value as text.
fn value(s: &vk::PipelineExecutableStatisticKHR) -> String {
    // SAFETY: the format says which member of the union the driver wrote.
    unsafe {
        match s.format {
            vk::PipelineExecutableStatisticFormatKHR::BOOL32 => {
                (s.value.b32 == vk::TRUE).to_string()
            }
            vk::PipelineExecutableStatisticFormatKHR::INT64 => s.value.i64.to_string(),
            vk::PipelineExecutableStatisticFormatKHR::UINT64 => s.value.u64.to_string(),
            _ => s.value.f64.to_string(),
        }
    }
}

/// Prints the statistics of `pipeline` for `kernel` on stderr.
pub(crate) fn print(
    instance: &ash::Instance,
    device: &ash::Device,
    pipeline: vk::Pipeline,
    kernel: &str,
) {
    let ext = ash::khr::pipeline_executable_properties::Device::new(instance, device);
    let info = vk::PipelineInfoKHR::default().pipeline(pipeline);
    let executables = match unsafe { ext.get_pipeline_executable_properties(&info) } {
        Ok(e) => e,
        Err(e) => {
            eprintln!(
                "pipeline statistics of {kernel}: vkGetPipelineExecutablePropertiesKHR failed: {e}"
            );
            return;
        }
    };
    for (index, exe) in executables.iter().enumerate() {
        eprintln!(
            "pipeline statistics of {kernel}, executable {index} ({}, subgroup size {}):",
            text(&exe.name),
            exe.subgroup_size
        );
        let exe_info = vk::PipelineExecutableInfoKHR::default()
            .pipeline(pipeline)
            .executable_index(index as u32);
        match unsafe { ext.get_pipeline_executable_statistics(&exe_info) } {
            Ok(stats) => {
                for s in &stats {
                    eprintln!("  {:<32} {}", text(&s.name), value(s));
                }
            }
            Err(e) => eprintln!("  vkGetPipelineExecutableStatisticsKHR failed: {e}"),
        }
    }
}
