//! Checked launches (`oclc run --check`): a program compiled with
//! [`oclc_backend_cpu::CpuOptions::checked`] reports defects to a sink that each launch
//! makes; [`Program::take_defects`] hands them out, one per check site that fired.

use std::sync::Mutex;

use oclc_backend_cpu::check::shadow::ThreadShadow;
use oclc_backend_cpu::check::sink::{CheckSink, CheckTable, Occurrence, SPARE_BYTES};
use oclc_backend_cpu::check::site::CheckSite;
use oclc_backend_cpu::check::KernelChecks;

use crate::args::ArgValue;
use crate::buffer::Buffer;
use crate::program::Program;

/// One defect a checked launch found: a check site that fired, how often, and the first
/// time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defect {
    /// The kernel.
    pub kernel: String,
    /// The site (kind, source span, object).
    pub site: CheckSite,
    /// How often it fired in the launch.
    pub count: u64,
    /// Its first occurrence.
    pub first: Occurrence,
    /// The size in bytes of the object accessed, when there is one.
    pub object_size: Option<u64>,
}

/// How checked launches behave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// Stop scheduling work-groups after the first defect (`--check=stop`).
    pub stop_at_first: bool,
}

/// What a checked launch owns while it runs: the table its code reads.
pub(crate) struct LaunchChecks {
    pub sink: Box<CheckSink>,
    param_len: Vec<u64>,
    /// The spare area the table points to (owned here).
    _spare: Vec<u64>,
    table: Box<CheckTable>,
    checks: std::sync::Arc<KernelChecks>,
}

impl LaunchChecks {
    /// The table for a launch of a kernel with `checks` and arguments `args`, over a range
    /// of more than one dimension when `multi_dim`.
    pub fn new(
        checks: std::sync::Arc<KernelChecks>,
        args: &[ArgValue],
        buffers: &[Buffer],
        options: CheckOptions,
        multi_dim: bool,
    ) -> LaunchChecks {
        let param_len: Vec<u64> = args
            .iter()
            .map(|a| match a {
                ArgValue::Buffer(b) => buffers.get(*b).map_or(0, |b| b.len() as u64),
                ArgValue::Local(n) => *n,
                _ => 0,
            })
            .collect();
        let sink = Box::new(CheckSink::new(checks.sites.len(), options.stop_at_first));
        let mut spare = vec![0u64; SPARE_BYTES / 8];
        let table = Box::new(CheckTable {
            sink: &*sink,
            param_len: param_len.as_ptr(),
            spare: spare.as_mut_ptr() as *mut u8,
            multi_dim: u64::from(multi_dim),
        });
        LaunchChecks {
            sink,
            param_len,
            _spare: spare,
            table,
            checks,
        }
    }

    /// Writes the table's address into the argument block.
    pub fn bind(&self, block: &mut [u8]) {
        let at = self.checks.table_offset as usize;
        let addr = &*self.table as *const CheckTable as u64;
        block[at..at + 8].copy_from_slice(&addr.to_le_bytes());
    }

    /// Writes the address of a thread's `__local` shadow into its copy of the argument block.
    pub fn bind_shadow(&self, block: &mut [u8], shadow: &mut ThreadShadow) {
        let at = self.checks.table_offset as usize + 8;
        let addr = shadow as *mut ThreadShadow as u64;
        block[at..at + 8].copy_from_slice(&addr.to_le_bytes());
    }

    /// The defects found, for kernel `kernel`: sites of one kind, span and object (the
    /// lanes of a vector access, say) make one defect with their counts added.
    pub fn defects(&self, kernel: &str) -> Vec<Defect> {
        let mut out: Vec<Defect> = Vec::new();
        for d in self.site_defects(kernel) {
            match out.iter_mut().find(|o| {
                (o.site.kind, o.site.span, &o.site.object)
                    == (d.site.kind, d.site.span, &d.site.object)
            }) {
                Some(o) => o.count += d.count,
                None => out.push(d),
            }
        }
        out
    }

    /// One defect per site that fired.
    fn site_defects(&self, kernel: &str) -> Vec<Defect> {
        self.sink
            .take()
            .into_iter()
            .map(|(i, count, first)| {
                let site = self.checks.sites[i].clone();
                let object_size = site.object_size.or(match &site.object {
                    oclc_backend_cpu::check::site::CheckObject::Param { index, .. } => {
                        self.param_len.get(*index).copied()
                    }
                    _ => None,
                });
                Defect {
                    kernel: kernel.to_string(),
                    site,
                    count,
                    first,
                    object_size,
                }
            })
            .collect()
    }
}

/// The defects of a program's checked launches, kept until taken.
#[derive(Debug, Default)]
pub(crate) struct DefectLog {
    pub options: CheckOptions,
    pub found: Mutex<Vec<Defect>>,
    /// The shadow of `__global` buffers, kept from one checked launch to the next.
    pub global_shadow: Mutex<oclc_backend_cpu::check::global::GlobalShadow>,
}

impl Program {
    /// Sets how checked launches behave (programs compiled with
    /// [`oclc_backend_cpu::CpuOptions::checked`]; others ignore it).
    pub fn set_check_options(&mut self, options: CheckOptions) {
        self.defects.options = options;
    }

    /// The defects the checked launches found since the last call, in launch and site order.
    pub fn take_defects(&self) -> Vec<Defect> {
        std::mem::take(&mut *self.defects.found.lock().unwrap_or_else(|e| e.into_inner()))
    }
}
