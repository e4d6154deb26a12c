//! Opening a Vulkan device: loader, instance, physical device choice (a discrete GPU when
//! present, else any device with a compute queue) and the features oclc's modules need.

use std::ffi::{c_char, CStr};
use std::fmt;

use ash::vk;

use super::denorm::DenormMode;
use super::denorm_policy::DenormSupport;
use super::dispatch::WorkgroupLimits;
use super::pipeline_stats;

/// A failure of the Vulkan device, with a message naming what is missing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VulkanError(pub String);

impl fmt::Display for VulkanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Vulkan: {}", self.0)
    }
}

impl std::error::Error for VulkanError {}

/// Wraps a `VkResult` failure.
pub(crate) fn vk_err(what: &str) -> impl Fn(vk::Result) -> VulkanError + '_ {
    move |e| VulkanError(format!("{what} failed: {e}"))
}

/// An opened Vulkan device with one compute queue.
pub struct VulkanDevice {
    /// The device name (e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`).
    pub name: String,
    pub(crate) _entry: ash::Entry,
    pub(crate) instance: ash::Instance,
    pub(crate) physical: vk::PhysicalDevice,
    pub(crate) device: ash::Device,
    pub(crate) queue: vk::Queue,
    pub(crate) queue_family: u32,
    pub(crate) memory: vk::PhysicalDeviceMemoryProperties,
    /// Nanoseconds per timestamp tick; `None` when the queue has no timestamps.
    pub(crate) timestamp_period: Option<f64>,
    /// The optional features enabled on the device, by their Vulkan names.
    pub(crate) features: Vec<&'static str>,
    /// What the device supports of the denormal execution modes.
    pub(crate) denorm: DenormSupport,
    /// The denormal mode asked of pipelines (see [`VulkanDevice::request_denorm_mode`]).
    pub(crate) denorm_request: Option<DenormMode>,
    /// The largest workgroup the device runs (for merged work-groups).
    pub(crate) workgroup_limits: WorkgroupLimits,
    /// Whether pipeline statistics are printed (`OCLC_VK_PIPELINE_STATS`; never where the
    /// device lacks `VK_KHR_pipeline_executable_properties`).
    pub(crate) pipeline_stats: bool,
}

/// The optional features enabled when the device has them (8/16-bit storage, int8,
/// float16, int16, float64, 64-bit atomics, the Vulkan memory model); a module that needs
/// a missing one fails before its pipeline is built, naming the feature (see
/// `capabilities`).
struct Features {
    core: vk::PhysicalDeviceFeatures,
    v11: vk::PhysicalDeviceVulkan11Features<'static>,
    v12: vk::PhysicalDeviceVulkan12Features<'static>,
}

fn query_features(instance: &ash::Instance, pd: vk::PhysicalDevice) -> Features {
    let mut v11 = vk::PhysicalDeviceVulkan11Features::default();
    let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
    let core = {
        let mut f2 = vk::PhysicalDeviceFeatures2::default()
            .push_next(&mut v11)
            .push_next(&mut v12);
        unsafe { instance.get_physical_device_features2(pd, &mut f2) };
        f2.features
    };
    v11.p_next = std::ptr::null_mut();
    v12.p_next = std::ptr::null_mut();
    Features { core, v11, v12 }
}

