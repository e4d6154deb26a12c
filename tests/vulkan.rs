//! `oclc FILE --target vulkan`: every kernel file (samples/ and tests/run/) not marked
//! `// VULKAN-UNSUPPORTED:` compiles to a module that `spirv-val --target-env vulkan1.2`
//! accepts, with a reflection JSON naming each kernel; marked files fail with a clear
//! "not supported on Vulkan" error. (Running the modules on a Vulkan device and comparing
//! with PoCL is done by tests/run_reference.rs.)

mod common;

use std::process::Command;

use common::*;

fn marked_unsupported(text: &str) -> bool {
    text.lines()
        .any(|l| l.trim().starts_with("// VULKAN-UNSUPPORTED:"))
}

#[test]
fn kernel_files_validate_for_vulkan() {
    if !require_tool("spirv-val") {
        return;
    }
    let mut files = cl_files(&root().join("samples"));
    files.extend(cl_files(&root().join("tests/run")));
    let mut checked = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = scratch(&format!("vk-{stem}"));
        let spv = dir.join(format!("{stem}.spv"));
        let (file_s, spv_s) = (file.to_string_lossy(), spv.to_string_lossy());
        // The language version the file's RUN lines ask for (-cl-std=CL2.0 ...).
        let cl_std = run_lines(&file)
            .into_iter()
            .flatten()
            .find(|a| a.starts_with("-cl-std="))
            .unwrap_or_else(|| "-cl-std=CL1.2".to_string());
        let out = oclc(
            &[
                &file_s, &cl_std, "--target", "vulkan", "--emit", "both", "-o", &spv_s,
            ],
            &root(),
        );
        let err = String::from_utf8_lossy(&out.stderr);
        if marked_unsupported(&text) {
            assert!(
                !out.status.success()
                    && (err.contains("not supported") || err.contains("unsupported")),
                "{stem}: marked VULKAN-UNSUPPORTED but compiling gave: {err}"
            );
            continue;
        }
        if !out.status.success() && text.contains("CPU-UNSUPPORTED") {
            // Constructs still missing in other stages are tested where they live.
            continue;
        }
        assert!(
            out.status.success(),
            "{stem}: oclc --target vulkan failed: {err}"
        );
        let val = Command::new("spirv-val")
            .args(["--target-env", "vulkan1.2"])
            .arg(&spv)
            .output()
            .unwrap();
        assert!(
            val.status.success(),
            "{stem}: spirv-val --target-env vulkan1.2 rejected the module: {}",
            String::from_utf8_lossy(&val.stderr)
        );
        let json = std::fs::read_to_string(spv.with_extension("json")).unwrap();
        assert!(
            json.starts_with("{\"kernels\":["),
            "{stem}: reflection: {json}"
        );
        for line in text.lines().filter(|l| l.starts_with("// RUN:")) {
            let kernel = line
                .split_whitespace()
                .skip_while(|w| *w != "--kernel")
                .nth(1);
            if let Some(k) = kernel {
                assert!(
                    json.contains(&format!("\"entry_point\":\"{k}\"")),
                    "{stem}: kernel {k} missing from the reflection: {json}"
                );
            }
        }
        checked += 1;
    }
    assert!(
        checked >= 4,
        "expected Vulkan-compilable kernel files, found {checked}"
    );
}

#[test]
fn reflection_describes_the_argument_block() {
    let text = reflection_of("samples/reduce.cl");
    // Launch parameters first (global offset, work dim, global size), then the buffers at
    // 8-byte aligned offsets from 32; the __local argument is spec constant 3.
    assert!(
        text.contains("\"launch\":{\"global_offset\":0,\"work_dim\":12,\"global_size\":16}"),
        "{text}"
    );
    assert!(text.contains("\"kind\":\"buffer\""), "{text}");
    assert!(text.contains("\"offset\":32"), "{text}");
    assert!(text.contains("\"kind\":\"local\""), "{text}");
    assert!(text.contains("\"local_spec_id\":3"), "{text}");
    assert!(
        text.contains("\"workgroup_size_spec_ids\":[0,1,2]"),
        "{text}"
    );
}

