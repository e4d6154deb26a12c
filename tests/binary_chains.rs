//! Long chains of binary operators compile (issue 19): real kernels (hashcat's, generated
//! code) hold sums, `|` and `^` chains and comma lists of tens of thousands of terms, each
//! operator one level of the syntax tree. Chains of up to 50 000 operands
//! (`oclc_frontend::nesting::MAX_CHAIN`; clang-14 overflows its stack from about 32 700)
//! compile for every target (SPIR-V that spirv-val accepts) and compute on the CPU what
//! this file computes itself; a longer chain is a located error, not a crash. `&&` and
//! `||` keep the general limit of 10 000 levels. The kernels are generated here; each
//! reads `p` (filled with 0, 1, 2, ...) and writes `p[0]`.

mod common;

use std::path::Path;

/// The longest chain accepted, in operands.
const MAX_CHAIN: usize = 50_000;
/// Other levels of nesting around a chain at the limit: the compile stack holds both.
const AROUND: usize = 9_990;

/// A kernel storing `value` (an expression over `x` = 3, `y` = 4, `v0` to `v15` with
/// `vK = x * M[K]`, and what `decls` declares) to `p[0]`; `prelude` goes before it.
fn kernel_with(prelude: &str, decls: &str, value: &str) -> String {
    let vs: String = M
        .iter()
        .enumerate()
        .map(|(k, m)| format!("    long v{k} = x * {m}L;\n"))
        .collect();
    format!(
        "{prelude}kernel void k(global long *p) {{\n    long x = p[3], y = p[4];\n{vs}\
         {decls}    p[0] = {value};\n}}\n"
    )
}

/// The multipliers of `v0` to `v15` (positive `long`s with spread-out bits).
const M: [i64; 16] = [
    0x0123_4567_89ab_cdef,
    0x00f0_f0f0_f0f0_f0f0,
    0x0765_4321_0fed_cba9,
    0x0111_1111_1111_1111,
    0x0012_3456_789a_bcde,
    0x05a5_a5a5_a5a5_a5a5,
    0x00fe_dcba_9876_5432,
    0x03c3_c3c3_c3c3_c3c3,
    0x0000_0fff_f000_0fff,
    0x0246_8ace_0246_8ace,
    0x0135_79bd_f135_79bd,
    0x00ff_00ff_00ff_00ff,
    0x0666_6666_6666_6666,
    0x00ab_cdef_0123_4567,
    0x0400_0000_0000_0001,
    0x0000_0000_0000_0007,
];

/// `vK` as the kernels compute it (`x` = 3, wrapping as OpenCL's `long` does).
fn v(k: usize) -> i64 {
    3i64.wrapping_mul(M[k])
}

/// [`kernel_with`] without declarations.
fn kernel(prelude: &str, value: &str) -> String {
    kernel_with(prelude, "", value)
}

/// The operands `term(0)`, ..., `term(n - 1)` joined by `op`.
fn chain(n: usize, op: &str, term: impl Fn(usize) -> String) -> String {
    (0..n).map(term).collect::<Vec<_>>().join(op)
}

/// The variable that operand `i` of the bitwise chains reads.
fn pick(i: usize) -> usize {
    (i * i + 7 * i) % 16
}

/// Each chain of `n` operands: its name, the kernel, and the value it stores to `p[0]`.
fn programs(n: usize) -> Vec<(String, String, i64)> {
    let n64 = n as i64;
    let bits = |f: fn(i64, i64) -> i64| (0..n).map(|i| v(pick(i))).reduce(f).unwrap();
    vec![
        // x + x + ... + x: the plain chain.
        (
            format!("sum_{n}"),
            kernel("", &chain(n, " + ", |_| "x".into())),
            3 * n64,
        ),
        // 1 + 2 + ... + n, folded by the checker (a constant's initializer) and by the
        // IR's constant folding (a private variable's, summed the other way).
        (
            format!("constant_sum_{n}"),
            kernel_with(
                &format!(
                    "constant long c = {};\n",
                    chain(n, " + ", |i| format!("{}L", i + 1))
                ),
                &format!(
                    "    long s = {};\n",
                    chain(n, " + ", |i| format!("{}L", n - i))
                ),
                "c + s",
            ),
            n64 * (n64 + 1),
        ),
        // (y += 1, y += 2, ..., y): a comma chain whose operands run in order.
        (
            format!("comma_{n}"),
            kernel(
                "",
                &format!("({}, y)", chain(n - 1, ", ", |i| format!("y += {}", i + 1))),
            ),
            4 + (n64 - 1) * n64 / 2,
        ),
        (
            format!("or_{n}"),
            kernel("", &chain(n, " | ", |i| format!("v{}", pick(i)))),
            bits(|u, v| u | v),
        ),
        (
            format!("xor_{n}"),
            kernel("", &chain(n, " ^ ", |i| format!("v{}", pick(i)))),
            bits(|u, v| u ^ v),
        ),
    ]
}

/// The ways each program is compiled: target, output, and the spirv-val environment.
const TARGETS: &[(&str, &str, Option<&str>)] = &[
    ("opencl", "k.spv", Some("opencl1.2")),
    ("vulkan", "k.spv", Some("vulkan1.2")),
    ("cpu", "k.o", None),
];

fn write(dir: &Path, name: &str, source: &str) -> String {
    let file = format!("{name}.cl");
    std::fs::write(dir.join(&file), source).expect("write kernel");
    file
}

