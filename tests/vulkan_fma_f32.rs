//! `fma` on float on Vulkan (lavapipe), where it comes from oclc's built-in library
//! (`lower/src/library/cl/float.cl`: float error-free transformations and rounding to odd,
//! integer arithmetic near zero, underflow and overflow): every result must be the correctly
//! rounded a*b+c, bit for bit. The inputs aim at the hard cases that random operands
//! rarely hit: products that are exactly halfway between two floats with a tiny c that
//! decides the rounding, cancellation of the product by c, results in the denormal
//! range and near overflow, c far below or far above the product, and every combination
//! of special values. The reference is computed here in double precision: the product of
//! two floats is exact in double, the sum is rounded to odd (TwoSum's error term decides),
//! and rounding that to float is then correct. With `OCLC_VK_DENORM=flush|any` denormal
//! operands and results may flush, judged as OpenCL's conformance tests do (see
//! `common/ftz.rs`).

mod common;

use common::math_inputs::*;
use common::*;

/// The correctly rounded a*b+c, by rounding the exact sum to odd in double precision.
fn fma_ref(a: f32, b: f32, c: f32) -> f32 {
    let p = a as f64 * b as f64;
    let c = c as f64;
    let s = p + c;
    if !s.is_finite() || s == 0.0 {
        return s as f32;
    }
    let bb = s - p;
    let err = (p - (s - bb)) + (c - bb);
    let mut bits = s.to_bits();
    if err != 0.0 && bits & 1 == 0 {
        bits = if (err > 0.0) == (s > 0.0) {
            bits + 1
        } else {
            bits - 1
        };
    }
    f64::from_bits(bits) as f32
}

/// Whether `got` is right for fma(a, b, c): the correctly rounded result, or, when
/// denormals may flush (`ftz`), the result for denormal operands read as zeros or a zero
/// for a denormal result (as OpenCL's conformance tests judge; see `common/ftz.rs`).
fn accepted(got: f32, ops: [f32; 3], ftz: bool) -> bool {
    let same = |want: f32| got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan());
    let [a, b, c] = ops;
    if same(fma_ref(a, b, c)) {
        return true;
    }
    ftz && ftz::flushed_operands(ops).into_iter().any(|[a, b, c]| {
        let want = fma_ref(a, b, c);
        same(want) || got == 0.0 && ftz::result_may_flush(want as f64, 0.0)
    })
}

/// The flushes NVIDIA's Vulkan driver showed pass FTZ judging only.
#[test]
fn ftz_judging_accepts_flushed_operands_and_results() {
    let tiny = f32::from_bits(1);
    let p = |e: i32| 2f32.powi(e);
    let cases = [
        (0.0, [0.0, 0.0, tiny]),
        (0.0, [tiny, p(100), 0.0]),
        (-0.0, [p(-70), -p(-70), 0.0]),
    ];
    for (got, ops) in cases {
        assert!(!accepted(got, ops, false), "{ops:?}");
        assert!(accepted(got, ops, true), "{ops:?}");
    }
    assert!(!accepted(0.5, [tiny, 1.0, 1.0], true));
}

/// A random float with a random sign and an exponent in `lo..=hi`.
fn with_exponent(r: &mut Rng, lo: i32, hi: i32) -> f32 {
    let e = lo + (r.next() % (hi - lo + 1) as u64) as i32;
    let m = (r.next() & 0x7f_ffff) as u32;
    let s = (r.next() & 1) as u32;
    f32::from_bits((s << 31) | (((e + 127) as u32) << 23) | m)
}

/// A float with a random sign and significand and the exponent `e` (clamped to the normal
/// range), with only the top `bits` significand bits random.
fn with_exact_exponent(r: &mut Rng, e: i32, bits: u32) -> f32 {
    let e = e.clamp(-126, 127);
    let m = (r.next() as u32 & 0x7f_ffff) & !((1u32 << (23 - bits)) - 1);
    let s = (r.next() & 1) as u32;
    f32::from_bits((s << 31) | (((e + 127) as u32) << 23) | m)
}

