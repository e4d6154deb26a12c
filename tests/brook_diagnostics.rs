//! The Brook+ negative suite: every tests/brook/*.br is checked with `oclc -fsyntax-only`
//! (plus the options on its `// ARGS:` line) and its diagnostics are compared with a reviewed
//! snapshot in tests/brook/snapshots. The expected texts follow brcc's messages (A.6, A.7).

mod common;

use common::*;

#[test]
fn every_negative_case_matches_its_snapshot() {
    let dir = root().join("tests/brook");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "br"))
        .collect();
    files.sort();
    assert!(files.len() >= 60, "only {} cases", files.len());
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut args: Vec<String> = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// ARGS:"))
            .map(|a| a.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        args.push("-fsyntax-only".into());
        args.push(name.clone());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = oclc(&refs, &dir);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let report = format!("exit: {:?}\n{stderr}", out.status.code());
        let stem = name.trim_end_matches(".br").to_string();
        insta::with_settings!({
            snapshot_path => dir.join("snapshots"),
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(stem, report);
        });
    }
}
