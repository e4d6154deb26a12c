//! Generic families and parameter/result patterns of catalogue entries, and how a pattern
//! is instantiated for one member of a family (and matched against an argument type).

use crate::checked::{AddrSpace, CType, ImageAccess, ImageDim, OpaqueKind, ScalarKind};

/// Which generic type an entry ranges over.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Family {
    /// No generic parameter.
    None,
    /// `float`, `double`, `half` and their vectors.
    Float,
    /// `float` and its vectors only (`half_*`, `native_*`).
    FloatOnly,
    /// All integer scalars and vectors.
    Int,
    /// Signed integer scalars and vectors (`any`, `all`).
    SInt,
    /// `int`, `uint` and their vectors (`mul24`, `mad24`).
    Int32,
    /// 8-, 16- and 32-bit integers and vectors (`upsample`'s `hi`).
    Upsample,
    /// Every integer and float scalar and vector (`bitselect`, `select`).
    All,
    /// `float`, `double`, `half` and their 2- to 4-element vectors (geometric functions).
    Geom,
    /// `float`, `float2..4` (`fast_*` geometric functions).
    GeomFloat,
    /// `float3`, `float4`, `double3`, `double4`, `half3`, `half4` (`cross`).
    Cross,
    /// `int`, `uint` scalars (32-bit atomics).
    AtomicInt,
    /// `float` scalar (`atomic_xchg` on float).
    AtomicFloat,
    /// `long`, `ulong` scalars (64-bit `atom_*`: cl_khr_int64_base/extended_atomics).
    Atomic64,
    /// Every arithmetic scalar except `half` (`vloadn`/`vstoren` element types).
    Scalar,
    /// `float` and `double` scalars (`vstore_half` sources).
    FloatScalar,
    /// `int`, `uint`, `long`, `ulong`, `float`, `double` scalars (work-group functions, and
    /// the OpenCL C 2.0 atomic load/store/exchange/compare-exchange).
    WorkGroup,
    /// `int`, `uint`, `long`, `ulong` scalars (OpenCL C 2.0 `atomic_fetch_*`).
    AtomicFetch,
    /// `int` (OpenCL C 2.0 `atomic_flag`, which clang makes `atomic_int`).
    AtomicFlag,
    /// Image types of the dimensionalities and access qualifiers in the sets.
    Image(Dims, Accesses),
}

/// A set of image dimensionalities (bit `i` is `ImageDim::ALL[i]`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dims(pub u8);

impl Dims {
    /// Every dimensionality.
    pub const ALL: Dims = Dims(0b11_1111);
    /// All but `image1d_buffer_t` (the images a sampler can read).
    pub const SAMPLED: Dims = Dims(0b11_1011);
    /// `image2d_t`, `image2d_array_t` and `image3d_t` (images with a height).
    pub const HEIGHT: Dims = Dims(0b11_1000);
    /// `image2d_t` and `image2d_array_t`.
    pub const PLANE: Dims = Dims(0b01_1000);
    /// `image3d_t`.
    pub const VOLUME: Dims = Dims(0b10_0000);
    /// `image1d_array_t` and `image2d_array_t`.
    pub const ARRAYS: Dims = Dims(0b01_0010);

    /// The dimensionalities in the set.
    pub fn iter(self) -> impl Iterator<Item = ImageDim> {
        ImageDim::ALL
            .into_iter()
            .enumerate()
            .filter(move |(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, d)| d)
    }
}

/// A set of image access qualifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Accesses(pub u8);

impl Accesses {
    /// `read_only`.
    pub const READ: Accesses = Accesses(0b001);
    /// `read_only` and `read_write` (sampler-less reads).
    pub const READABLE: Accesses = Accesses(0b101);
    /// `write_only` and `read_write`.
    pub const WRITABLE: Accesses = Accesses(0b110);
    /// Every access qualifier (image queries).
    pub const ANY: Accesses = Accesses(0b111);