/// Cases at the edges of the library's fast path (float error-free transformations and
/// rounding to odd, for a and b in [2^-103, 2^128), 2^(ea+eb) in [2^-80, 2^124] and c in
/// [2^-103, 2^126); everything else takes the integer path): operands right at and next
/// to those thresholds, products whose error term is tiny (few-bit factors), c cancelling
/// the rounded product exactly (the result is the product's error term), and c + a*b
/// rounded exactly halfway between two floats so that the product's error term alone
/// decides the rounding.
fn fast_path_boundaries(r: &mut Rng) -> Vec<[f32; 3]> {
    let mut v = Vec::new();
    let factor_edges = [-104, -103, -102, -80, -79, 0, 113, 114, 115, 126, 127];
    let product_edges = [-82, -81, -80, -79, 123, 124, 125, 126];
    let addend_edges = [-105, -104, -103, -102, 124, 125, 126, 127];
    for _ in 0..2048 {
        let bits = [23, 23, 12, 4][(r.next() % 4) as usize];
        let ea = factor_edges[(r.next() % factor_edges.len() as u64) as usize];
        let ep = product_edges[(r.next() % product_edges.len() as u64) as usize];
        let a = with_exact_exponent(r, ea, bits);
        let b = with_exact_exponent(r, ep - ea, bits);
        let ec = if r.next() & 1 == 0 {
            addend_edges[(r.next() % addend_edges.len() as u64) as usize]
        } else {
            ep - 30 + (r.next() % 60) as i32
        };
        v.push([a, b, with_exact_exponent(r, ec, 23)]);
        v.push([b, a, with_exact_exponent(r, ec, bits)]);
        // c cancelling the rounded product exactly: the result is the product's error.
        let p = a * b;
        if p.is_finite() {
            v.push([a, b, -p]);
        }
        // Few-bit factors: the product's error term is a few bits far below its top.
        let k = 1.0 + (r.next() % 64) as f32;
        let m = 1.0 + (r.next() % 64) as f32;
        let s = 2f32.powi((r.next() % 200) as i32 - 100);
        let a = (1.0 + k * 2f32.powi(-23)) * s;
        let b = (1.0 + m * 2f32.powi(-23)) * if r.next() & 1 == 0 { 1.0 } else { -1.0 };
        let p = a * b;
        v.push([a, b, -p]);
        v.push([a, b, f32::from_bits((-p).to_bits() ^ 1)]);
        // c + a*b exactly halfway between two floats (the rounded product's last bit is
        // odd and c lies one or two binades above it), its error term deciding.
        let bits = [23, 16, 12][(r.next() % 3) as usize];
        let (ea, eb) = ((r.next() % 80) as i32 - 40, (r.next() % 80) as i32 - 40);
        let a = with_exact_exponent(r, ea, bits);
        let b = with_exact_exponent(r, eb, bits);
        let p = a * b;
        if p.to_bits() & 1 == 1 && p.is_normal() {
            let e = ((p.to_bits() >> 23) & 0xff) as i32 - 127;
            let j = (r.next() % (1 << 20)) as f32;
            let same = (2.0 + j * 2f32.powi(-22)) * 2f32.powi(e);
            let other = (4.0 + j * 2f32.powi(-21)) * 2f32.powi(e);
            v.push([a, b, same.copysign(p)]);
            v.push([a, b, (-other).copysign(-p)]);
        }
    }
    v
}

