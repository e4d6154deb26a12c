//! Deep nesting of every construct never crashes oclc (issue 19): a program nested past a
//! limit gets a located error (brackets past `-fbracket-depth`, 256 by default as in clang;
//! expressions, statements and declarators past 10 000 levels; `#include`s past 64), and a
//! program nested deeply within the limits compiles for every target. Chains of binary
//! operators and commas have a limit of their own: tests/binary_chains.rs. The programs are
//! generated here; each runs through the `oclc` binary, whose exit status must be 0 or 1
//! (a stack overflow aborts with a signal, a panic exits with 101).

mod common;

use std::path::Path;
use std::process::Output;

/// Depth of the programs the front end must accept: far past what real kernels nest,
/// within every limit. AST chains use it; bracketed constructs stay under the bracket depth.
const DEEP: usize = 2_000;
/// Depth of the chains compiled for every target. Deeper ones compile too, but some IR
/// passes take time quadratic in the nesting depth (a 2 000-deep `if` nest takes 15 s to
/// SPIR-V in a debug build), too slow for a test run.
const CODEGEN_DEEP: usize = 200;
/// Depth past every limit (a 20 000-deep chain of each construct).
const TOO_DEEP: usize = 20_000;
/// Bracketed constructs: within and past clang's default `-fbracket-depth=256`.
const BRACKETS_OK: usize = 250;
const BRACKETS_TOO_DEEP: usize = 300;

/// A kernel whose body is `body` (it reads `x` and writes `p`).
fn kernel(body: &str) -> String {
    format!("kernel void k(global int *p) {{\n    int x = p[0];\n{body}\n}}\n")
}

/// `open` n times, then `middle`, then `close` n times.
fn nest(open: &str, middle: &str, close: &str, n: usize) -> String {
    let mut s = String::with_capacity((open.len() + close.len()) * n + middle.len());
    for _ in 0..n {
        s.push_str(open);
    }
    s.push_str(middle);
    for _ in 0..n {
        s.push_str(close);
    }
    s
}

/// The constructs that nest without brackets: each gives the source nested `n` deep.
fn chain(construct: &str, n: usize) -> String {
    match construct {
        "unary_minus" => kernel(&format!("p[1] = {}x;", "- ".repeat(n))),
        "logical_not" => kernel(&format!("p[1] = {}x;", "!".repeat(n))),
        "casts" => kernel(&format!("p[1] = {}x;", "(int)".repeat(n))),
        "ternary" => kernel(&format!("p[1] = {}0;", "x == 1 ? 1 : ".repeat(n))),
        "assignment" => kernel(&format!("int a;\np[1] = {}x;", "a = ".repeat(n))),
        "if" => kernel(&format!("{}p[1] = 1;", "if (x)\n".repeat(n))),
        "else_if" => kernel(&format!(
            "if (x == 0) p[1] = 0;\n{}",
            "else if (x == 1) p[1] = 1;\n".repeat(n)
        )),
        "while" => kernel(&format!(
            "{}{{ p[1] = 1; break; }}",
            "while (x)\n".repeat(n)
        )),
        "for" => kernel(&format!(
            "{}p[1] = 1;",
            "for (int i = 0; i < x; i++)\n".repeat(n)
        )),
        "do_while" => kernel(&nest("do\n", "p[1] = 1;\n", "while (0);\n", n)),
        "pointer_declarator" => kernel(&format!("int {}q = 0;\np[1] = q == 0;", "*".repeat(n))),
        "array_declarator" => kernel(&format!("int a{};\np[1] = sizeof(a);", "[1]".repeat(n))),
        _ => unreachable!("{construct}"),
    }
}

/// Constructs whose nesting opens a bracket per level: each gives the source nested `n`
/// deep.
fn bracketed(construct: &str, n: usize) -> String {
    match construct {
        "parentheses" => kernel(&format!("p[1] = {};", nest("(", "x", ")", n))),
        "calls" => format!(
            "int f(int v) {{ return v + 1; }}\n{}",
            kernel(&format!("p[1] = {};", nest("f(", "x", ")", n)))
        ),
        "index" => kernel(&format!("p[1] = {};", nest("p[", "0", "]", n))),
        "blocks" => kernel(&nest("{\n", "p[1] = 1;\n", "}\n", n)),
        "if_braced" => kernel(&nest("if (x) {\n", "p[1] = 1;\n", "}\n", n)),
        "initializer" => kernel(&format!(
            "struct S {{ int a; }} s = {};\np[1] = s.a;",
            nest("{", "1", "}", n)
        )),
        "statement_expression" => kernel(&format!("p[1] = {};", nest("({ ", "x;", " });", n / 2))),
        "macro_arguments" => format!(
            "#define ID(v) (v)\n{}",
            kernel(&format!("p[1] = {};", nest("ID(", "x", ")", n)))
        ),
        "if_directive_parentheses" => format!(
            "#if {}\n#define V 1\n#endif\n{}",
            nest("(", "1", ")", n),
            kernel("p[1] = V;")
        ),
        _ => unreachable!("{construct}"),
    }
}

const CHAINS: &[&str] = &[
    "unary_minus",
    "logical_not",
    "casts",
    "ternary",
    "assignment",
    "if",
    "else_if",
    "while",
    "for",
    "do_while",
    "pointer_declarator",
    "array_declarator",
];

