//! Images and samplers on the Vulkan target, beyond tests/run_reference.rs (which runs the
//! tests/run/image_*.cl files on lavapipe against PoCL):
//! - the Vulkan disassembly of image kernels (tests/spirv_images/*.cl that Vulkan can
//!   express, and tests/vulkan_images/*.cl) is valid for `vulkan1.2` and kept as insta
//!   snapshots;
//! - tests/vulkan_images/*.cl run on the Vulkan device and match their hand-checked
//!   `// EXPECT: argK = V...` lines (reads where PoCL departs from the specification);
//! - the reflection gives images and samplers their bindings, an image read with several
//!   texel types one binding per type.

mod common;

use std::path::Path;
use std::process::Command;

use common::*;

/// The `// EXPECT: argK = V1 V2 ...` lines of a file: (argument, values).
fn expectations(file: &Path) -> Vec<(usize, Vec<f64>)> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// EXPECT: arg"))
        .map(|l| {
            let (k, values) = l.split_once('=').unwrap();
            let values = values
                .split_whitespace()
                .map(|v| v.parse().unwrap())
                .collect();
            (k.trim().parse().unwrap(), values)
        })
        .collect()
}

/// Compiles `file` for Vulkan (with `options`), checks the module with spirv-val and
/// returns its disassembly.
fn vulkan_disassembly(file: &Path, options: &[&str], dir: &Path) -> String {
    let spv = dir.join("k.spv");
    let (file_s, spv_s) = (file.to_string_lossy(), spv.to_string_lossy());
    let mut args = vec![&*file_s, "--target", "vulkan", "-o", &*spv_s];
    args.extend(options);
    let out = oclc(&args, dir);
    assert!(
        out.status.success(),
        "{}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let tool = |name: &str, args: &[&str]| {
        let out = Command::new(name).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}: {name} rejected the module:\n{}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    tool("spirv-val", &["--target-env", "vulkan1.2", &spv_s]);
    tool("spirv-dis", &["--no-header", "--raw-id", &spv_s])
}

#[test]
fn image_kernels_give_valid_vulkan_spirv_with_snapshots() {
    if !require_tool("spirv-val") || !require_tool("spirv-dis") {
        return;
    }
    let mut files: Vec<_> = ["helpers.cl", "queries.cl"]
        .iter()
        .map(|f| root().join("tests/spirv_images").join(f))
        .collect();
    files.extend(cl_files(&root().join("tests/vulkan_images")));
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = scratch(&format!("vk-image-{stem}"));
        let dis = vulkan_disassembly(&file, &["-cl-std=CL2.0"], &dir);
        insta::assert_snapshot!(format!("{stem}.vulkan.spvasm"), dis);
    }
}

#[test]
fn image_reads_follow_the_specification_on_vulkan() {
    if !require_vulkan() {
        return;
    }
    let files = cl_files(&root().join("tests/vulkan_images"));
    assert!(!files.is_empty(), "tests/vulkan_images holds the kernels");
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let expected = expectations(&file);
        assert!(!expected.is_empty(), "{stem}: no EXPECT line");
        for (n, run) in run_lines(&file).into_iter().enumerate() {
            let dir = scratch(&format!("vk-image-run-{stem}-{n}"));
            let dump = dir.join("dump");
            let (file_s, dump_s) = (file.to_string_lossy(), dump.to_string_lossy());
            let mut args = vec!["run", &*file_s];
            args.extend(run.iter().map(String::as_str));
            args.extend(["--device", "vulkan", "--dump", &*dump_s]);
            let out = oclc(&args, &dir);
            assert!(
                out.status.success(),
                "{stem}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let specs: Vec<&String> = run
                .windows(2)
                .filter(|w| w[0] == "--arg")
                .map(|w| &w[1])
                .collect();
            for (k, want) in &expected {
                let bytes = std::fs::read(dump.join(format!("arg{k}.bin"))).unwrap();
                let got: Vec<f64> = if specs[*k].starts_with('f') {
                    bytes
                        .chunks(4)
                        .map(|c| f32::from_le_bytes(c.try_into().unwrap()) as f64)
                        .collect()
                } else {
                    bytes
                        .chunks(4)
                        .map(|c| i32::from_le_bytes(c.try_into().unwrap()) as f64)
                        .collect()
                };
                assert_eq!(&got, want, "{stem}: arg{k}");
            }
        }
    }
}