/// The `--emit reflection` JSON of a kernel file (path relative to the workspace root).
fn reflection_of(file: &str) -> String {
    let file = root().join(file);
    let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
    vulkan_reflection(&file, &[], &scratch(&format!("vk-reflection-{stem}")))
}

/// The JSON value of `"key":` in `text` (up to the next `,` or `}`).
fn json_field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let at = text.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = &text[at..];
    Some(&rest[..rest.find([',', '}'])?])
}

#[test]
fn program_constants_go_at_the_end_of_the_argument_block() {
    let text = reflection_of("tests/run/program_constants.cl");
    for kernel in text.split("{\"entry_point\"").skip(1) {
        let size: u32 = json_field(kernel, "block_size").unwrap().parse().unwrap();
        let at: u32 = json_field(kernel, "constant_data_offset")
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("no constant_data_offset: {kernel}"));
        assert_eq!(at, size - 8, "{kernel}");
    }
    // A module without program-scope constants has none.
    let text = reflection_of("samples/reduce.cl");
    assert!(text.contains("\"constant_data_offset\":null"), "{text}");
}

#[test]
fn vulkan_only_errors_name_the_construct() {
    let dir = scratch("vk-errors");
    let cases = [
        (
            "int twice(int x) { return 2 * x; }\n",
            "a Vulkan module needs at least one entry point",
        ),
        (
            "__kernel void k(__global int *o) { int x = o[0]; printf(\"%p\\n\", &x); }\n",
            "cannot be printed on Vulkan",
        ),
        (
            "typedef union { float f; uchar b[4]; } w;\n__kernel void k(__global float *o) {\n  w x; x.f = o[0];\n  uchar *p = x.b;\n  p++;\n  o[1] = *p;\n}\n",
            "reinterpreted through a pointer cast",
        ),
        (
            "__kernel void k(__global float *o) {\n  __local float l[1];\n  o[0] = atomic_xchg(&l[0], 1.0f);\n}\n",
            "atomic xchg on a local float on Vulkan",
        ),
        (
            "__kernel void k(__global int *o) {\n  int a[2] = {1, 2}, b[2] = {3, 4};\n  int *p = a;\n  if (o[0]) p = b;\n  o[1] = *p;\n}\n",
            "the private pointer variable `p` points into both `a` and `b`",
        ),
        (
            "__kernel void k(__global int *o) {\n  int a[2] = {1, 2};\n  int *p = a;\n  int **pp = &p;\n  (*pp)++;\n  o[0] = *p;\n}\n",
            "the address of the private pointer variable `p` is taken",
        ),
        (
            "__kernel void k(__global int *o) {\n  int a[2] = {1, 2};\n  int *ps[2] = {a, a + 1};\n  o[0] = *ps[o[1] & 1];\n}\n",
            "the variable `ps` holds private pointers in an array or struct",
        ),
    ];
    for (i, (source, expected)) in cases.iter().enumerate() {
        let file = dir.join(format!("case{i}.cl"));
        std::fs::write(&file, source).unwrap();
        let spv = dir.join(format!("case{i}.spv"));
        let (file_s, spv_s) = (file.to_string_lossy(), spv.to_string_lossy());
        let out = oclc(&[&file_s, "--target", "vulkan", "-o", &spv_s], &root());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains(expected),
            "case {i}: expected an error naming `{expected}`, got: {err}"
        );
    }
}

