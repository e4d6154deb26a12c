//! Kernel parameters whose memory a launch never writes
//! (`oclc_ir::analysis::unwritten_params`): every `tests/unwritten/NAME.ir` is parsed and
//! its first line, `; unwritten: NAMES; with distinct buffers: NAMES` (parameter names
//! separated by commas, `-` for none), gives the answer for a compiler that knows nothing of
//! the launch and for a launch whose buffer arguments are distinct buffers. The answers
//! follow from the rules in the analysis' documentation applied to the kernel by hand.

use std::path::Path;

use oclc_ir::analysis::unwritten_params;
use oclc_ir::{parse_module, verify_module};

fn names(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty() && s != "-")
        .collect();
    v.sort();
    v
}

#[test]
fn unwritten_parameters_match_the_rules() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/unwritten");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "no cases in {}", dir.display());
    let mut wrong = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let first = text.lines().next().unwrap_or("");
        let (plain, distinct) = first
            .strip_prefix("; unwritten:")
            .and_then(|r| r.split_once("; with distinct buffers:"))
            .unwrap_or_else(|| {
                panic!(
                    "{}: first line must say `; unwritten: NAMES; with distinct buffers: NAMES`",
                    file.display()
                )
            });
        let module = parse_module(&text).unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
        verify_module(&module).unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
        let (_, kernel) = module.kernels().next().expect("a kernel");
        let got = |distinct_buffers: bool| -> Vec<String> {
            let set = unwritten_params(
                &module.types,
                kernel,
                module.volatile_memory,
                distinct_buffers,
            );
            let mut v: Vec<String> = kernel
                .params
                .iter()
                .filter(|p| set.contains(&p.value))
                .map(|p| p.name.clone())
                .collect();
            v.sort();
            v
        };
        for (distinct, want) in [(false, names(plain)), (true, names(distinct))] {
            let have = got(distinct);
            if have != want {
                wrong.push(format!(
                    "{} (distinct buffers: {distinct}): expected {want:?}, got {have:?}",
                    file.display()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
