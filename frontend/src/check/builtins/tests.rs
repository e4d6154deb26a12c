//! Overload-resolution tests; the expected outcomes were confirmed with clang-14
//! (`-cl-std=CL1.2 -finclude-default-header`).

use super::*;
use crate::checked::{AddrSpace, ScalarKind::*};

fn s(k: ScalarKind) -> CType {
    CType::Scalar(k)
}
fn v(k: ScalarKind, n: u8) -> CType {
    CType::Vector(k, n)
}
fn ptr(space: AddrSpace, pointee: CType) -> CType {
    CType::Pointer {
        space,
        pointee: Box::new(pointee),
        is_const: false,
    }
}
use crate::checked::ScalarKind;

#[test]
fn picks_float_vector_scalar_form() {
    let r = resolve("max", &[v(Float, 4), s(Float)]).unwrap();
    assert_eq!(r.params[1], s(Float));
    assert_eq!(r.ret, v(Float, 4));
    let r = resolve("abs", &[s(Int)]).unwrap();
    assert_eq!(r.ret, s(UInt));
    assert_eq!(resolve("get_global_id", &[s(Int)]).unwrap().ret, s(ULong));
    assert_eq!(resolve("sqrt", &[v(Int, 4)]), Err(ResolveError::NoMatch));
}

#[test]
fn ambiguous_calls_are_rejected_like_clang() {
    // clang-14: "call to 'max' is ambiguous" / "call to 'sqrt' is ambiguous".
    for (name, args) in [
        ("max", vec![s(Float), s(Int)]),
        ("sqrt", vec![s(Int)]),
        ("isnan", vec![s(Int)]),
        ("popcount", vec![s(Float)]),
    ] {
        assert!(
            matches!(resolve(name, &args), Err(ResolveError::Ambiguous(_))),
            "{name}{args:?}"
        );
    }
    // clang-14: max(float, double) is ambiguous as well.
    assert!(resolve("max", &[s(Float), s(Double)]).is_err());
}

#[test]
fn relational_results_follow_the_spec() {
    assert_eq!(
        resolve("isequal", &[s(Double), s(Double)]).unwrap().ret,
        s(Int)
    );
    assert_eq!(resolve("isnan", &[v(Double, 2)]).unwrap().ret, v(Long, 2));
    assert_eq!(
        resolve("isless", &[v(Float, 4), v(Float, 4)]).unwrap().ret,
        v(Int, 4)
    );
    assert_eq!(resolve("any", &[v(Short, 8)]).unwrap().ret, s(Int));
    assert_eq!(resolve("any", &[v(UShort, 8)]), Err(ResolveError::NoMatch));
    let r = resolve("select", &[v(Float, 4), v(Float, 4), v(UInt, 4)]).unwrap();
    assert_eq!(r.ret, v(Float, 4));
    assert_eq!(
        resolve("select", &[v(Float, 4), v(Float, 4), v(Short, 4)]),
        Err(ResolveError::NoMatch)
    );
}

#[test]
fn integer_and_pointer_forms() {
    assert_eq!(
        resolve("upsample", &[s(Short), s(UShort)]).unwrap().ret,
        s(Int)
    );
    // clang-14 accepts upsample(int, int) as upsample(int, uint).
    assert_eq!(resolve("upsample", &[s(Int), s(Int)]).unwrap().ret, s(Long));
    assert_eq!(
        resolve("upsample", &[v(UInt, 2), v(UInt, 2)]).unwrap().ret,
        v(ULong, 2)
    );
    assert_eq!(resolve("ilogb", &[v(Double, 3)]).unwrap().ret, v(Int, 3));
    let r = resolve("frexp", &[s(Float), ptr(AddrSpace::Private, s(Int))]).unwrap();
    assert_eq!(r.ret, s(Float));
    assert!(resolve("frexp", &[s(Float), ptr(AddrSpace::Constant, s(Int))]).is_err());
    let r = resolve("atomic_add", &[ptr(AddrSpace::Local, s(UInt)), s(Int)]).unwrap();
    assert_eq!(r.ret, s(UInt));
    assert!(resolve("atomic_add", &[ptr(AddrSpace::Private, s(Int)), s(Int)]).is_err());
    assert!(resolve("atomic_xchg", &[ptr(AddrSpace::Global, s(Float)), s(Float)]).is_ok());
}

