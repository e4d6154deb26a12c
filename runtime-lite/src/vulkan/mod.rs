//! A Vulkan device for oclc's Vulkan SPIR-V (`oclc run --device vulkan`), through the
//! system's Vulkan loader found at run time (ash's `loaded` feature; no link-time
//! dependency). Buffers are device-local with buffer device addresses, filled and read
//! back through host-visible staging buffers; arguments and launch parameters go in the
//! kernel's push-constant block (or a uniform buffer when it is large); the work-group
//! size and `__local` argument sizes are specialization constants. `--time` uses
//! timestamp queries around the dispatch only.

mod capabilities;
mod constants;
pub mod denorm;
mod denorm_policy;
mod device;
pub mod dispatch;
mod images;
mod launch;
mod memory;
mod pipeline_stats;
pub mod printf;
mod spirv_filter;

pub use denorm_policy::DENORM_ENV;
pub use device::{VulkanDevice, VulkanError};
pub use launch::{
    GroupCoarsening, VulkanArg, VulkanArgKindRt, VulkanArgLayout, VulkanKernel, VulkanRun,
};
pub use pipeline_stats::PIPELINE_STATS_ENV;
