//! Compiles the kernels at build time for the CPU and Vulkan (see oclc-build). The blur
//! radius may be set with `BLUR_RADIUS` (default 3).

fn main() {
    println!("cargo:rerun-if-env-changed=BLUR_RADIUS");
    let radius = std::env::var("BLUR_RADIUS").unwrap_or_else(|_| "3".to_string());
    println!("cargo:rustc-env=BLUR_RADIUS={radius}");
    oclc_build::Build::new()
        .file("kernels/blur.cl")
        .include("kernels/include")
        .define("RADIUS", radius.as_str())
        .target(oclc_build::Target::Cpu)
        .target(oclc_build::Target::Vulkan)
        .compile("blur");
}
