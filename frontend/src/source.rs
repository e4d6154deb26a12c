//! Source files, file ids and byte spans, plus the codespan-reporting `Files` glue.

use codespan_reporting::files::{self, Files};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Identifies one file inside a [`SourceMap`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A half-open byte range `[start, end)` inside one file of a [`SourceMap`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// File the range belongs to.
    pub file: FileId,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// Creates a span.
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end.max(start) as u32,
        }
    }

    /// Smallest span covering `self` and `other` when both are in the same file and
    /// ordered; otherwise `self` (tokens from macro bodies may live elsewhere).
    pub fn to(self, other: Span) -> Span {
        if self.file == other.file && other.end >= self.start {
            Span::new(self.file, self.start as usize, other.end as usize)
        } else {
            self
        }
    }

    /// Byte range as a `Range<usize>`.
    pub fn range(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// One loaded source file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Display name (usually the path as given).
    pub name: String,
    /// Path on disk if the file came from disk (used to resolve `#include "..."`).
    pub path: Option<PathBuf>,
    /// Full text.
    pub text: String,
    line_starts: Vec<usize>,
}

/// Holds every file seen during a compilation (main file and includes).
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    /// Macro expansions and include chains recorded by the preprocessor.
    pub origins: crate::source_origins::Origins,
}

impl SourceMap {
    /// Creates an empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an in-memory file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.add_with_path(name, None, text)
    }

    /// Adds a file with an optional on-disk path.
    pub fn add_with_path(
        &mut self,
        name: impl Into<String>,
        path: Option<PathBuf>,
        text: impl Into<String>,
    ) -> FileId {
        let text = text.into();
        let line_starts = files::line_starts(&text).collect();
        self.files.push(SourceFile {
            name: name.into(),
            path,
            text,
            line_starts,
        });
        FileId(self.files.len() as u32 - 1)
    }

    /// Reads a file from disk and adds it. Bytes that are not UTF-8 (clang accepts them
    /// in comments and literals) are kept as the characters [`raw_byte`] maps back.
    pub fn load(&mut self, path: &Path) -> std::io::Result<FileId> {
        let mut bytes = std::fs::read(path)?;
        // A UTF-8 byte order mark is not part of the program (clang skips it).
        if bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes.drain(..3);
        }
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => escape_invalid_utf8(e.as_bytes()),
        };
        Ok(self.add_with_path(path.display().to_string(), Some(path.to_path_buf()), text))
    }

    /// Returns a file; panics never (ids come from this map).
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// Text covered by a span (empty if out of range).
    pub fn snippet(&self, span: Span) -> &str {
        self.file(span.file).text.get(span.range()).unwrap_or("")
    }

    /// 1-based (line, column) of a byte offset.
    pub fn line_col(&self, file: FileId, offset: usize) -> (usize, usize) {
        let f = self.file(file);
        let line = match f.line_starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        (line + 1, offset - f.line_starts[line] + 1)
    }

    /// Number of files.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// True if no file was added.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    fn get(&self, id: usize) -> Result<&SourceFile, files::Error> {
        self.files.get(id).ok_or(files::Error::FileMissing)
    }
}

impl<'a> Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        Ok(&self.get(id.0 as usize)?.name)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        Ok(&self.get(id.0 as usize)?.text)
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, files::Error> {
        let f = self.get(id.0 as usize)?;
        Ok(match f.line_starts.binary_search(&byte_index) {
            Ok(l) => l,
            Err(l) => l - 1,
        })
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, files::Error> {
        let f = self.get(id.0 as usize)?;
        let start = *f
            .line_starts
            .get(line_index)
            .ok_or(files::Error::LineTooLarge {
                given: line_index,
                max: f.line_starts.len() - 1,
            })?;
        let end = f
            .line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(f.text.len());
        Ok(start..end)
    }
}

/// First of the 256 characters (U+10FF00 ..= U+10FFFF, private use) that stand for the
/// bytes of a source file that are not UTF-8.
const RAW_BYTE_BASE: u32 = 0x10_FF00;

/// `bytes` as text: valid UTF-8 as it is, every other byte `b` as the character
/// `RAW_BYTE_BASE + b` (see [`raw_byte`]).
fn escape_invalid_utf8(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 16);
    while !bytes.is_empty() {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                break;
            }
            Err(e) => {
                let (good, rest) = bytes.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(good).expect("valid prefix"));
                let bad = e.error_len().unwrap_or(rest.len());
                for &b in &rest[..bad] {
                    out.push(char::from_u32(RAW_BYTE_BASE + b as u32).expect("private use"));
                }
                bytes = &rest[bad..];
            }
        }
    }
    out
}

/// The source byte a character stands for when the file held a byte that is not UTF-8
/// there (see [`SourceMap::load`]).
pub fn raw_byte(c: char) -> Option<u8> {
    (c as u32)
        .checked_sub(RAW_BYTE_BASE)
        .and_then(|b| u8::try_from(b).ok())
}
