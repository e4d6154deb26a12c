//! Errors of the IR passes and backends at a source location: rendered like the front
//! end's diagnostics (`error: ...`, then `┌─ file.cl:LINE:COL` and the source line) when
//! the construct they refuse has a source span, and as a plain `error: ...` line otherwise.

use oclc_frontend::diagnostic::Diagnostic;
use oclc_frontend::source::{FileId, SourceMap, Span};
use oclc_ir::SourceSpan;

use crate::driver::CompileError;

/// The error `message` at `span` of `sources`; without a span, or with one that `sources`
/// does not hold (a module compiled from elsewhere), today's plain `error: message`.
pub fn located_error(sources: &SourceMap, message: &str, span: Option<SourceSpan>) -> CompileError {
    match span.and_then(|s| frontend_span(sources, s)) {
        Some(span) => {
            let d = Diagnostic::error("", message, span).with_label("not supported here");
            CompileError::Diagnostics(d.render(sources))
        }
        None => CompileError::Diagnostics(format!("error: {message}")),
    }
}

/// The front end's span for `s`, when `sources` holds its file and the range fits in it.
pub(crate) fn frontend_span(sources: &SourceMap, s: SourceSpan) -> Option<Span> {
    if s.file as usize >= sources.len() {
        return None;
    }
    let file = FileId(s.file);
    let len = sources.file(file).text.len();
    (s.start <= s.end && s.end as usize <= len)
        .then(|| Span::new(file, s.start as usize, s.end as usize))
}

/// The files of `sources` as debug information names them (`-g`), with the working
/// directory.
pub fn debug_sources(sources: &SourceMap) -> oclc_ir::DebugSources {
    oclc_ir::DebugSources {
        files: (0..sources.len())
            .map(|i| {
                let f = sources.file(FileId(i as u32));
                oclc_ir::DebugFile::new(f.name.clone(), &f.text)
            })
            .collect(),
        comp_dir: std::env::current_dir()
            .map(|d| d.display().to_string())
            .unwrap_or_default(),
    }
}
