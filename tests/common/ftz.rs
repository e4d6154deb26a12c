//! Judging float results the way OpenCL's conformance tests (math_brute_force) do on a
//! device that flushes float denormals: a denormal input may be read as a zero of either
//! sign (OpenCL C 3.0, 7.5.3.3: retry with +0 and -0 in its place), and a result whose
//! correct value is denormal (allowing for the function's ulp limit) may be returned as a
//! zero of either sign (7.5.3.2).
//!
//! The Vulkan tests judge this way when `OCLC_VK_DENORM` is `flush` (the pipeline asks
//! for `DenormFlushToZero`) or `any` (no denormal mode: NVIDIA's Vulkan driver then
//! flushes); otherwise (the default, `DenormPreserve` where the device supports it)
//! strictly.

/// Whether the Vulkan launches of this test run may flush float denormals.
pub fn ftz_judging() -> bool {
    matches!(
        std::env::var("OCLC_VK_DENORM").as_deref(),
        Ok("flush") | Ok("any")
    )
}

/// Whether `x` is a float denormal.
pub fn is_denormal_f32(x: f32) -> bool {
    x != 0.0 && x.abs() < f32::MIN_POSITIVE
}

/// The operand triples a flushing device may have computed on: `ops` with every subset
/// of its denormal operands replaced by +0 or -0 (`ops` itself first).
pub fn flushed_operands(ops: [f32; 3]) -> Vec<[f32; 3]> {
    let mut out = vec![ops];
    for k in 0..3 {
        if !is_denormal_f32(ops[k]) {
            continue;
        }
        let before = out.len();
        for i in 0..before {
            for z in [0.0f32, -0.0] {
                let mut v = out[i];
                v[k] = z;
                out.push(v);
            }
        }
    }
    out
}

/// Whether a correct result `x` within `ulps` float ulp may be denormal, so that a
/// flushing device may return a zero (the CTS's `IsFloatResultSubnormal`).
pub fn result_may_flush(x: f64, ulps: f64) -> bool {
    x.abs() - 2f64.powi(-149) * ulps < f32::MIN_POSITIVE as f64
}
