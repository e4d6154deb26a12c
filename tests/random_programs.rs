//! Random-program differential testing: random valid kernels (`common::random_kernel`) run
//! on PoCL from the source (the reference) and through oclc on the CPU at -O0, -O2 and
//! -O3, oclc's SPIR-V read back on PoCL (llvm-spirv-14 -r), and Vulkan (lavapipe); every
//! output must match (integers exactly, floats within a tolerance). A mismatch is reduced
//! to a small program by deleting statements and simplifying expressions while the same
//! run still disagrees, and the test fails showing it. Where a run differs from PoCL,
//! Oclgrind (when installed) is asked too: a run that agrees with Oclgrind where Oclgrind
//! differs from PoCL meets a PoCL bug, which is reported and not counted.
//!
//! `OCLC_RANDOM_PROGRAMS` (default 16) programs from seed `OCLC_RANDOM_SEED` (default 1)
//! on; `scripts/random-differential.sh` runs many more. Row programs (16x8 ranges reading
//! neighbouring rows, the shape of Vulkan's two-rows-per-invocation variant) run the same
//! way: `OCLC_RANDOM_ROW_PROGRAMS` (default 8) of them. The Vulkan runs set
//! `OCLC_VK_GROUPS=4`, so that kernels with barriers run four work-groups per invocation.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::random_kernel::{Program, Shape, ACC, GLOBAL};
use common::{oclc, require_opencl, require_tool, require_vulkan, root, scratch};

/// One way of running a program besides the reference.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Run {
    Cpu(u8),
    SpirvOnPocl,
    Vulkan,
}

impl Run {
    fn name(self) -> String {
        match self {
            Run::Cpu(level) => format!("oclc CPU -O{level}"),
            Run::SpirvOnPocl => "oclc SPIR-V on PoCL (llvm-spirv-14 -r)".into(),
            Run::Vulkan => "oclc Vulkan (lavapipe)".into(),
        }
    }
}

/// The launch arguments shared by every run of program `seed` of `shape`.
fn launch_args(shape: Shape, seed: u64) -> Vec<String> {
    let (global, local) = shape.launch();
    [
        "--kernel".to_string(),
        "k".into(),
        "--global".into(),
        global,
        "--local".into(),
        local,
        "--arg".into(),
        format!("u32[{GLOBAL}]=rand:{seed}"),
        "--arg".into(),
        format!("u32[{GLOBAL}]=zeros"),
        "--arg".into(),
        format!("f32[{GLOBAL}]=zeros"),
        "--arg".into(),
        format!("u32[{ACC}]=rand:{}", seed ^ 0x5eed),
    ]
    .into()
}

/// Runs `file` on `device` (extra arguments after it), dumping the buffers to `dump`: its
/// standard output, or the error output when it fails.
fn run_on(
    file: &Path,
    shape: Shape,
    seed: u64,
    device: &[&str],
    dump: &Path,
) -> Result<String, String> {
    common::run_dumped(file, &launch_args(shape, seed), device, dump)
}