/// The names of the optional features `open` enables, those the device has.
fn enabled_features(have: &Features) -> Vec<&'static str> {
    let on = |b: vk::Bool32| b == vk::TRUE;
    [
        ("shaderInt16", on(have.core.shader_int16)),
        ("shaderFloat64", on(have.core.shader_float64)),
        (
            "shaderStorageImageReadWithoutFormat",
            on(have.core.shader_storage_image_read_without_format),
        ),
        (
            "shaderStorageImageWriteWithoutFormat",
            on(have.core.shader_storage_image_write_without_format),
        ),
        (
            "storageBuffer16BitAccess",
            on(have.v11.storage_buffer16_bit_access),
        ),
        (
            "storagePushConstant16",
            on(have.v11.storage_push_constant16),
        ),
        (
            "storageBuffer8BitAccess",
            on(have.v12.storage_buffer8_bit_access),
        ),
        ("storagePushConstant8", on(have.v12.storage_push_constant8)),
        ("shaderInt8", on(have.v12.shader_int8)),
        ("shaderFloat16", on(have.v12.shader_float16)),
        (
            "shaderBufferInt64Atomics",
            on(have.v12.shader_buffer_int64_atomics),
        ),
        (
            "shaderSharedInt64Atomics",
            on(have.v12.shader_shared_int64_atomics),
        ),
        ("vulkanMemoryModel", on(have.v12.vulkan_memory_model)),
        (
            "vulkanMemoryModelDeviceScope",
            on(have.v12.vulkan_memory_model_device_scope),
        ),
    ]
    .into_iter()
    .filter_map(|(name, on)| on.then_some(name))
    .collect()
}

