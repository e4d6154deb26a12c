//! Typed buffers: host memory a kernel's `__global` pointer arguments point to.

use super::element::Element;
use crate::buffer::{alloc_chunks, Chunk};
use crate::error::RuntimeError;

/// A buffer of `len` elements of `T`, 128-byte aligned (enough for any OpenCL type), that
/// a generated launcher passes for a `__global T *` parameter: `&Buffer<T>` for a `const`
/// or `__constant` pointee, `&mut Buffer<T>` for a written one.
///
/// ```
/// use oclc_runtime_lite::embed::Buffer;
/// let mut b = Buffer::from_slice(&[1.0f32, 2.0, 3.0]).unwrap();
/// b.as_mut_slice()[1] = 5.0;
/// assert_eq!(b.as_slice(), &[1.0, 5.0, 3.0]);
/// assert_eq!(Buffer::<u32>::zeroed(2).unwrap().to_vec(), vec![0, 0]);
/// ```
pub struct Buffer<T: Element> {
    mem: Vec<Chunk>,
    len: usize,
    _elem: std::marker::PhantomData<T>,
}

impl<T: Element> std::fmt::Debug for Buffer<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Buffer<{}>({} elements)",
            std::any::type_name::<T>(),
            self.len
        )
    }
}

impl<T: Element> Buffer<T> {
    /// A buffer of `len` zero elements.
    pub fn zeroed(len: usize) -> Result<Buffer<T>, RuntimeError> {
        let bytes = (len as u64).saturating_mul(std::mem::size_of::<T>() as u64);
        Ok(Buffer {
            mem: alloc_chunks(bytes)?,
            len,
            _elem: std::marker::PhantomData,
        })
    }

    /// A buffer holding a copy of `data`.
    pub fn from_slice(data: &[T]) -> Result<Buffer<T>, RuntimeError> {
        let mut b = Buffer::zeroed(data.len())?;
        b.as_mut_slice().copy_from_slice(data);
        Ok(b)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the buffer has no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The elements.
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: `mem` holds at least `len * size_of::<T>()` initialized bytes, aligned to
        // 128 (at least T's alignment), and every bit pattern is a valid `T` (`Element`).
        unsafe { std::slice::from_raw_parts(self.mem.as_ptr() as *const T, self.len) }
    }

    /// The elements, writable.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as above, and `self` is borrowed mutably.
        unsafe { std::slice::from_raw_parts_mut(self.mem.as_mut_ptr() as *mut T, self.len) }
    }

    /// A copy of the elements.
    pub fn to_vec(&self) -> Vec<T> {
        self.as_slice().to_vec()
    }

    /// The contents as bytes.
    pub fn as_bytes(&self) -> &[u8] {
        // SAFETY: `Element` types have no padding, so every byte is initialized.
        unsafe { std::slice::from_raw_parts(self.mem.as_ptr() as *const u8, self.byte_len()) }
    }

    /// The contents as bytes, writable (any bytes are valid elements).
    pub fn as_bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: as above, and every bit pattern is a valid `T`.
        unsafe { std::slice::from_raw_parts_mut(self.mem.as_mut_ptr() as *mut u8, self.byte_len()) }
    }

    fn byte_len(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }
}