    /// The access qualifiers in the set.
    pub fn iter(self) -> impl Iterator<Item = ImageAccess> {
        [
            ImageAccess::ReadOnly,
            ImageAccess::WriteOnly,
            ImageAccess::ReadWrite,
        ]
        .into_iter()
        .enumerate()
        .filter(move |(i, _)| self.0 & (1 << i) != 0)
        .map(|(_, a)| a)
    }
}

/// Address spaces a pointer parameter accepts (a bit set of [`AddrSpace`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Spaces(pub u8);

impl Spaces {
    /// `__global`, `__local`, `__private` and (OpenCL C 2.0) `__generic`: writable memory.
    pub const WRITABLE: Spaces = Spaces(0b10111);
    /// Every address space (read-only parameters).
    pub const ANY: Spaces = Spaces(0b11111);
    /// `__global` and `__local` (atomics).
    pub const SHARED: Spaces = Spaces(0b0011);
    /// `__global` only.
    pub const GLOBAL: Spaces = Spaces(0b0001);
    /// `__local` only.
    pub const LOCAL: Spaces = Spaces(0b0010);
    /// `__private` only.
    pub const PRIVATE: Spaces = Spaces(0b0100);

    /// True if the set contains `s`.
    pub fn contains(self, s: AddrSpace) -> bool {
        let bit = match s {
            AddrSpace::Global => 1,
            AddrSpace::Local => 2,
            AddrSpace::Private => 4,
            AddrSpace::Constant => 8,
            AddrSpace::Generic => 16,
        };
        self.0 & bit != 0
    }
}

/// A parameter or result pattern.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pat {
    /// The generic type itself.
    Gen,
    /// Scalar element type of the generic type.
    Elem,
    /// Unsigned version of the generic integer type.
    UGen,
    /// Signed integer of the generic type's element width and lanes (`select` masks;
    /// `float` -> `int`, `double` -> `long`).
    ISame,
    /// Unsigned integer of the generic type's element width and lanes (`nan`, `select`).
    USame,
    /// `int` with the generic type's lane count (`ilogb`, `ldexp`, `pown`).
    IntN,
    /// Relational result: `int` for scalars, else [`Pat::ISame`].
    Rel,
    /// Integer of twice the element width with the same signedness (`upsample`).
    Wide,
    /// A vector of `n` elements of the generic (scalar) type.
    VecN(u8),
    /// A vector of `n` floats (`float` when `n` is 1).
    FloatN(u8),
    /// A fixed scalar type.
    S(ScalarKind),
    /// A pointer to the generic type in one of the spaces (pointee not const).
    PtrGen(Spaces),
    /// A pointer to [`Pat::IntN`] in one of the spaces (pointee not const).
    PtrIntN(Spaces),
    /// A pointer to the (possibly const) generic type in any space.
    PtrGenConst,
    /// A pointer to (possibly const) `half` in any space.
    PtrHalfConst,
    /// A pointer to `half` in a writable space.
    PtrHalf,
    /// `void` (results only).
    Void,
    /// A fixed scalar (`n` = 1) or vector type of `n` elements.
    V(ScalarKind, u8),
    /// The coordinate of the generic image type with elements of the kind (`int2` for
    /// `image2d_t`, `float4` for `image3d_t` and `image2d_array_t`...).
    Coord(ScalarKind),
    /// `sampler_t`.
    Sampler,
    /// `event_t` (an integer argument must be the constant 0, checked by the caller).
    Event,
    /// A pointer to the generic type in one of the spaces (const pointee allowed: clang
    /// only warns when an async copy's destination is const).
    PtrGenIn(Spaces),
    /// A `__private` pointer to `event_t` (`wait_group_events`).
    PtrEvent,
    /// A pointer to the atomic type of the generic type (`atomic_int *` for `int`) in one
    /// of the spaces (OpenCL C 2.0 atomics).
    PtrAtomic(Spaces),
    /// `bool` (results only).
    Bool,
}

