//! The built-in library: it compiles, every function named after a built-in has the
//! signature of the naming contract, and linking it into a module that uses built-ins on
//! scalars and vectors gives a module the verifier accepts, with no wanted `Op::Math` left.

use oclc_frontend::source::SourceMap;
use oclc_frontend::FrontendOptions;
use oclc_ir::library::{function_name, link_with_division, Library};
use oclc_ir::{
    link, verify_module, walk_stmts, LinkError, MathFn, MathSig, Module, Op, ScalarType, Stmt, Type,
};
use oclc_lower::library::{double_library, library, BuiltinLibrary};
use oclc_lower::lower_program;

/// Lowers OpenCL C source through oclc's front end.
fn lower(source: &str) -> Module {
    let mut map = SourceMap::new();
    let file = map.add("test.cl", source);
    let out = oclc_frontend::compile_to_checked(&mut map, file, &FrontendOptions::default());
    let program = out
        .program
        .unwrap_or_else(|| panic!("{}", out.diagnostics.render(&map)));
    lower_program(&program).expect("lowers")
}

/// The `Op::Math`s of the module as (built-in, element type of the first operand).
fn math_ops(m: &Module) -> Vec<(MathFn, ScalarType)> {
    let mut found = Vec::new();
    for f in &m.functions {
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Let {
                op: Op::Math { func, args },
                ..
            } = s
            {
                let elem = m.types.scalar_of(f.value_type(args[0])).unwrap();
                found.push((*func, elem));
            }
        });
    }
    found
}

/// The integer and relational built-ins this crate's library provides.
fn int_or_relational(func: MathFn, _: ScalarType) -> bool {
    func.int_only() || matches!(func.sig(), MathSig::FloatToBool)
}

#[test]
fn library_compiles() {
    let lib = library().unwrap_or_else(|e| panic!("{e}"));
    verify_module(&lib.module_snapshot()).unwrap();
    assert!(lib.function("__oclc_add_sat_i8").is_some());
    assert!(lib.function("__oclc_isnan_f64").is_some());
}

#[test]
fn library_functions_follow_the_naming_contract() {
    check_naming_contract(library().unwrap(), 100);
}

#[test]
fn double_library_functions_follow_the_naming_contract() {
    let lib = double_library().unwrap_or_else(|e| panic!("{e}"));
    verify_module(&lib.module_snapshot()).unwrap();
    check_naming_contract(lib, 50);
}

/// Every double math built-in that Vulkan cannot compute exactly has a library function:
/// all float functions but the exact ones (fabs, floor, ..., min/max/clamp), `mad` (any
/// precision) and the `native_*` ones (float only in OpenCL C).
#[test]
fn every_double_math_builtin_is_in_the_double_library() {
    let lib = double_library().unwrap();
    let exact = [
        "fabs", "floor", "ceil", "trunc", "rint", "min", "max", "clamp", "mad",
    ];
    let mut missing = Vec::new();
    for &func in MathFn::ALL {
        let float = matches!(
            func.sig(),
            MathSig::Float(_) | MathSig::FloatInt | MathSig::FloatToInt
        );
        if !float || exact.contains(&func.name()) || func.name().starts_with("native_") {
            continue;
        }
        if func.int_only() {
            continue;
        }
        let name = function_name(func, ScalarType::F64);
        if lib.function(&name).is_none() && library().unwrap().function(&name).is_none() {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "missing: {missing:?}");
    assert!(lib.function("__oclc_fdiv_f64").is_some());
}

#[test]
fn double_division_links_the_correctly_rounded_divide() {
    let mut m = lower(
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable
         __kernel void k(__global double2 *a, __global float *f) {
             a[0] = a[0] / a[1];
             a[2].x = a[2].x / 3.0;
             f[0] = f[0] / f[1];
         }",
    );
    let report = link_with_division(&mut m, &BuiltinLibrary, &|_, _| false, &|s| {
        s == ScalarType::F64
    })
    .unwrap();
    verify_module(&m).unwrap();
    assert_eq!(report.divisions_linked, vec![ScalarType::F64]);
    assert_eq!(report.divisions_replaced, 2);
    // The float division stays; no double division is left.
    let mut left = Vec::new();
    for f in &m.functions {
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Let {
                op: Op::Binary(oclc_ir::BinaryOp::Div, a, _),
                ..
            } = s
            {
                left.push(m.types.scalar_of(f.value_type(*a)).unwrap());
            }
        });
    }
    assert!(left.iter().all(|s| *s != ScalarType::F64), "{left:?}");
    assert!(left.contains(&ScalarType::F32));
}

