//! File-driven checks of Vulkan-only constructs written in the IR text form
//! (`src/vulkan/tests/*.ir`, e.g. 64-bit and float atomics that the OpenCL 1.2 environment
//! does not allow): each module emits for Vulkan and `spirv-val --target-env vulkan1.2`
//! accepts it. A missing spirv-val fails unless `OCLC_ALLOW_MISSING_TOOLS=1`. Also: the
//! reflection of kernels that read `rows_per_invocation` (`rows_per_invocation.ir`).

use std::process::Command;

use super::emit_vulkan;

fn spirv_val() -> Option<&'static str> {
    let found = Command::new("spirv-val").arg("--version").output().is_ok();
    if found {
        return Some("spirv-val");
    }
    if std::env::var("OCLC_ALLOW_MISSING_TOOLS").is_ok_and(|v| v == "1") {
        eprintln!("SKIPPED: spirv-val is not installed (OCLC_ALLOW_MISSING_TOOLS=1)");
        return None;
    }
    panic!("spirv-val is not installed (spirv-tools); set OCLC_ALLOW_MISSING_TOOLS=1 to skip");
}

#[test]
fn vulkan_ir_files_validate() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/vulkan/tests");
    let Some(val) = spirv_val() else { return };
    let scratch = std::env::temp_dir().join(format!("oclc-vk-ir-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("ir") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let m = oclc_ir::parse_module(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        oclc_ir::verify_module(&m).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let vk = emit_vulkan(&m).unwrap_or_else(|e| panic!("{name}: {e}"));
        let spv = scratch.join(format!("{name}.spv"));
        let bytes: Vec<u8> = vk.words.iter().flat_map(|w| w.to_le_bytes()).collect();
        std::fs::write(&spv, bytes).unwrap();
        let out = Command::new(val)
            .args(["--target-env", "vulkan1.2"])
            .arg(&spv)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: spirv-val --target-env vulkan1.2: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        n += 1;
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(n >= 1, "no .ir files");
}

/// True when `words` decorate something with `SpecId` `id`.
fn has_spec_id(words: &[u32], id: u32) -> bool {
    const DECORATE_4: u32 = (4 << 16) | 71; // OpDecorate, 4 words
    const SPEC_ID: u32 = 1;
    words
        .windows(4)
        .any(|w| w[0] == DECORATE_4 && w[2] == SPEC_ID && w[3] == id)
}

#[test]
fn rows_per_invocation_is_a_spec_constant_named_in_the_reflection() {
    use super::rows::ROWS_SPEC_ID;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/vulkan/tests/rows_per_invocation.ir");
    let m = oclc_ir::parse_module(&std::fs::read_to_string(path).unwrap()).unwrap();
    oclc_ir::verify_module(&m).unwrap();
    let vk = emit_vulkan(&m).unwrap();
    assert!(has_spec_id(&vk.words, ROWS_SPEC_ID));
    let rows: Vec<(&str, Option<u32>)> = vk
        .kernels
        .iter()
        .map(|k| (k.entry_point.as_str(), k.rows_spec_id))
        .collect();
    assert_eq!(
        rows,
        [
            ("direct", Some(ROWS_SPEC_ID)),
            // A kernel whose callee reads the query computes one row itself.
            ("through_a_call", None),
            ("one_row", None)
        ]
    );
    // The query keeps kernels group-blind, so they may still run several items each.
    assert!(vk
        .kernels
        .iter()
        .all(|k| k.groups_mergeable && k.items_spec_id.is_some()));
    let json = super::reflection_json(&vk.kernels);
    assert!(
        json.contains("\"rows_per_invocation_spec_id\":65538"),
        "{json}"
    );
    assert!(
        json.contains("\"rows_per_invocation_spec_id\":null"),
        "{json}"
    );
    // OpenCL has no such launch: the query is the constant 1.
    let cl = crate::emit_opencl(&m, &Default::default()).unwrap();
    assert!(!has_spec_id(&cl, ROWS_SPEC_ID));
}