/// The Vulkan disassembly (raw ids) of `file`, compiled with `options`.
fn vulkan_disassembly(file: &std::path::Path, options: &[&str], dir: &std::path::Path) -> String {
    let spv = dir.join("k.spv");
    let (file_s, spv_s) = (file.to_string_lossy(), spv.to_string_lossy());
    let mut args = vec![&*file_s, "--target", "vulkan", "-o", &*spv_s];
    args.extend(options);
    let out = oclc(&args, &root());
    assert!(
        out.status.success(),
        "{}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let dis = Command::new("spirv-dis")
        .args(["--no-header", "--raw-id", &*spv_s])
        .output()
        .unwrap();
    assert!(
        dis.status.success(),
        "spirv-dis failed on {}",
        file.display()
    );
    String::from_utf8_lossy(&dis.stdout).into_owned()
}

/// The `OpPtrAccessChain`s on physical storage buffer pointers whose element index is a
/// negative 64-bit constant, as disassembly lines.
fn negative_physical_chains(dis: &str) -> Vec<String> {
    let words = |l: &str| l.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let (mut int64, mut physical, mut negative) = (vec![], vec![], vec![]);
    for w in dis.lines().map(words) {
        match w.as_slice() {
            [id, _, op, width, _] if op == "OpTypeInt" && width == "64" => int64.push(id.clone()),
            [id, _, op, class, _] if op == "OpTypePointer" && class == "PhysicalStorageBuffer" => {
                physical.push(id.clone())
            }
            [id, _, op, ty, value]
                if op == "OpConstant"
                    && int64.contains(ty)
                    && value.parse::<u64>().is_ok_and(|v| v >= 1 << 63) =>
            {
                negative.push(id.clone())
            }
            _ => {}
        }
    }
    dis.lines()
        .filter(|l| {
            let w = words(l);
            w.len() >= 6
                && w[2] == "OpPtrAccessChain"
                && physical.contains(&w[3])
                && negative.contains(&w[5])
        })
        .map(str::to_string)
        .collect()
}

/// NVIDIA's Vulkan driver (580, H100) reads 0 through an `OpPtrAccessChain` with a negative
/// index on a physical pointer, and lavapipe does not, so the run tests cannot see a
/// regression: `__global`/`__constant` offsets that may be negative must be integer address
/// arithmetic, and non-negative ones stay access chains.
#[test]
fn negative_global_offsets_are_address_arithmetic() {
    if !require_tool("spirv-dis") {
        return;
    }
    let dir = scratch("vk-neg-offsets");
    let mut files: Vec<_> = cl_files(&root().join("tests/run"))
        .into_iter()
        .filter(|f| {
            f.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("ptr_neg_")
        })
        .collect();
    files.push(root().join("tests/run/diff_pointer_to_pointer.cl"));
    assert!(files.len() >= 5, "the ptr_neg_* run files are missing");
    for file in &files {
        let dis = vulkan_disassembly(file, &[], &dir);
        let bad = negative_physical_chains(&dis);
        assert!(bad.is_empty(), "{}: {bad:#?}", file.display());
        assert!(dis.contains("OpConvertPtrToU"), "{}", file.display());
    }
    // One kernel with both kinds: a[i], a[i + 1], a[u] (uint u) stay access chains, and so
    // does a[j] (j counting down): `a` is a kernel argument, the start of its buffer, so
    // indexes off it are non-negative (the loop stays a loop); p[-1], *(p - 2) and p[m] (int m) off the derived
    // pointer p become address arithmetic.
    let file = dir.join("both.cl");
    std::fs::write(
        &file,
        "__kernel void k(__global const int *a, __global int *out, int m, uint u) {\n\
         size_t i = get_global_id(0);\n\
         __global const int *p = a + 8;\n\
         int s = a[i] + a[i + 1] + a[u] + p[-1] + *(p - 2) + p[m];\n\
         #pragma nounroll\n\
         for (int j = 3; j >= 0; j--) s += a[j];\n\
         out[i] = s;\n}\n",
    )
    .unwrap();
    let dis = vulkan_disassembly(&file, &[], &dir);
    let count = |op: &str| dis.lines().filter(|l| l.contains(op)).count();
    // Access chains: a[i], a[i + 1], a[u], a[j], a + 8, out[i]; address arithmetic: the
    // other three.
    assert_eq!(count("OpPtrAccessChain"), 6, "{dis}");
    assert_eq!(count("OpConvertPtrToU"), 3, "{dis}");
    // A sum of a part that may be negative (row * n, int n) and a non-negative one (k, col)
    // off a derived pointer: address arithmetic for the first, then an access chain for
    // the second; off the argument itself, one access chain.
    std::fs::write(
        &file,
        "__kernel void k(__global const float *a, __global float *c, int n) {\n\
         int row = get_global_id(1), col = get_global_id(0);\n\
         __global const float *b = a + 1;\n\
         float s = 0.0f;\n\
         for (int k = 0; k < n; k++) s += b[row * n + k];\n\
         c[row * n + col] = s;\n}\n",
    )
    .unwrap();
    let dis = vulkan_disassembly(&file, &[], &dir);
    let count = |op: &str| dis.lines().filter(|l| l.contains(op)).count();
    // b = a + 1 and b[...]'s k: chains; c[row * n + col]: one chain; b's row * n: arithmetic.
    assert_eq!(count("OpConvertPtrToU"), 1, "{dis}");
    assert_eq!(count("OpPtrAccessChain"), 3, "{dis}");
}

/// Vulkan refusals name the source variable or expression (`p`, `o[...]`, a `?:`), not an
/// IR value number.
#[test]
fn vulkan_refusals_name_the_source_value() {
    let dir = scratch("vk-refusal-names");
    let cases: [(&str, &str, &str, &str); 7] = [
        (
            "__kernel void k(__global int *o) {\n  int a[2] = {1, 2}, b[2] = {3, 4};\n  o[1] = *(o[0] ? a : b);\n}\n",
            "-cl-std=CL1.2",
            "the private pointer chosen by a `?:` points into both `a` and `b`",
            "3:23",
        ),
        (
            "__kernel void k(__global int *o) {\n  int *p = (int *)(size_t)o[0];\n  o[1] = *p;\n}\n",
            "-cl-std=CL1.2",
            "converting the integer `o[...]` to a private pointer",
            "2:12",
        ),
        (
            "__kernel void k(__global int *o) {\n  __local int l[4];\n  __local int *p = l + o[0];\n  o[1] = (int)((size_t)p & 3);\n}\n",
            "-cl-std=CL1.2",
            "converting the local pointer `p` to an integer",
            "4:16",
        ),
        (
            "kernel void k(global int *o) {\n  local int l[4];\n  int *g = o;\n  local int *lp = (local int *)g;\n  *lp = 1;\n  o[1] = l[0];\n}\n",
            "-cl-std=CL2.0",
            "casting the generic pointer `g` (pointing to __global memory) to a __local pointer",
            "4:19",
        ),
        (
            "kernel void k(global int *o) {\n  int x = o[0];\n  int *p = o[1] ? &x : (int *)o;\n  o[2] = *p;\n}\n",
            "-cl-std=CL2.0",
            "the generic pointer variable `p` that may point to __global or __private memory",
            "3:12",
        ),
        (
            "typedef union { float f; uchar b[4]; } w;\n__kernel void k(__global float *o) {\n  w x; x.f = o[0];\n  uchar *p = x.b;\n  p++;\n  o[1] = *p;\n}\n",
            "-cl-std=CL1.2",
            "the private pointer variable `p` is set to a private pointer (`&x`) reinterpreted",
            "4:14",
        ),
        (
            "__kernel void k(__global float *o) {\n  __local float f;\n  f = o[0];\n  barrier(CLK_LOCAL_MEM_FENCE);\n  __local uchar *p = (__local uchar *)&f;\n  __local uchar *q = p + 1;\n  o[1] = *q;\n}\n",
            "-cl-std=CL1.2",
            "a pointer into `f` reinterpreted through a pointer cast",
            "5:22",
        ),
    ];
    for (i, (source, std, expected, at)) in cases.iter().enumerate() {
        let file = dir.join(format!("case{i}.cl"));
        std::fs::write(&file, source).unwrap();
        let spv = dir.join(format!("case{i}.spv"));
        let (file_s, spv_s) = (file.to_string_lossy(), spv.to_string_lossy());
        let out = oclc(&[&file_s, std, "--target", "vulkan", "-o", &spv_s], &root());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains(expected) && !err.contains('%'),
            "case {i}: expected an error naming `{expected}`, got: {err}"
        );
        // The offending expression's place (checked by hand against each source).
        let location = format!("case{i}.cl:{at}");
        assert!(
            shown_location(&err).is_some_and(|l| l.ends_with(&location)),
            "case {i}: expected the error at {location}, got: {err}"
        );
    }
}