/// Checks that every `__oclc_<F>_<T>` function of `lib` has the contract's signature.
fn check_naming_contract(lib: &Library, at_least: usize) {
    let module = lib.module_snapshot();
    let types = &module.types;
    let mut checked = 0;
    for f in &module.functions {
        let Some(rest) = f.name.strip_prefix("__oclc_") else {
            panic!("library function `{}` lacks the __oclc_ prefix", f.name);
        };
        let Some((name, ty)) = rest.rsplit_once('_') else {
            continue;
        };
        let (Some(func), Some(t)) = (MathFn::from_name(name), ScalarType::from_name(ty)) else {
            continue; // a helper
        };
        let scalar = |s: ScalarType| Type::Scalar(s);
        let unsigned = t.with_signedness(false);
        let (params, ret) = match func.sig() {
            MathSig::Float(n) | MathSig::Int(n) | MathSig::Any(n) => (vec![t; n], t),
            MathSig::IntToUnsigned(n) => (vec![t; n], unsigned),
            MathSig::FloatInt => (vec![t, ScalarType::I32], t),
            MathSig::FloatToInt | MathSig::FloatToBool => (vec![t], ScalarType::I32),
            MathSig::Upsample => {
                let wide = oclc_ir::types::ALL_SCALARS
                    .into_iter()
                    .find(|w| {
                        w.is_int() && w.bits() == 2 * t.bits() && w.is_signed() == t.is_signed()
                    })
                    .expect("a wider type");
                (vec![t, unsigned], wide)
            }
        };
        let got: Vec<&Type> = f.params.iter().map(|p| types.get(p.ty)).collect();
        let want: Vec<Type> = params.into_iter().map(scalar).collect();
        assert_eq!(
            got,
            want.iter().collect::<Vec<_>>(),
            "parameters of {}",
            f.name
        );
        assert_eq!(types.get(f.ret), &scalar(ret), "result of {}", f.name);
        checked += 1;
    }
    assert!(
        checked > at_least,
        "only {checked} built-in functions found"
    );
}

#[test]
fn every_integer_and_relational_builtin_is_in_the_library() {
    let lib = library().unwrap();
    let ints = [
        ScalarType::I8,
        ScalarType::U8,
        ScalarType::I16,
        ScalarType::U16,
        ScalarType::I32,
        ScalarType::U32,
        ScalarType::I64,
        ScalarType::U64,
    ];
    let mut missing = Vec::new();
    for &func in MathFn::ALL {
        let types: Vec<ScalarType> = match func.sig() {
            MathSig::FloatToBool => vec![ScalarType::F32, ScalarType::F64],
            MathSig::Upsample => ints.iter().copied().filter(|t| t.bits() < 64).collect(),
            _ if matches!(func, MathFn::Mul24 | MathFn::Mad24) => {
                vec![ScalarType::I32, ScalarType::U32]
            }
            _ if func.int_only() => ints.to_vec(),
            _ => continue,
        };
        for t in types {
            if lib.function(&function_name(func, t)).is_none() {
                missing.push(function_name(func, t));
            }
        }
    }
    assert!(missing.is_empty(), "missing: {missing:?}");
}

