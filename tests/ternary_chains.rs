//! Long right-nested `?:` chains compile (issue 19): generated lookup tables are written
//! `x == 0 ? v0 : x == 1 ? v1 : ... : vN`, one nesting level per operator. A chain just under
//! the front end's nesting limit (10 000 levels, `oclc_frontend::nesting::MAX_NESTING`)
//! compiles at -O2 to SPIR-V for OpenCL and Vulkan (spirv-val accepts both) and at -O0 for
//! the CPU, where it runs and computes what this file computes. Its conditions and values
//! are simple, so it lowers to a chain of selects (no control flow: a nest of 9 990 `if`s
//! broke SPIR-V's limit of 1023 nested constructs). Compile times are not asserted
//! (bench/results/big-kernels.txt records them); CPU -O2 is left out: Cranelift's
//! optimiser still takes 40 s on it. tests/run/ternary_chain.cl runs shorter chains of both
//! forms on every device.

mod common;

/// Levels of the chain: the most the front end accepts, less the kernel's own nesting.
const LEVELS: usize = 9_990;
/// Work-items; each looks up `x = gid * STEP`, so that deep levels and the final `else`
/// are reached.
const ITEMS: usize = 256;
const STEP: usize = 40;

/// The value the chain gives for `x`.
fn expected(x: usize) -> u32 {
    if x < LEVELS {
        (x * 7 + 3) as u32
    } else {
        0
    }
}

/// The kernel: `p[gid] = chain(gid * STEP)`.
fn source() -> String {
    let mut chain = String::with_capacity(LEVELS * 24);
    for i in 0..LEVELS {
        chain.push_str(&format!("x == {i}u ? {}u :\n", i * 7 + 3));
    }
    format!(
        "kernel void k(global uint *p) {{\n    uint x = (uint)get_global_id(0) * {STEP}u;\n    \
         p[get_global_id(0)] =\n{chain}0u;\n}}\n"
    )
}

#[test]
fn chain_at_the_nesting_limit_compiles_and_computes() {
    let dir = common::scratch("ternary_chains");
    std::fs::write(dir.join("chain.cl"), source()).expect("write kernel");
    for (target, env) in [("opencl", "opencl1.2"), ("vulkan", "vulkan1.2")] {
        let out = common::oclc(
            &["chain.cl", "--target", target, "-O2", "-o", "k.spv"],
            &dir,
        );
        assert!(
            out.status.success(),
            "{}",
            common::describe_output(target, &out)
        );
        common::assert_spirv_valid(&dir, env, "k.spv");
    }
    let global = ITEMS.to_string();
    let buffer = format!("u32[{ITEMS}]=zeros");
    let args = [
        "run", "chain.cl", "-O0", "--kernel", "k", "--global", &global, "--arg", &buffer, "--dump",
        ".",
    ];
    let out = common::oclc(&args, &dir);
    assert!(
        out.status.success(),
        "{}",
        common::describe_output("run", &out)
    );
    let bytes = std::fs::read(dir.join("arg0.bin")).expect("dumped buffer");
    for (gid, word) in bytes.chunks_exact(4).enumerate() {
        let got = u32::from_le_bytes(word.try_into().unwrap());
        assert_eq!(got, expected(gid * STEP), "p[{gid}]");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
