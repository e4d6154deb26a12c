//! Device buffers: host memory aligned to 128 bytes.

use crate::error::RuntimeError;

/// One 128-byte, 128-aligned unit of storage.
#[derive(Clone, Copy)]
#[repr(C, align(128))]
pub(crate) struct Chunk(pub [u8; 128]);

/// Zeroed, 128-byte aligned memory of `bytes` bytes (at least one chunk).
pub(crate) fn alloc_chunks(bytes: u64) -> Result<Vec<Chunk>, RuntimeError> {
    let n = (bytes.div_ceil(128)).max(1);
    let n_usize = usize::try_from(n).map_err(|_| RuntimeError::OutOfMemory { bytes })?;
    let mut v = Vec::new();
    v.try_reserve_exact(n_usize)
        .map_err(|_| RuntimeError::OutOfMemory { bytes })?;
    v.resize(n_usize, Chunk([0; 128]));
    Ok(v)
}

/// A buffer of bytes that kernels read and write through `__global`/`__constant` pointers.
/// Its storage is 128-byte aligned (enough for any OpenCL type) and zero-initialized.
pub struct Buffer {
    mem: Vec<Chunk>,
    len: usize,
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Buffer({} bytes)", self.len)
    }
}

impl Buffer {
    /// A zeroed buffer of `len` bytes.
    pub fn new(len: usize) -> Result<Buffer, RuntimeError> {
        Ok(Buffer {
            mem: alloc_chunks(len as u64)?,
            len,
        })
    }

    /// A buffer holding a copy of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Buffer, RuntimeError> {
        let mut b = Buffer::new(bytes.len())?;
        b.as_bytes_mut().copy_from_slice(bytes);
        Ok(b)
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for a zero-length buffer.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The contents.
    pub fn as_bytes(&self) -> &[u8] {
        // SAFETY: `mem` holds at least `len` initialized bytes.
        unsafe { std::slice::from_raw_parts(self.mem.as_ptr() as *const u8, self.len) }
    }

    /// The contents, writable.
    pub fn as_bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: as above, and `self` is borrowed mutably.
        unsafe { std::slice::from_raw_parts_mut(self.mem.as_mut_ptr() as *mut u8, self.len) }
    }

    /// The address kernels receive.
    pub(crate) fn device_addr(&mut self) -> u64 {
        self.mem.as_mut_ptr() as u64
    }
}
