//! `oclc FILE --target cpu [-o FILE.o] [--emit header|both]`: a relocatable object with one
//! C entry per kernel, and/or its C header.

use std::path::Path;

use super::args::{CompileCli, EmitArg};
use super::compile::{output_path, write_output};
use crate::driver::{self, CompileError, Stages};
use crate::options::CompileOptions;

/// Compiles the lowered module to a CPU object and writes what `--emit` asks for: the object
/// (default `STEM.o`), the header (`--emit header`, default `STEM.h`), or both (the header
/// next to the object, extension `.h`).
pub fn emit(
    cli: &CompileCli,
    opts: &CompileOptions,
    lowered: &crate::driver::Lowered,
    stages: &mut Stages,
) -> Result<(), CompileError> {
    let object = driver::emit_cpu_object(lowered, opts, stages)?;
    let source = cli
        .input
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let header = |path: &Path| {
        oclc_backend_cpu::object::header::c_header(&object.kernels, &guard_macro(path), &source)
    };
    match cli.emit {
        EmitArg::Header => {
            let out = output_path(cli, "h");
            write_output(&out, header(&out).as_bytes())
        }
        EmitArg::Both => {
            let mut out = output_path(cli, "o");
            if out.as_os_str() == "-" {
                return Err(CompileError::Diagnostics(
                    "error: --emit both writes two files; give -o FILE.o, not -o -".into(),
                ));
            }
            write_output(&out, &object.bytes)?;
            out.set_extension("h");
            write_output(&out, header(&out).as_bytes())
        }
        _ => write_output(&output_path(cli, "o"), &object.bytes),
    }
}

/// The include-guard macro for a header written to `path`: `OCLC_` and the file name in
/// upper case, other characters as `_` (`k.h` gives `OCLC_K_H`).
fn guard_macro(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| n != "-")
        .unwrap_or_else(|| "KERNELS_H".into());
    let body: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    format!("OCLC_{body}")
}
