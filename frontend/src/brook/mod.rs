//! The Brook+ front end: parses and checks `.br` kernels with brcc's rules (Appendix A of the
//! ATI Stream Computing guide), reports brcc-style diagnostics, and turns each kernel into
//! OpenCL C that the OpenCL front end checks into a [`CheckedProgram`], so every oclc target
//! runs Brook+ without new IR. [`KernelDesc`] tells a launcher how to bind the streams.

pub mod ast;
pub mod check;
pub mod desc;
pub mod emit;
pub mod header;
pub mod intrinsics;
pub mod layout;
pub mod options;
pub mod parser;
pub mod reduce_pass;
pub mod types;

pub use desc::{KernelDesc, KernelShape, StreamParam, StreamRole};
pub use options::BrookOptions;

use crate::checked::CheckedProgram;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::options::FrontendOptions;
use crate::source::{FileId, SourceMap, Span};

/// Everything [`compile_brook`] produces.
#[derive(Clone, Debug)]
pub struct BrookOutput {
    /// The OpenCL checked AST of the generated kernels (`None` on errors).
    pub program: Option<CheckedProgram>,
    /// The generated OpenCL C (`None` on errors).
    pub opencl_c: Option<String>,
    /// One description per launchable kernel.
    pub kernels: Vec<KernelDesc>,
    /// The brcc-style header (`None` on errors).
    pub header: Option<String>,
    /// Diagnostics of the Brook+ source (warnings, or errors when `program` is `None`).
    pub diagnostics: Diagnostics,
}

/// Parses, checks and lowers the Brook+ file `file`.
pub fn compile_brook(map: &mut SourceMap, file: FileId, opts: &BrookOptions) -> BrookOutput {
    let mut fe = FrontendOptions::default();
    for d in &opts.defines {
        fe.define_raw(d);
    }
    let mut out = BrookOutput {
        program: None,
        opencl_c: None,
        kernels: Vec::new(),
        header: None,
        diagnostics: Diagnostics::new(),
    };
    let (tokens, pp) = crate::preprocess::preprocess(map, file, &fe);
    out.diagnostics.extend(pp);
    if out.diagnostics.has_errors() {
        return out;
    }
    let prog = parser::parse_program(&tokens, &mut out.diagnostics);
    if out.diagnostics.has_errors() {
        return out;
    }
    let info = check::check(&prog, opts, &mut out.diagnostics);
    if out.diagnostics.has_errors() {
        return out;
    }
    let name = map.file(file).name.clone();
    let emitted = emit::emit(&prog, &info, &name, opts.checked_gathers);
    let generated = map.add(
        format!("{name} (generated OpenCL C)"),
        emitted.source.clone(),
    );
    let checked = crate::compile_to_checked(map, generated, &FrontendOptions::default());
    if checked.diagnostics.has_errors() || checked.program.is_none() {
        let span = Span::new(file, 0, 0);
        let mut d = Diagnostic::error(
            "B0999",
            "internal error: oclc's OpenCL C for this Brook+ file did not compile; please report it",
            span,
        );
        d.notes.push(checked.diagnostics.render(map));
        out.diagnostics.push(d);
        return out;
    }
    out.header = Some(header::header(&name, &emitted.kernels));
    out.kernels = emitted.kernels;
    out.opencl_c = Some(emitted.source);
    out.program = checked.program;
    out
}

#[cfg(test)]
mod tests;
