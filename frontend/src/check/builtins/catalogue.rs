//! The catalogue of OpenCL C 1.2 built-in functions with fixed names: groups of names that
//! share one signature pattern over a generic family.

use std::sync::OnceLock;

use super::pattern::{Accesses, Dims, Family, Pat, Spaces};
use crate::checked::ScalarKind;
use crate::checked::ScalarKind as K;
use crate::fast_hash::FxHashMap;

/// One catalogue entry (a family of overloads of one name).
#[derive(Copy, Clone, Debug)]
pub struct BuiltinDef {
    /// OpenCL C name.
    pub name: &'static str,
    /// Generic family.
    pub family: Family,
    /// Parameters.
    pub params: &'static [Pat],
    /// Result.
    pub ret: Pat,
    /// Only instantiate with vector generic types (the `(gentype, scalar)` forms).
    pub vec_only: bool,
}

/// Names sharing one signature.
struct Group {
    names: &'static [&'static str],
    family: Family,
    params: &'static [Pat],
    ret: Pat,
    vec_only: bool,
}

const fn g(
    names: &'static [&'static str],
    family: Family,
    params: &'static [Pat],
    ret: Pat,
) -> Group {
    Group {
        names,
        family,
        params,
        ret,
        vec_only: false,
    }
}

const fn gv(
    names: &'static [&'static str],
    family: Family,
    params: &'static [Pat],
    ret: Pat,
) -> Group {
    Group {
        names,
        family,
        params,
        ret,
        vec_only: true,
    }
}

use Family::{
    All, Atomic64, AtomicFloat, AtomicInt, Cross, Float as F, FloatOnly as F32, Geom, GeomFloat,
    Int as I, Int32, None as N, SInt, Upsample,
};
use Family::{AtomicFetch, AtomicFlag, WorkGroup};
use Pat::{Elem as E, Gen as G, UGen as U, S};
const UI: Pat = S(ScalarKind::UInt);
const INT: Pat = S(ScalarKind::Int);
const SZ: Pat = S(ScalarKind::ULong);
const VOID: Pat = Pat::Void;
const AP: Pat = Pat::PtrGen(Spaces::SHARED);
/// The object of an OpenCL C 2.0 atomic function: a pointer to an atomic type in any space
/// that converts to `__generic`.
const OBJ: Pat = Pat::PtrAtomic(Spaces::WRITABLE);
/// The OpenCL C 2.0 atomic functions (built-ins that exist only from OpenCL C 2.0 on).
pub const CL20_ATOMICS: &[&str] = &[
    "atomic_init",
    "atomic_store",
    "atomic_store_explicit",
    "atomic_load",
    "atomic_load_explicit",
    "atomic_exchange",
    "atomic_exchange_explicit",
    "atomic_compare_exchange_strong",
    "atomic_compare_exchange_weak",
    "atomic_compare_exchange_strong_explicit",
    "atomic_compare_exchange_weak_explicit",
    "atomic_fetch_add",
    "atomic_fetch_sub",
    "atomic_fetch_or",
    "atomic_fetch_xor",
    "atomic_fetch_and",
    "atomic_fetch_min",
    "atomic_fetch_max",
    "atomic_fetch_add_explicit",
    "atomic_fetch_sub_explicit",
    "atomic_fetch_or_explicit",
    "atomic_fetch_xor_explicit",
    "atomic_fetch_and_explicit",
    "atomic_fetch_min_explicit",
    "atomic_fetch_max_explicit",
    "atomic_flag_test_and_set",
    "atomic_flag_test_and_set_explicit",
    "atomic_flag_clear",
    "atomic_flag_clear_explicit",
    "atomic_work_item_fence",
];
const CMPXCHG: [&str; 2] = [
    "atomic_compare_exchange_strong",
    "atomic_compare_exchange_weak",
];
const CMPXCHG_EXPLICIT: [&str; 2] = [
    "atomic_compare_exchange_strong_explicit",
    "atomic_compare_exchange_weak_explicit",
];
const FETCH: [&str; 7] = [
    "atomic_fetch_add",
    "atomic_fetch_sub",
    "atomic_fetch_or",
    "atomic_fetch_xor",
    "atomic_fetch_and",
    "atomic_fetch_min",
    "atomic_fetch_max",
];
const FETCH_EXPLICIT: [&str; 7] = [
    "atomic_fetch_add_explicit",
    "atomic_fetch_sub_explicit",
    "atomic_fetch_or_explicit",
    "atomic_fetch_xor_explicit",
    "atomic_fetch_and_explicit",
    "atomic_fetch_min_explicit",
    "atomic_fetch_max_explicit",
];
const WP: Pat = Pat::PtrGen(Spaces::WRITABLE);
const WIP: Pat = Pat::PtrIntN(Spaces::WRITABLE);
const SMP: Pat = Pat::Sampler;
const EV: Pat = Pat::Event;
const TO_LOCAL: Pat = Pat::PtrGenIn(Spaces::LOCAL);
const TO_GLOBAL: Pat = Pat::PtrGenIn(Spaces::GLOBAL);
const FROM_LOCAL: Pat = Pat::PtrGenIn(Spaces::LOCAL);
const FROM_GLOBAL: Pat = Pat::PtrGenIn(Spaces::GLOBAL);
const V4F: Pat = Pat::V(K::Float, 4);
const V4I: Pat = Pat::V(K::Int, 4);
const V4U: Pat = Pat::V(K::UInt, 4);
const V4H: Pat = Pat::V(K::Half, 4);
/// `read_only` images a sampler can read.
const IMG_SAMPLED: Family = Family::Image(Dims::SAMPLED, Accesses::READ);
/// Images readable without a sampler.
const IMG_READ: Family = Family::Image(Dims::ALL, Accesses::READABLE);
/// Writable images.
const IMG_WRITE: Family = Family::Image(Dims::ALL, Accesses::WRITABLE);