const USES: &str = r#"
int helper(long a, long b) { return (int)mul_hi(a, b); }
__kernel void k(__global int4 *p, __global float2 *f, __global uchar *c, __global long *l,
                __global short *s, __global int *out)
{
    int i = get_global_id(0);
    p[i] = add_sat(p[i], p[i + 1]) + rotate(p[i], (int4)(3)) + clz(p[i]);
    int2 nan = isnan(f[i]);
    out[i] = nan.x + isinf(f[i].y) + signbit(f[i].x) + helper(l[i], l[i + 1]);
    c[i] = popcount(c[i]) + abs_diff(c[i], c[i + 1]);
    s[i] = upsample(c[i], c[i + 1]) + mad_sat(s[i], s[i], s[i]) + min(s[i], s[i + 1]);
    l[i] = mad_sat(l[i], l[i + 1], l[i + 2]) + hadd(l[i], 1L);
}
"#;

#[test]
fn link_replaces_wanted_builtins_by_calls_and_verifies() {
    let mut m = lower(USES);
    let before = math_ops(&m);
    assert!(before.contains(&(MathFn::AddSat, ScalarType::I32)));
    assert!(before.contains(&(MathFn::IsNan, ScalarType::F32)));
    let report = link(&mut m, &BuiltinLibrary, &int_or_relational).unwrap();
    verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{}", oclc_ir::print_module(&m)));
    let left = math_ops(&m);
    // min is not wanted and stays; the library's own functions use no wanted built-in.
    assert!(
        left.iter().all(|(f, t)| !int_or_relational(*f, *t)),
        "{left:?}"
    );
    assert!(left.contains(&(MathFn::Min, ScalarType::I16)));
    assert!(report.linked.contains(&(MathFn::MulHi, ScalarType::I64)));
    assert!(report.linked.contains(&(MathFn::Upsample, ScalarType::U8)));
    // Each library function is copied once, under its own name.
    for name in [
        "__oclc_add_sat_i32",
        "__oclc_isnan_f32",
        "__oclc_mul_hi_u64",
    ] {
        let n = m.functions.iter().filter(|f| f.name == name).count();
        assert_eq!(n, 1, "{name}");
    }
    // The int4 add_sat became four calls, one per lane.
    let add_sat = m.find_function("__oclc_add_sat_i32").unwrap();
    let mut calls = 0;
    for f in &m.functions {
        walk_stmts(&f.body, &mut |s| {
            if matches!(s, Stmt::Let { op: Op::Call { func, .. }, .. } if *func == add_sat) {
                calls += 1;
            }
        });
    }
    assert_eq!(calls, 4);
    // The linked module survives the text form.
    let text = oclc_ir::print_module(&m);
    let back = oclc_ir::parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    verify_module(&back).unwrap();
    // The copied routines are marked as library code, the user's functions are not, and the
    // mark survives the text form.
    for (f, g) in m.functions.iter().zip(&back.functions) {
        assert_eq!(f.is_library, f.name.starts_with("__oclc_"), "{}", f.name);
        assert_eq!(f.is_library, g.is_library, "{}", f.name);
    }
    assert!(m.functions.iter().any(|f| f.is_library));
}

#[test]
fn linking_nothing_leaves_the_module_alone() {
    let mut m = lower(USES);
    let text = oclc_ir::print_module(&m);
    let report = link(&mut m, &BuiltinLibrary, &|_, _| false).unwrap();
    assert_eq!(report.ops_replaced, 0);
    assert_eq!(oclc_ir::print_module(&m), text);
}

#[test]
fn a_builtin_missing_from_the_library_is_a_clear_error() {
    let mut m = lower(USES);
    let err = link(&mut m, &BuiltinLibrary, &|f, _| f == MathFn::Min).unwrap_err();
    assert_eq!(
        err,
        LinkError::Missing {
            func: MathFn::Min,
            scalar: ScalarType::I16
        }
    );
    assert!(err.to_string().contains("`min` on short"), "{err}");
}
