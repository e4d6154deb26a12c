//! The built-in function catalogue: a declarative table of entries (name, generic family,
//! parameter and result patterns, [`catalogue`]), generated families with structured names
//! (`convert_T[_sat][_rtX]`, `as_T`, `vloadn`, `vstore_halfn_rtX`, `shuffle`, [`generated`]),
//! and generic overload resolution following OpenCL/C++ ranking (exact < promotion <
//! conversion; ambiguous calls are rejected as clang does).

pub mod catalogue;
pub mod generated;
mod memo;
pub mod pattern;
#[cfg(test)]
mod tests;

use crate::checked::CType;
pub use catalogue::{catalogue, BuiltinDef};
pub use pattern::{conversion_rank, Accesses, Dims, Family, Pat};

/// Rounding mode named by a conversion or `vstore_half` suffix.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum RoundingMode {
    /// No suffix: the conversion's default.
    #[default]
    Default,
    /// `_rte`.
    Rte,
    /// `_rtz`.
    Rtz,
    /// `_rtp`.
    Rtp,
    /// `_rtn`.
    Rtn,
}

/// Identifies a built-in function (independent of the chosen overload).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinId {
    /// A catalogue function, by its OpenCL C name.
    Named(&'static str),
    /// `convert_T[_sat][_rtX]` (the target is the call's type).
    Convert {
        /// `_sat`.
        saturate: bool,
        /// Rounding suffix.
        rounding: RoundingMode,
    },
    /// `as_T`: reinterpretation of the bits (the target is the call's type).
    AsType,
    /// `vloadn`, `vload_half[n]`, `vloada_half[n]` (`lanes` is 1 for `vload_half`).
    VLoad {
        /// Elements loaded.
        lanes: u8,
        /// Loads `half`s and converts them to `float`.
        half: bool,
        /// `vloada_half`: 3-element vectors are addressed as 4-element ones.
        aligned: bool,
    },
    /// `vstoren`, `vstore_half[n][_rtX]`, `vstorea_half[n][_rtX]`.
    VStore {
        /// Elements stored.
        lanes: u8,
        /// Converts to `half` and stores `half`s.
        half: bool,
        /// `vstorea_half`: 3-element vectors are addressed as 4-element ones.
        aligned: bool,
        /// Rounding of the conversion to half.
        rounding: RoundingMode,
    },
    /// `shuffle(x, mask)`.
    Shuffle,
    /// `shuffle2(x, y, mask)`.
    Shuffle2,
    /// `printf(format, ...)`: the first argument is a string literal.
    Printf,
    /// `to_global`/`to_local`/`to_private`: the `__generic` argument as a pointer into the
    /// space, or NULL when the object it points to is not in that space (OpenCL C 2.0).
    ToSpace(crate::checked::AddrSpace),
    /// `get_fence`: the `cl_mem_fence_flags` of the space a `__generic` pointer points into.
    GetFence,
}

/// The type a `printf` argument is passed as (C default argument promotions: `float` to
/// `double`, small integers and `bool` to `int`; vectors and pointers unchanged).
pub fn printf_param(t: &CType) -> CType {
    use crate::checked::ScalarKind as K;
    match t {
        CType::Scalar(K::Float | K::Half) => CType::Scalar(K::Double),
        CType::Scalar(k) if k.is_integer() && k.size() < 4 => CType::INT,
        CType::Bool => CType::INT,
        CType::Array { elem, .. } => CType::Pointer {
            space: crate::checked::AddrSpace::Private,
            pointee: elem.clone(),
            is_const: false,
        },
        other => other.clone(),
    }
}

/// True if `name` is a built-in function.
pub fn is_builtin(name: &str) -> bool {
    !catalogue::entries_named(name).is_empty() || generated::parse_name(name).is_some()
}

/// A printable name of a built-in.
pub fn builtin_name(id: BuiltinId) -> String {
    match id {
        BuiltinId::Named(n) => n.to_string(),
        other => format!("{other:?}"),
    }
}

/// A resolved built-in overload.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    /// Built-in.
    pub id: BuiltinId,
    /// Parameter types.
    pub params: Vec<CType>,
    /// Result type.
    pub ret: CType,
}

/// Why resolution failed.
#[derive(Clone, Debug, PartialEq)]
pub enum ResolveError {
    /// No overload accepts these arguments.
    NoMatch,
    /// Several overloads are equally good (their parameter lists).
    Ambiguous(Vec<Vec<CType>>),
}

/// A viable overload and the conversion rank of each argument.
pub(crate) type Viable = (Vec<u8>, Resolved);

/// The viable instances of one entry for `args`.
pub(crate) fn viable_instances(
    id: BuiltinId,
    family: Family,
    params: &[Pat],
    ret: Pat,
    vec_only: bool,
    args: &[CType],
) -> Vec<Viable> {
    let mut out = Vec::new();
    if params.len() != args.len() {
        return out;
    }
    for gen in pattern::instances(family, vec_only) {
        let matched: Option<Vec<(CType, u8)>> = params
            .iter()
            .zip(args)
            .map(|(p, a)| pattern::match_param(*p, &gen, a))
            .collect();
        let (Some(matched), Some(ret)) = (matched, pattern::instantiate(ret, &gen)) else {
            continue;
        };
        let (params, ranks) = matched.into_iter().unzip();
        out.push((ranks, Resolved { id, params, ret }));
    }
    out
}

/// Picks the best of the viable overloads (clang's rule: better or equal for every argument).
pub(crate) fn best(viable: Vec<Viable>) -> Result<Resolved, ResolveError> {
    let better_eq = |a: &[u8], b: &[u8]| a.iter().zip(b).all(|(x, y)| x <= y);
    let best: Vec<usize> = (0..viable.len())
        .filter(|&i| (0..viable.len()).all(|j| i == j || better_eq(&viable[i].0, &viable[j].0)))
        .collect();
    match best.as_slice() {
        [i] => Ok(viable[*i].1.clone()),
        [] if viable.is_empty() => Err(ResolveError::NoMatch),
        _ => {
            // Report the candidates with the minimal total rank.
            let total = |v: &Viable| v.0.iter().map(|&r| r as u32).sum::<u32>();
            let min = viable.iter().map(total).min().unwrap_or(0);
            Err(ResolveError::Ambiguous(
                viable
                    .iter()
                    .filter(|v| total(v) == min)
                    .map(|v| v.1.params.clone())
                    .collect(),
            ))
        }
    }
}

/// Picks the best overload of built-in `name` for argument types `args`.
pub fn resolve(name: &str, args: &[CType]) -> Result<Resolved, ResolveError> {
    memo::resolve_memoized(name, args, || resolve_uncached(name, args))
}

fn resolve_uncached(name: &str, args: &[CType]) -> Result<Resolved, ResolveError> {
    if let Some(form) = generated::parse_name(name) {
        return generated::resolve(form, args);
    }
    let mut viable = Vec::new();
    for def in catalogue::entries_named(name) {
        viable.extend(viable_instances(
            BuiltinId::Named(def.name),
            def.family,
            def.params,
            def.ret,
            def.vec_only,
            args,
        ));
    }
    best(viable)
}
