//! Every build option of the OpenCL 1.2, 2.0 and 3.0 specifications (`clBuildProgram` /
//! `clCompileProgram`), passed to oclc as a build script would, with each effect that can
//! be observed checked: predefined macros against clang-14's (`-E` of a probe), a constant's
//! type through `sizeof` (against PoCL given the same option), the `FPFastMathMode` bits
//! against clang-14 + llvm-spirv-14, kernel argument info read back by `llvm-spirv-14 -r`
//! against clang's, an `-O0` module, and the refusals the README promises.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

use common::*;

/// The build options of the specifications (OpenCL 1.2 §5.6.4, 2.0/3.0 §5.8.4) with the
/// check of each; `-D`, `-I`, `-cl-std` and `-cl-ext` have tests of their own below.
/// Checks one option's effect in a scratch folder holding `k.cl`.
type Check = fn(&Path);

const SPEC_OPTIONS: &[(&str, Check)] = &[
    ("-cl-opt-disable", check_opt_disable),
    (
        "-cl-single-precision-constant",
        check_single_precision_constant,
    ),
    ("-cl-denorms-are-zero", check_denorms_are_zero),
    (
        "-cl-fp32-correctly-rounded-divide-sqrt",
        check_correctly_rounded_divide_sqrt,
    ),
    ("-cl-mad-enable", check_mad_enable),
    ("-cl-no-signed-zeros", check_fast_math_bits),
    ("-cl-unsafe-math-optimizations", check_fast_math_bits),
    ("-cl-finite-math-only", check_fast_math_bits),
    ("-cl-fast-relaxed-math", check_fast_math_bits),
    ("-w", check_warning_options),
    ("-Werror", check_warning_options),
    ("-cl-kernel-arg-info", check_kernel_arg_info),
    ("-cl-uniform-work-group-size", check_uniform_work_group_size),
    ("-cl-no-subgroup-ifp", check_no_subgroup_ifp),
    ("-cl-strict-aliasing", check_strict_aliasing),
    ("-g", check_debug_option),
];

