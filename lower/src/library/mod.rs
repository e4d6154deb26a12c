//! oclc's built-in library: OpenCL built-ins written in OpenCL C (`cl/*.cl`, listed in
//! [`sources`]), compiled by oclc's own front end and lowering once per process, on first
//! use, into the IR units that `oclc_ir::library::link` copies from; each function is
//! optimised (`-O1`) when a module first links it (`oclc_ir::library::Library`).
//!
//! Naming contract: the function implementing `MathFn` `F` on the scalar element type `T`
//! is `__oclc_<F.name()>_<T.name()>` (`oclc_ir::library::function_name`); see
//! `oclc_ir::library` for the signatures. Helpers that are not built-ins themselves must
//! also start with `__oclc_` so that they cannot clash with user functions.

pub mod sources;

use std::sync::OnceLock;

use oclc_frontend::diagnostic::Diagnostic;
use oclc_frontend::options::{ClStd, FrontendOptions};
use oclc_frontend::source::SourceMap;
use oclc_ir::library::{Library, LibrarySource};

use sources::{DOUBLE_SOURCES, SOURCES};

/// The name under which the concatenated [`SOURCES`] appear in diagnostics.
const UNIT_NAME: &str = "oclc-builtin-library.cl";

/// The name under which the concatenated [`DOUBLE_SOURCES`] appear in diagnostics.
const DOUBLE_UNIT_NAME: &str = "oclc-builtin-library-double.cl";

/// The library, compiled on the first call. A compile error of the library is a bug of
/// oclc: `Err` carries the rendered diagnostics and where each source file starts.
pub fn library() -> Result<&'static Library, String> {
    static LIBRARY: OnceLock<Result<Library, String>> = OnceLock::new();
    LIBRARY
        .get_or_init(|| compile(SOURCES, UNIT_NAME))
        .as_ref()
        .map_err(Clone::clone)
}

/// The double-precision part of the library ([`DOUBLE_SOURCES`]), compiled on the first
/// call, as [`library`].
pub fn double_library() -> Result<&'static Library, String> {
    static LIBRARY: OnceLock<Result<Library, String>> = OnceLock::new();
    LIBRARY
        .get_or_init(|| compile(DOUBLE_SOURCES, DOUBLE_UNIT_NAME))
        .as_ref()
        .map_err(Clone::clone)
}

/// Compiles the concatenation of `sources` as OpenCL C 1.2 (doubles enabled).
///
/// One translation unit rather than one per file, so that files may share helpers and
/// macros without a linker between them; each file starts with a `// ---- NAME ----` line,
/// and errors list the line where each file starts (the preprocessor ignores `#line`).
fn compile(sources: &[(&str, &str)], unit_name: &str) -> Result<Library, String> {
    let mut text = String::from("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
    let mut starts = Vec::new();
    for (name, source) in sources {
        text.push_str(&format!("// ---- {name} ----\n"));
        starts.push(format!(
            "{name} starts at line {}",
            text.lines().count() + 1
        ));
        text.push_str(source);
        if !source.ends_with('\n') {
            text.push('\n');
        }
    }
    let fail = |what: &str, detail: String| {
        Err(format!(
            "oclc's built-in library does not compile ({what}):\n{detail}\n(in {unit_name}: {})",
            starts.join(", ")
        ))
    };
    let mut map = SourceMap::new();
    let file = map.add(unit_name, text);
    let opts = FrontendOptions {
        cl_std: ClStd::Cl12,
        ..Default::default()
    };
    let out = oclc_frontend::compile_to_checked(&mut map, file, &opts);
    let program = match out.program {
        Some(p) if !out.diagnostics.has_errors() => p,
        _ => return fail("front end", out.diagnostics.render(&map)),
    };
    let module = match crate::lower_program(&program) {
        Ok(m) => m,
        Err(e) => {
            let d = Diagnostic::error("E0900", format!("unsupported: {}", e.message), e.span);
            return fail("lowering", d.render(&map));
        }
    };
    // Each function is optimised (-O1) when a module first links it (`Library`).
    if let Err(e) = oclc_ir::verify_module(&module) {
        return fail("IR verifier", e.to_string());
    }
    Ok(Library::new(module))
}

/// oclc's built-in library as the linker's [`LibrarySource`]: each unit is compiled on the
/// first request ([`library`], [`double_library`]) and kept for the process.
#[derive(Clone, Copy, Debug, Default)]
pub struct BuiltinLibrary;

impl LibrarySource for BuiltinLibrary {
    fn base(&self) -> Result<&Library, String> {
        library()
    }

    fn double(&self) -> Result<&Library, String> {
        double_library()
    }
}
