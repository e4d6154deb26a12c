//! The source files of a compilation as debug information needs them (`-g`): each file's
//! name and where its lines start, so that a backend can turn a [`SourceSpan`] into a file,
//! line and column without the front end's source map.

use crate::module::Function;
use crate::op::ValueId;
use crate::span::SourceSpan;

/// One source file: its name as the compilation named it and the byte offset of each line.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DebugFile {
    /// The path as given on the command line or found through `#include`.
    pub name: String,
    /// The byte offset where each line starts (the first is 0).
    pub line_starts: Vec<u32>,
}

impl DebugFile {
    /// A file named `name` whose text is `text`.
    pub fn new(name: impl Into<String>, text: &str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        DebugFile {
            name: name.into(),
            line_starts,
        }
    }
}

/// A position in the source: file (index into [`DebugSources::files`]), 1-based line and
/// column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SourcePos {
    /// The file.
    pub file: u32,
    /// 1-based line.
    pub line: u32,
    /// 1-based column (in bytes).
    pub column: u32,
}

/// Every file of a compilation, numbered as the front end numbered them (the `file` of a
/// [`SourceSpan`]), and the directory the compiler ran in.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DebugSources {
    /// The files, indexed by a span's `file`.
    pub files: Vec<DebugFile>,
    /// The working directory (relative file names are relative to it).
    pub comp_dir: String,
}

impl DebugSources {
    /// The file, line and column where `span` starts; `None` for a file this map lacks.
    pub fn locate(&self, span: SourceSpan) -> Option<SourcePos> {
        let f = self.files.get(span.file as usize)?;
        let line = match f.line_starts.binary_search(&span.start) {
            Ok(l) => l,
            Err(l) => l.checked_sub(1)?,
        };
        Some(SourcePos {
            file: span.file,
            line: line as u32 + 1,
            column: span.start - f.line_starts[line] + 1,
        })
    }
}

/// The first source span (by file and position) among `f`'s values: where a function's
/// code starts in the source, for debug information.
pub fn first_span(f: &Function) -> Option<SourceSpan> {
    (0..f.value_types.len() as u32)
        .filter_map(|v| f.span(ValueId(v)))
        .min_by_key(|s| (s.file, s.start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_lines_and_columns() {
        let sources = DebugSources {
            files: vec![DebugFile::new("k.cl", "ab\ncd\n\nx")],
            comp_dir: String::new(),
        };
        let at = |start| {
            sources.locate(SourceSpan {
                file: 0,
                start,
                end: start,
            })
        };
        let pos = |line, column| {
            Some(SourcePos {
                file: 0,
                line,
                column,
            })
        };
        assert_eq!(at(0), pos(1, 1));
        assert_eq!(at(1), pos(1, 2));
        assert_eq!(at(3), pos(2, 1));
        assert_eq!(at(6), pos(3, 1));
        assert_eq!(at(7), pos(4, 1));
        let other = SourceSpan {
            file: 1,
            start: 0,
            end: 0,
        };
        assert_eq!(sources.locate(other), None);
    }
}
