//! Compile memory of CPU objects: every kernel file of tests/run, samples (OpenCL C and
//! Brook+) and bench is compiled to an object (`oclc FILE --target cpu -o F.o`, with the
//! compile options of the file's first RUN line), one process each, and the peak resident memory of each process (wait4's `ru_maxrss`) must stay under
//! a generous bound, so that an explosion (a 12-line kernel once took 9 GB) fails CI instead
//! of exhausting the runner. Files an object refuses (images, ...) must fail with a clean
//! error (exit 1), never a crash. Not a timing test: `scripts/bench-compile-all.py` reports
//! times.

mod common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

use common::*;

/// The most resident memory one compile may use. Today's largest takes a few tens of MB.
const LIMIT_MB: u64 = 1024;

/// Concurrent compiles (the development machine and CI runners have 2 cores or more).
const JOBS: usize = 2;

/// One finished compile.
struct Measured {
    file: PathBuf,
    exit: Option<i32>,
    peak_mb: u64,
    stderr: String,
}

#[test]
fn every_kernel_file_compiles_to_an_object_in_bounded_memory() {
    let files = kernel_files();
    assert!(files.len() > 100, "found only {} kernel files", files.len());
    let dir = scratch("cpu-object-memory");
    let queue = Mutex::new(files.iter().enumerate());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..JOBS {
            s.spawn(|| loop {
                let next = queue.lock().unwrap().next();
                let Some((i, file)) = next else { break };
                let m = compile(file, &dir.join(format!("{i}.o")));
                results.lock().unwrap().push(m);
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by(|a, b| b.peak_mb.cmp(&a.peak_mb));
    for m in results.iter().take(5) {
        eprintln!("{:>6} MB  {}", m.peak_mb, m.file.display());
    }
    let mut failures = Vec::new();
    for m in &results {
        if m.peak_mb > LIMIT_MB {
            failures.push(format!(
                "{}: peak memory {} MB, over the bound of {LIMIT_MB} MB",
                m.file.display(),
                m.peak_mb
            ));
        }
        if m.exit != Some(0) && (m.exit != Some(1) || m.stderr.contains("panicked")) {
            failures.push(format!(
                "{}: exit {:?} (only 0 or a clean error, exit 1, is allowed):\n{}",
                m.file.display(),
                m.exit,
                m.stderr
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The kernel files of tests/run, samples, samples/brook and bench (recursively), sorted.
fn kernel_files() -> Vec<PathBuf> {
    let root = root();
    let mut files = Vec::new();
    for (dir, recursive) in [("tests/run", false), ("samples", true), ("bench", true)] {
        collect(&root.join(dir), recursive, &mut files);
    }
    files.sort();
    files
}

fn collect(dir: &Path, recursive: bool, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for e in entries {
        let path = e.unwrap().path();
        if path.is_dir() {
            if recursive {
                collect(&path, true, out);
            }
        } else if path.extension().is_some_and(|x| x == "cl" || x == "br") {
            out.push(path);
        }
    }
}

/// Compiles `file` to the object `out` and measures the process.
fn compile(file: &Path, out: &Path) -> Measured {
    let include = file.parent().unwrap();
    // The options of the file's first RUN line (-cl-std, -D, ...), which it needs.
    let options = run_lines(file)
        .first()
        .map(|run| compile_options(run))
        .unwrap_or_default();
    let mut child = Command::new(env!("CARGO_BIN_EXE_oclc"))
        .arg(file)
        .arg("-I")
        .arg(include)
        .args(options)
        .args(["--target", "cpu", "-o"])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start oclc");
    let mut stderr = String::new();
    // Read to the end first (the process exits after closing it), then reap it with wait4,
    // which reports its own resource usage.
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let (status, usage) = wait4(child.id());
    Measured {
        file: file.to_path_buf(),
        exit: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        // Kilobytes on Linux.
        peak_mb: usage.ru_maxrss as u64 / 1024,
        stderr,
    }
}

/// Waits for the child `pid` and returns its wait status and resource usage.
fn wait4(pid: u32) -> (i32, libc::rusage) {
    let mut status = 0;
    // SAFETY: `rusage` is plain data that wait4 fills; the child is ours and not yet reaped.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(pid as i32, &mut status, 0, &mut usage) };
    assert_eq!(
        r,
        pid as i32,
        "wait4 failed: {}",
        std::io::Error::last_os_error()
    );
    (status, usage)
}