/// Runs `file` on Oclgrind (the second reference), dumping the buffers to `dump`, when
/// Oclgrind is installed: `icd` is a folder with an ICD file naming its library.
fn run_on_oclgrind(
    file: &Path,
    shape: Shape,
    seed: u64,
    icd: &Path,
    dump: &Path,
) -> Result<(), String> {
    let out = Command::new(env!("CARGO_BIN_EXE_oclc"))
        .arg("run")
        .arg(file)
        .args(launch_args(shape, seed))
        .args([
            "--device",
            "opencl",
            "--opencl-device",
            "Oclgrind",
            "--dump",
        ])
        .arg(dump)
        .env("OCL_ICD_VENDORS", icd)
        .output()
        .map_err(|e| e.to_string())?;
    if out.status.success() {
        return Ok(());
    }
    Err(String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A folder with an ICD file for Oclgrind, when it is installed.
fn oclgrind_icd(dir: &Path) -> Option<PathBuf> {
    let lib = Path::new("/usr/lib/oclgrind/liboclgrind-rt-icd.so");
    if !lib.exists() {
        return None;
    }
    let icd = dir.join("oclgrind-icd");
    std::fs::create_dir_all(&icd).unwrap();
    std::fs::write(icd.join("oclgrind.icd"), format!("{}\n", lib.display())).unwrap();
    Some(icd)
}

/// oclc's SPIR-V of `file`, validated and read back to bitcode for PoCL.
fn bitcode(file: &Path, dir: &Path) -> Result<PathBuf, String> {
    let spv = dir.join("k.spv");
    let bc = dir.join("k.bc");
    let out = oclc(
        &[&file.to_string_lossy(), "-o", &spv.to_string_lossy()],
        &root(),
    );
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let val = Command::new("spirv-val").arg(&spv).output().unwrap();
    if !val.status.success() {
        return Err(format!(
            "spirv-val: {}",
            String::from_utf8_lossy(&val.stderr)
        ));
    }
    let rev = Command::new("llvm-spirv-14")
        .args(["-r", "--spirv-target-env=CL1.2"])
        .arg(&spv)
        .arg("-o")
        .arg(&bc)
        .output()
        .unwrap();
    if !rev.status.success() {
        return Err(format!(
            "llvm-spirv-14 -r: {}",
            String::from_utf8_lossy(&rev.stderr)
        ));
    }
    Ok(bc)
}

/// Runs `file` the way `run` says into `dump`: its standard output (with `--time` on
/// Vulkan, which says how many rows of work-items an invocation ran).
fn run_with(
    run: Run,
    file: &Path,
    shape: Shape,
    seed: u64,
    dir: &Path,
    dump: &Path,
) -> Result<String, String> {
    match run {
        Run::Cpu(level) => {
            let o = format!("-O{level}");
            run_on(file, shape, seed, &["cpu", &o], dump)
        }
        Run::SpirvOnPocl => {
            let bc = bitcode(file, dir)?;
            run_on(
                file,
                shape,
                seed,
                &["opencl", "--opencl-spir", &bc.to_string_lossy()],
                dump,
            )
        }
        Run::Vulkan => run_on(file, shape, seed, &["vulkan", "--time"], dump),
    }
}

/// Whether a Vulkan run's `--time` output says it ran two rows of work-items per
/// invocation.
fn ran_two_rows(stdout: &str) -> bool {
    stdout.contains("rows of work-items per invocation: 2")
}

fn words(path: &Path) -> Vec<u32> {
    std::fs::read(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The first difference between the buffers of two runs, if any.
fn difference(reference: &Path, other: &Path) -> Option<String> {
    for (arg, what) in [(1, "out"), (3, "acc")] {
        let name = format!("arg{arg}.bin");
        let (a, b) = (words(&reference.join(&name)), words(&other.join(&name)));
        if let Some(i) = (0..a.len()).find(|&i| a[i] != b[i]) {
            return Some(format!(
                "{what}[{i}]: reference {:#x}, got {:#x}",
                a[i], b[i]
            ));
        }
    }
    let (a, b) = (
        words(&reference.join("arg2.bin")),
        words(&other.join("arg2.bin")),
    );
    for i in 0..a.len() {
        let (x, y) = (f32::from_bits(a[i]) as f64, f32::from_bits(b[i]) as f64);
        if (x - y).abs() > 1e-3 + 1e-4 * x.abs() {
            return Some(format!("fout[{i}]: reference {x}, got {y}"));
        }
    }
    None
}

/// The outcome of one program under one run.
enum Verdict {
    Same,
    /// The reference itself cannot run it (a reduction made it invalid).
    ReferenceFailed,
    Differs(String),
}

fn judge(program: &Program, seed: u64, run: Run, dir: &Path) -> Verdict {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let file = dir.join("k.cl");
    std::fs::write(&file, program.source()).unwrap();
    let reference = dir.join("ref");
    if run_on(&file, program.shape, seed, &["opencl"], &reference).is_err() {
        return Verdict::ReferenceFailed;
    }
    let dump = dir.join("run");
    match run_with(run, &file, program.shape, seed, dir, &dump) {
        Err(e) => Verdict::Differs(e),
        Ok(_) => match difference(&reference, &dump) {
            None => Verdict::Same,
            Some(d) => Verdict::Differs(d),
        },
    }
}

/// `program` made as small as possible while `still_fails` holds (at most 400 tries);
/// with the last failure's description.
fn reduce(
    mut program: Program,
    still_fails: &mut dyn FnMut(&Program) -> Option<String>,
) -> (Program, String) {
    let mut last = String::new();
    let mut tries = 0;
    'outer: loop {
        for candidate in program.reductions() {
            tries += 1;
            if tries > 400 {
                break 'outer;
            }
            if let Some(why) = still_fails(&candidate) {
                program = candidate;
                last = why;
                continue 'outer;
            }
        }
        break;
    }
    (program, last)
}

/// The reducer keeps what a failure needs and drops the rest: with "the source calls
/// popcount" as the failure, a program shrinks to little more than one popcount call.
#[test]
fn reduction_keeps_only_what_the_failure_needs() {
    let (seed, program) = (1..200u64)
        .map(|s| (s, Program::generate(s)))
        .find(|(_, p)| p.source().matches("popcount(").count() >= 1 && p.source().len() > 1500)
        .expect("a program calling popcount");
    let before = program.source();
    let (small, _) = reduce(program, &mut |p| {
        p.source()
            .contains("popcount(")
            .then(|| "calls popcount".to_string())
    });
    let after = small.source();
    assert!(after.contains("popcount("), "seed {seed}: {after}");
    let statements = |s: &str| s.lines().filter(|l| l.trim_end().ends_with(';')).count();
    // The fixed frame: declarations, the stores at the end, each helper's return.
    let frame = Program {
        shape: small.shape,
        helpers: small
            .helpers
            .iter()
            .map(|_| common::random_kernel::Helper {
                body: Vec::new(),
                ret: common::random_kernel::Expr::Const(0),
            })
            .collect(),
        body: Vec::new(),
    };
    assert!(
        statements(&after) <= statements(&frame.source()) + 1
            && statements(&after) < statements(&before),
        "seed {seed}: not reduced:\n{after}"
    );
}

#[test]
fn random_programs_agree_on_every_target() {
    let count = env_number("OCLC_RANDOM_PROGRAMS", 16);
    agree(Program::generate, count, "random programs");
}

/// Row programs run on every target like the others; on Vulkan some of them must run as
/// two rows of work-items per invocation, or this test no longer tests that variant.
#[test]
fn random_row_programs_agree_on_every_target() {
    let count = env_number("OCLC_RANDOM_ROW_PROGRAMS", 8);
    let two_rows = agree(Program::generate_rows, count, "random row programs");
    if let Some(two_rows) = two_rows {
        eprintln!("{two_rows} of {count} row programs ran two rows per invocation on Vulkan");
        assert!(
            count < 4 || two_rows > 0,
            "no row program ran two rows per invocation on Vulkan"
        );
    }
}

/// A number from the environment variable `name`, or `default`.
fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Runs `count` programs of `generate` from seed `OCLC_RANDOM_SEED` (default 1) on every
/// target and fails on the first difference from PoCL, reduced; how many ran two rows per
/// invocation on Vulkan (none when Vulkan is missing).
fn agree(generate: fn(u64) -> Program, count: u64, what: &str) -> Option<usize> {
    if !require_opencl() || !require_tool("llvm-spirv-14") || !require_tool("spirv-val") {
        return None;
    }
    let first = env_number("OCLC_RANDOM_SEED", 1);
    // Vulkan runs a kernel's four-work-groups-per-invocation variant (opt::coarsen_groups)
    // whatever the launch's size (the line programs' 4 groups allow it). Set before any
    // thread starts.
    if std::env::var_os("OCLC_VK_GROUPS").is_none() {
        std::env::set_var("OCLC_VK_GROUPS", "4");
    }
    let mut runs = vec![Run::Cpu(0), Run::Cpu(2), Run::Cpu(3), Run::SpirvOnPocl];
    let vulkan = require_vulkan();
    if vulkan {
        runs.push(Run::Vulkan);
    }
    let dir = scratch(&what.replace(' ', "-"));
    let icd = oclgrind_icd(&dir);
    let seeds: Vec<u64> = (first..first + count).collect();
    let outcomes: Vec<(Vec<String>, bool)> = common::parallel::each_in_parallel(&seeds, |&seed| {
        let mut failures = Vec::new();
        let mut two_rows = false;
        // Oclgrind's results, asked for once a run differs from PoCL: where Oclgrind agrees
        // with oclc and not with PoCL, the bug is PoCL's
        // (../shared/research/reference-bugs/pocl-loop-before-barrier.cl).
        let mut second: Option<Option<PathBuf>> = None;
        let program = generate(seed);
        let shape = program.shape;
        let pdir = dir.join(format!("seed{seed}"));
        std::fs::create_dir_all(&pdir).unwrap();
        let file = pdir.join("k.cl");
        std::fs::write(&file, program.source()).unwrap();
        // The launch beside the source, for rerunning a program by hand.
        std::fs::write(pdir.join("launch.txt"), launch_args(shape, seed).join(" ")).unwrap();
        let reference = pdir.join("ref");
        if let Err(e) = run_on(&file, shape, seed, &["opencl"], &reference) {
            failures.push(format!(
                "seed {seed}: the generator made a program PoCL rejects:\n{e}\n{}",
                program.source()
            ));
            return (failures, two_rows);
        }
        for &run in &runs {
            let rdir = pdir.join(format!("{run:?}"));
            std::fs::create_dir_all(&rdir).unwrap();
            let dump = rdir.join("dump");
            let outcome = match run_with(run, &file, shape, seed, &rdir, &dump) {
                Err(e) => Some(e),
                Ok(stdout) => {
                    two_rows |= ran_two_rows(&stdout);
                    difference(&reference, &dump)
                }
            };
            if let Some(first_difference) = outcome {
                let oclgrind = second.get_or_insert_with(|| {
                    let dump = pdir.join("oclgrind");
                    let icd = icd.as_ref()?;
                    run_on_oclgrind(&file, shape, seed, icd, &dump)
                        .ok()
                        .map(|()| dump)
                });
                if let Some(oclgrind) = oclgrind {
                    if difference(oclgrind, &dump).is_none()
                        && difference(&reference, oclgrind).is_some()
                    {
                        eprintln!(
                            "seed {seed}: {} differs from PoCL ({first_difference}) but agrees \
                             with Oclgrind, which differs from PoCL too: PoCL's bug, not counted",
                            run.name()
                        );
                        continue;
                    }
                }
                let rdir = pdir.join("reduce");
                let (small, why) =
                    reduce(program.clone(), &mut |p| match judge(p, seed, run, &rdir) {
                        Verdict::Differs(d) => Some(d),
                        _ => None,
                    });
                failures.push(format!(
                    "seed {seed}: {} differs from PoCL: {first_difference}\nreduced ({why}):\n{}",
                    run.name(),
                    small.source()
                ));
            }
        }
        (failures, two_rows)
    });
    eprintln!("{count} {what} from seed {first}, {} runs each", runs.len());
    let failures: Vec<String> = outcomes.iter().flat_map(|(f, _)| f.clone()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    vulkan.then(|| outcomes.iter().filter(|(_, two)| *two).count())
}
