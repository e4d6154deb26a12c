//! Passes and the pipelines that run them.
//!
//! Every transformation of a module is a [`Pass`]: optimisations (`crate::opt`) and the
//! legalisations a target needs (`crate::legalize`) alike. A [`Pipeline`] is an ordered list
//! of steps, each one pass or a group of passes repeated to a fixed point; each target
//! declares its own pipeline in one place (its backend's `pipeline` function), and the
//! driver only names the target. A pass can be switched off by name
//! ([`Pipeline::disable`], `--disable-pass NAME` on the command line), and every pass run is
//! reported to an observer (`-save-temps` writes the IR after each run that changed it).

use crate::fx::HashSet;

use crate::diag::refusal::Refusal;
use crate::module::Module;

mod function_local;

pub use function_local::{fixed_point_on_function, FunctionPass};
use function_local::{run_function_local_group, Settled, MAX_GROUP_PASSES};

/// A transformation of a whole module.
pub trait Pass {
    /// A short name for logs, `--disable-pass` and `-save-temps` file names (e.g. `unroll`).
    fn name(&self) -> &'static str;

    /// Rewrites `module` in place; returns true when anything changed, or the construct the
    /// target cannot express (legalisations only; optimisations never fail).
    fn run(&self, module: &mut Module) -> Result<bool, Refusal>;

    /// Runs the pass as [`Pass::run`] does and also says which functions it changed:
    /// `Some(names)` when it can tell (the functions it removed need not be named), `None`
    /// (the default) when it cannot. Lets the next fixed-point group of function-local
    /// passes skip the functions that the last group settled and no pass changed since.
    fn run_naming_changed(
        &self,
        module: &mut Module,
    ) -> Result<(bool, Option<HashSet<String>>), Refusal> {
        Ok((self.run(module)?, None))
    }

    /// The pass as one that rewrites each function on its own ([`FunctionPass`]), which lets
    /// a fixed-point group skip the functions already at their fixed point; `None` (the
    /// default) for passes that must see the whole module.
    fn as_function_pass(&self) -> Option<&dyn FunctionPass> {
        None
    }
}

/// The most rounds a [`Step::FixedPoint`] group makes before giving up on reaching a fixed
/// point.
pub const MAX_ROUNDS: usize = 8;

/// One step of a [`Pipeline`].
pub enum Step<'a> {
    /// A pass run once.
    Once(Box<dyn Pass + 'a>),
    /// Passes run in order, in rounds, until a round changes nothing (at most
    /// [`MAX_ROUNDS`] rounds).
    FixedPoint(Vec<Box<dyn Pass + 'a>>),
}

/// A pass of a pipeline refused the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassFailure {
    /// The pass.
    pub pass: &'static str,
    /// What it refused and where.
    pub refusal: Refusal,
}

/// An ordered list of passes (see the module documentation).
#[derive(Default)]
pub struct Pipeline<'a> {
    steps: Vec<Step<'a>>,
    disabled: HashSet<String>,
}

impl<'a> Pipeline<'a> {
    /// An empty pipeline.
    pub fn new() -> Self {
        Pipeline::default()
    }

    /// Appends a pass run once.
    pub fn then(mut self, pass: impl Pass + 'a) -> Self {
        self.steps.push(Step::Once(Box::new(pass)));
        self
    }

    /// Appends a group of passes run to a fixed point (nothing when `passes` is empty).
    pub fn fixed_point(mut self, passes: Vec<Box<dyn Pass + 'a>>) -> Self {
        if !passes.is_empty() {
            self.steps.push(Step::FixedPoint(passes));
        }
        self
    }

    /// Appends the steps of `other` (its disabled passes stay disabled).
    pub fn append(mut self, other: Pipeline<'a>) -> Self {
        self.steps.extend(other.steps);
        self.disabled.extend(other.disabled);
        self
    }

    /// Switches the passes called `names` off (unknown names are ignored; see
    /// [`Pipeline::pass_names`]).
    pub fn disable<S: AsRef<str>>(mut self, names: &[S]) -> Self {
        self.disabled
            .extend(names.iter().map(|n| n.as_ref().to_string()));
        self
    }