/// The `FILE:LINE:COL` a rendered diagnostic shows (`┌─ FILE:LINE:COL`), if any.
fn shown_location(err: &str) -> Option<&str> {
    err.lines()
        .find_map(|l| l.trim_start().strip_prefix("┌─ "))
        .map(str::trim)
}

/// Every kernel in `tests/vulkan_refusals/` fails on Vulkan after the front end, with an
/// error naming what it refuses (`// MESSAGE:`) at the offending expression (`// AT:`),
/// through an `#include` and a macro expansion too.
#[test]
fn vulkan_refusals_carry_source_locations() {
    let dir = root().join("tests/vulkan_refusals");
    let out_dir = scratch("vk-refusal-locations");
    let files = cl_files(&dir);
    assert!(!files.is_empty(), "no kernels in tests/vulkan_refusals");
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(&file).unwrap();
        let tag = |key: &str| {
            src.lines()
                .find_map(|l| l.trim().strip_prefix(key))
                .map(|v| v.trim().to_string())
        };
        let std = format!("-cl-std={}", tag("// CL-STD:").unwrap_or("CL1.2".into()));
        let message = tag("// MESSAGE:").unwrap_or_else(|| panic!("{name}: no // MESSAGE:"));
        let at = tag("// AT:").unwrap_or_else(|| panic!("{name}: no // AT:"));
        let spv = out_dir.join(format!("{name}.spv"));
        let (file_s, spv_s) = (file.to_string_lossy(), spv.to_string_lossy());
        let out = oclc(
            &[&file_s, &std, "--target", "vulkan", "-o", &spv_s],
            &root(),
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(
            err.contains(&message),
            "{name}: expected `{message}`, got: {err}"
        );
        assert!(
            shown_location(&err).is_some_and(|l| l.ends_with(&format!("/{at}"))),
            "{name}: expected the error at {at}, got: {err}"
        );
    }
}