const BRACKETED: &[&str] = &[
    "parentheses",
    "calls",
    "index",
    "blocks",
    "if_braced",
    "initializer",
    "statement_expression",
    "macro_arguments",
    "if_directive_parentheses",
];

/// The ways each program is compiled.
const MODES: &[&[&str]] = &[
    &["-fsyntax-only"],
    &["-o", "k.spv"],
    &["--target", "vulkan", "-o", "k.spv"],
    &["--target", "cpu", "-o", "k.o"],
];

fn run(dir: &Path, name: &str, source: &str, args: &[&str]) -> Output {
    let file = format!("{name}.cl");
    std::fs::write(dir.join(&file), source).expect("write kernel");
    let mut all = vec![file.as_str()];
    all.extend_from_slice(args);
    common::oclc(&all, dir)
}

fn describe(name: &str, args: &[&str], out: &Output) -> String {
    format!(
        "{name} {args:?}: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
            .chars()
            .take(2000)
            .collect::<String>()
    )
}

/// The front end accepts `source`.
fn accepted(dir: &Path, name: &str, source: &str) {
    let out = run(dir, name, source, MODES[0]);
    assert!(out.status.success(), "{}", describe(name, MODES[0], &out));
}

/// Compiles `source` in every mode: each must succeed.
fn compiles(dir: &Path, name: &str, source: &str) {
    for args in MODES {
        let out = run(dir, name, source, args);
        assert!(out.status.success(), "{}", describe(name, args, &out));
    }
}

/// `source` must fail with a located error containing `message`, without crashing.
fn rejected(dir: &Path, name: &str, source: &str, message: &str) {
    for args in [&["-fsyntax-only"][..], &["-o", "k.spv"]] {
        let out = run(dir, name, source, args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{}", describe(name, args, &out));
        // Located: codespan prints `┌─ FILE:LINE:COL` under the message.
        assert!(stderr.contains("┌─ "), "{}", describe(name, args, &out));
        assert!(stderr.contains(message), "{}", describe(name, args, &out));
        assert!(
            !stderr.contains("panicked"),
            "{}",
            describe(name, args, &out)
        );
    }
}

#[test]
fn deep_chains_compile_and_deeper_ones_are_located_errors() {
    let dir = common::scratch("deep-chains");
    for construct in CHAINS {
        accepted(&dir, construct, &chain(construct, DEEP));
        compiles(&dir, construct, &chain(construct, CODEGEN_DEEP));
        rejected(
            &dir,
            construct,
            &chain(construct, TOO_DEEP),
            "nested too deeply",
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn brackets_nest_up_to_the_bracket_depth() {
    let dir = common::scratch("deep-brackets");
    for construct in BRACKETED {
        compiles(&dir, construct, &bracketed(construct, BRACKETS_OK));
        for n in [BRACKETS_TOO_DEEP, TOO_DEEP] {
            rejected(
                &dir,
                construct,
                &bracketed(construct, n),
                "bracket nesting level exceeded maximum of 256",
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bracket_depth_option_raises_the_limit() {
    let dir = common::scratch("bracket-depth-option");
    let source = bracketed("parentheses", BRACKETS_TOO_DEEP);
    let out = run(
        &dir,
        "parens",
        &source,
        &["-fsyntax-only", "-fbracket-depth=400"],
    );
    assert!(out.status.success(), "{}", describe("parens", &[], &out));
    let out = run(
        &dir,
        "parens",
        &source,
        &["-fsyntax-only", "-fbracket-depth=100"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("exceeded maximum of 100"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn preprocessor_nesting_is_bounded() {
    let dir = common::scratch("deep-preprocessor");
    // `#if` groups nest without limit (the preprocessor keeps them on a stack).
    let ifs = format!(
        "{}{}{}",
        "#if 1\n".repeat(TOO_DEEP),
        kernel("p[1] = 1;"),
        "#endif\n".repeat(TOO_DEEP)
    );
    compiles(&dir, "if_groups", &ifs);
    // Unary operators in `#if` nest at most the bracket depth.
    let unary = format!(
        "#if {}1\n#endif\n{}",
        "- ".repeat(TOO_DEEP),
        kernel("p[1] = 1;")
    );
    rejected(&dir, "if_unary", &unary, "bracket nesting level exceeded");
    // A chain of macros each using the previous one expands without recursion.
    let mut macros = String::from("#define M0 x\n");
    for i in 1..=DEEP {
        macros.push_str(&format!("#define M{i} (M{} + 1)\n", i - 1));
    }
    let body = format!("p[1] = M{BRACKETS_OK};");
    compiles(&dir, "macro_chain", &format!("{macros}{}", kernel(&body)));
    // `#include` chains: 60 files deep compile, a file including itself stops at 64.
    for i in 0..60 {
        let next = if i + 1 < 60 {
            format!("#include \"inc{}.h\"\n", i + 1)
        } else {
            "#define INCLUDED 1\n".to_string()
        };
        std::fs::write(dir.join(format!("inc{i}.h")), next).expect("write header");
    }
    compiles(
        &dir,
        "includes",
        &format!("#include \"inc0.h\"\n{}", kernel("p[1] = INCLUDED;")),
    );
    std::fs::write(dir.join("self.h"), "#include \"self.h\"\n").expect("write header");
    rejected(
        &dir,
        "include_self",
        &format!("#include \"self.h\"\n{}", kernel("p[1] = 1;")),
        "#include nested too deeply",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
