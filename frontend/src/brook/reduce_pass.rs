//! The OpenCL C of one reduction pass: a work-group tree reduction per output element.
//!
//! Each output element gets one work-group of [`REDUCE_GROUP_SIZE`] work-items. Work-item
//! `l` folds a contiguous run of the element's block of the input (extents `f_x*f_y*f_z`,
//! row-major, clipped to the input) into a private partial result; the group then combines
//! the partial results pairwise through `__local` memory, one level per barrier, keeping
//! the source order (left partial first). Brook+ reduction functions have no identity, so
//! a partial result is only used when its run held at least one element (a `has` flag per
//! work-item); reduction variables (`+=`, `*=`, ...) seed with the operator's identity.
//! Blocks of any size work: runs of `ceil(n / group)` elements, the last ones short or empty.

use std::fmt::Write;

/// Work-items per work-group of a reduction pass.
pub const REDUCE_GROUP_SIZE: u32 = 64;

/// The source of the reduction pass kernel `name` over elements of OpenCL type `t`:
/// `fold(v, acc)` folds an input element into a partial result, `combine(part, acc)` folds a
/// later partial result into an earlier one; `identity` seeds every work-item's partial
/// result (reduction variables) or, when `None`, only existing elements are folded.
pub fn reduce_pass_source(
    name: &str,
    t: &str,
    fold: &str,
    combine: &str,
    identity: Option<&str>,
) -> String {
    let g = REDUCE_GROUP_SIZE;
    let seed = match identity {
        Some(i) => format!("{t} acc = {i};\n    int started = 1;"),
        None => format!("{t} acc;\n    int started = 0;"),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "__kernel __attribute__((reqd_work_group_size({g}, 1, 1)))
void {name}(__global const {t}* in, __global {t}* out,
    int in_x, int in_y, int in_z, int f_x, int f_y, int f_z, int out_x, int out_y, int out_z)
{{
    /* One work-group per output element (global size {g}*out_x, out_y, out_z). */
    __local {t} part[{g}];
    __local int has[{g}];
    const int l = (int)get_local_id(0);
    const int ox = (int)get_group_id(0), oy = (int)get_global_id(1), oz = (int)get_global_id(2);
    const int n = f_x * f_y * f_z;
    const int run = (n + {g} - 1) / {g};
    const int first = l * run;
    const int last = min(n, first + run);
    {seed}
    for (int k = first; k < last; k++) {{
        const int ix = ox * f_x + k % f_x;
        const int iy = oy * f_y + (k / f_x) % f_y;
        const int iz = oz * f_z + k / (f_x * f_y);
        if (ix < in_x && iy < in_y && iz < in_z) {{
            const {t} v = in[(iz * in_y + iy) * in_x + ix];
            if (started) {{
                acc = {fold}(v, acc);
            }} else {{
                acc = v;
                started = 1;
            }}
        }}
    }}
    part[l] = acc;
    has[l] = started;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 1; s < {g}; s *= 2) {{
        if ((l % (2 * s)) == 0 && has[l + s]) {{
            part[l] = has[l] ? {combine}(part[l + s], part[l]) : part[l + s];
            has[l] = 1;
        }}
        barrier(CLK_LOCAL_MEM_FENCE);
    }}
    if (l == 0 && ox < out_x && oy < out_y && oz < out_z && has[0]) {{
        out[(oz * out_y + oy) * out_x + ox] = part[0];
    }}
}}"
    );
    out
}
