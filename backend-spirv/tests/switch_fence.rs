//! File-driven checks of statements written in the IR text form (`tests/ir/*.ir`: switch
//! with fall-through, break and continue, 64-bit case values, fences): each module emits
//! for OpenCL (spirv-val for OpenCL 1.2, read back by llvm-spirv-14) and for Vulkan
//! (spirv-val --target-env vulkan1.2).

mod support;

use std::process::Command;

use oclc_backend_spirv::emit_vulkan;
use support::*;

#[test]
fn ir_files_emit_valid_opencl_and_vulkan_modules() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("ir") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let m = oclc_ir::parse_module(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let words = emit(&m);
        validate(&words, &name);
        to_llvm_bc(&words, &name);
        let vk = emit_vulkan(&m).unwrap_or_else(|e| panic!("{name}: Vulkan: {e}"));
        if let Some(val) = tool("spirv-val") {
            let spv = scratch(&format!("vk-{name}")).join(format!("{name}.spv"));
            write_spv(&spv, &vk.words);
            run_ok(
                Command::new(&val)
                    .args(["--target-env", "vulkan1.2"])
                    .arg(&spv),
                &format!(
                    "spirv-val --target-env vulkan1.2 {name}:\n{}",
                    dis_or_rspirv(&vk.words)
                ),
            );
        }
        n += 1;
    }
    assert!(n >= 1);
}