/// Compiles `file` for every target (spirv-val must accept the SPIR-V) and runs it on the
/// CPU: `p[0]` must be `expected`.
fn compiles_and_computes(dir: &Path, file: &str, expected: i64) {
    for (target, output, env) in TARGETS {
        let out = common::oclc(&[file, "--target", target, "-o", output], dir);
        assert!(
            out.status.success(),
            "{}",
            common::describe_output(file, &out)
        );
        if let Some(env) = env {
            common::assert_spirv_valid(dir, env, output);
        }
    }
    let dump = dir.join("dump");
    let _ = std::fs::remove_dir_all(&dump);
    std::fs::create_dir_all(&dump).unwrap();
    let args = [
        "run",
        file,
        "--kernel",
        "k",
        "--global",
        "1",
        "--arg",
        "i64[8]=iota",
        "--dump",
        "dump",
    ];
    let out = common::oclc(&args, dir);
    assert!(
        out.status.success(),
        "{}",
        common::describe_output(file, &out)
    );
    let bytes = std::fs::read(dump.join("arg0.bin")).expect("dumped buffer");
    let got = i64::from_le_bytes(bytes[..8].try_into().unwrap());
    assert_eq!(got, expected, "{file}: p[0]");
}

/// `source` fails with a located error naming the chain limit, without crashing.
fn rejected(dir: &Path, name: &str, source: &str) {
    rejected_with(dir, name, source, "more than 50000 operands chained");
}

/// `source` fails with a located error containing `message`, without crashing.
fn rejected_with(dir: &Path, name: &str, source: &str, message: &str) {
    let file = write(dir, name, source);
    for args in [&["-fsyntax-only"][..], &["-o", "k.spv"]] {
        let mut all = vec![file.as_str()];
        all.extend_from_slice(args);
        let out = common::oclc(&all, dir);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let what = common::describe_output(name, &out);
        assert_eq!(out.status.code(), Some(1), "{what}");
        // Located: codespan prints `┌─ FILE:LINE:COL` under the message.
        assert!(stderr.contains(&format!("┌─ {file}:")), "{what}");
        assert!(stderr.contains(message), "{what}");
        assert!(!stderr.contains("panicked"), "{what}");
    }
}

fn tools_present() -> bool {
    common::require_tool("spirv-val")
}

#[test]
fn chains_of_30000_operands_compute() {
    if !tools_present() {
        return;
    }
    let dir = common::scratch("chains-30000");
    for (name, source, expected) in programs(30_000) {
        let file = write(&dir, &name, &source);
        compiles_and_computes(&dir, &file, expected);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn chains_at_the_limit_compute() {
    if !tools_present() {
        return;
    }
    let dir = common::scratch("chains-limit");
    for (name, source, expected) in programs(MAX_CHAIN) {
        let file = write(&dir, &name, &source);
        compiles_and_computes(&dir, &file, expected);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A chain at the limit under [`AROUND`] other levels (unary minus signs, an even number):
/// the compile stack holds both limits at once.
#[test]
fn a_chain_at_the_limit_deep_in_other_nesting_computes() {
    if !tools_present() {
        return;
    }
    let dir = common::scratch("chains-nested");
    let value = format!(
        "{}({})",
        "- ".repeat(AROUND),
        chain(MAX_CHAIN, " + ", |_| "x".into())
    );
    let file = write(&dir, "nested", &kernel("", &value));
    compiles_and_computes(&dir, &file, 3 * MAX_CHAIN as i64);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn longer_chains_are_located_errors() {
    let dir = common::scratch("chains-too-long");
    let n = MAX_CHAIN + 1;
    rejected(&dir, "sum", &kernel("", &chain(n, " + ", |_| "x".into())));
    rejected(
        &dir,
        "comma",
        &kernel("", &format!("({})", chain(n, ", ", |_| "x".into()))),
    );
    rejected(
        &dir,
        "constant",
        &kernel(
            &format!("constant long c = {};\n", chain(n, " + ", |_| "1".into())),
            "c",
        ),
    );
    // A binary operator inside an operand adds a level: a chain at the limit of products.
    rejected(
        &dir,
        "products",
        &kernel("", &chain(MAX_CHAIN, " + ", |_| "x * x".into())),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `&&` and `||` are control flow (an `if` each in the IR), like `?:`: their chains count
/// against the general nesting limit of 10 000 levels.
#[test]
fn short_circuit_chains_keep_the_general_limit() {
    if !tools_present() {
        return;
    }
    let dir = common::scratch("chains-short-circuit");
    let n = 2_000;
    // Every operand of `&&` is true; `||` finds its one true operand last (`p[0]` is 0
    // until the kernel stores to it).
    let and = kernel("", &chain(n, " && ", |i| format!("v{}", pick(i))));
    let file = write(&dir, "and", &and);
    compiles_and_computes(&dir, &file, 1);
    let or_else = kernel(
        "",
        &format!("{} || y", chain(n - 1, " || ", |_| "p[0]".into())),
    );
    let file = write(&dir, "or_else", &or_else);
    compiles_and_computes(&dir, &file, 1);
    let too_long = kernel("", &chain(10_001, " && ", |_| "x".into()));
    rejected_with(&dir, "and_too_long", &too_long, "more than 10000 levels");
    let _ = std::fs::remove_dir_all(&dir);
}