const GROUPS: &[Group] = &[
    // Work-item functions.
    g(&["get_work_dim"], N, &[], UI),
    g(
        &[
            "get_global_size",
            "get_global_id",
            "get_local_size",
            "get_local_id",
            "get_num_groups",
            "get_group_id",
            "get_global_offset",
        ],
        N,
        &[UI],
        SZ,
    ),
    // Synchronization.
    g(
        &["barrier", "mem_fence", "read_mem_fence", "write_mem_fence"],
        N,
        &[UI],
        VOID,
    ),
    // OpenCL C 2.0: work_group_barrier(flags[, memory_scope]).
    g(&["work_group_barrier"], N, &[UI], VOID),
    g(&["work_group_barrier"], N, &[UI, INT], VOID),
    // Math: one float operand.
    g(
        &[
            "acos", "acosh", "acospi", "asin", "asinh", "asinpi", "atan", "atanh", "atanpi",
            "cbrt", "ceil", "cos", "cosh", "cospi", "erfc", "erf", "exp", "exp2", "exp10", "expm1",
            "fabs", "floor", "lgamma", "log", "log2", "log10", "log1p", "logb", "rint", "round",
            "rsqrt", "sin", "sinh", "sinpi", "sqrt", "tan", "tanh", "tanpi", "tgamma", "trunc",
        ],
        F,
        &[G],
        G,
    ),
    g(
        &[
            "atan2",
            "atan2pi",
            "copysign",
            "fdim",
            "fmod",
            "hypot",
            "maxmag",
            "minmag",
            "nextafter",
            "pow",
            "powr",
            "remainder",
            "fmax",
            "fmin",
        ],
        F,
        &[G, G],
        G,
    ),
    gv(&["fmax", "fmin"], F, &[G, E], G),
    g(&["fma", "mad"], F, &[G, G, G], G),
    g(&["ldexp", "pown", "rootn"], F, &[G, Pat::IntN], G),
    gv(&["ldexp"], F, &[G, INT], G),
    g(&["ilogb"], F, &[G], Pat::IntN),
    g(&["nan"], F, &[Pat::USame], G),
    g(&["fract", "modf", "sincos"], F, &[G, WP], G),
    g(&["frexp", "lgamma_r"], F, &[G, WIP], G),
    g(&["remquo"], F, &[G, G, WIP], G),
    // half_ and native_ variants (float only).
    g(
        &[
            "half_cos",
            "half_exp",
            "half_exp2",
            "half_exp10",
            "half_log",
            "half_log2",
            "half_log10",
            "half_recip",
            "half_rsqrt",
            "half_sin",
            "half_sqrt",
            "half_tan",
            "native_cos",
            "native_exp",
            "native_exp2",
            "native_exp10",
            "native_log",
            "native_log2",
            "native_log10",
            "native_recip",
            "native_rsqrt",
            "native_sin",
            "native_sqrt",
            "native_tan",
        ],
        F32,
        &[G],
        G,
    ),
    g(
        &["half_divide", "half_powr", "native_divide", "native_powr"],
        F32,
        &[G, G],
        G,
    ),
    // Integer functions.
    g(&["abs"], I, &[G], U),
    g(&["abs_diff"], I, &[G, G], U),
    g(
        &["add_sat", "hadd", "rhadd", "mul_hi", "rotate", "sub_sat"],
        I,
        &[G, G],
        G,
    ),
    g(&["clz", "ctz", "popcount"], I, &[G], G),
    g(&["mad_hi", "mad_sat"], I, &[G, G, G], G),
    g(&["mad24"], Int32, &[G, G, G], G),
    g(&["mul24"], Int32, &[G, G], G),
    g(&["upsample"], Upsample, &[G, U], Pat::Wide),
    // Integer and common functions shared by both families.
    g(&["max", "min"], F, &[G, G], G),
    gv(&["max", "min"], F, &[G, E], G),
    g(&["max", "min"], I, &[G, G], G),
    gv(&["max", "min"], I, &[G, E], G),
    g(&["clamp"], F, &[G, G, G], G),
    gv(&["clamp"], F, &[G, E, E], G),
    g(&["clamp"], I, &[G, G, G], G),
    gv(&["clamp"], I, &[G, E, E], G),
    // Common functions.
    g(&["degrees", "radians", "sign"], F, &[G], G),
    g(&["mix"], F, &[G, G, G], G),
    gv(&["mix"], F, &[G, G, E], G),
    g(&["step"], F, &[G, G], G),
    gv(&["step"], F, &[E, G], G),
    g(&["smoothstep"], F, &[G, G, G], G),
    gv(&["smoothstep"], F, &[E, E, G], G),
    // Geometric functions.
    g(&["cross"], Cross, &[G, G], G),
    g(&["dot", "distance"], Geom, &[G, G], E),
    g(&["length"], Geom, &[G], E),
    g(&["normalize"], Geom, &[G], G),
    g(&["fast_distance"], GeomFloat, &[G, G], E),
    g(&["fast_length"], GeomFloat, &[G], E),
    g(&["fast_normalize"], GeomFloat, &[G], G),
    // Relational functions.
    g(
        &[
            "isequal",
            "isnotequal",
            "isgreater",
            "isgreaterequal",
            "isless",
            "islessequal",
            "islessgreater",
            "isordered",
            "isunordered",
        ],
        F,
        &[G, G],
        Pat::Rel,
    ),
    g(
        &["isfinite", "isinf", "isnan", "isnormal", "signbit"],
        F,
        &[G],
        Pat::Rel,
    ),
    g(&["any", "all"], SInt, &[G], INT),
    g(&["bitselect"], All, &[G, G, G], G),
    g(&["select"], All, &[G, G, Pat::ISame], G),
    g(&["select"], All, &[G, G, Pat::USame], G),
    // Prefetch (a hint; no effect).
    g(&["prefetch"], All, &[Pat::PtrGenConst, SZ], VOID),
    // Atomics (OpenCL 1.1 `atomic_*` and the 1.0 extension `atom_*` names).
    g(
        &[
            "atomic_add",
            "atomic_sub",
            "atomic_xchg",
            "atomic_min",
            "atomic_max",
            "atomic_and",
            "atomic_or",
            "atomic_xor",
            "atom_add",
            "atom_sub",
            "atom_xchg",
            "atom_min",
            "atom_max",
            "atom_and",
            "atom_or",
            "atom_xor",
        ],
        AtomicInt,
        &[AP, G],
        G,
    ),
    g(&["atomic_xchg"], AtomicFloat, &[AP, G], G),
    // OpenCL C 2.0 atomics (memory_order and memory_scope are `int` enumerations).
    g(&["atomic_init", "atomic_store"], WorkGroup, &[OBJ, G], VOID),
    g(&["atomic_store_explicit"], WorkGroup, &[OBJ, G, INT], VOID),
    g(
        &["atomic_store_explicit"],
        WorkGroup,
        &[OBJ, G, INT, INT],
        VOID,
    ),
    g(&["atomic_load"], WorkGroup, &[OBJ], G),
    g(&["atomic_load_explicit"], WorkGroup, &[OBJ, INT], G),
    g(&["atomic_load_explicit"], WorkGroup, &[OBJ, INT, INT], G),
    g(&["atomic_exchange"], WorkGroup, &[OBJ, G], G),
    g(&["atomic_exchange_explicit"], WorkGroup, &[OBJ, G, INT], G),
    g(
        &["atomic_exchange_explicit"],
        WorkGroup,
        &[OBJ, G, INT, INT],
        G,
    ),
    g(&CMPXCHG, WorkGroup, &[OBJ, WP, G], Pat::Bool),
    g(
        &CMPXCHG_EXPLICIT,
        WorkGroup,
        &[OBJ, WP, G, INT, INT],
        Pat::Bool,
    ),
    g(
        &CMPXCHG_EXPLICIT,
        WorkGroup,
        &[OBJ, WP, G, INT, INT, INT],
        Pat::Bool,
    ),
    g(&FETCH, AtomicFetch, &[OBJ, G], G),
    g(&FETCH_EXPLICIT, AtomicFetch, &[OBJ, G, INT], G),
    g(&FETCH_EXPLICIT, AtomicFetch, &[OBJ, G, INT, INT], G),
    g(&["atomic_flag_test_and_set"], AtomicFlag, &[OBJ], Pat::Bool),
    g(
        &["atomic_flag_test_and_set_explicit"],
        AtomicFlag,
        &[OBJ, INT],
        Pat::Bool,
    ),
    g(
        &["atomic_flag_test_and_set_explicit"],
        AtomicFlag,
        &[OBJ, INT, INT],
        Pat::Bool,
    ),
    g(&["atomic_flag_clear"], AtomicFlag, &[OBJ], VOID),
    g(
        &["atomic_flag_clear_explicit"],
        AtomicFlag,
        &[OBJ, INT],
        VOID,
    ),
    g(
        &["atomic_flag_clear_explicit"],
        AtomicFlag,
        &[OBJ, INT, INT],
        VOID,
    ),
    g(&["atomic_work_item_fence"], N, &[UI, INT, INT], VOID),
    g(
        &["atomic_inc", "atomic_dec", "atom_inc", "atom_dec"],
        AtomicInt,
        &[AP],
        G,
    ),
    g(
        &["atomic_cmpxchg", "atom_cmpxchg"],
        AtomicInt,
        &[AP, G, G],
        G,
    ),
    // 64-bit `atom_*` (cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics; clang
    // declares them for SPIR targets without the `#pragma OPENCL EXTENSION`).
    g(
        &[
            "atom_add",
            "atom_sub",
            "atom_xchg",
            "atom_min",
            "atom_max",
            "atom_and",
            "atom_or",
            "atom_xor",
        ],
        Atomic64,
        &[AP, G],
        G,
    ),
    g(&["atom_inc", "atom_dec"], Atomic64, &[AP], G),
    g(&["atom_cmpxchg"], Atomic64, &[AP, G, G], G),
    // Work-group functions (OpenCL 2.0).
    g(&["work_group_all", "work_group_any"], N, &[INT], INT),
    g(&["work_group_broadcast"], Family::WorkGroup, &[G, SZ], G),
    g(
        &["work_group_broadcast"],
        Family::WorkGroup,
        &[G, SZ, SZ],
        G,
    ),
    g(
        &["work_group_broadcast"],
        Family::WorkGroup,
        &[G, SZ, SZ, SZ],
        G,
    ),
    g(
        &[
            "work_group_reduce_add",
            "work_group_reduce_min",
            "work_group_reduce_max",
            "work_group_scan_inclusive_add",
            "work_group_scan_inclusive_min",
            "work_group_scan_inclusive_max",
            "work_group_scan_exclusive_add",
            "work_group_scan_exclusive_min",
            "work_group_scan_exclusive_max",
        ],
        Family::WorkGroup,
        &[G],
        G,
    ),
    // Asynchronous copies between global and local memory.
    g(
        &["async_work_group_copy"],
        All,
        &[TO_LOCAL, FROM_GLOBAL, SZ, EV],
        EV,
    ),
    g(
        &["async_work_group_copy"],
        All,
        &[TO_GLOBAL, FROM_LOCAL, SZ, EV],
        EV,
    ),
    g(
        &["async_work_group_strided_copy"],
        All,
        &[TO_LOCAL, FROM_GLOBAL, SZ, SZ, EV],
        EV,
    ),
    g(
        &["async_work_group_strided_copy"],
        All,
        &[TO_GLOBAL, FROM_LOCAL, SZ, SZ, EV],
        EV,
    ),
    g(&["wait_group_events"], N, &[INT, Pat::PtrEvent], VOID),
    // Image reads: with a sampler (integer or float coordinates) and without one
    // (integer coordinates; OpenCL 1.2).
    g(
        &["read_imagef"],
        IMG_SAMPLED,
        &[G, SMP, Pat::Coord(K::Int)],
        V4F,
    ),
    g(
        &["read_imagef"],
        IMG_SAMPLED,
        &[G, SMP, Pat::Coord(K::Float)],
        V4F,
    ),
    g(&["read_imagef"], IMG_READ, &[G, Pat::Coord(K::Int)], V4F),
    g(
        &["read_imagei"],
        IMG_SAMPLED,
        &[G, SMP, Pat::Coord(K::Int)],
        V4I,
    ),
    g(
        &["read_imagei"],
        IMG_SAMPLED,
        &[G, SMP, Pat::Coord(K::Float)],
        V4I,
    ),
    g(&["read_imagei"], IMG_READ, &[G, Pat::Coord(K::Int)], V4I),
    g(
        &["read_imageui"],
        IMG_SAMPLED,
        &[G, SMP, Pat::Coord(K::Int)],
        V4U,
    ),
    g(
        &["read_imageui"],
        IMG_SAMPLED,
        &[G, SMP, Pat::Coord(K::Float)],
        V4U,
    ),
    g(&["read_imageui"], IMG_READ, &[G, Pat::Coord(K::Int)], V4U),
    g(
        &["read_imageh"],
        IMG_SAMPLED,
        &[G, SMP, Pat::Coord(K::Int)],
        V4H,
    ),
    g(
        &["read_imageh"],
        IMG_SAMPLED,
        &[G, SMP, Pat::Coord(K::Float)],
        V4H,
    ),
    g(&["read_imageh"], IMG_READ, &[G, Pat::Coord(K::Int)], V4H),
    // Image writes (integer coordinates).
    g(
        &["write_imagef"],
        IMG_WRITE,
        &[G, Pat::Coord(K::Int), V4F],
        VOID,
    ),
    g(
        &["write_imagei"],
        IMG_WRITE,
        &[G, Pat::Coord(K::Int), V4I],
        VOID,
    ),
    g(
        &["write_imageui"],
        IMG_WRITE,
        &[G, Pat::Coord(K::Int), V4U],
        VOID,
    ),
    g(
        &["write_imageh"],
        IMG_WRITE,
        &[G, Pat::Coord(K::Int), V4H],
        VOID,
    ),
    // Image queries (any access qualifier).
    g(
        &[
            "get_image_width",
            "get_image_channel_data_type",
            "get_image_channel_order",
        ],
        Family::Image(Dims::ALL, Accesses::ANY),
        &[G],
        INT,
    ),
    g(
        &["get_image_height"],
        Family::Image(Dims::HEIGHT, Accesses::ANY),
        &[G],
        INT,
    ),
    g(
        &["get_image_depth"],
        Family::Image(Dims::VOLUME, Accesses::ANY),
        &[G],
        INT,
    ),
    g(
        &["get_image_dim"],
        Family::Image(Dims::PLANE, Accesses::ANY),
        &[G],
        Pat::V(K::Int, 2),
    ),
    g(
        &["get_image_dim"],
        Family::Image(Dims::VOLUME, Accesses::ANY),
        &[G],
        Pat::V(K::Int, 4),
    ),
    g(
        &["get_image_array_size"],
        Family::Image(Dims::ARRAYS, Accesses::ANY),
        &[G],
        SZ,
    ),
];

/// The catalogue entries of `name`, in catalogue order (empty for other names).
pub fn entries_named(name: &str) -> &'static [BuiltinDef] {
    static BY_NAME: OnceLock<FxHashMap<&'static str, Vec<BuiltinDef>>> = OnceLock::new();
    let index = BY_NAME.get_or_init(|| {
        let mut index: FxHashMap<&'static str, Vec<BuiltinDef>> = FxHashMap::default();
        for def in catalogue() {
            index.entry(def.name).or_default().push(*def);
        }
        index
    });
    index.get(name).map_or(&[], Vec::as_slice)
}

/// Every catalogue entry (one per name and signature group).
pub fn catalogue() -> &'static [BuiltinDef] {
    static TABLE: OnceLock<Vec<BuiltinDef>> = OnceLock::new();
    TABLE.get_or_init(|| {
        GROUPS
            .iter()
            .flat_map(|gr| {
                gr.names.iter().map(move |&name| BuiltinDef {
                    name,
                    family: gr.family,
                    params: gr.params,
                    ret: gr.ret,
                    vec_only: gr.vec_only,
                })
            })
            .collect()
    })
}
