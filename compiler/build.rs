//! Links the `oclc` binary as a position-dependent executable on Linux with glibc. A
//! position-independent one starts with some 17 000 relocations for the dynamic loader to
//! apply, each writing a page of the executable's data: compiling the 148 files of the
//! real-kernel corpus (`-O2`, OpenCL, one process each) took 1.35 s of CPU time instead of
//! 1.48 s without them (median of 8 alternating rounds). The library, and everything linked
//! into other programs, is unaffected.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=oclc=-no-pie");
    }
}