#[test]
fn atom_64_bit_overloads() {
    // cl_khr_int64_base/extended_atomics: `atom_*` on long/ulong (clang-14 declares them for
    // spir64 without a pragma); the OpenCL 1.1 `atomic_*` names stay 32-bit.
    let r = resolve("atom_add", &[ptr(AddrSpace::Global, s(Long)), s(Long)]).unwrap();
    assert_eq!(r.ret, s(Long));
    let r = resolve("atom_max", &[ptr(AddrSpace::Local, s(ULong)), s(ULong)]).unwrap();
    assert_eq!(r.ret, s(ULong));
    assert_eq!(
        resolve("atom_inc", &[ptr(AddrSpace::Global, s(ULong))])
            .unwrap()
            .ret,
        s(ULong)
    );
    let r = resolve(
        "atom_cmpxchg",
        &[ptr(AddrSpace::Global, s(Long)), s(Long), s(Long)],
    )
    .unwrap();
    assert_eq!(r.ret, s(Long));
    assert!(resolve("atom_add", &[ptr(AddrSpace::Private, s(Long)), s(Long)]).is_err());
    assert!(resolve("atomic_add", &[ptr(AddrSpace::Global, s(Long)), s(Long)]).is_err());
}

#[test]
fn generated_names() {
    let r = resolve("convert_int4_sat_rte", &[v(Float, 4)]).unwrap();
    assert_eq!(
        r.id,
        BuiltinId::Convert {
            saturate: true,
            rounding: RoundingMode::Rte
        }
    );
    assert_eq!(r.ret, v(Int, 4));
    assert!(resolve("convert_float_sat", &[s(Int)]).is_err());
    assert!(resolve("convert_int4", &[v(Float, 2)]).is_err());
    assert_eq!(resolve("as_uint", &[s(Float)]).unwrap().ret, s(UInt));
    assert_eq!(
        resolve("as_float4", &[v(Float, 3)]).unwrap().ret,
        v(Float, 4)
    );
    assert!(resolve("as_int", &[s(Short)]).is_err());
    let p = ptr(AddrSpace::Global, s(Float));
    assert_eq!(
        resolve("vload3", &[s(ULong), p.clone()]).unwrap().ret,
        v(Float, 3)
    );
    assert_eq!(
        resolve("vstore4", &[v(Float, 4), s(Int), p])
            .unwrap()
            .params[1],
        s(ULong)
    );
    let h = ptr(AddrSpace::Global, s(Half));
    assert_eq!(
        resolve("vload_half2", &[s(Int), h.clone()]).unwrap().ret,
        v(Float, 2)
    );
    assert!(resolve("vstore_half4_rtz", &[v(Float, 4), s(Int), h]).is_ok());
    let r = resolve("shuffle", &[v(Int, 4), v(UInt, 8)]).unwrap();
    assert_eq!(r.ret, v(Int, 8));
    assert!(resolve("shuffle", &[v(Int, 4), v(UShort, 8)]).is_err());
    assert!(!is_builtin("vload5"));
    assert!(is_builtin("vstorea_half3_rtn"));
}

fn img(d: crate::checked::ImageDim, a: crate::checked::ImageAccess) -> CType {
    CType::Opaque(crate::checked::OpaqueKind::Image(d, a))
}

#[test]
fn image_builtins_follow_dimensionality_and_access() {
    use crate::checked::{ImageAccess as A, ImageDim as D, OpaqueKind};
    let smp = CType::Opaque(OpaqueKind::Sampler);
    // Coordinates: int/float of the image's dimensionality (arrays add the layer).
    let r = resolve(
        "read_imagef",
        &[img(D::D2, A::ReadOnly), smp.clone(), v(Float, 2)],
    )
    .unwrap();
    assert_eq!(r.ret, v(Float, 4));
    let r = resolve(
        "read_imageui",
        &[img(D::D3, A::ReadOnly), smp.clone(), v(Int, 4)],
    )
    .unwrap();
    assert_eq!(r.ret, v(UInt, 4));
    assert!(resolve("read_imagei", &[img(D::D1Array, A::ReadOnly), v(Int, 2)]).is_ok());
    assert!(resolve("read_imagei", &[img(D::D1, A::ReadOnly), s(UInt)]).is_ok());
    // clang-14: no matching function (wrong access, buffer images take no sampler,
    // coordinates of the wrong width, no depth for 2D images).
    for (name, args) in [
        ("read_imagef", vec![img(D::D2, A::WriteOnly), v(Int, 2)]),
        (
            "write_imagef",
            vec![img(D::D2, A::ReadOnly), v(Int, 2), v(Float, 4)],
        ),
        (
            "read_imagef",
            vec![img(D::D1Buffer, A::ReadOnly), smp.clone(), s(Int)],
        ),
        (
            "read_imagef",
            vec![img(D::D3, A::ReadOnly), smp.clone(), v(Int, 2)],
        ),
        ("get_image_depth", vec![img(D::D2, A::ReadOnly)]),
    ] {
        assert_eq!(resolve(name, &args), Err(ResolveError::NoMatch), "{name}");
    }
    // clang-14: "call to 'read_imagef' is ambiguous" (an int splats to int2 and float2;
    // a uint converts to int and to float).
    for args in [
        vec![img(D::D2, A::ReadOnly), smp.clone(), s(Int)],
        vec![img(D::D1, A::ReadOnly), smp, s(UInt)],
    ] {
        assert!(matches!(
            resolve("read_imagef", &args),
            Err(ResolveError::Ambiguous(_))
        ));
    }
    assert_eq!(
        resolve("get_image_dim", &[img(D::D3, A::WriteOnly)])
            .unwrap()
            .ret,
        v(Int, 4)
    );
}

