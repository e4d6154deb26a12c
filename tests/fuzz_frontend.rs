//! Bounded fuzzing of the whole pipeline: every kernel under samples/, tests/run/,
//! tests/valid/, tests/diagnostics/ (and .cache/corpus/ when fetched) is mutated with a
//! seeded xorshift generator (delete, duplicate or swap byte ranges, insert tokens,
//! truncate) and each mutant runs through preprocess, parse, check and, when it checks,
//! the lowering and the IR verifier, then every target's pipeline and backend (OpenCL
//! SPIR-V and Vulkan SPIR-V, each checked by spirv-val, and a CPU object), in-process on
//! its own thread. Fails on any panic, any invalid module, or any input that takes longer
//! than the per-input timeout; a backend may refuse a mutant only with an error.
//!
//! OCLC_FUZZ_SECONDS (default 20) bounds the run; OCLC_FUZZ_SEED (default 1) picks the
//! mutations. Failing inputs are written to the scratch folder for reproduction.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A per-input limit far above what any real kernel needs.
const PER_INPUT_TIMEOUT: Duration = Duration::from_secs(30);
/// Stack of each worker thread (deeply nested mutants recurse in the parser).
const WORKER_STACK: usize = 256 << 20;

/// xorshift64*: a seedable generator in a few lines.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Uniform-ish in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Tokens worth inserting: punctuation, keywords, directives and odd literals.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "*",
    "&",
    "->",
    ".",
    "?",
    ":",
    "#",
    "##",
    "=",
    "+=",
    "<<=",
    "...",
    "__kernel",
    "__global",
    "__local",
    "struct",
    "union",
    "typedef",
    "int",
    "float4",
    "double",
    "void",
    "return",
    "if",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case",
    "default:",
    "goto",
    "sizeof",
    "__attribute__((",
    "const",
    "\n#define M(x) x x\n",
    "\n#if 1\n",
    "\n#endif\n",
    "\n#include \"nofile.h\"\n",
    "\n#undef M\n",
    "0x",
    "1e",
    "1.0e+",
    "'",
    "\"",
    "/*",
    "*/",
    "//",
    "\\\n",
    "(float4)(",
    ".xyzw",
    ".s0123456789abcdef",
    "get_global_id(0)",
    "M(",
    "__VA_ARGS__",
    "-2147483648",
    "18446744073709551616",
    "\u{00e9}",
    "\0",
];

fn kernel_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack: Vec<PathBuf> = ["samples", "tests/run", "tests/valid", "tests/diagnostics"]
        .iter()
        .map(|d| root.join(d))
        .collect();
    let corpus = root.join(".cache/corpus");
    if corpus.is_dir() {
        stack.push(corpus);
    }
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "cl") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// Picks a byte range `[a, b)` inside `len`, at most `max` long.
fn range(rng: &mut Rng, len: usize, max: usize) -> (usize, usize) {
    let a = rng.below(len + 1);
    let b = (a + rng.below(max.min(len - a) + 1)).min(len);
    (a, b)
}

/// Applies 1 to 4 random mutations.
fn mutate(rng: &mut Rng, mut s: Vec<u8>) -> Vec<u8> {
    for _ in 0..1 + rng.below(4) {
        let len = s.len();
        match rng.below(6) {
            0 => {
                let (a, b) = range(rng, len, 64);
                s.drain(a..b);
            }
            1 => {
                let (a, b) = range(rng, len, 256);
                let copy = s[a..b].to_vec();
                let at = rng.below(len + 1);
                s.splice(at..at, copy);
            }
            2 => {
                let (a, b) = range(rng, len, 64);
                let (c, d) = range(rng, len, 64);
                if b <= c {
                    let first = s[a..b].to_vec();
                    let second = s[c..d].to_vec();
                    s.splice(c..d, first);
                    s.splice(a..b, second);
                }
            }
            3 | 4 => {
                let tok = TOKENS[rng.below(TOKENS.len())];
                let at = rng.below(len + 1);
                s.splice(at..at, tok.bytes());
            }
            _ => s.truncate(rng.below(len + 1)),
        }
    }
    s
}

/// How far a mutant got.
enum Reached {
    /// The front end reported errors.
    Rejected,
    /// It checked, but the lowering refused it (an "unsupported" error).
    LoweringRefused,
    /// It was lowered and verified, and went through every backend.
    Lowered,
}

/// Runs the whole front end and, for programs that check, the lowering and verifier.
fn compile(name: &str, text: &str) -> Result<Reached, String> {
    let mut map = oclc_frontend::source::SourceMap::new();
    let file = map.add(name, text);
    let out = oclc_frontend::compile_to_checked(
        &mut map,
        file,
        &oclc_frontend::FrontendOptions::default(),
    );
    // Rendering must not panic either (spans of mutants point anywhere).
    let _ = out.diagnostics.render_text(&map);
    let _ = out.diagnostics.render_json(&map);
    let Some(program) = out.program.filter(|_| !out.diagnostics.has_errors()) else {
        return Ok(Reached::Rejected);
    };
    let Ok(module) = oclc_lower::lower_program(&program) else {
        return Ok(Reached::LoweringRefused);
    };
    oclc_ir::verify::verify_module(&module)
        .map_err(|e| format!("IR verifier rejected the lowering: {e}"))?;
    through_backends(name, text)?;
    Ok(Reached::Lowered)
}

