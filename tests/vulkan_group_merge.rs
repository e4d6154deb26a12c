//! The shape of Vulkan dispatches: the reflection says which kernels cannot tell their
//! work-groups apart and which synchronise but reach their barriers alike in every group
//! (each file of tests/vulkan_group_merge/ states `// MERGEABLE: yes|no (reason)`,
//! `// MERGED-GROUPS: yes|no (reason)` for the second (no where absent), `// ITEMS:
//! yes|no (reason)` where several work-items per invocation differ from MERGEABLE, and
//! `// OPTIONS:` for its compile), and `oclc run --device vulkan` runs those kernels with
//! several work-groups per Vulkan workgroup and several work-items per invocation, as
//! `OCLC_VK_MERGE_GROUPS`, `OCLC_VK_MERGE_SYNCHRONISED` and `OCLC_VK_ITEMS` allow. That
//! such runs compute what PoCL computes is checked by tests/run_reference.rs, whose Vulkan
//! runs reshape every kernel that qualifies (tests/run/vk_merged_groups.cl and
//! vk_merged_synchronised.cl aim at the reshaping itself).

mod common;

use std::process::Command;

use common::*;

/// The value of the file's `// KEY:` line.
fn marker<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|l| l.trim().strip_prefix(&format!("// {key}:")))
        .map(str::trim)
}

#[test]
fn reflection_marks_the_kernels_that_cannot_tell_their_groups_apart() {
    let files = cl_files(&root().join("tests/vulkan_group_merge"));
    assert!(
        files.len() >= 8,
        "expected the merge cases, found {files:?}"
    );
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let want = match marker(&text, "MERGEABLE") {
            Some(m) if m.starts_with("yes") => true,
            Some(m) if m.starts_with("no") => false,
            _ => panic!("{stem}: no `// MERGEABLE: yes|no (reason)` line"),
        };
        let options: Vec<&str> = marker(&text, "OPTIONS")
            .into_iter()
            .flat_map(str::split_whitespace)
            .collect();
        let got = vulkan_reflection(&file, &options, &scratch("vk-group-merge"));
        assert!(
            got.contains(&format!("\"groups_mergeable\":{want}")),
            "{stem}: expected groups_mergeable {want}: {got}"
        );
        // Several work-items per invocation: mergeable kernels of buffers and values.
        let items = match marker(&text, "ITEMS") {
            Some(m) => m.starts_with("yes"),
            None => want,
        };
        let spec = if items { "65536" } else { "null" };
        assert!(
            got.contains(&format!("\"items_per_invocation_spec_id\":{spec}")),
            "{stem}: expected items_per_invocation_spec_id {spec}: {got}"
        );
        // Synchronising kernels that may still merge through the module's constant.
        let merged = marker(&text, "MERGED-GROUPS").is_some_and(|m| m.starts_with("yes"));
        let spec = if merged { "65537" } else { "null" };
        assert!(
            got.contains(&format!("\"merged_groups_spec_id\":{spec}")),
            "{stem}: expected merged_groups_spec_id {spec}: {got}"
        );
    }
}

const MERGE: &str = "OCLC_VK_MERGE_GROUPS";
const MERGE_SYNCHRONISED: &str = "OCLC_VK_MERGE_SYNCHRONISED";
const ITEMS: &str = "OCLC_VK_ITEMS";

/// `oclc run --device vulkan --time` of `file`'s kernel `k` on 4096 work-items in groups of
/// 64 with the arguments `args` and the dispatch settings `env` (the others unset): stdout.
fn timed_vulkan_run(file: &str, args: &[&str], env: &[(&str, &str)]) -> String {
    timed_vulkan_run_sized(file, 4096, args, env)
}

