//! The OpenCL C sources of oclc's built-in library, embedded in the compiler.
//!
//! Every file is listed once here; [`super::compile`] concatenates each list in its order
//! into one translation unit, so a later file may call the functions of an earlier one.

/// The library's source files as `(file name, text)`, in compilation order.
pub const SOURCES: &[(&str, &str)] = &[
    ("int.cl", include_str!("cl/int.cl")),
    ("relational.cl", include_str!("cl/relational.cl")),
    ("float_ff.cl", include_str!("cl/float_ff.cl")),
    ("float.cl", include_str!("cl/float.cl")),
    ("float_trig.cl", include_str!("cl/float_trig.cl")),
    ("float_hyper.cl", include_str!("cl/float_hyper.cl")),
    ("float_misc.cl", include_str!("cl/float_misc.cl")),
    ("float_special.cl", include_str!("cl/float_special.cl")),
    ("half.cl", include_str!("cl/half.cl")),
];

/// The double-precision math files, in compilation order: a second translation unit
/// (they use nothing of [`SOURCES`]), compiled only when a module needs one of its
/// functions, so that float-only modules do not pay for compiling it.
pub const DOUBLE_SOURCES: &[(&str, &str)] = &[
    ("double.cl", include_str!("cl/double.cl")),
    ("double_trig.cl", include_str!("cl/double_trig.cl")),
    ("double_misc.cl", include_str!("cl/double_misc.cl")),
    ("double_special.cl", include_str!("cl/double_special.cl")),
];
