//! The driver's own statistics of a compiled pipeline (`VK_KHR_pipeline_executable_properties`):
//! registers, shared memory, instruction counts, as the driver names them. Asked for with
//! `OCLC_VK_PIPELINE_STATS=1` (printed on stderr after the pipeline is built); `=ir` also
//! prints the driver's internal representations where it offers them (lavapipe: its LLVM IR).
//! A device without the extension says so once and runs normally.

use std::ffi::{c_char, CStr};

use ash::vk;

/// The environment variable that asks for pipeline statistics.
pub const PIPELINE_STATS_ENV: &str = "OCLC_VK_PIPELINE_STATS";

/// What `OCLC_VK_PIPELINE_STATS` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StatsRequest {
    /// Nothing (unset, empty or `0`).
    Off,
    /// The statistics.
    Stats,
    /// The statistics and the internal representations.
    WithIr,
}

impl StatsRequest {
    /// The request in the environment.
    pub(crate) fn from_env() -> StatsRequest {
        match std::env::var(PIPELINE_STATS_ENV).as_deref() {
            Err(_) | Ok("") | Ok("0") => StatsRequest::Off,
            Ok("ir") => StatsRequest::WithIr,
            Ok(_) => StatsRequest::Stats,
        }
    }
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

/// Prints the statistics (and with [`StatsRequest::WithIr`] the internal representations)
/// of `pipeline` for `kernel` on stderr.
pub(crate) fn print(
    instance: &ash::Instance,
    device: &ash::Device,
    pipeline: vk::Pipeline,
    kernel: &str,
    request: StatsRequest,
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
        if request == StatsRequest::WithIr {
            print_representations(&ext, &exe_info);
        }
    }
}

/// Prints the executable's internal representations (two calls: sizes, then the text).
fn print_representations(
    ext: &ash::khr::pipeline_executable_properties::Device,
    exe_info: &vk::PipelineExecutableInfoKHR,
) {
    let fp = ext.fp();
    let handle = ext.device();
    let mut count = 0u32;
    // SAFETY: a count query with no output array.
    let r = unsafe {
        (fp.get_pipeline_executable_internal_representations_khr)(
            handle,
            exe_info,
            &mut count,
            std::ptr::null_mut(),
        )
    };
    if r != vk::Result::SUCCESS {
        eprintln!("  internal representations: {r}");
        return;
    }
    let mut reps = vec![vk::PipelineExecutableInternalRepresentationKHR::default(); count as usize];
    // SAFETY: sizes query: data pointers are null, the driver fills data_size.
    let r = unsafe {
        (fp.get_pipeline_executable_internal_representations_khr)(
            handle,
            exe_info,
            &mut count,
            reps.as_mut_ptr(),
        )
    };
    if r != vk::Result::SUCCESS && r != vk::Result::INCOMPLETE {
        eprintln!("  internal representations: {r}");
        return;
    }
    let mut buffers: Vec<Vec<u8>> = reps.iter().map(|r| vec![0u8; r.data_size]).collect();
    for (rep, buf) in reps.iter_mut().zip(&mut buffers) {
        rep.p_data = buf.as_mut_ptr().cast();
    }
    // SAFETY: each data pointer has room for the size the driver gave.
    let r = unsafe {
        (fp.get_pipeline_executable_internal_representations_khr)(
            handle,
            exe_info,
            &mut count,
            reps.as_mut_ptr(),
        )
    };
    if r != vk::Result::SUCCESS && r != vk::Result::INCOMPLETE {
        eprintln!("  internal representations: {r}");
        return;
    }
    for (rep, buf) in reps.iter().zip(&buffers) {
        eprintln!("  --- {} ({})", text(&rep.name), text(&rep.description));
        if rep.is_text == vk::TRUE {
            let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
            eprintln!("{}", String::from_utf8_lossy(&buf[..end]));
        } else {
            eprintln!("  ({} bytes of binary data)", buf.len());
        }
    }
}