/// [`timed_vulkan_run`] on `global` work-items.
fn timed_vulkan_run_sized(file: &str, global: u32, args: &[&str], env: &[(&str, &str)]) -> String {
    let global = global.to_string();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_oclc"));
    cmd.current_dir(root())
        .args(["run", file, "--kernel", "k", "--device", "vulkan"])
        .args([
            "--global", &global, "--local", "64", "--time", "--repeat", "1",
        ]);
    for a in args {
        cmd.args(["--arg", a]);
    }
    cmd.env_remove(MERGE)
        .env_remove(MERGE_SYNCHRONISED)
        .env_remove(ITEMS)
        .envs(env.iter().copied());
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{file}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn vulkan_runs_merge_only_the_kernels_that_allow_it() {
    if !require_vulkan() {
        return;
    }
    let shape = |m: u32, k: u32| {
        format!("vulkan: work-groups per workgroup: {m}, work-items per invocation: {k} ")
    };
    let atomics = "tests/vulkan_group_merge/global_atomics.cl";
    let sum_args = ["i32[4096]=iota", "i32[1]=zeros"];
    let reshaped = "vulkan: work-groups per workgroup";
    // 64 groups of 64: by default a launch this small keeps one work-item per invocation.
    let out = timed_vulkan_run(atomics, &sum_args, &[]);
    assert!(!out.contains(reshaped), "{out}");
    let out = timed_vulkan_run(atomics, &sum_args, &[(ITEMS, "4")]);
    assert!(out.contains(&shape(1, 4)), "{out}");
    let out = timed_vulkan_run(atomics, &sum_args, &[(MERGE, "256"), (ITEMS, "1")]);
    assert!(out.contains(&shape(4, 1)), "{out}");
    // Four work-items per invocation leave 16 groups, merged 4 to a workgroup of 256.
    let out = timed_vulkan_run(atomics, &sum_args, &[(MERGE, "256"), (ITEMS, "4")]);
    assert!(out.contains(&shape(4, 4)), "{out}");
    let out = timed_vulkan_run(atomics, &sum_args, &[(MERGE, "off"), (ITEMS, "off")]);
    assert!(!out.contains(reshaped), "{out}");
    // A kernel that asks for its local id merges only through its module's constant: by
    // default into workgroups of 256, never with several work-items per invocation.
    let local_id = "tests/vulkan_group_merge/local_id.cl";
    let out = timed_vulkan_run(local_id, &["i32[4096]=zeros"], &[(ITEMS, "4")]);
    assert!(out.contains(&shape(4, 1)), "{out}");
    let out = timed_vulkan_run(
        local_id,
        &["i32[4096]=zeros"],
        &[(MERGE_SYNCHRONISED, "1024")],
    );
    assert!(out.contains(&shape(16, 1)), "{out}");
    let out = timed_vulkan_run(
        local_id,
        &["i32[4096]=zeros"],
        &[(MERGE, "256"), (MERGE_SYNCHRONISED, "off")],
    );
    assert!(!out.contains(reshaped), "{out}");
    // One whose barrier some work-groups skip never merges.
    let skipping = "tests/vulkan_group_merge/barrier_under_group_id.cl";
    let out = timed_vulkan_run(
        skipping,
        &["i32[4096]=zeros"],
        &[(MERGE_SYNCHRONISED, "1024")],
    );
    assert!(!out.contains(reshaped), "{out}");
    // A large launch takes four by default: 16M work-items leave 4M invocations; 4M
    // work-items keep one each (runtime-lite's MIN_INVOCATIONS).
    let ids = "tests/vulkan_group_merge/global_id_only.cl";
    let out = timed_vulkan_run_sized(
        ids,
        1 << 24,
        &["f32[16777216]=rand:1", "f32[16777216]=zeros"],
        &[],
    );
    assert!(out.contains(&shape(1, 4)), "{out}");
    let out = timed_vulkan_run_sized(
        ids,
        1 << 22,
        &["f32[4194304]=rand:1", "f32[4194304]=zeros"],
        &[],
    );
    assert!(!out.contains(reshaped), "{out}");
}