/// Result ids of float arithmetic in `dis` that lack a `NoContraction` decoration.
fn float_ops_without_no_contraction(dis: &str) -> Vec<String> {
    let decorated: std::collections::HashSet<&str> = dis
        .lines()
        .filter_map(|l| l.trim().strip_prefix("OpDecorate "))
        .filter_map(|l| l.strip_suffix(" NoContraction"))
        .collect();
    let arith = [
        "OpFAdd",
        "OpFSub",
        "OpFMul",
        "OpFDiv",
        "OpFRem",
        "OpFNegate",
    ];
    dis.lines()
        .filter_map(|l| l.trim().split_once(" = "))
        .filter(|(_, rhs)| arith.iter().any(|op| rhs.starts_with(&format!("{op} "))))
        .filter(|(id, _)| !decorated.contains(id))
        .map(|(id, rhs)| format!("{id} = {rhs}"))
        .collect()
}

/// OpenCL C forbids reassociation, and SPIR-V lets a Vulkan driver reassociate and fuse
/// undecorated float operations: every one is `NoContraction` unless the program is built
/// with -cl-fast-relaxed-math. Contraction that OpenCL allows (`FP_CONTRACT ON`, the
/// default, or -cl-mad-enable) is explicit as GLSL.std.450 `Fma`; `FP_CONTRACT OFF`
/// leaves none. (The numbers are checked against PoCL by tests/run/fp_*.cl.)
#[test]
fn float_operations_follow_opencl_contraction_rules() {
    if !require_tool("spirv-dis") {
        return;
    }
    let dir = scratch("vk-fp-contract");
    let on = root().join("tests/run/fp_contract_on.cl");
    let off = root().join("tests/run/fp_contract_off.cl");
    let fmas = |dis: &str| dis.lines().filter(|l| l.contains(" Fma ")).count();

    let dis = vulkan_disassembly(&on, &[], &dir);
    assert_eq!(float_ops_without_no_contraction(&dis), Vec::<String>::new());
    assert!(fmas(&dis) >= 6, "FP_CONTRACT ON: expected Fma:\n{dis}");

    let dis = vulkan_disassembly(&off, &[], &dir);
    assert_eq!(float_ops_without_no_contraction(&dis), Vec::<String>::new());
    assert_eq!(fmas(&dis), 0, "FP_CONTRACT OFF: no Fma allowed:\n{dis}");

    let dis = vulkan_disassembly(&off, &["-cl-mad-enable"], &dir);
    assert_eq!(float_ops_without_no_contraction(&dis), Vec::<String>::new());
    assert!(fmas(&dis) >= 2, "-cl-mad-enable: expected Fma:\n{dis}");

    let dis = vulkan_disassembly(&on, &["-cl-fast-relaxed-math"], &dir);
    assert!(!dis.contains("NoContraction"), "relaxed math:\n{dis}");
    assert!(fmas(&dis) >= 6, "relaxed math: expected Fma:\n{dis}");
}

