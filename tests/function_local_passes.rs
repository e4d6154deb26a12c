//! Fixed-point groups of function-local passes run function by function, skipping the
//! functions already at their fixed point (across groups too: ir/src/pipeline/
//! function_local.rs). This must give exactly the module-wide fixed point: checked on every
//! kernel file of tests/run and samples that compiles with default options, lowered by the
//! front end, through the `-O2` shape of groups.

use std::path::Path;

use oclc::driver::{lower_file, Stages};
use oclc::CompileOptions;
use oclc_ir::diag::refusal::Refusal;
use oclc_ir::opt::{self, OptConfig};
use oclc_ir::{print_module, Module, Pass, Pipeline};

/// A pass seen only as a whole-module pass, so that its fixed-point groups run module-wide.
struct ModuleWide(Box<dyn Pass>);

impl Pass for ModuleWide {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn run(&self, module: &mut Module) -> Result<bool, Refusal> {
        self.0.run(module)
    }
}

/// The `-O2` shape (cleanup, inline, cleanup, then with `to_the_end` unroll and cleanup with
/// licm), its cleanup groups run function by function or, with `module_wide`, over the
/// whole module in rounds. (Without `to_the_end` the last group is the same as the first
/// one, so the functions inlining did not change start settled.)
fn o2_shape(module_wide: bool, to_the_end: bool) -> Pipeline<'static> {
    let config = OptConfig::for_level(2);
    let pass = |name: &str| -> Box<dyn Pass> {
        let p = opt::by_name(name, &config).unwrap();
        if module_wide {
            Box::new(ModuleWide(p))
        } else {
            p
        }
    };
    let cleanup = |licm: bool| {
        let mut names = vec!["const_fold", "simplify", "forward_loads", "gvn"];
        if licm {
            names.push("licm");
        }
        names.push("dce");
        names.into_iter().map(pass).collect::<Vec<_>>()
    };
    let pipeline = Pipeline::new()
        .fixed_point(cleanup(false))
        .then(ModuleWide(opt::by_name("inline", &config).unwrap()))
        .fixed_point(cleanup(false));
    if !to_the_end {
        return pipeline;
    }
    pipeline
        .then(ModuleWide(opt::by_name("unroll", &config).unwrap()))
        .fixed_point(cleanup(true))
}

#[test]
fn function_local_groups_match_module_wide_groups() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["tests/run", "samples"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|x| x == "cl") {
                files.push(path);
            }
        }
    }
    files.sort();
    let (mut compared, mut multi_function, mut fewer_runs) = (0, 0, 0);
    for path in &files {
        let Ok(lowered) = lower_file(path, &CompileOptions::default(), &mut Stages::default())
        else {
            continue; // needs the -D flags of its RUN lines
        };
        for to_the_end in [false, true] {
            let (mut local, mut wide) = (lowered.module.clone(), lowered.module.clone());
            let (mut local_runs, mut wide_runs) = (0, 0);
            o2_shape(false, to_the_end)
                .run(&mut local, &mut |_, _| local_runs += 1)
                .unwrap();
            o2_shape(true, to_the_end)
                .run(&mut wide, &mut |_, _| wide_runs += 1)
                .unwrap();
            assert_eq!(
                print_module(&local),
                print_module(&wide),
                "{} (to the end: {to_the_end})",
                path.display()
            );
            assert!(local_runs <= wide_runs, "{}", path.display());
            fewer_runs += usize::from(local_runs < wide_runs);
        }
        compared += 1;
        multi_function += usize::from(lowered.module.functions.len() > 1);
    }
    assert!(
        compared > 100 && multi_function > 50 && fewer_runs > 10,
        "{compared} compared, {multi_function} with several functions, {fewer_runs} with fewer runs"
    );
}
