//! Static libraries of CPU objects, made with the system's `ar` (as the `cc` crate does).

use std::path::Path;
use std::process::Command;

/// Archives `objects` into the static library `lib` with `ar` (the `AR` variable names
/// another archiver).
pub fn archive(ar: &str, lib: &Path, objects: &[std::path::PathBuf]) -> Result<(), String> {
    let _ = std::fs::remove_file(lib);
    let out = Command::new(ar)
        .arg("crs")
        .arg(lib)
        .args(objects)
        .output()
        .map_err(|e| format!("cannot run the archiver '{ar}' (set AR to another one): {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "'{ar} crs {}' failed: {}",
            lib.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(())
}