/// Two kernels on half, float and double, for the denormal-mode tests.
const THREE_WIDTHS: &str = "#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void a(__global float *f, __global double *d) { f[0] = f[1] * f[2]; d[0] = d[1] * d[2]; }
__kernel void b(__global half *h) { h[0] = h[1] * h[2]; }
";

#[test]
fn vulkan_denorm_modes_are_stated_on_every_kernel_and_validate() {
    if !require_tool("spirv-val") || !require_tool("spirv-dis") {
        return;
    }
    let dir = scratch("vulkan-denorm-modes");
    let file = dir.join("k.cl");
    std::fs::write(&file, THREE_WIDTHS).unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["--vulkan-denorm=preserve"], "DenormPreserve"),
        (&["--vulkan-denorm=flush"], "DenormFlushToZero"),
        (&["-cl-denorms-are-zero"], "DenormFlushToZero"),
        (&["--vulkan-denorm=any"], ""),
        (&[], ""),
    ];
    for (options, mode) in cases {
        let dis = vulkan_disassembly(&file, options, &dir);
        let modes: Vec<&str> = dis
            .lines()
            .map(str::trim)
            .filter(|l| l.contains("Denorm"))
            .collect();
        if mode.is_empty() {
            assert!(modes.is_empty(), "{options:?}: {modes:?}");
        } else {
            // The capability, then each kernel's mode for each of the three widths.
            assert_eq!(modes.len(), 1 + 2 * 3, "{options:?}: {modes:?}");
            assert_eq!(modes[0], format!("OpCapability {mode}"), "{options:?}");
            for w in [16, 32, 64] {
                let suffix = format!(" {mode} {w}");
                let n = modes
                    .iter()
                    .filter(|l| l.starts_with("OpExecutionMode ") && l.ends_with(&suffix))
                    .count();
                assert_eq!(n, 2, "{options:?}: {modes:?}");
            }
        }
        let val = Command::new("spirv-val")
            .args(["--target-env", "vulkan1.2"])
            .arg(dir.join("k.spv"))
            .output()
            .unwrap();
        assert!(
            val.status.success(),
            "{options:?}: spirv-val: {}",
            String::from_utf8_lossy(&val.stderr)
        );
    }
}