const KERNEL: &str = "__kernel void k(__global float *p) { p[0] = p[1] * p[2] + p[3] / p[4]; }\n";

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn clang(args: &[&str], dir: &Path) -> Output {
    Command::new("clang-14")
        .args(["-x", "cl", "-target", "spir64"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run clang-14")
}

fn ok(o: Output) -> Output {
    assert!(o.status.success(), "failed:\n{}", text(&o));
    o
}

/// The macros whose values the options decide.
const PROBED: &[&str] = &[
    "__OPTIMIZE__",
    "__NO_INLINE__",
    "__FINITE_MATH_ONLY__",
    "__FAST_MATH__",
    "__FAST_RELAXED_MATH__",
    "__OPENCL_C_VERSION__",
    "FOO",
    "cl_khr_fp64",
    "cl_khr_byte_addressable_store",
    "cl_khr_global_int32_base_atomics",
    "cl_khr_int64_base_atomics",
    "__opencl_c_fp64",
    "__opencl_c_generic_address_space",
    "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_int64",
];

/// `name -> value` (or `undefined`) of [`PROBED`] and `extra`, read from `-E` output.
fn macros(
    tool: fn(&[&str], &Path) -> Output,
    opts: &[&str],
    extra: &[&str],
) -> BTreeMap<String, String> {
    let dir = scratch(&format!(
        "macros-{}",
        opts.join("_").replace(['/', '='], "")
    ));
    let mut src = String::new();
    for m in PROBED.iter().chain(extra) {
        src.push_str(&format!(
            "#ifdef {m}\nm_{m} = {m}\n#else\nm_{m} = undefined\n#endif\n"
        ));
    }
    std::fs::write(dir.join("probe.cl"), src).unwrap();
    let mut args = vec!["-E", "probe.cl"];
    args.extend(opts);
    let out = ok(tool(&args, &dir));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.trim().strip_prefix("m_"))
        .filter_map(|l| l.split_once('='))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect()
}

fn oclc_tool(args: &[&str], dir: &Path) -> Output {
    oclc(args, dir)
}

/// oclc's macros equal clang-14's under `opts`.
fn assert_macros_match(opts: &[&str], extra: &[&str]) {
    let ours = macros(oclc_tool, opts, extra);
    let theirs = macros(clang, opts, extra);
    assert_eq!(
        ours, theirs,
        "predefined macros differ from clang-14's with {opts:?}"
    );
}

#[test]
fn every_specification_option_is_accepted_and_has_its_effect() {
    if !require_tool("clang-14") || !require_tool("spirv-dis") {
        return;
    }
    let dir = scratch("spec-options");
    std::fs::write(dir.join("k.cl"), KERNEL).unwrap();
    for (option, check) in SPEC_OPTIONS {
        // Accepted by itself; the -cl-* options also in their -- spelling.
        let long = format!("-{option}");
        let spellings = if option.starts_with("-cl-") {
            vec![*option, long.as_str()]
        } else {
            vec![*option]
        };
        for spelling in spellings {
            let out = oclc(&["k.cl", spelling, "-o", "k.spv"], &dir);
            assert!(out.status.success(), "{spelling} refused:\n{}", text(&out));
        }
        check(&dir);
    }
}

fn check_opt_disable(dir: &Path) {
    // clang-14: -cl-opt-disable drops __OPTIMIZE__ and defines __NO_INLINE__.
    assert_macros_match(&["-cl-opt-disable"], &[]);
    assert_macros_match(&[], &[]);
    // An -O0 module: no IR pass ran (no PREFIX.N-PASS.ir stage), as with -O0.
    let src = "__kernel void k(__global int *p) { int a = 2 + 3; p[0] = a * 4; }\n";
    std::fs::write(dir.join("fold.cl"), src).unwrap();
    let passes = |opts: &[&str], prefix: &str| {
        let mut args = vec!["fold.cl", "-o", "fold.spv"];
        let st = format!("-save-temps={prefix}");
        args.push(&st);
        args.extend(opts);
        ok(oclc(&args, dir));
        std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(&format!("{prefix}.")) && n.ends_with(".ir"))
            .filter(|n| n.as_bytes()[prefix.len() + 1].is_ascii_digit())
            .count()
    };
    assert!(passes(&[], "optimized") > 0, "the default ran no pass");
    assert_eq!(passes(&["-cl-opt-disable"], "disabled"), 0);
    assert_eq!(passes(&["-O0"], "o0"), 0);
}

/// `sizeof(1.0)` and whether `1.0 / 3.0` is a float quotient, as oclc's CPU code and
/// PoCL (given the same build option) compute them.
fn check_single_precision_constant(dir: &Path) {
    let src = "__kernel void k(__global int *o) {\n    o[0] = sizeof(1.0);\n    \
               o[1] = sizeof(2.5e3);\n    o[2] = sizeof(1.0f);\n}\n";
    std::fs::write(dir.join("spc.cl"), src).unwrap();
    let run = |device: &str, opts: &[&str]| {
        let mut args = vec![
            "run",
            "spc.cl",
            "--kernel",
            "k",
            "--global",
            "1",
            "--arg",
            "i32[3]=zeros",
            "--print",
            "--device",
            device,
        ];
        args.extend(opts);
        let out = ok(oclc(&args, dir));
        let s = String::from_utf8_lossy(&out.stdout).into_owned();
        s[s.rfind("): ").unwrap() + 3..].trim().to_string()
    };
    assert_eq!(run("cpu", &[]), "[8, 8, 4]");
    assert_eq!(run("cpu", &["-cl-single-precision-constant"]), "[4, 4, 4]");
    if require_opencl() {
        assert_eq!(
            run("opencl", &["-cl-single-precision-constant"]),
            "[4, 4, 4]"
        );
        assert_eq!(run("opencl", &[]), "[8, 8, 4]");
    }
}

