//! The pass pipeline of the CPU target (JIT and objects), declared in one place.

use oclc_ir::legalize::RefuseImports;
use oclc_ir::opt::{self, OptConfig};
use oclc_ir::Pipeline;

/// The CPU's cost model: Cranelift does not unroll loops, so loops with a run-time trip
/// count are unrolled by 2 here (the loop test and the induction variable's update then
/// run once per two iterations; by 4 until stop 47, when interleaving four chunks in loops
/// with few registers live per chunk, `vectorize::pressure`, paid more: a loop unrolled by
/// 4 has twice the loads live and spilled with four chunks). Full unrolling stops at 12
/// loads from memory: Cranelift computes pure arithmetic where its result is first needed,
/// which for a running sum is the loop's end, so every load of the unrolled copies comes
/// first and stays live, and x86-64 has 16 vector registers (with two chunks interleaved,
/// each varying load takes two). The chapter's DefConvolve at width 16 (32 loads per filter row in one block)
/// spilled most of them and ran 1.5x slower than the plain Convolve (stop 37, limit 24); at
/// width 8 (16 loads) 1.35x, and at width 3 the outer loop's unrolling (18 loads) cost 9%
/// (stop 40, limit 12; bench/results/middle-end.txt). Such a loop is unrolled by 2 instead.
pub fn cpu_opt_config(level: u8) -> OptConfig {
    OptConfig {
        partial_unroll_factor: if level >= 2 { 2 } else { 1 },
        full_unroll_max_loads: 12,
        ..OptConfig::for_level(level)
    }
}

/// The passes a module goes through before the CPU code generator: calls to functions
/// declared but never defined refused (`legalize::imports`: an object has nothing to link
/// them with), then the optimisations of `-O{level}` with [`cpu_opt_config`]. What the code generator needs besides (every call
/// inlined, stores forwarded, the local size substituted when a launch knows it; in
/// objects, the math routines linked from the built-in library) it does per kernel as it
/// translates.
pub fn cpu_pipeline<'a>(level: u8) -> Pipeline<'a> {
    Pipeline::new()
        .then(RefuseImports)
        .append(opt::pipeline(&cpu_opt_config(level)))
}