/// The operand triples: special values crossed, then families of hard cases.
fn cases() -> Vec<[f32; 3]> {
    let specials = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        f32::MAX,
        f32::MIN_POSITIVE,
        1e-45,
        -1e-45,
    ];
    let mut v = Vec::new();
    for a in specials {
        for b in specials {
            for c in specials {
                v.push([a, b, c]);
            }
        }
    }
    let mut r = Rng(0xf3a);
    let k = 8192;
    for _ in 0..k {
        // Random bit patterns.
        let bits = |r: &mut Rng| f32::from_bits(r.next() as u32);
        v.push([bits(&mut r), bits(&mut r), bits(&mut r)]);
        // The product halfway between two floats ((1 + odd 2^-23) * 1.5), a tiny c.
        let odd = (r.next() % (1 << 21)) as f32 * 2.0 + 1.0;
        let scale = |r: &mut Rng| 2f32.powi((r.next() % 40) as i32 - 20);
        let a = (1.0 + odd * 2f32.powi(-23)) * scale(&mut r);
        let b = if r.next() & 1 == 0 { 1.5 } else { -1.5 } * scale(&mut r);
        let tiny = 2f32.powi(-64 - (r.next() % 70) as i32);
        v.push([a, b, if r.next() & 1 == 0 { tiny } else { -tiny }]);
        // c cancelling the rounded product, give or take a few ulp.
        let a = with_exponent(&mut r, -60, 60);
        let b = with_exponent(&mut r, -60, 60);
        let p = -(a * b);
        let nudge = (r.next() % 7) as i32 - 3;
        v.push([a, b, f32::from_bits((p.to_bits() as i32 + nudge) as u32)]);
        // Results in the denormal range.
        let a = with_exponent(&mut r, -80, -60);
        let b = with_exponent(&mut r, -80, -60);
        v.push([a, b, with_exponent(&mut r, -140, -126)]);
        // Near overflow.
        let a = with_exponent(&mut r, 60, 70);
        let b = with_exponent(&mut r, 55, 64);
        v.push([a, b, with_exponent(&mut r, 100, 127)]);
        // c far from the product, both ways.
        let a = with_exponent(&mut r, -30, 30);
        let b = with_exponent(&mut r, -30, 30);
        v.push([a, b, with_exponent(&mut r, -126, 127)]);
    }
    v.extend(fast_path_boundaries(&mut r));
    while v.len() % 64 != 0 {
        v.push([1.0, 1.0, 1.0]);
    }
    v
}

#[test]
fn fma_on_vulkan_is_correctly_rounded() {
    if !require_vulkan() {
        return;
    }
    let dir = scratch("vulkan-fma-f32");
    let cases = cases();
    let n = cases.len();
    for k in 0..3 {
        let xs: Vec<f32> = cases.iter().map(|c| c[k]).collect();
        std::fs::write(
            dir.join(format!("in{k}.bin")),
            le_bytes(&xs, f32::to_le_bytes),
        )
        .unwrap();
    }
    std::fs::write(
        dir.join("k.cl"),
        "__kernel void k(__global const float *a, __global const float *b,
                __global const float *c, __global float *out)
{
    int i = get_global_id(0);
    out[i] = fma(a[i], b[i], c[i]);
}
",
    )
    .unwrap();
    let global = n.to_string();
    let specs: Vec<String> = (0..3)
        .map(|k| format!("f32[{n}]=file:in{k}.bin"))
        .chain([format!("f32[{n}]=zeros")])
        .collect();
    let mut args = vec![
        "run", "k.cl", "--kernel", "k", "--global", &global, "--local", "64", "--device", "vulkan",
        "--dump", "out",
    ];
    for s in &specs {
        args.push("--arg");
        args.push(s);
    }
    let out = oclc(&args, &dir);
    assert!(
        out.status.success(),
        "oclc run failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(dir.join("out/arg3.bin")).unwrap();
    let ftz = ftz::ftz_judging();
    let mut wrong = Vec::new();
    for (i, w) in bytes.chunks_exact(4).enumerate() {
        let got = f32::from_le_bytes([w[0], w[1], w[2], w[3]]);
        let [a, b, c] = cases[i];
        let want = fma_ref(a, b, c);
        if !accepted(got, [a, b, c], ftz) {
            wrong.push(format!("fma({a:e}, {b:e}, {c:e}) = {got:e}, want {want:e}"));
        }
    }
    println!(
        "fma on vulkan{}: {} of {n} results wrong",
        if ftz { " (denormals may flush)" } else { "" },
        wrong.len()
    );
    assert!(
        wrong.is_empty(),
        "{} wrong, e.g.:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(10)].join("\n")
    );
}