impl VulkanDevice {
    /// Opens the first discrete GPU, else the first device with a compute queue.
    pub fn open() -> Result<VulkanDevice, VulkanError> {
        let entry = unsafe { ash::Entry::load() }.map_err(|e| {
            VulkanError(format!(
                "cannot load the Vulkan loader (libvulkan): {e}; install a Vulkan driver and loader"
            ))
        })?;
        let app = vk::ApplicationInfo::default()
            .application_name(c"oclc")
            .api_version(vk::API_VERSION_1_2);
        let info = vk::InstanceCreateInfo::default().application_info(&app);
        let instance = unsafe { entry.create_instance(&info, None) }.map_err(vk_err(
            "vkCreateInstance (is a Vulkan 1.2 driver installed?)",
        ))?;
        let devices = unsafe { instance.enumerate_physical_devices() }
            .map_err(vk_err("vkEnumeratePhysicalDevices"))?;
        let mut candidates = Vec::new();
        for pd in devices {
            let props = unsafe { instance.get_physical_device_properties(pd) };
            if props.api_version < vk::API_VERSION_1_2 {
                continue;
            }
            let families = unsafe { instance.get_physical_device_queue_family_properties(pd) };
            let Some(family) = families
                .iter()
                .position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE))
            else {
                continue;
            };
            let discrete = props.device_type == vk::PhysicalDeviceType::DISCRETE_GPU;
            candidates.push((!discrete, pd, family as u32, props, families[family]));
        }
        candidates.sort_by_key(|c| c.0);
        let Some((_, physical, queue_family, props, family)) = candidates.into_iter().next() else {
            unsafe { instance.destroy_instance(None) };
            return Err(VulkanError(
                "no Vulkan 1.2 device with a compute queue was found".into(),
            ));
        };
        let name = unsafe { CStr::from_ptr(props.device_name.as_ptr() as *const c_char) }
            .to_string_lossy()
            .into_owned();
        let have = query_features(&instance, physical);
        let denorm = {
            let mut fc = vk::PhysicalDeviceFloatControlsProperties::default();
            let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut fc);
            unsafe { instance.get_physical_device_properties2(physical, &mut p2) };
            DenormSupport::of(&fc)
        };
        let missing = [
            ("bufferDeviceAddress", have.v12.buffer_device_address),
            ("shaderInt64", have.core.shader_int64),
        ]
        .iter()
        .filter(|(_, on)| *on == vk::FALSE)
        .map(|(n, _)| *n)
        .collect::<Vec<_>>();
        if !missing.is_empty() {
            unsafe { instance.destroy_instance(None) };
            return Err(VulkanError(format!(
                "device {name} lacks required feature(s): {}",
                missing.join(", ")
            )));
        }
        let features = enabled_features(&have);
        let core = vk::PhysicalDeviceFeatures::default()
            .shader_int64(true)
            .shader_int16(have.core.shader_int16 == vk::TRUE)
            .shader_float64(have.core.shader_float64 == vk::TRUE)
            .shader_storage_image_read_without_format(
                have.core.shader_storage_image_read_without_format == vk::TRUE,
            )
            .shader_storage_image_write_without_format(
                have.core.shader_storage_image_write_without_format == vk::TRUE,
            );
        let mut v11 = vk::PhysicalDeviceVulkan11Features::default()
            .storage_buffer16_bit_access(have.v11.storage_buffer16_bit_access == vk::TRUE)
            .storage_push_constant16(have.v11.storage_push_constant16 == vk::TRUE)
            .variable_pointers(have.v11.variable_pointers == vk::TRUE)
            .variable_pointers_storage_buffer(
                have.v11.variable_pointers_storage_buffer == vk::TRUE,
            );
        let mut v12 = vk::PhysicalDeviceVulkan12Features::default()
            .buffer_device_address(true)
            .storage_buffer8_bit_access(have.v12.storage_buffer8_bit_access == vk::TRUE)
            .storage_push_constant8(have.v12.storage_push_constant8 == vk::TRUE)
            .shader_int8(have.v12.shader_int8 == vk::TRUE)
            .shader_float16(have.v12.shader_float16 == vk::TRUE)
            .shader_buffer_int64_atomics(have.v12.shader_buffer_int64_atomics == vk::TRUE)
            .shader_shared_int64_atomics(have.v12.shader_shared_int64_atomics == vk::TRUE)
            .vulkan_memory_model(have.v12.vulkan_memory_model == vk::TRUE)
            .vulkan_memory_model_device_scope(
                have.v12.vulkan_memory_model_device_scope == vk::TRUE,
            );
        let mut pipeline_stats = pipeline_stats::requested();
        if pipeline_stats && !pipeline_stats::supported(&instance, physical) {
            eprintln!("{name}: no VK_KHR_pipeline_executable_properties; no pipeline statistics");
            pipeline_stats = false;
        }
        let extensions = if pipeline_stats {
            vec![pipeline_stats::extension_name().as_ptr()]
        } else {
            Vec::new()
        };
        let mut executable_info =
            vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR::default()
                .pipeline_executable_info(true);
        let priorities = [1.0f32];
        let queues = [vk::DeviceQueueCreateInfo::default()
            .queue_family_index(queue_family)
            .queue_priorities(&priorities)];
        let mut info = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queues)
            .enabled_extension_names(&extensions)
            .enabled_features(&core)
            .push_next(&mut v11)
            .push_next(&mut v12);
        if pipeline_stats {
            info = info.push_next(&mut executable_info);
        }
        let device = unsafe { instance.create_device(physical, &info, None) }
            .map_err(vk_err("vkCreateDevice"))?;
        let queue = unsafe { device.get_device_queue(queue_family, 0) };
        let memory = unsafe { instance.get_physical_device_memory_properties(physical) };
        let timestamp_period =
            (family.timestamp_valid_bits > 0).then_some(props.limits.timestamp_period as f64);
        Ok(VulkanDevice {
            name,
            _entry: entry,
            instance,
            physical,
            device,
            queue,
            queue_family,
            memory,
            timestamp_period,
            features,
            denorm,
            denorm_request: None,
            workgroup_limits: WorkgroupLimits {
                max_x: props.limits.max_compute_work_group_size[0],
                max_invocations: props.limits.max_compute_work_group_invocations,
                max_shared_bytes: props.limits.max_compute_shared_memory_size,
            },
            pipeline_stats,
        })
    }
}

impl VulkanDevice {
    /// Asks every later pipeline for denormal mode `mode` (on every float width its module
    /// uses; a mode the device lacks fails the launch, naming the feature), or with `None`
    /// for the default: the mode `OCLC_VK_DENORM` names, else `DenormPreserve` where the
    /// device supports it. A module that states a mode itself keeps it.
    pub fn request_denorm_mode(&mut self, mode: Option<DenormMode>) {
        self.denorm_request = mode;
    }
}

impl Drop for VulkanDevice {
    fn drop(&mut self) {
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}
