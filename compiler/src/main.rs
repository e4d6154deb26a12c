//! The `oclc` binary: see `oclc --help` and `oclc run --help`.

fn main() -> std::process::ExitCode {
    oclc::cli::main(std::env::args().collect())
}