/// The members of a family (`vec_only`: vectors only, for `(gentype, scalar)` forms).
pub fn instances(family: Family, vec_only: bool) -> Vec<CType> {
    use ScalarKind::*;
    const ALL_W: &[u8] = &[1, 2, 3, 4, 8, 16];
    const INTS: &[ScalarKind] = &[Char, UChar, Short, UShort, Int, UInt, Long, ULong];
    let (kinds, widths): (&[ScalarKind], &[u8]) = match family {
        Family::None => return vec![CType::Void],
        // `half` (cl_khr_fp16) after `float` and `double`.
        Family::Float => (&[Float, Double, Half], ALL_W),
        Family::FloatOnly => (&[Float], ALL_W),
        Family::Int => (INTS, ALL_W),
        Family::SInt => (&[Char, Short, Int, Long], ALL_W),
        Family::Int32 => (&[Int, UInt], ALL_W),
        Family::Upsample => (&[Char, UChar, Short, UShort, Int, UInt], ALL_W),
        Family::All => (
            &[
                Char, UChar, Short, UShort, Int, UInt, Long, ULong, Float, Double,
            ],
            ALL_W,
        ),
        Family::Geom => (&[Float, Double, Half], &[1, 2, 3, 4]),
        Family::GeomFloat => (&[Float], &[1, 2, 3, 4]),
        Family::Cross => (&[Float, Double, Half], &[3, 4]),
        Family::AtomicInt => (&[Int, UInt], &[1]),
        Family::AtomicFloat => (&[Float], &[1]),
        Family::Atomic64 => (&[Long, ULong], &[1]),
        Family::Scalar => (
            &[
                Char, UChar, Short, UShort, Int, UInt, Long, ULong, Float, Double,
            ],
            &[1],
        ),
        Family::FloatScalar => (&[Float, Double], &[1]),
        Family::WorkGroup => (&[Int, UInt, Long, ULong, Float, Double], &[1]),
        Family::AtomicFetch => (&[Int, UInt, Long, ULong], &[1]),
        Family::AtomicFlag => (&[Int], &[1]),
        Family::Image(dims, accesses) => {
            return dims
                .iter()
                .flat_map(|d| {
                    accesses
                        .iter()
                        .map(move |a| CType::Opaque(OpaqueKind::Image(d, a)))
                })
                .collect()
        }
    };
    let mut v = Vec::new();
    for &k in kinds {
        for &w in widths {
            if w == 1 && !vec_only {
                v.push(CType::Scalar(k));
            } else if w > 1 {
                v.push(CType::Vector(k, w));
            }
        }
    }
    v
}

fn shaped(k: ScalarKind, lanes: u8) -> CType {
    if lanes == 1 {
        CType::Scalar(k)
    } else {
        CType::Vector(k, lanes)
    }
}

fn int_of_size(size: u64, signed: bool) -> ScalarKind {
    let k = match size {
        1 => ScalarKind::Char,
        2 => ScalarKind::Short,
        4 => ScalarKind::Int,
        _ => ScalarKind::Long,
    };
    if signed {
        k
    } else {
        k.to_unsigned()
    }
}

/// The type a value pattern stands for with generic type `gen` (None for pointer patterns).
pub fn instantiate(p: Pat, gen: &CType) -> Option<CType> {
    let elem = gen.elem_kind();
    let lanes = gen.lanes();
    Some(match p {
        Pat::Gen => gen.clone(),
        Pat::Elem => CType::Scalar(elem?),
        Pat::UGen => shaped(elem?.to_unsigned(), lanes),
        Pat::ISame => shaped(int_of_size(elem?.size(), true), lanes),
        Pat::USame => shaped(int_of_size(elem?.size(), false), lanes),
        Pat::IntN => shaped(ScalarKind::Int, lanes),
        Pat::Rel if lanes == 1 => CType::INT,
        Pat::Rel => shaped(int_of_size(elem?.size(), true), lanes),
        Pat::Wide => {
            let k = elem?;
            shaped(int_of_size(k.size() * 2, k.is_signed()), lanes)
        }
        Pat::VecN(n) => shaped(elem?, n),
        Pat::FloatN(n) => shaped(ScalarKind::Float, n),
        Pat::S(k) => CType::Scalar(k),
        Pat::Void => CType::Void,
        Pat::Bool => CType::Bool,
        Pat::V(k, n) => shaped(k, n),
        Pat::Coord(k) => match gen {
            CType::Opaque(OpaqueKind::Image(d, _)) => shaped(k, d.coord_lanes()),
            _ => return None,
        },
        Pat::Sampler => CType::Opaque(OpaqueKind::Sampler),
        Pat::Event => CType::Opaque(OpaqueKind::Event),
        Pat::PtrGen(_)
        | Pat::PtrIntN(_)
        | Pat::PtrGenConst
        | Pat::PtrHalfConst
        | Pat::PtrHalf
        | Pat::PtrGenIn(_)
        | Pat::PtrEvent
        | Pat::PtrAtomic(_) => return None,
    })
}