#[test]
fn a_denormal_mode_the_vulkan_device_lacks_is_named() {
    if !require_vulkan() {
        return;
    }
    let dir = scratch("vulkan-denorm-device");
    std::fs::write(
        dir.join("k.cl"),
        "__kernel void k(__global float *x) { x[0] = x[1] * 0.5f; }",
    )
    .unwrap();
    for mode in ["preserve", "flush"] {
        let flag = format!("--vulkan-denorm={mode}");
        let out = oclc(
            &[
                "run",
                "k.cl",
                "--kernel",
                "k",
                "--global",
                "1",
                "--device",
                "vulkan",
                &flag,
                "--arg",
                "f32[2]=fill:3e-38",
            ],
            &dir,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        // Either the device supports the mode, or the error names its feature.
        let feature = if mode == "flush" {
            "shaderDenormFlushToZeroFloat32"
        } else {
            "shaderDenormPreserveFloat32"
        };
        assert!(
            out.status.success() || stderr.contains(feature),
            "{mode}: {stderr}"
        );
    }
}

/// The loop controls of the `OpLoopMerge`s of a disassembly, in order.
fn loop_controls(dis: &str) -> Vec<String> {
    dis.lines()
        .filter(|l| l.contains("OpLoopMerge"))
        .map(|l| l.split_whitespace().skip(3).collect::<Vec<_>>().join(" "))
        .collect()
}

/// On Vulkan, loops that are not counted loops reach the driver as DontUnroll
/// (`opt::loop_hints`): control_flow.cl's Collatz `while` and its `do`-`while` over a value
/// read from memory; its counted `for`, the work-item loop and every loop of the
/// optimisation chapter's convolutions (counted, with run-time bounds) keep no hint; at -O0
/// no pass runs and no loop carries one.
#[test]
fn loops_without_a_trip_count_reach_the_driver_as_dont_unroll() {
    if !require_tool("spirv-dis") {
        return;
    }
    let dir = scratch("vk-loop-hints");
    let file = root().join("tests/run/control_flow.cl");
    let controls = loop_controls(&vulkan_disassembly(&file, &[], &dir));
    assert_eq!(controls, ["None", "None", "DontUnroll", "DontUnroll"]);
    let at_o0 = loop_controls(&vulkan_disassembly(&file, &["-O0"], &dir));
    assert!(at_o0.iter().all(|c| c == "None"), "{at_o0:?}");
    let chapter = root().join("bench/kernels/convolve_chapter.cl");
    let controls = loop_controls(&vulkan_disassembly(&chapter, &[], &dir));
    assert!(
        controls.len() >= 10 && controls.iter().all(|c| c == "None"),
        "{controls:?}"
    );
}

/// `opt::coarsen_groups` gives kernels that synchronise their work-groups alike a variant
/// kernel computing four work-groups per invocation, named in their reflection (with the
/// dimension: y for two-dimensional kernels, and the extra `__local` arguments) and naming
/// them back; kernels without barriers, -O1 and `--disable-pass coarsen_groups` get none.
#[test]
fn kernels_that_synchronise_alike_get_a_several_groups_variant() {
    let dir = scratch("vk-groups");
    // Each kernel's name, its `groups_per_invocation` object (up to its closing brace,
    // or `null`) and its `variant_of`.
    let variants = |file: &str, options: &[&str]| -> Vec<(String, String, String)> {
        let json = vulkan_reflection(&root().join(file), options, &dir);
        json.split("{\"entry_point\":\"")
            .skip(1)
            .map(|k| {
                let name = k[..k.find('"').unwrap()].to_string();
                let key = "\"groups_per_invocation\":";
                let groups = &k[k.find(key).expect("the field")..];
                let groups = match groups[key.len()..].starts_with("null") {
                    true => "null",
                    false => &groups[..groups.find('}').unwrap()],
                };
                let of = json_field(k, "variant_of").expect("the field");
                (name, groups.to_string(), of.to_string())
            })
            .collect()
    };
    let transpose = variants("samples/transpose.cl", &[]);
    assert_eq!(
        transpose,
        [
            (
                "transpose".to_string(),
                "\"groups_per_invocation\":{\"kernel\":\"transpose.groups4\",\"dim\":1,\"factor\":4,\"local_copies\":[]".to_string(),
                "null".to_string()
            ),
            (
                "transpose.groups4".to_string(),
                "null".to_string(),
                "\"transpose\"".to_string()
            )
        ]
    );
    let reduction = variants("bench/kernels/reduction.cl", &[]);
    assert_eq!(reduction.len(), 2, "{reduction:?}");
    assert!(reduction[0].1.contains("\"dim\":0"), "{reduction:?}");
    // The `__local` argument (the third) is copied three times, after the kernel's own.
    let reduce = variants("samples/reduce.cl", &[]);
    assert!(
        reduce[0]
            .1
            .ends_with("\"local_copies\":[[2,4],[2,5],[2,6]]"),
        "{reduce:?}"
    );
    for (file, options) in [
        ("samples/vecadd.cl", &[][..]),
        ("samples/transpose.cl", &["-O1"][..]),
        (
            "samples/transpose.cl",
            &["--disable-pass", "coarsen_groups"][..],
        ),
    ] {
        let kernels = variants(file, options);
        assert!(
            kernels.iter().all(|(_, g, v)| g == "null" && v == "null"),
            "{file} {options:?}: {kernels:?}"
        );
    }
}

/// The kernels of `file` compiled for Vulkan with `options`, each with whether its
/// reflection names the rows-per-invocation specialization constant.
fn two_row_kernels(file: &str, options: &[&str], dir: &std::path::Path) -> Vec<(String, bool)> {
    let json = vulkan_reflection(&root().join(file), options, dir);
    json.split("{\"entry_point\":\"")
        .skip(1)
        .map(|k| {
            let name = k[..k.find('"').unwrap()].to_string();
            let rows = json_field(k, "rows_per_invocation_spec_id").expect("the field");
            (name, rows != "null")
        })
        .collect()
}

/// `opt::coarsen_rows` gives the optimisation chapter's convolutions and the naive matrix
/// product (neighbouring rows share loads) their two-row variant at -O2, at every filter
/// width, and leaves the transpose (nothing shared) and the tiled product (`__local`
/// memory, barriers) alone; -O1 and `--disable-pass coarsen_rows` make none.
#[test]
fn kernels_whose_rows_share_loads_get_a_two_row_variant() {
    let dir = scratch("vk-two-rows");
    let all = |kernels: &[(String, bool)]| kernels.iter().all(|(_, r)| *r);
    for width in ["3", "8", "16"] {
        let define = format!("-DFILTER_WIDTH={width}");
        let chapter = two_row_kernels("bench/kernels/convolve_chapter.cl", &[&define], &dir);
        assert!(
            chapter.len() == 5 && all(&chapter),
            "width {width}: {chapter:?}"
        );
    }
    let matmul = two_row_kernels("bench/kernels/matmul.cl", &[], &dir);
    assert_eq!(
        matmul,
        [
            ("matmul_naive".to_string(), true),
            ("matmul_tiled".to_string(), false),
            ("matmul_tiled.groups4".to_string(), false)
        ]
    );
    let transpose = two_row_kernels("bench/kernels/transpose.cl", &[], &dir);
    assert!(transpose.iter().all(|(_, r)| !r), "{transpose:?}");
    for off in [&["-O1"][..], &["--disable-pass", "coarsen_rows"]] {
        let chapter = two_row_kernels("bench/kernels/convolve_chapter.cl", off, &dir);
        assert!(chapter.iter().all(|(_, r)| !r), "{off:?}: {chapter:?}");
    }
}
