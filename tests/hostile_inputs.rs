//! Inputs built to break a compiler (issue 19): huge array sizes, constant folding that
//! overflows or divides by zero, exponential macro expansion, constructs left open at the
//! end of the file, NUL bytes, bytes that are not UTF-8 inside comments and literals. For
//! each, oclc must accept what clang-14 accepts and reject (with a located error) what it
//! rejects; clang-14 confirms every verdict here when it is installed (except the macro
//! explosions, which it does not finish). Compiling to SPIR-V must never crash either
//! (some accepted files use what the code generators do not support yet: a located error
//! is fine there).

mod common;

use std::process::Command;

/// What oclc -fsyntax-only must do with a case.
#[derive(Clone, Copy)]
enum Verdict {
    /// Accept it (clang-14 accepts it).
    Accept,
    /// Reject it with an error containing this text (clang-14 rejects it).
    Reject(&'static str),
    /// Reject it with this error; clang-14 does not finish (exponential expansion).
    RejectUnconfirmed(&'static str),
}
use Verdict::*;

fn kernel(body: &str) -> String {
    format!("kernel void k(global int *p) {{ {body} }}\n")
}

/// `#define A0 x x` and `A{i}` = two copies of `A{i-1}`: `A39` is 2^40 tokens.
fn doubling_macros() -> String {
    let mut s = String::from("#define A0 x x\n");
    for i in 1..40 {
        s.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    s + &kernel("int x = 0; A39;")
}

fn cases() -> Vec<(&'static str, Vec<u8>, Verdict)> {
    let k = |body: &str| kernel(body).into_bytes();
    vec![
        // Huge array sizes.
        ("array_1e9_ints", k("int a[1000000000]; a[0] = 1; p[0] = a[0];"), Accept),
        ("array_4g_chars", k("char a[4294967296]; a[0] = 1; p[0] = a[0];"), Accept),
        ("array_2_61_chars", k("char a[1L << 61]; p[0] = 1;"), Reject("array is too large")),
        ("array_2_63_ints", k("int a[0x7fffffffffffffff]; p[0] = 1;"), Reject("array is too large")),
        ("array_size_wraps", k("int a[2147483647 * 2]; p[0] = 1;"), Reject("array size")),
        ("array_negative", k("int a[-1]; p[0] = 1;"), Reject("array size")),
        (
            "constant_array_1e8",
            b"constant int c[100000000] = {1};\nkernel void k(global int *p) { p[0] = c[5]; }\n"
                .to_vec(),
            Accept,
        ),
        (
            "struct_of_huge_arrays",
            b"struct S { int a[1000000000]; int b[1000000000]; };\nkernel void k(global int *p) { p[0] = sizeof(struct S) > 0; }\n"
                .to_vec(),
            Accept,
        ),
        // Constant folding at the edges (clang warns at most).
        ("fold_int_overflow", k("p[0] = 2147483647 + 1;"), Accept),
        ("fold_mul_overflow", k("p[0] = 65536 * 65536;"), Accept),
        ("fold_div_zero", k("p[0] = 1 / 0 + 1 % 0;"), Accept),
        ("fold_int_min_div", k("p[0] = (-2147483647 - 1) / -1;"), Accept),
        ("fold_long_min_div", k("p[0] = (int)((-9223372036854775807L - 1) / -1L);"), Accept),
        ("fold_shifts", k("p[0] = (1 << 100) + (1 >> -3);"), Accept),
        ("fold_vector_div_zero", k("int4 v = (int4)(1) / (int4)(0); p[0] = v.x;"), Accept),
        ("fold_case_overflow", k("switch (p[0]) { case 2147483647 + 1: p[1] = 1; }"), Accept),
        (
            "fold_enum_overflow",
            b"enum E { A = 2147483647 * 3 };\nkernel void k(global int *p) { p[0] = A; }\n".to_vec(),
            Accept,
        ),
        (
            "fold_pp_overflow",
            b"#if 9223372036854775807 + 1 < 0 && (-9223372036854775807 - 1) / -1\n#endif\nkernel void k(global int *p) { p[0] = 1; }\n"
                .to_vec(),
            Accept,
        ),
        (
            "fold_pp_div_zero",
            b"#if 1 / 0\n#endif\nkernel void k(global int *p) { p[0] = 1; }\n".to_vec(),
            Reject("division by zero in preprocessor expression"),
        ),
        // Macro expansion that grows without end.
        ("macro_doubling", doubling_macros().into_bytes(), RejectUnconfirmed("macro expansion is too large")),
        (
            "macro_doubling_arguments",
            format!("#define F(x) x x\n{}", kernel(&format!("int x = 0; {}x{};", "F(".repeat(40), ")".repeat(40)))).into_bytes(),
            RejectUnconfirmed("macro expansion is too large"),
        ),
        (
            "macro_self_reference",
            b"#define A A\n#define B C\n#define C B\nkernel void k(global int *p) { int A = 1, B = 2; p[0] = A + B; }\n"
                .to_vec(),
            Accept,
        ),
        // Constructs left open at the end of the file.
        ("open_comment", (kernel("p[0] = 1;") + "/* never closed").into_bytes(), Reject("unterminated /* comment")),
        ("open_string", (kernel("p[0] = 1;") + "constant char *s = \"abc").into_bytes(), Reject("missing terminating")),
        ("open_char", (kernel("p[0] = 1;") + "int c = 'a").into_bytes(), Reject("missing terminating")),
        ("open_if", ("#if 1\n".to_string() + &kernel("p[0] = 1;")).into_bytes(), Reject("unterminated conditional directive")),
        ("open_else", ("#ifdef X\n#else\n".to_string() + &kernel("p[0] = 1;")).into_bytes(), Reject("unterminated conditional directive")),
        ("open_macro_call", ("#define F(x) x\n".to_string() + &kernel("p[0] = 1;") + "int y = F(1, ").into_bytes(), Reject("unterminated function-like macro invocation")),
        ("open_macro_params", (kernel("p[0] = 1;") + "#define F(x").into_bytes(), Reject("macro parameter list")),
        ("open_brace", b"kernel void k(global int *p) { p[0] = 1; ".to_vec(), Reject("end of input")),
        ("open_paren", b"kernel void k(global int *p) { p[0] = (1; }".to_vec(), Reject("expected")),
        ("open_struct", b"struct S { int a; ".to_vec(), Reject("end of input")),
        ("open_enum", b"enum E { A, B".to_vec(), Reject("end of input")),
        ("open_initializer", b"constant int c[] = { 1, 2".to_vec(), Reject("end of input")),
        ("open_parameters", b"kernel void k(global int *p".to_vec(), Reject("end of input")),
        ("open_attribute", b"__attribute__((".to_vec(), Reject("end of input")),
        ("open_statement_expression", b"kernel void k(global int *p) { p[0] = ({ 1; ".to_vec(), Reject("end of input")),
        ("open_include", b"#include \"".to_vec(), Reject("FILENAME")),
        ("open_include_angle", b"#include <abc".to_vec(), Reject("expected '>'")),
        ("line_splice_at_end", (kernel("p[0] = 1;") + "#define X 1 \\").into_bytes(), Accept),
        ("pragma_at_end", (kernel("p[0] = 1;") + "#pragma").into_bytes(), Accept),
        ("lone_hash", b"#".to_vec(), Accept),
        ("empty", Vec::new(), Accept),
        // NUL bytes: ignored in code (with a warning), kept in literals and comments.
        ("nul_in_code", b"kernel void k(global int *p) { p[0] = 1;\0 }\n".to_vec(), Accept),
        ("nul_in_comments", b"kernel void k(global int *p) { /* a\0b */ p[0] = 1; // \0\n }\n".to_vec(), Accept),
        ("nul_in_char", b"kernel void k(global int *p) { p[0] = '\0'; }\n".to_vec(), Accept),
        ("nul_in_string", b"kernel void k(global int *p) { p[0] = sizeof(\"a\0b\"); }\n".to_vec(), Accept),
        // Bytes that are not UTF-8: accepted in comments and literals, rejected in code.
        ("bytes_in_comments", b"kernel void k(global int *p) { /* \xff\xfe\xc3 */ p[0] = 1; // \x80\x81\n }\n".to_vec(), Accept),
        ("bytes_in_string", b"kernel void k(global int *p) { p[0] = sizeof(\"\xe9t\xe9\"); }\n".to_vec(), Accept),
        ("bytes_in_char", b"kernel void k(global int *p) { p[0] = '\xe9'; }\n".to_vec(), Accept),
        ("bytes_in_macro_string", b"#define S \"\xe9\"\nkernel void k(global int *p) { p[0] = sizeof(S); }\n".to_vec(), Accept),
        ("bytes_in_skipped_group", b"#if 0\n\xff\xfe \"open\n#endif\nkernel void k(global int *p) { p[0] = 1; }\n".to_vec(), Accept),
        ("bytes_in_code", b"kernel void k(global int *p) { p[0] = 1; \xff }\n".to_vec(), Reject("not valid UTF-8")),
        ("bytes_in_identifier", b"kernel void k(global int *p) { int a\xe9 = 1; p[0] = 1; }\n".to_vec(), Reject("not valid UTF-8")),
        ("utf8_identifier", "kernel void k(global int *p) { int aé = 1; p[0] = aé; }\n".as_bytes().to_vec(), Accept),
        ("utf8_byte_order_mark", b"\xef\xbb\xbfkernel void k(global int *p) { p[0] = 1; }\n".to_vec(), Accept),
    ]
}

fn clang_accepts(path: &std::path::Path) -> bool {
    Command::new("clang-14")
        .args([
            "-x",
            "cl",
            "-cl-std=CL1.2",
            "-target",
            "spir64",
            "-Xclang",
            "-finclude-default-header",
            "-fsyntax-only",
        ])
        .arg(path)
        .output()
        .expect("run clang-14")
        .status
        .success()
}

#[test]
fn hostile_inputs_get_clangs_verdict_and_never_crash() {
    let dir = common::scratch("hostile");
    let with_clang = common::require_tool("clang-14");
    let failures: Vec<String> =
        common::parallel::each_in_parallel(&cases(), |(name, bytes, verdict)| {
            let mut failures = Vec::new();
            let verdict = *verdict;
            let file = format!("{name}.cl");
            let path = dir.join(&file);
            std::fs::write(&path, bytes).expect("write case");
            let out = common::oclc(&[&file, "-fsyntax-only"], &dir);
            let stderr = String::from_utf8_lossy(&out.stderr);
            let code = out.status.code();
            let ok = match verdict {
                Accept => code == Some(0),
                Reject(msg) | RejectUnconfirmed(msg) => {
                    code == Some(1) && stderr.contains(msg) && stderr.contains("┌─ ")
                }
            };
            if !ok {
                failures.push(format!("{name}: {:?}\n{stderr}", out.status));
            }
            if with_clang && !matches!(verdict, RejectUnconfirmed(_)) {
                let expected = matches!(verdict, Accept);
                if clang_accepts(&path) != expected {
                    failures.push(format!(
                        "{name}: clang-14 disagrees with the expected verdict"
                    ));
                }
            }
            // Code generation: a result or a located error, never a crash.
            let spv = format!("{name}.spv");
            let out = common::oclc(&[&file, "-o", &spv], &dir);
            let stderr = String::from_utf8_lossy(&out.stderr);
            if !matches!(out.status.code(), Some(0 | 1)) || stderr.contains("panicked") {
                failures.push(format!("{name} (SPIR-V): {:?}\n{stderr}", out.status));
            }
            failures
        })
        .concat();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
