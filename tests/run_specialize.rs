//! `oclc run --specialize-args` on the command line: when it is on (the flag, on the CPU, at
//! `-O1` and up) `--time` reports the variants compiled and reused, and the results are those
//! of the generic kernel, checked by hand (a box filter over `iota`).

mod common;

use common::*;

/// Runs the box filter of tests/run/specialize_args.cl (width 3, scale 0.5) over `iota`
/// with `options`; returns stdout and the output buffer.
fn run_box(options: &[&str], name: &str) -> (String, Vec<f32>) {
    let dir = scratch(name);
    let f = root()
        .join("tests/run/specialize_args.cl")
        .to_string_lossy()
        .into_owned();
    let mut args = vec![
        "run",
        &f,
        "--kernel",
        "box",
        "--global",
        "16",
        "--arg",
        "f32[18]=iota",
        "--arg",
        "f32[16]=zeros",
        "--arg",
        "i32:3",
        "--arg",
        "f32:0.5",
        "--time",
        "--repeat",
        "3",
        "--dump",
        "out",
    ];
    args.extend(options);
    let out = oclc(&args, &dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(dir.join("out/arg1.bin")).unwrap();
    let values = bytes
        .chunks(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    (String::from_utf8_lossy(&out.stdout).into_owned(), values)
}

#[test]
fn specialisation_is_reported_and_gives_the_generic_results() {
    // out[i] = (i + i+1 + i+2) * 0.5 + 0.5
    let want: Vec<f32> = (0..16).map(|i| (3 * i + 3) as f32 * 0.5 + 0.5).collect();
    let on = "specialised on argument values: 1 variant(s) compiled in";
    let reused = "3 launch(es) reused one, 0 ran the generic kernel";
    for (options, specialised) in [
        (&[][..], false),
        (&["-O3"][..], false),
        (&["--specialize-args"][..], true),
        (&["-O3", "--specialize-args", "--specialize-args"][..], true),
        (&["-O1", "--specialize-args"][..], true),
        (&["-O0", "--specialize-args"][..], false),
        (&["--specialize-args", "--device", "opencl"][..], false),
    ] {
        if options.contains(&"opencl") && !require_opencl() {
            continue;
        }
        let name = format!("run-specialize-{}", options.join("").replace('-', ""));
        let (text, values) = run_box(options, &name);
        assert_eq!(values, want, "{options:?}");
        assert_eq!(text.contains(on), specialised, "{options:?}: {text}");
        if specialised {
            assert!(text.contains(reused), "{options:?}: {text}");
        }
    }
}

/// Every RUN line of tests/run/specialize_args.cl really runs a specialised variant with
/// `--specialize-args` (tests/run_reference.rs compares its results with PoCL, which would
/// not notice a variant that failed to compile and fell back on the generic kernel).
#[test]
fn every_run_line_of_the_specialisation_file_compiles_a_variant() {
    let file = root().join("tests/run/specialize_args.cl");
    let f = file.to_string_lossy().into_owned();
    let lines = run_lines(&file);
    assert!(lines.len() >= 10, "{lines:?}");
    for (i, run) in lines.iter().enumerate() {
        let dir = scratch(&format!("run-specialize-line-{i}"));
        let mut args = vec!["run", f.as_str()];
        args.extend(run.iter().map(String::as_str));
        args.extend(["--specialize-args", "--time", "--repeat", "1"]);
        let out = oclc(&args, &dir);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{run:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            text.contains("specialised on argument values: 1 variant(s) compiled")
                && !text.contains("failed to compile"),
            "{run:?}: {text}"
        );
    }
}
