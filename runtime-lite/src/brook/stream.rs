//! Brook+ streams: shaped arrays of one element type, copied in and out with read/write.

use std::fmt;

/// A Brook+ runtime error (A.8 wording).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrookError(pub String);

impl fmt::Display for BrookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BrookError {}

/// A stream: `shape` (left-most dimension slowest, as in Brook+) of elements of
/// `elem_size` bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct Stream {
    elem_size: usize,
    shape: Vec<usize>,
    data: Vec<u8>,
    errors: Vec<String>,
    failed: bool,
}

impl Stream {
    /// A zeroed stream (`float s<10, 20>` is `Stream::new(4, &[10, 20])`).
    pub fn new(elem_size: usize, shape: &[usize]) -> Stream {
        let n: usize = shape.iter().product();
        Stream {
            elem_size,
            shape: shape.to_vec(),
            data: vec![0; n * elem_size],
            errors: Vec::new(),
            failed: false,
        }
    }

    /// A stream of `f32` elements holding `values`.
    pub fn from_f32(shape: &[usize], values: &[f32]) -> Stream {
        let mut s = Stream::new(4, shape);
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        s.read(&bytes);
        s
    }

    /// Extents, left-most first.
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// Bytes per element.
    pub fn elem_size(&self) -> usize {
        self.elem_size
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    /// True when the stream has no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `streamRead`: copies host memory into the stream. A source of the wrong size is an
    /// error recorded on the stream (see [`Stream::error`]).
    pub fn read(&mut self, bytes: &[u8]) {
        if bytes.len() != self.data.len() {
            self.fail(format!(
                "Stream Read: source holds {} bytes but the stream needs {}",
                bytes.len(),
                self.data.len()
            ));
            return;
        }
        self.data.copy_from_slice(bytes);
    }

    /// `streamWrite`: the stream's contents.
    pub fn write(&self) -> &[u8] {
        &self.data
    }

    /// The contents as `f32` values (for float streams).
    pub fn to_f32(&self) -> Vec<f32> {
        self.data
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    /// `error()`: true when an operation on this stream failed.
    pub fn error(&self) -> bool {
        self.failed
    }

    /// `errorLog()`: the errors and warnings recorded on this stream, one per line.
    pub fn error_log(&self) -> String {
        self.errors.join("\n")
    }

    pub(crate) fn fail(&mut self, msg: String) {
        self.failed = true;
        self.errors.push(msg);
    }

    pub(crate) fn warn(&mut self, msg: String) {
        self.errors.push(msg);
    }

    pub(crate) fn data_mut(&mut self) -> &mut Vec<u8> {
        &mut self.data
    }
}