/// Implicit-conversion rank of an argument: 0 exact, 1 promotion, 2 conversion.
pub fn conversion_rank(from: &CType, to: &CType) -> Option<u8> {
    if from == to {
        return Some(0);
    }
    match (from, to) {
        (CType::Scalar(ScalarKind::Float), CType::Scalar(ScalarKind::Double)) => Some(1),
        (CType::Scalar(a), CType::Scalar(ScalarKind::Int)) if a.is_integer() && a.size() < 4 => {
            Some(1)
        }
        (CType::Bool, CType::Scalar(ScalarKind::Int)) => Some(1),
        // An integer constant such as `CLK_FILTER_NEAREST | ...` passed as a sampler.
        (CType::Scalar(k), CType::Opaque(OpaqueKind::Sampler)) if k.is_integer() => Some(2),
        // The null event `0` (the caller rejects other integers).
        (CType::Scalar(k), CType::Opaque(OpaqueKind::Event)) if k.is_integer() => Some(2),
        (CType::Scalar(_) | CType::Bool, CType::Scalar(_)) => Some(2),
        // clang's vector splat: any arithmetic scalar converts to a vector parameter.
        (CType::Scalar(_) | CType::Bool, CType::Vector(..)) => Some(2),
        _ => None,
    }
}

/// Matches argument type `arg` against pattern `p` for generic type `gen`: the parameter
/// type (pointers take the argument's address space) and the conversion rank.
pub fn match_param(p: Pat, gen: &CType, arg: &CType) -> Option<(CType, u8)> {
    let pointer = |spaces: Spaces, pointee: CType, allow_const: bool| {
        let CType::Pointer {
            space,
            pointee: ap,
            is_const,
        } = arg
        else {
            return None;
        };
        if !spaces.contains(*space) || **ap != pointee || (*is_const && !allow_const) {
            return None;
        }
        Some((
            CType::Pointer {
                space: *space,
                pointee: Box::new(pointee),
                is_const: allow_const,
            },
            0,
        ))
    };
    match p {
        Pat::PtrGen(s) => pointer(s, gen.clone(), false),
        Pat::PtrIntN(s) => pointer(s, shaped(ScalarKind::Int, gen.lanes()), false),
        Pat::PtrGenConst => pointer(Spaces::ANY, gen.clone(), true),
        Pat::PtrHalfConst => pointer(Spaces::ANY, CType::Scalar(ScalarKind::Half), true),
        Pat::PtrHalf => pointer(Spaces::WRITABLE, CType::Scalar(ScalarKind::Half), false),
        Pat::PtrGenIn(s) => {
            let CType::Pointer { is_const, .. } = arg else {
                return None;
            };
            pointer(s, gen.clone(), *is_const)
        }
        Pat::PtrEvent => pointer(Spaces::PRIVATE, CType::Opaque(OpaqueKind::Event), false),
        Pat::PtrAtomic(s) => pointer(s, CType::Atomic(gen.elem_kind()?), false),
        _ => {
            let ty = instantiate(p, gen)?;
            let rank = conversion_rank(arg, &ty)?;
            Some((ty, rank))
        }
    }
}
