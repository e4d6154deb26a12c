//! The `oclc` binary: see `oclc --help` and `oclc run --help`.

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) != Some("run") {
        oclc::malloc_tuning::tune_for_one_compile();
    }
    oclc::cli::main(args)
}
