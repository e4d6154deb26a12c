//! GDB's JIT interface ("JIT Compilation Interface" in the GDB manual): the process defines
//! `__jit_debug_descriptor` and `__jit_debug_register_code`; GDB breaks on the function and,
//! when it is called, reads the in-memory object file the descriptor's `relevant_entry`
//! points to (an ELF image with symbols and DWARF at the code's real addresses,
//! [`super::jit_image`]). LLDB reads the same interface.

use std::sync::Mutex;

/// `JIT_NOACTION`, `JIT_REGISTER_FN`, `JIT_UNREGISTER_FN` of the interface.
const JIT_NOACTION: u32 = 0;
const JIT_REGISTER_FN: u32 = 1;
const JIT_UNREGISTER_FN: u32 = 2;

/// `struct jit_code_entry`: one registered object file, in a doubly linked list.
#[repr(C)]
struct JitCodeEntry {
    next_entry: *mut JitCodeEntry,
    prev_entry: *mut JitCodeEntry,
    symfile_addr: *const u8,
    symfile_size: u64,
}

/// `struct jit_descriptor`: the list GDB reads.
#[repr(C)]
pub struct JitDescriptor {
    version: u32,
    action_flag: u32,
    relevant_entry: *mut JitCodeEntry,
    first_entry: *mut JitCodeEntry,
}

/// The descriptor GDB looks up by name (version 1 of the interface).
#[no_mangle]
#[used]
#[allow(non_upper_case_globals)]
pub static mut __jit_debug_descriptor: JitDescriptor = JitDescriptor {
    version: 1,
    action_flag: JIT_NOACTION,
    relevant_entry: std::ptr::null_mut(),
    first_entry: std::ptr::null_mut(),
};

/// The function GDB breaks on to learn that the descriptor changed; it must stay a real
/// call.
#[no_mangle]
#[inline(never)]
pub extern "C" fn __jit_debug_register_code() {
    // Keeps the call from being optimised away or merged with another empty function.
    std::hint::black_box(JIT_NOACTION);
}

/// Serialises changes to the descriptor's list (kernels compile on several threads).
static LOCK: Mutex<()> = Mutex::new(());

/// An object file registered with debuggers; dropping it unregisters it (before the code
/// it describes is freed).
pub struct Registration {
    entry: *mut JitCodeEntry,
    /// The object file the entry points to; must not move while registered.
    _image: Box<[u8]>,
}

// SAFETY: the entry is only touched under `LOCK`.
unsafe impl Send for Registration {}
// SAFETY: as above; `&Registration` gives no access to the entry.
unsafe impl Sync for Registration {}

impl Registration {
    /// Registers the ELF object `image` with any debugger attached (now or later).
    pub fn register(image: Vec<u8>) -> Registration {
        let image = image.into_boxed_slice();
        let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: the descriptor's list is only changed under `LOCK`; entries live until
        // they are unregistered.
        unsafe {
            let desc = &raw mut __jit_debug_descriptor;
            let entry = Box::into_raw(Box::new(JitCodeEntry {
                next_entry: (*desc).first_entry,
                prev_entry: std::ptr::null_mut(),
                symfile_addr: image.as_ptr(),
                symfile_size: image.len() as u64,
            }));
            if let Some(next) = (*entry).next_entry.as_mut() {
                next.prev_entry = entry;
            }
            (*desc).first_entry = entry;
            (*desc).relevant_entry = entry;
            (*desc).action_flag = JIT_REGISTER_FN;
            __jit_debug_register_code();
            (*desc).action_flag = JIT_NOACTION;
            Registration {
                entry,
                _image: image,
            }
        }
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: `entry` is in the list (registered by `register`, not yet removed).
        unsafe {
            let desc = &raw mut __jit_debug_descriptor;
            let entry = &mut *self.entry;
            if let Some(prev) = entry.prev_entry.as_mut() {
                prev.next_entry = entry.next_entry;
            } else {
                (*desc).first_entry = entry.next_entry;
            }
            if let Some(next) = entry.next_entry.as_mut() {
                next.prev_entry = entry.prev_entry;
            }
            (*desc).relevant_entry = self.entry;
            (*desc).action_flag = JIT_UNREGISTER_FN;
            __jit_debug_register_code();
            (*desc).action_flag = JIT_NOACTION;
            (*desc).relevant_entry = std::ptr::null_mut();
            drop(Box::from_raw(self.entry));
        }
    }
}
