//! The argument list a generated launcher builds for one launch.

use std::marker::PhantomData;

use super::buffer::Buffer;
use super::element::Element;

/// The size of a `__local T *` argument: `len` elements of `T`, allocated per work-group
/// by the device.
///
/// ```
/// use oclc_runtime_lite::embed::Local;
/// assert_eq!(Local::<f32>::new(64).bytes(), 256);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Local<T: Element> {
    len: usize,
    _elem: PhantomData<T>,
}

impl<T: Element> Local<T> {
    /// Room for `len` elements.
    pub fn new(len: usize) -> Local<T> {
        Local {
            len,
            _elem: PhantomData,
        }
    }

    /// The size in bytes.
    pub fn bytes(&self) -> u64 {
        (self.len as u64).saturating_mul(std::mem::size_of::<T>() as u64)
    }
}

/// One argument, as the device takes it.
#[derive(Debug)]
pub enum Arg<'a> {
    /// A buffer the kernel only reads.
    Buffer(&'a [u8]),
    /// A buffer the kernel may write.
    BufferMut(&'a mut [u8]),
    /// A value's bytes (scalars, vectors, structs).
    Value(Vec<u8>),
    /// A `__local` area of this many bytes.
    Local(u64),
}

/// The arguments of one launch, in parameter order (generated launchers fill it).
///
/// ```
/// use oclc_runtime_lite::embed::{Args, Buffer, Local};
/// let input = Buffer::from_slice(&[1u32, 2]).unwrap();
/// let mut output = Buffer::<u32>::zeroed(2).unwrap();
/// let mut args = Args::new();
/// args.buffer(&input).buffer_mut(&mut output).value(7u32).local(Local::<f32>::new(4));
/// assert_eq!(args.len(), 4);
/// ```
#[derive(Debug, Default)]
pub struct Args<'a> {
    pub(crate) list: Vec<Arg<'a>>,
}

impl<'a> Args<'a> {
    /// No arguments yet.
    pub fn new() -> Args<'a> {
        Args { list: Vec::new() }
    }

    /// Number of arguments added.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when no argument was added.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Adds a buffer the kernel only reads (a `const` or `__constant` pointee).
    pub fn buffer<T: Element>(&mut self, b: &'a Buffer<T>) -> &mut Self {
        self.list.push(Arg::Buffer(b.as_bytes()));
        self
    }

    /// Adds a buffer the kernel may write.
    pub fn buffer_mut<T: Element>(&mut self, b: &'a mut Buffer<T>) -> &mut Self {
        self.list.push(Arg::BufferMut(b.as_bytes_mut()));
        self
    }

    /// Adds a scalar or vector value.
    pub fn value<T: Element>(&mut self, v: T) -> &mut Self {
        // SAFETY: `Element` types have no padding: all their bytes are initialized.
        let bytes = unsafe {
            std::slice::from_raw_parts(&v as *const T as *const u8, std::mem::size_of::<T>())
        };
        self.list.push(Arg::Value(bytes.to_vec()));
        self
    }

    /// Adds a struct or array passed by value, as its bytes in OpenCL's layout.
    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.list.push(Arg::Value(b.to_vec()));
        self
    }

    /// Adds a `__local` area.
    pub fn local<T: Element>(&mut self, l: Local<T>) -> &mut Self {
        self.list.push(Arg::Local(l.bytes()));
        self
    }
}