    /// The names of the passes, in order, each once (switched-off ones included).
    pub fn pass_names(&self) -> Vec<&'static str> {
        let mut names = Vec::new();
        for step in &self.steps {
            let passes: Vec<&dyn Pass> = match step {
                Step::Once(p) => vec![p.as_ref()],
                Step::FixedPoint(ps) => ps.iter().map(|p| p.as_ref()).collect(),
            };
            for p in passes {
                if !names.contains(&p.name()) {
                    names.push(p.name());
                }
            }
        }
        names
    }

    /// Runs the pipeline over `module`. After every pass run the module is verified in
    /// debug builds (a failure is a compiler bug and panics) and `observe(pass, module)` is
    /// called. Returns true when anything changed.
    pub fn run(
        &self,
        module: &mut Module,
        observe: &mut dyn FnMut(&str, &Module),
    ) -> Result<bool, PassFailure> {
        let mut any = false;
        // The functions the last function-local group settled that no pass changed since.
        let mut settled: Option<Settled> = None;
        for step in &self.steps {
            match step {
                Step::Once(pass) => {
                    any |= self.run_once(pass.as_ref(), module, observe, &mut settled)?
                }
                Step::FixedPoint(passes) => {
                    let locals: Option<Vec<&dyn FunctionPass>> =
                        passes.iter().map(|p| p.as_function_pass()).collect();
                    if let Some(locals) = locals.filter(|l| l.len() <= MAX_GROUP_PASSES) {
                        let group = function_local::Group {
                            passes: passes.iter().map(|p| p.as_ref()).zip(locals).collect(),
                            disabled: &self.disabled,
                        };
                        any |= run_function_local_group(&group, module, observe, &mut settled);
                        continue;
                    }
                    // Rounds until a round changes nothing, except that the passes stop as
                    // soon as each has run once, in turn, since the last change: the module
                    // is then the one each of them left unchanged, and the rest of that
                    // round would change nothing either (passes are deterministic).
                    let mut quiet = 0;
                    for pass in passes.iter().cycle().take(MAX_ROUNDS * passes.len()) {
                        if quiet == passes.len() {
                            break;
                        }
                        if self.run_pass(pass.as_ref(), module, observe)? {
                            any = true;
                            quiet = 0;
                            // Which functions it changed is not known.
                            settled = None;
                        } else {
                            quiet += 1;
                        }
                    }
                }
            }
        }
        Ok(any)
    }

    fn run_pass(
        &self,
        pass: &dyn Pass,
        module: &mut Module,
        observe: &mut dyn FnMut(&str, &Module),
    ) -> Result<bool, PassFailure> {
        if self.disabled.contains(pass.name()) {
            return Ok(false);
        }
        let changed = pass.run(module).map_err(|refusal| PassFailure {
            pass: pass.name(),
            refusal,
        })?;
        self.after_pass(pass, module, observe);
        Ok(changed)
    }

    /// Runs a [`Step::Once`] pass, keeping `settled` (the functions the last function-local
    /// group settled) up to date with the functions it says it changed.
    fn run_once(
        &self,
        pass: &dyn Pass,
        module: &mut Module,
        observe: &mut dyn FnMut(&str, &Module),
        settled: &mut Option<Settled>,
    ) -> Result<bool, PassFailure> {
        let Some(kept) = settled.as_mut() else {
            return self.run_pass(pass, module, observe);
        };
        if self.disabled.contains(pass.name()) {
            return Ok(false);
        }
        let (changed, names) = pass
            .run_naming_changed(module)
            .map_err(|refusal| PassFailure {
                pass: pass.name(),
                refusal,
            })?;
        match names {
            Some(names) => kept.forget(&names),
            None if changed => *settled = None,
            None => {}
        }
        self.after_pass(pass, module, observe);
        Ok(changed)
    }

    /// What follows every pass run: the module verified (debug builds) and observed.
    fn after_pass(&self, pass: &dyn Pass, module: &Module, observe: &mut dyn FnMut(&str, &Module)) {
        if cfg!(debug_assertions) {
            if let Err(e) = crate::verify::verify_module(module) {
                panic!("after pass {}: {e}", pass.name());
            }
        }
        observe(pass.name(), module);
    }
}
