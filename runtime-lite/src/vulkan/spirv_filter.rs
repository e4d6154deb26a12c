//! An experiment hook: `OCLC_VK_SPIRV_FILTER='COMMAND {in} {out}'` passes every module
//! through an external tool before the driver gets it (`spirv-opt -O {in} -o {out}`: does
//! the driver's compiler do better with SSA form?). `{in}` and `{out}` become file paths;
//! the command runs through `sh -c`. Unset, the module goes to the driver as oclc made it.

use std::borrow::Cow;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

use super::VulkanError;

/// The environment variable naming the filter command.
pub const SPIRV_FILTER_ENV: &str = "OCLC_VK_SPIRV_FILTER";

/// `spirv` as the filter command leaves it, or unchanged without one.
pub(crate) fn apply_spirv_filter(spirv: &[u32]) -> Result<Cow<'_, [u32]>, VulkanError> {
    let command = match std::env::var(SPIRV_FILTER_ENV) {
        Ok(c) if !c.trim().is_empty() => c,
        _ => return Ok(Cow::Borrowed(spirv)),
    };
    let fail = |what: String| VulkanError(format!("{SPIRV_FILTER_ENV} (`{command}`): {what}"));
    let dir = ScratchDir::new().map_err(|e| fail(e.to_string()))?;
    let (input, output) = (dir.0.join("in.spv"), dir.0.join("out.spv"));
    let bytes: Vec<u8> = spirv.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&input, bytes).map_err(|e| fail(e.to_string()))?;
    let line = command
        .replace("{in}", &input.display().to_string())
        .replace("{out}", &output.display().to_string());
    let status = Command::new("sh")
        .arg("-c")
        .arg(&line)
        .status()
        .map_err(|e| fail(e.to_string()))?;
    if !status.success() {
        return Err(fail(format!("exited with {status}")));
    }
    let out = std::fs::read(&output).map_err(|e| fail(format!("no output module: {e}")))?;
    if out.len() % 4 != 0 || out.is_empty() {
        return Err(fail(format!("output of {} bytes is no module", out.len())));
    }
    let words = out
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    Ok(Cow::Owned(words))
}

/// A folder of its own for one filter run (launches on several threads, or several
/// processes, each get theirs), removed with what is in it when dropped, whether the run
/// succeeded or not.
struct ScratchDir(PathBuf);

impl ScratchDir {
    fn new() -> std::io::Result<Self> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("oclc-spirv-filter-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        Ok(ScratchDir(dir))
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
