//! The compile runs on a thread of its own with a large stack. The front end bounds how
//! deeply a program nests (`-fbracket-depth`, and `oclc_frontend::nesting::MAX_NESTING`
//! levels of expressions and statements); the checker, the lowering, the passes and the
//! backends recurse over those trees, and this stack holds that many levels of each of
//! them (tests/deep_nesting.rs compiles programs at the limit for every target).

/// Stack of the compile thread: room for `MAX_NESTING` levels of the deepest-recursing
/// stage with a wide margin (unoptimized builds use several times the stack of optimized
/// ones). Only the pages a compile touches are ever committed.
pub const COMPILE_STACK_BYTES: usize = 1 << 30;

/// Runs `f` on a thread with a [`COMPILE_STACK_BYTES`] stack and returns its result (a
/// panic in `f` resumes on the caller's thread).
pub fn on_compile_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name("oclc-compile".into())
            .stack_size(COMPILE_STACK_BYTES)
            .spawn_scoped(scope, f)
            .expect("cannot start the compile thread");
        thread
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}