/// Every target's pipeline and backend on a program that lowers: errors are allowed,
/// panics (caught by the caller) and invalid modules are not.
fn through_backends(name: &str, text: &str) -> Result<(), String> {
    use oclc::driver::{self, Stages};
    let opts = oclc::CompileOptions::default();
    let mut stages = Stages::default();
    let Ok(lowered) = driver::lower_source(name, text, &opts, &mut stages) else {
        return Ok(());
    };
    if let Ok(words) = driver::emit_opencl_spirv(&lowered, &opts, &mut stages) {
        spirv_val(&words, &[])?;
    }
    if let Ok(vk) = driver::emit_vulkan_spirv(&lowered, &opts, &mut stages) {
        spirv_val(&vk.words, &["--target-env", "vulkan1.2"])?;
    }
    let _ = driver::emit_cpu_object(&lowered, &opts, &mut stages);
    Ok(())
}

/// spirv-val on `words`; its complaint as the error.
fn spirv_val(words: &[u32], args: &[&str]) -> Result<(), String> {
    let path = std::env::temp_dir().join(format!(
        "oclc-fuzz-{}-{:?}.spv",
        std::process::id(),
        std::thread::current().id()
    ));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).map_err(|e| e.to_string())?;
    let out = std::process::Command::new("spirv-val")
        .args(args)
        .arg(&path)
        .output()
        .map_err(|e| format!("spirv-val: {e}"))?;
    let _ = std::fs::remove_file(&path);
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "spirv-val rejected the module: {}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

enum Outcome {
    Ok(Reached),
    VerifierError(String),
    Panic(String),
    Hang,
}

fn run_one(name: String, text: String) -> Outcome {
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .stack_size(WORKER_STACK)
        .spawn(move || {
            let r = catch_unwind(AssertUnwindSafe(|| compile(&name, &text)));
            let _ = tx.send(r);
        })
        .expect("spawn a fuzz worker");
    match rx.recv_timeout(PER_INPUT_TIMEOUT) {
        Ok(Ok(Ok(reached))) => {
            let _ = worker.join();
            Outcome::Ok(reached)
        }
        Ok(Ok(Err(msg))) => {
            let _ = worker.join();
            Outcome::VerifierError(msg)
        }
        Ok(Err(payload)) => {
            let _ = worker.join();
            let msg = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "non-string panic".to_string());
            Outcome::Panic(msg)
        }
        // The worker is left running: the test fails anyway.
        Err(_) => Outcome::Hang,
    }
}

#[test]
fn mutated_kernels_never_panic_or_hang() {
    let seconds: u64 = std::env::var("OCLC_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let seed: u64 = std::env::var("OCLC_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let files = kernel_files(&common::root());
    assert!(!files.is_empty(), "no kernels found to mutate");
    let sources: Vec<(String, Vec<u8>)> = files
        .iter()
        .filter_map(|p| Some((p.display().to_string(), std::fs::read(p).ok()?)))
        .collect();
    let out_dir = common::scratch("fuzz_frontend");
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut failures: Vec<String> = Vec::new();
    let mut verifier_errors = 0usize;
    let mut runs = 0usize;
    let mut counts = [0usize; 3];
    // Silence the default hook's backtrace spam: panics are collected and reported below.
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    while Instant::now() < deadline && failures.len() < 5 {
        let (name, text) = &sources[runs % sources.len()];
        let mutant = mutate(&mut rng, text.clone());
        let mutant = String::from_utf8_lossy(&mutant).into_owned();
        runs += 1;
        let outcome = run_one(name.clone(), mutant.clone());
        let what = match outcome {
            Outcome::Ok(reached) => {
                counts[reached as usize] += 1;
                continue;
            }
            Outcome::VerifierError(msg) => {
                verifier_errors += 1;
                if verifier_errors > 3 {
                    continue;
                }
                format!("verifier error: {msg}")
            }
            Outcome::Panic(msg) => format!("panic: {msg}"),
            Outcome::Hang => format!("no result within {PER_INPUT_TIMEOUT:?}"),
        };
        let saved = out_dir.join(format!("failure_{}.cl", failures.len()));
        let _ = std::fs::write(&saved, &mutant);
        failures.push(format!(
            "mutant #{runs} of {name}: {what} (input saved to {})",
            saved.display()
        ));
    }
    std::panic::set_hook(previous_hook);
    eprintln!(
        "fuzz_frontend: {runs} mutants of {} files in {seconds} s (seed {seed}): \
         {} rejected by the front end, {} refused by the lowering, {} lowered, verified and compiled for every target, \
         {verifier_errors} verifier or spirv-val errors",
        sources.len(),
        counts[0],
        counts[1],
        counts[2]
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
