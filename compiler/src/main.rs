//! The `oclc` binary: see `oclc --help` and `oclc run --help`.

/// A compile allocates and frees many small IR nodes, maps and vectors; mimalloc (v2: v3's
/// transparent huge pages cost about 1 ms of page clearing in every small compile) serves
/// them faster than glibc's malloc: -13% OpenCL, -25% Vulkan compile time over the corpus
/// (bench/results/compile-growth.txt), about 10 MB more peak memory. Library users of the
/// `oclc` crate keep their own allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    oclc::cli::main(std::env::args().collect())
}