fn spirv_dis(path: &Path) -> String {
    let out = Command::new("spirv-dis")
        .arg(path)
        .output()
        .expect("spirv-dis");
    assert!(out.status.success(), "{}", text(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn check_denorms_are_zero(dir: &Path) {
    ok(oclc(
        &["k.cl", "-cl-denorms-are-zero", "-o", "daz.spv"],
        dir,
    ));
    assert!(spirv_dis(&dir.join("daz.spv")).contains("DenormFlushToZero 32"));
    ok(oclc(&["k.cl", "-o", "nodaz.spv"], dir));
    assert!(!spirv_dis(&dir.join("nodaz.spv")).contains("DenormFlushToZero"));
}

fn check_correctly_rounded_divide_sqrt(dir: &Path) {
    // The CPU's division and sqrt are IEEE instructions; OpenCL SPIR-V leaves it to the
    // consumer; Vulkan's OpFDiv allows 2.5 ulp, so oclc refuses it there.
    let opt = "-cl-fp32-correctly-rounded-divide-sqrt";
    ok(oclc(&["k.cl", opt, "--target", "cpu", "-o", "k.o"], dir));
    let out = oclc(&["k.cl", opt, "--target", "vulkan", "-o", "v.spv"], dir);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("OpFDiv"), "{}", text(&out));
}

fn check_mad_enable(dir: &Path) {
    // Under FP_CONTRACT OFF, Vulkan code fuses a*b+c only with -cl-mad-enable.
    let src = "#pragma OPENCL FP_CONTRACT OFF\n__kernel void k(__global float *p) \
               { p[0] = p[1] * p[2] + p[3]; }\n";
    std::fs::write(dir.join("mad.cl"), src).unwrap();
    let fma = |opts: &[&str]| {
        let mut args = vec!["mad.cl", "--target", "vulkan", "-o", "mad.spv"];
        args.extend(opts);
        ok(oclc(&args, dir));
        spirv_dis(&dir.join("mad.spv")).contains("Fma")
    };
    assert!(!fma(&[]));
    assert!(fma(&["-cl-mad-enable"]));
    // -ffp-contract=fast allows it too; =off forbids it where the source allows it.
    assert!(fma(&["-ffp-contract=fast"]));
    std::fs::write(
        dir.join("mad.cl"),
        "__kernel void k(__global float *p) { p[0] = p[1] * p[2] + p[3]; }\n",
    )
    .unwrap();
    assert!(fma(&[]));
    assert!(!fma(&["-ffp-contract=off"]));
}

/// The `FPFastMathMode` bits on the module's float arithmetic.
fn fast_math_bits(spvasm: &str) -> std::collections::BTreeSet<String> {
    spvasm
        .lines()
        .filter_map(|l| l.split("FPFastMathMode ").nth(1))
        .flat_map(|f| f.split('|').map(str::trim).map(str::to_string))
        .filter(|f| f != "Fast")
        .collect()
}

fn check_fast_math_bits(dir: &Path) {
    if !require_tool("llvm-spirv-14") {
        return;
    }
    for opt in [
        "-cl-no-signed-zeros",
        "-cl-unsafe-math-optimizations",
        "-cl-finite-math-only",
        "-cl-fast-relaxed-math",
    ] {
        ok(oclc(&["k.cl", opt, "-o", "ours.spv"], dir));
        ok(clang(
            &["-O2", opt, "-c", "-emit-llvm", "k.cl", "-o", "k.bc"],
            dir,
        ));
        let spirv = Command::new("llvm-spirv-14")
            .args(["k.bc", "-o", "theirs.spv"])
            .current_dir(dir)
            .output()
            .unwrap();
        assert!(spirv.status.success(), "{}", text(&spirv));
        let ours = fast_math_bits(&spirv_dis(&dir.join("ours.spv")));
        let theirs = fast_math_bits(&spirv_dis(&dir.join("theirs.spv")));
        assert!(!ours.is_empty(), "{opt}: no FPFastMathMode");
        assert_eq!(
            ours, theirs,
            "{opt}: FPFastMathMode bits differ from clang-14's"
        );
        assert_macros_match(&[opt], &[]);
    }
}

fn check_warning_options(dir: &Path) {
    let src = "__kernel void k(__global int *p) { p[0] + 1; }\n";
    std::fs::write(dir.join("warn.cl"), src).unwrap();
    let out = ok(oclc(&["warn.cl", "-o", "w.spv"], dir));
    assert!(text(&out).contains("[-Wunused-value]"), "{}", text(&out));
    let out = ok(oclc(&["warn.cl", "-w", "-o", "w.spv"], dir));
    assert!(!text(&out).contains("warning"), "{}", text(&out));
    let out = oclc(&["warn.cl", "-Werror", "-o", "w.spv"], dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out).contains("[-Werror,-Wunused-value]"),
        "{}",
        text(&out)
    );
}

/// The kernel-argument metadata `llvm-spirv-14 -r` reads back from a module: each
/// `!kernel_arg_*` list, with type qualifiers as word sets (llvm-spirv repeats `restrict`).
fn arg_info_read_back(spv: &Path, dir: &Path) -> BTreeMap<String, Vec<String>> {
    let back = Command::new("llvm-spirv-14")
        .args(["-r", "--spirv-gen-kernel-arg-name-md"])
        .arg(spv)
        .args(["-o", "back.bc"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(back.status.success(), "{}", text(&back));
    let dis = Command::new("llvm-dis-14")
        .args(["back.bc", "-o", "-"])
        .current_dir(dir)
        .output()
        .unwrap();
    let ll = String::from_utf8_lossy(&dis.stdout).into_owned();
    let define = ll
        .lines()
        .find(|l| l.starts_with("define"))
        .expect("a kernel");
    let mut out = BTreeMap::new();
    for part in define.split(" !kernel_arg_").skip(1) {
        let (kind, id) = part.split_once(' ').unwrap();
        let id = id.trim_end_matches(" {");
        let node = ll
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{id} = !{{")))
            .unwrap_or_else(|| panic!("metadata {id}"));
        let items: Vec<String> = node
            .trim_end_matches('}')
            .split(", ")
            .map(|v| {
                let mut words: Vec<&str> = v.trim_matches(['!', '"']).split_whitespace().collect();
                words.sort();
                words.dedup();
                words.join(" ")
            })
            .collect();
        out.insert(kind.to_string(), items);
    }
    out
}

fn check_kernel_arg_info(dir: &Path) {
    if !require_tool("llvm-spirv-14") {
        return;
    }
    // volatile is left out: oclc's types do not carry it (the read-back type_qual would
    // lack it).
    let src = "__kernel void args(__global const float * restrict in, __global int *out,\n\
               __local float *tmp, read_only image2d_t img, sampler_t s, int n,\n\
               __constant float4 *c, write_only image2d_t dst) { out[0] = n; }\n";
    std::fs::write(dir.join("args.cl"), src).unwrap();
    ok(oclc(
        &["args.cl", "-cl-kernel-arg-info", "-o", "ours.spv"],
        dir,
    ));
    ok(clang(
        &[
            "-cl-kernel-arg-info",
            "-c",
            "-emit-llvm",
            "args.cl",
            "-o",
            "args.bc",
        ],
        dir,
    ));
    let spirv = Command::new("llvm-spirv-14")
        .args(["args.bc", "-o", "theirs.spv"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(spirv.status.success(), "{}", text(&spirv));
    let ours = arg_info_read_back(&dir.join("ours.spv"), dir);
    let theirs = arg_info_read_back(&dir.join("theirs.spv"), dir);
    assert_eq!(
        ours["name"],
        ["in", "out", "tmp", "img", "s", "n", "c", "dst"]
    );
    assert_eq!(
        ours, theirs,
        "argument info read back differs from clang-14's"
    );
    // The Vulkan reflection lists the qualifiers with the option only.
    let refl = |opts: &[&str]| {
        let mut args = vec![
            "k.cl",
            "--target",
            "vulkan",
            "--emit",
            "reflection",
            "-o",
            "k.json",
        ];
        args.extend(opts);
        ok(oclc(&args, dir));
        std::fs::read_to_string(dir.join("k.json")).unwrap()
    };
    assert!(!refl(&[]).contains("address_qualifier"));
    std::fs::write(
        dir.join("k.cl"),
        "__kernel void k(__global const float * restrict a, __constant int *b, \
         __local float *l, int n, read_only image2d_t img) { }\n",
    )
    .unwrap();
    let json = refl(&["-cl-kernel-arg-info"]);
    for expected in [
        r#""address_qualifier":"global","access_qualifier":"none","type_qualifier":"const restrict","type_name":"float*""#,
        r#""address_qualifier":"constant","access_qualifier":"none","type_qualifier":"const","type_name":"int*""#,
        r#""address_qualifier":"local","access_qualifier":"none","type_qualifier":"","type_name":"float*""#,
        r#""address_qualifier":"private","access_qualifier":"none","type_qualifier":"","type_name":"int""#,
        r#""address_qualifier":"global","access_qualifier":"read_only","type_qualifier":"","type_name":"image2d_t""#,
    ] {
        assert!(json.contains(expected), "{expected} not in {json}");
    }
    std::fs::write(dir.join("k.cl"), KERNEL).unwrap();
}

fn check_uniform_work_group_size(dir: &Path) {
    let src = "__kernel void k(__global int *o) { o[get_global_id(0)] = 1; }\n";
    std::fs::write(dir.join("u.cl"), src).unwrap();
    let run = |global: &str, opts: &[&str]| {
        let mut args = vec![
            "run",
            "u.cl",
            "--kernel",
            "k",
            "--global",
            global,
            "--local",
            "4",
            "--arg",
            "i32[12]=zeros",
        ];
        args.extend(opts);
        oclc(&args, dir)
    };
    ok(run("12", &["-cl-uniform-work-group-size"]));
    let out = run("10", &["-cl-uniform-work-group-size"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains(
            "-cl-uniform-work-group-size: the global size 10 is not a multiple of the local size 4"
        ),
        "{}",
        text(&out)
    );
}

fn check_no_subgroup_ifp(dir: &Path) {
    ok(oclc(&["k.cl", "-o", "plain.spv"], dir));
    ok(oclc(&["k.cl", "-cl-no-subgroup-ifp", "-o", "ifp.spv"], dir));
    assert_eq!(
        std::fs::read(dir.join("plain.spv")).unwrap(),
        std::fs::read(dir.join("ifp.spv")).unwrap()
    );
}

fn check_strict_aliasing(dir: &Path) {
    // clang-14 warns that only OpenCL C 1.0 has it; so does oclc, in the same words.
    for std in ["CL1.0", "CL1.2", "CL2.0"] {
        let cl_std = format!("-cl-std={std}");
        let ours = ok(oclc(
            &["k.cl", &cl_std, "-cl-strict-aliasing", "-o", "sa.spv"],
            dir,
        ));
        let theirs = ok(clang(
            &[&cl_std, "-cl-strict-aliasing", "-fsyntax-only", "k.cl"],
            dir,
        ));
        let warning = |o: &Output| {
            text(o)
                .lines()
                .find(|l| l.contains("-cl-strict-aliasing"))
                .map(|l| l[l.find("OpenCL").unwrap()..].to_string())
        };
        assert_eq!(warning(&ours), warning(&theirs), "{std}");
    }
}

fn check_debug_option(dir: &Path) {
    // Debug information in the module (tests/spirv_debug.rs and tests/cpu_object_debug.rs
    // check what it says), without a warning.
    let out = ok(oclc(&["k.cl", "-g", "-o", "g.spv"], dir));
    assert!(!text(&out).contains("warning"), "{}", text(&out));
    let words = std::fs::read(dir.join("g.spv")).unwrap();
    let import = b"OpenCL.DebugInfo.100";
    assert!(words.windows(import.len()).any(|w| w == import));
}

#[test]
fn defines_includes_and_versions_match_clang() {
    if !require_tool("clang-14") {
        return;
    }
    assert_macros_match(&["-DFOO=42"], &[]);
    assert_macros_match(&["-DFOO"], &[]);
    assert_macros_match(&["-DFOO=1", "-UFOO"], &[]);
    for std in ["CL", "CL1.0", "CL1.1", "CL1.2", "cl1.2", "CL2.0", "CL3.0"] {
        assert_macros_match(&[&format!("-cl-std={std}")], &[]);
    }
    // Values clang-14 refuses, oclc refuses (usage error).
    let dir = scratch("bad-std");
    std::fs::write(dir.join("k.cl"), KERNEL).unwrap();
    for bad in ["CL2.1", "Cl1.2", "1.2", "clc++"] {
        let arg = format!("-cl-std={bad}");
        assert_eq!(oclc(&["k.cl", &arg], &dir).status.code(), Some(2), "{bad}");
        assert!(
            !clang(&[&arg, "-fsyntax-only", "k.cl"], &dir)
                .status
                .success()
                || bad == "clc++"
        );
    }
    // -I: the include is found in the directory, as clang finds it.
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/v.h"), "#define FOO 7\n").unwrap();
    std::fs::write(dir.join("i.cl"), "#include \"v.h\"\nm = FOO\n").unwrap();
    let ours = ok(oclc(&["-E", "i.cl", "-Iinc"], &dir));
    let theirs = ok(clang(&["-E", "i.cl", "-Iinc"], &dir));
    let line = |o: &Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .find(|l| l.starts_with("m ="))
            .map(str::to_string)
    };
    assert_eq!(line(&ours), Some("m = 7".to_string()));
    assert_eq!(line(&ours), line(&theirs));
}

#[test]
fn cl_ext_edits_match_clang() {
    if !require_tool("clang-14") {
        return;
    }
    for (std, ext) in [
        ("CL1.2", "-all"),
        ("CL1.2", "-cl_khr_fp64"),
        ("CL1.2", "-all,+cl_khr_fp64"),
        ("CL1.2", "cl_khr_int64_base_atomics"),
        ("CL2.0", "-all"),
        ("CL3.0", "-all"),
        ("CL3.0", "-cl_khr_fp64,-__opencl_c_fp64"),
    ] {
        let s = format!("-cl-std={std}");
        let e = format!("-cl-ext={ext}");
        assert_macros_match(&[&s, "-Xclang", &e], &[]);
    }
    // cl_khr_fp16 is implemented but announced only when asked for.
    let on = macros(
        oclc_tool,
        &["-Xclang", "-cl-ext=+cl_khr_fp16"],
        &["cl_khr_fp16"],
    );
    assert_eq!(on["cl_khr_fp16"], "1");
    // Without cl_khr_fp64, double is an error with clang's message; a double constant
    // becomes float with clang's warning.
    let dir = scratch("no-fp64");
    std::fs::write(
        dir.join("d.cl"),
        "__kernel void k(__global float *p) { double x = p[0]; p[0] = x * 2.0; }\n",
    )
    .unwrap();
    let ours = oclc(&["d.cl", "-cl-ext=-cl_khr_fp64", "-fsyntax-only"], &dir);
    let theirs = clang(
        &["-Xclang", "-cl-ext=-cl_khr_fp64", "-fsyntax-only", "d.cl"],
        &dir,
    );
    assert_eq!(ours.status.code(), Some(1));
    assert!(!theirs.status.success());
    for message in [
        "use of type 'double' requires cl_khr_fp64 support",
        "double precision constant requires cl_khr_fp64, casting to single precision",
    ] {
        assert!(text(&theirs).contains(message), "clang: {}", text(&theirs));
        assert!(text(&ours).contains(message), "oclc: {}", text(&ours));
    }
    // OpenCL C 3.0 wants cl_khr_fp64 and __opencl_c_fp64 to agree, as clang-14 does.
    let out = oclc(&["d.cl", "-cl-std=CL3.0", "-cl-ext=-cl_khr_fp64"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("cl_khr_fp64 and __opencl_c_fp64 are set to different values"));
    // An extension oclc does not implement is refused by name.
    let out = oclc(&["d.cl", "-cl-ext=+cl_intel_subgroups"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("does not implement 'cl_intel_subgroups'"));
}