#[test]
fn scalars_splat_to_vector_parameters_like_clang() {
    // clang-14 accepts native_powr(float4, float) and clamp(int4, int, int4).
    let r = resolve("native_powr", &[v(Float, 4), s(Float)]).unwrap();
    assert_eq!(r.params[1], v(Float, 4));
    let r = resolve("clamp", &[v(Int, 4), s(Int), v(Int, 4)]).unwrap();
    assert_eq!(r.params[1], v(Int, 4));
}

#[test]
fn opencl20_generic_space_functions() {
    // clang-14 -cl-std=CL2.0: to_* take any pointer that converts to __generic and give
    // the same pointee in the named space; __constant pointers are rejected.
    let r = resolve("to_local", &[ptr(AddrSpace::Generic, v(Float, 4))]).unwrap();
    assert_eq!(r.ret, ptr(AddrSpace::Local, v(Float, 4)));
    let r = resolve("to_private", &[ptr(AddrSpace::Global, s(Int))]).unwrap();
    assert_eq!(r.params[0], ptr(AddrSpace::Generic, s(Int)));
    assert_eq!(r.ret, ptr(AddrSpace::Private, s(Int)));
    assert!(resolve("to_global", &[ptr(AddrSpace::Constant, s(Int))]).is_err());
    assert!(resolve("to_global", &[s(Int)]).is_err());
    let r = resolve("get_fence", &[ptr(AddrSpace::Local, s(Char))]).unwrap();
    assert_eq!(r.ret, s(UInt));
    assert!(generated::needs_cl20("to_global") && generated::needs_cl20("atomic_load"));
    assert!(!generated::needs_cl20("atomic_add"));
}

#[test]
fn opencl20_atomic_functions() {
    let atomic = |space, k| ptr(space, CType::Atomic(k));
    let r = resolve(
        "atomic_fetch_add",
        &[atomic(AddrSpace::Global, UInt), s(Int)],
    )
    .unwrap();
    assert_eq!(r.ret, s(UInt));
    assert_eq!(r.params[1], s(UInt));
    let r = resolve(
        "atomic_fetch_max_explicit",
        &[atomic(AddrSpace::Generic, Long), s(Long), s(Int), s(Int)],
    )
    .unwrap();
    assert_eq!(r.ret, s(Long));
    // Floats: load/store/exchange/compare-exchange, no fetch arithmetic in OpenCL C 2.0
    // (clang-14's header adds float atomic_fetch_add under cl_ext_float_atomics, which oclc
    // does not offer).
    assert!(resolve(
        "atomic_fetch_add",
        &[atomic(AddrSpace::Global, Float), s(Float)]
    )
    .is_err());
    let r = resolve(
        "atomic_compare_exchange_strong",
        &[
            atomic(AddrSpace::Local, Double),
            ptr(AddrSpace::Private, s(Double)),
            s(Double),
        ],
    )
    .unwrap();
    assert_eq!(r.ret, CType::Bool);
    assert_eq!(
        resolve("atomic_load", &[atomic(AddrSpace::Global, Float)])
            .unwrap()
            .ret,
        s(Float)
    );
    // A plain int pointer is not an atomic object; __constant holds none.
    assert!(resolve("atomic_load", &[ptr(AddrSpace::Global, s(Int))]).is_err());
    assert!(resolve("atomic_load", &[atomic(AddrSpace::Constant, Int)]).is_err());
    assert_eq!(
        resolve(
            "atomic_flag_test_and_set",
            &[atomic(AddrSpace::Global, Int)]
        )
        .unwrap()
        .ret,
        CType::Bool
    );
}

#[test]
fn half_overloads_under_cl_khr_fp16() {
    assert_eq!(resolve("sqrt", &[v(Half, 4)]).unwrap().ret, v(Half, 4));
    assert_eq!(
        resolve("dot", &[v(Half, 3), v(Half, 3)]).unwrap().ret,
        s(Half)
    );
    // float arguments still pick the float overloads.
    assert_eq!(
        resolve("fma", &[s(Float), s(Float), s(Int)]).unwrap().ret,
        s(Float)
    );
    assert_eq!(
        resolve("convert_half4", &[v(Int, 4)]).unwrap().ret,
        v(Half, 4)
    );
}
