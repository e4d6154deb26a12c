//! The same input and options give byte-identical output whatever the working directory,
//! whether paths are relative or absolute, and from run to run (so ccache-style caches,
//! sccache and remote execution can cache and share compiles): SPIR-V for OpenCL, SPIR-V
//! for Vulkan with its reflection, CPU objects with their C header, and depfiles' targets
//! aside, on kernels with includes, several kernels, program-scope constants, images,
//! printf and built-in library calls.

mod common;

use std::path::Path;

use common::*;

const SOURCES: &[(&str, &str)] = &[
    (
        "kernels/many.cl",
        "#include \"common.h\"\n\
         __constant float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};\n\
         float helper(float x) { return exp(x) * SCALE + table[1]; }\n\
         __kernel void first(__global float *a, __global const float *b, int n) {\n\
             int i = get_global_id(0);\n\
             if (i < n) a[i] = helper(b[i]) + sqrt(b[i]) + table[i & 3];\n\
         }\n\
         __kernel void second(__global int *o, __local int *tmp) {\n\
             tmp[get_local_id(0)] = get_global_id(0);\n\
             barrier(CLK_LOCAL_MEM_FENCE);\n\
             o[get_global_id(0)] = tmp[get_local_size(0) - 1 - get_local_id(0)];\n\
         }\n\
         __kernel void third(__global float4 *o) { printf(\"%d %f\\n\", 7, o[0].x); }\n\
         #ifndef NO_IMAGES\n\
         __kernel void fourth(read_only image2d_t img, sampler_t s, __global float4 *o) {\n\
             o[0] = read_imagef(img, s, (float2)(0.5f, 0.5f));\n\
         }\n\
         #endif\n",
    ),
    ("kernels/common.h", "#define SCALE 3.0f\n"),
];

fn outputs(dir: &Path, input: &str, out: &str) -> Vec<(String, Vec<u8>)> {
    let runs: [&[&str]; 3] = [
        &["--target", "opencl", "-o"],
        &["--target", "vulkan", "--emit", "both", "-o"],
        // CPU objects have no images yet.
        &["--target", "cpu", "-DNO_IMAGES", "--emit", "both", "-o"],
    ];
    let mut files = Vec::new();
    for (k, run) in runs.iter().enumerate() {
        let name = format!("{out}/m{k}.bin");
        let mut args = vec![input];
        args.extend(*run);
        args.push(&name);
        let o = oclc(&args, dir);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mut produced: Vec<_> = std::fs::read_dir(dir.join(out))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.file_stem().is_some_and(|s| s == format!("m{k}").as_str()))
            .collect();
        produced.sort();
        for p in produced {
            let bytes = std::fs::read(&p).unwrap();
            files.push((p.file_name().unwrap().to_string_lossy().into_owned(), bytes));
        }
    }
    files
}

#[test]
fn output_does_not_depend_on_directory_paths_or_run() {
    let base = scratch("determinism");
    for (path, text) in SOURCES {
        let p = base.join("proj").join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    for d in ["a", "b", "c", "elsewhere"] {
        std::fs::create_dir_all(base.join(d)).unwrap();
    }
    let abs_input = base
        .join("proj/kernels/many.cl")
        .to_string_lossy()
        .into_owned();
    let abs_out = base.join("c").to_string_lossy().into_owned();
    // Relative paths from the project; relative paths from a sibling folder; absolute
    // paths from elsewhere; and the first again (a second run).
    let first = outputs(&base.join("proj"), "kernels/many.cl", "../a");
    let second = outputs(&base.join("b"), "../proj/kernels/many.cl", ".");
    let third = outputs(&base.join("elsewhere"), &abs_input, &abs_out);
    let again = outputs(&base.join("proj"), "kernels/many.cl", "../a");
    assert_eq!(
        first.len(),
        5,
        "{:?}",
        first.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    for other in [&second, &third, &again] {
        for ((name, bytes), (other_name, other_bytes)) in first.iter().zip(other.iter()) {
            assert_eq!(name, other_name);
            assert!(bytes == other_bytes, "{name} differs between compiles");
        }
    }
    // No path of the compile ends up in the outputs (only the file name, in the header).
    for (name, bytes) in &first {
        let text = String::from_utf8_lossy(bytes);
        assert!(!text.contains("proj/"), "{name} holds a path");
        assert!(
            !text.contains(&*base.to_string_lossy()),
            "{name} holds a path"
        );
    }
}
