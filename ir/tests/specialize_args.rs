//! "IR text in, IR text out" tests of argument specialisation
//! (`oclc_ir::opt::specialize_args`): every `tests/specialize_args/NAME.ir` is parsed,
//! its first kernel is specialised on the values of its `; ARGS: name=value, ...` line
//! (vector lanes separated by spaces, floats written as decimals), the target-neutral
//! pipeline of its `; LEVEL: N` line runs (none without one), and the printed result is
//! compared with the insta snapshot `snapshots/specialize_args__NAME.snap`.

use std::path::Path;

use oclc_ir::opt::specialize_args::{specialize_params, ParamConst};
use oclc_ir::opt::{self, OptConfig};
use oclc_ir::{parse_module, print_module, verify_module, Const, Module};

/// The value of the `; KEY: value` header line of `text`, if any.
fn header_line<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    let prefix = format!("; {key}:");
    text.lines()
        .find_map(|l| l.trim().strip_prefix(prefix.as_str()))
        .map(str::trim)
}

/// The constants of `; ARGS:` for the first kernel of `m`.
fn arg_values(m: &Module, args: &str) -> Vec<ParamConst> {
    let (_, kernel) = m.kernels().next().expect("a kernel");
    args.split(',')
        .filter(|a| !a.trim().is_empty())
        .map(|a| {
            let (name, value) = a.split_once('=').expect("ARGS: name=value");
            let index = kernel
                .params
                .iter()
                .position(|p| p.name == name.trim())
                .unwrap_or_else(|| panic!("no parameter {name}"));
            let elem = m
                .types
                .scalar_of(kernel.params[index].ty)
                .expect("a number");
            let lanes = value
                .split_whitespace()
                .map(|lane| {
                    if elem.is_float() {
                        Const::float(elem, lane.parse().expect("a float"))
                    } else {
                        Const::int(elem, lane.parse().expect("an integer"))
                    }
                })
                .collect();
            ParamConst { index, lanes }
        })
        .collect()
}

#[test]
fn every_specialisation_case() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/specialize_args");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ir"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut m = parse_module(&text).unwrap_or_else(|e| panic!("{stem}.ir:{e}"));
        verify_module(&m).unwrap_or_else(|e| panic!("{stem}.ir: input: {e}"));
        let values = arg_values(&m, header_line(&text, "ARGS").expect("an ARGS line"));
        let (kernel, _) = m.kernels().next().unwrap();
        specialize_params(&mut m, kernel, &values).unwrap_or_else(|e| panic!("{stem}: {e}"));
        verify_module(&m).unwrap_or_else(|e| panic!("{stem}.ir: specialised: {e}"));
        if let Some(level) = header_line(&text, "LEVEL") {
            let config = OptConfig::for_level(level.parse().expect("LEVEL: N"));
            opt::pipeline(&config)
                .run(&mut m, &mut |_, m| verify_module(m).unwrap())
                .expect("optimisations never refuse");
        }
        let out = print_module(&m);
        let again = parse_module(&out).unwrap_or_else(|e| panic!("{stem}: output: {e}"));
        assert_eq!(print_module(&again), out);
        insta::with_settings!({
            description => format!("tests/specialize_args/{stem}.ir"),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(stem, out);
        });
    }
}
