//! A minimal launcher for the backend's tests: compiles an IR module and runs a kernel's
//! work-group function over a 1-D range, work-groups spread over threads like the runtime.
#![allow(dead_code)]

use oclc_backend_cpu::{compile_module, CpuProgram, WorkGroupContext};
use oclc_ir::Module;

/// One kernel argument.
pub enum Arg<'a> {
    /// A global buffer (its bytes are read and written in place).
    Buf(&'a mut [u8]),
    /// A by-value argument's bytes.
    Val(Vec<u8>),
}

/// Parses IR text (panicking with the parse error).
pub fn parse(text: &str) -> Module {
    let m = oclc_ir::parse_module(text).unwrap_or_else(|e| panic!("IR parse error: {e}\n{text}"));
    oclc_ir::verify_module(&m).unwrap_or_else(|e| panic!("IR verify error: {e:?}\n{text}"));
    m
}

/// Compiles `module` (panicking on errors).
pub fn compile(module: &Module) -> CpuProgram {
    compile_module(module).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `kernel` over `global` work-items in groups of `local`, on `threads` threads.
pub fn run(
    p: &CpuProgram,
    kernel: &str,
    args: &mut [Arg],
    global: u64,
    local: u64,
    threads: usize,
) {
    let k = p.kernel(kernel).expect("kernel exists");
    let mut block = vec![0u8; k.args.total as usize];
    for (i, a) in args.iter_mut().enumerate() {
        let off = k.args.offsets[i] as usize;
        match a {
            Arg::Buf(b) => {
                let addr = b.as_mut_ptr() as u64;
                block[off..off + 8].copy_from_slice(&addr.to_le_bytes());
            }
            Arg::Val(v) => block[off..off + v.len()].copy_from_slice(v),
        }
    }
    assert_eq!(global % local, 0);
    let groups = global / local;
    let next = std::sync::atomic::AtomicU64::new(0);
    let entry = k.entry;
    let (wi_state, static_local) = (k.wi_state_size, k.static_local_size);
    let block = &block;
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            let next = &next;
            s.spawn(move || {
                let mut state = vec![0u128; (wi_state * local / 16 + 1) as usize];
                let mut lmem = vec![0u128; (static_local / 16 + 1) as usize];
                loop {
                    let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if g >= groups {
                        break;
                    }
                    let ctx = WorkGroupContext {
                        group_id: [g, 0, 0],
                        local_size: [local, 1, 1],
                        num_groups: [groups, 1, 1],
                        global_offset: [0; 3],
                        global_size: [global, 1, 1],
                        work_dim: 1,
                        group_count: 0,
                        local_mem: lmem.as_mut_ptr() as *mut u8,
                        wi_state: state.as_mut_ptr() as *mut u8,
                    };
                    // SAFETY: the block matches the kernel's layout; buffers outlive the call.
                    unsafe { entry(block.as_ptr(), &ctx) };
                }
            });
        }
    });
}

/// Bytes of a slice of plain numbers.
pub fn bytes<T: Copy>(v: &[T]) -> Vec<u8> {
    let n = std::mem::size_of_val(v);
    // SAFETY: plain numeric types without padding.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, n).to_vec() }
}

/// Reinterprets bytes as plain numbers.
pub fn from_bytes<T: Copy + Default>(b: &[u8]) -> Vec<T> {
    let n = b.len() / std::mem::size_of::<T>();
    let mut out = vec![T::default(); n];
    // SAFETY: sizes match; plain numeric types.
    unsafe {
        std::ptr::copy_nonoverlapping(
            b.as_ptr(),
            out.as_mut_ptr() as *mut u8,
            n * std::mem::size_of::<T>(),
        )
    };
    out
}

/// The `.ir` files of `tests/data/<dir>`, sorted, each with its text; panics when there are
/// fewer than `min` (a misplaced folder would otherwise test nothing).
pub fn ir_cases(dir: &str, min: usize) -> Vec<(std::path::PathBuf, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    files.sort();
    assert!(files.len() >= min, "no cases in {}", dir.display());
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            (f, text)
        })
        .collect()
}

/// The first `n` numbers of the first line of `text`, which must start with `prefix`
/// (`form` shows the expected line in the panic message).
pub fn header_numbers(
    text: &str,
    prefix: &str,
    n: usize,
    file: &std::path::Path,
    form: &str,
) -> Vec<usize> {
    text.lines()
        .next()
        .unwrap_or("")
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("{}: first line must say `{form}`", file.display()))
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .take(n)
        .collect()
}