#[test]
fn reflection_gives_images_and_samplers_bindings() {
    let dir = scratch("vk-image-reflection");
    let file = root().join("tests/run/image_helpers.cl");
    let text = vulkan_reflection(&file, &[], &dir);
    // Arguments keep their block fields; images and samplers add set and binding (from 1:
    // binding 0 is the uniform-buffer block's), images what the kernel does with them.
    for part in [
        "{\"name\":\"in\",\"kind\":\"sampled_image\",\"type\":\"__read_only image2d_t\",\"offset\":32,\"size\":8,\"local_spec_id\":null,\"elem_size\":0,\"set\":0,\"binding\":1,\"image\":{\"dim\":\"2d\",\"arrayed\":false,\"access\":\"read\",\"texel\":\"float\"}}",
        "{\"name\":\"out\",\"kind\":\"storage_image\",\"type\":\"__write_only image2d_t\",\"offset\":40,\"size\":8,\"local_spec_id\":null,\"elem_size\":0,\"set\":0,\"binding\":2,\"image\":{\"dim\":\"2d\",\"arrayed\":false,\"access\":\"write\",\"texel\":\"float\"}}",
        "{\"name\":\"given\",\"kind\":\"sampler\",\"type\":\"sampler_t\",\"offset\":48,\"size\":4,\"local_spec_id\":null,\"elem_size\":0,\"set\":0,\"binding\":3}",
        // In first-use order: `mine` (normalized | REPEAT | linear = 0x27), then `edge`
        // (CLAMP_TO_EDGE | nearest = 0x12) from the inlined helper.
        "\"constant_samplers\":[{\"set\":0,\"binding\":4,\"bits\":39},{\"set\":0,\"binding\":5,\"bits\":18}]",
    ] {
        assert!(text.contains(part), "missing {part} in {text}");
    }
}

/// An image read with several texel types (OpenCL defines at most one of the reads for a
/// given format) gets one descriptor per type, its own binding for the first and the
/// following ones for the others, listed in the reflection; the module is valid.
#[test]
fn images_read_with_several_texel_types_get_a_binding_per_type() {
    if !require_tool("spirv-val") || !require_tool("spirv-dis") {
        return;
    }
    let dir = scratch("vk-image-texel-kinds");
    let file = dir.join("k.cl");
    std::fs::write(
        &file,
        "__kernel void k(read_only image2d_t i, sampler_t s, __global int4 *o) {\n  o[0] = read_imagei(i, (int2)(0, 0));\n  o[1] = as_int4(read_imagef(i, s, (int2)(0, 0)));\n}\n",
    )
    .unwrap();
    // Valid, with an int and a float image variable, at bindings 1 and 2.
    let dis = vulkan_disassembly(&file, &[], &dir);
    let id_of = |what: &str| {
        dis.lines()
            .find(|l| l.trim_end().ends_with(what))
            .and_then(|l| l.split_whitespace().find(|w| w.starts_with('%')))
            .unwrap_or_else(|| panic!("no {what} in {dis}"))
            .to_string()
    };
    for (name, sampled_type, binding) in [
        ("\"k.i\"", "= OpTypeInt 32 1", 1),
        ("\"k.i.float\"", "= OpTypeFloat 32", 2),
    ] {
        let (var, sampled) = (id_of(name), id_of(sampled_type));
        for part in [
            format!("OpDecorate {var} Binding {binding}"),
            format!("OpTypeImage {sampled} 2D 0 0 0 1 Unknown"),
        ] {
            assert!(dis.contains(&part), "missing {part} in {dis}");
        }
    }
    let text = vulkan_reflection(&file, &[], &dir);
    for part in [
        "\"binding\":1,\"image\":{\"dim\":\"2d\",\"arrayed\":false,\"access\":\"read\",\"texel\":\"int\",\"more_texels\":[{\"texel\":\"float\",\"binding\":2}]}}",
        // The sampler argument follows the image's bindings.
        "\"name\":\"s\",\"kind\":\"sampler\",\"type\":\"sampler_t\",\"offset\":40,\"size\":4,\"local_spec_id\":null,\"elem_size\":0,\"set\":0,\"binding\":3}",
    ] {
        assert!(text.contains(part), "missing {part} in {text}");
    }
}

/// A `read_write` image needs `shaderStorageImageReadWithoutFormat` (its format is only
/// known at launch); a device without it (lavapipe) fails naming the feature, one with it
/// runs the kernel.
#[test]
fn read_write_images_need_reads_without_format() {
    if !require_vulkan() {
        return;
    }
    let dir = scratch("vk-image-read-write");
    let file = dir.join("rw.cl");
    std::fs::write(
        &file,
        "__kernel void k(read_write image2d_t i) {\n  int2 p = (int2)(get_global_id(0), 0);\n  write_imagef(i, p, read_imagef(i, p) * 2.0f);\n}\n",
    )
    .unwrap();
    let dump = dir.join("dump");
    let (file_s, dump_s) = (file.to_string_lossy(), dump.to_string_lossy());
    let out = oclc(
        &[
            "run",
            &file_s,
            "-cl-std=CL2.0",
            "--kernel",
            "k",
            "--global",
            "4",
            "--arg",
            "image2d:r:f32[4,1]=iota",
            "--device",
            "vulkan",
            "--dump",
            &dump_s,
        ],
        &dir,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        let texels = read_f32(dump.join("arg0.bin"));
        assert_eq!(texels, [0.0, 2.0, 4.0, 6.0]);
    } else {
        assert!(
            err.contains(
                "StorageImageReadWithoutFormat (feature shaderStorageImageReadWithoutFormat)"
            ),
            "{err}"
        );
    }
}
