//! The compile runs on a thread of its own with a large stack. The front end bounds how
//! deeply a program nests (`-fbracket-depth`, and `oclc_frontend::nesting::MAX_NESTING`
//! levels of expressions and statements, and chains of `MAX_CHAIN` operands of binary
//! operators); the checker, the lowering, the passes and the backends recurse over those
//! trees, and this stack holds that many levels of each of them (tests/deep_nesting.rs and
//! tests/binary_chains.rs compile programs at the limits for every target). Measured on
//! optimized builds: a 50 000-term sum compiles (SPIR-V or CPU object) on a 64 MiB stack,
//! not on 32 MiB; the same sum under 9 990 unary minus signs on 128 MiB, not on 64 MiB.

/// Stack of the compile thread: room for `MAX_NESTING` levels and a `MAX_CHAIN` chain at
/// once of the deepest-recursing stage with a wide margin (8 times the measured need;
/// unoptimized builds use several times the stack of optimized ones). Only the pages a
/// compile touches are ever committed.
pub const COMPILE_STACK_BYTES: usize = 1 << 30;

/// Smaller stacks tried in turn when the system refuses the large one (a process under an
/// address-space limit, `ulimit -v`, cannot reserve 1 GiB).
const FALLBACK_STACK_BYTES: [usize; 2] = [256 << 20, 64 << 20];

/// Runs `f` on a thread with a [`COMPILE_STACK_BYTES`] stack (or the largest of the
/// fallbacks the system grants; on the caller's thread if it grants none) and returns its
/// result (a panic in `f` resumes on the caller's thread).
pub fn on_compile_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    // The job waits in a slot that a started thread empties, so a thread that cannot start
    // leaves it for the next try.
    let slot = std::sync::Mutex::new(Some(f));
    let take = || {
        slot.lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .expect("the job runs once")
    };
    std::thread::scope(|scope| {
        for bytes in std::iter::once(COMPILE_STACK_BYTES).chain(FALLBACK_STACK_BYTES) {
            let started = std::thread::Builder::new()
                .name("oclc-compile".into())
                .stack_size(bytes)
                .spawn_scoped(scope, || take()());
            if let Ok(thread) = started {
                return thread
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            }
        }
        take()()
    })
}
