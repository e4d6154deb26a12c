//! Turning declaration specifiers and declarators into [`CType`]s.

use super::{Binding, Checker};
use crate::ast::{self, AddrSpaceKw, DeclSpec, Derived, Qualifier, StorageKw, TypeKw};
use crate::checked::{AddrSpace, CType, ImageAccess, OpaqueKind, ScalarKind};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// Resolved declaration specifiers.
#[derive(Clone, Debug)]
pub(crate) struct SpecInfo {
    /// Base type.
    pub ty: CType,
    /// Explicit address space.
    pub space: Option<AddrSpace>,
    /// `const` present.
    pub is_const: bool,
    /// `kernel` present.
    pub kernel: bool,
    /// Storage class.
    pub storage: Option<StorageKw>,
    /// Attributes in order.
    pub attrs: Vec<ast::Attribute>,
    /// Alignment of the typedef name used as the type, when an `aligned` attribute on the
    /// typedef set one.
    pub typedef_align: Option<u64>,
}

/// Declarator applied to a base type.
#[derive(Clone, Debug)]
pub(crate) struct DeclType {
    /// Final type.
    pub ty: CType,
    /// Address space qualifying the declared object itself.
    pub space: Option<AddrSpace>,
    /// Declared object is `const`.
    pub is_const: bool,
}

/// Maps built-in OpenCL type names (`float4`, `uint`, `size_t`...) to types.
pub fn builtin_type(name: &str) -> Option<CType> {
    use ScalarKind::*;
    let scalar = |s: &str| -> Option<ScalarKind> {
        Some(match s {
            "char" => Char,
            "uchar" => UChar,
            "short" => Short,
            "ushort" => UShort,
            "int" => Int,
            "uint" => UInt,
            "long" => Long,
            "ulong" => ULong,
            "half" => Half,
            "float" => Float,
            "double" => Double,
            "size_t" | "uintptr_t" => ULong,
            // The spec's typedef for barrier/fence flags (uint, as in clang's header).
            "cl_mem_fence_flags" => UInt,
            "ptrdiff_t" | "intptr_t" => Long,
            _ => return None,
        })
    };
    if name == "bool" {
        return Some(CType::Bool);
    }
    if let Some(k) = crate::checked::OpaqueKind::from_name(name) {
        return Some(CType::Opaque(k));
    }
    if let Some(k) = scalar(name) {
        return Some(CType::Scalar(k));
    }
    let split = name.find(|c: char| c.is_ascii_digit())?;
    let (base, width) = name.split_at(split);
    let n: u8 = width.parse().ok()?;
    if !matches!(n, 2 | 3 | 4 | 8 | 16)
        || matches!(
            base,
            "size_t" | "ptrdiff_t" | "intptr_t" | "uintptr_t" | "cl_mem_fence_flags"
        )
    {
        return None;
    }
    Some(CType::Vector(scalar(base)?, n))
}

/// The type names OpenCL C 2.0 adds: the atomic types (`atomic_flag` is `atomic_int`, as
/// in clang) and the `memory_order` / `memory_scope` enumerations (as `int`).
pub fn cl20_type(name: &str) -> Option<CType> {
    use ScalarKind::*;
    Some(match name {
        "atomic_int" | "atomic_flag" => CType::Atomic(Int),
        "atomic_uint" => CType::Atomic(UInt),
        "atomic_long" | "atomic_intptr_t" | "atomic_ptrdiff_t" => CType::Atomic(Long),
        "atomic_ulong" | "atomic_uintptr_t" | "atomic_size_t" => CType::Atomic(ULong),
        "atomic_float" => CType::Atomic(Float),
        "atomic_double" => CType::Atomic(Double),
        "memory_order" | "memory_scope" => CType::INT,
        _ => return None,
    })
}

fn addr(k: AddrSpaceKw) -> AddrSpace {
    match k {
        AddrSpaceKw::Global => AddrSpace::Global,
        AddrSpaceKw::Local => AddrSpace::Local,
        AddrSpaceKw::Constant => AddrSpace::Constant,
        AddrSpaceKw::Private => AddrSpace::Private,
        // Rejected before OpenCL C 2.0 by `generic_allowed`.
        AddrSpaceKw::Generic => AddrSpace::Generic,
    }
}

impl Checker {
    /// Resolves a specifier list. Errors are reported; a fallback `int` is returned.
    pub(crate) fn resolve_specs(&mut self, specs: &ast::DeclSpecs) -> Option<SpecInfo> {
        let mut info = SpecInfo {
            ty: CType::INT,
            space: None,
            is_const: false,
            kernel: false,
            storage: None,
            attrs: Vec::new(),
            typedef_align: None,
        };
        let mut kws: Vec<(TypeKw, Span)> = Vec::new();
        let mut named: Option<(CType, Span)> = None;
        let mut access: Option<(ast::AccessKw, Span)> = None;
        let mut ok = true;
        let mut double_at: Option<Span> = None;
        for s in &specs.items {
            match s {
                DeclSpec::Type(TypeKw::Double, sp) => {
                    double_at = Some(*sp);
                    kws.push((TypeKw::Double, *sp));
                }
                DeclSpec::Type(k, sp) => kws.push((*k, *sp)),
                DeclSpec::TypeName(n, sp) => {
                    let t = match self.lookup(n) {
                        Some(Binding::Typedef(t, align)) => {
                            info.typedef_align = align;
                            // A typedef of `double` was reported where it was declared.
                            double_at = None;
                            Some(t)
                        }
                        _ if self.cl_std.version() >= 200 => {
                            builtin_type(n).or_else(|| cl20_type(n))
                        }
                        _ if cl20_type(n).is_some() => {
                            self.error(Diagnostic::error(
                                "E0313",
                                format!("unknown type name '{n}' (an OpenCL C 2.0 type)"),
                                *sp,
                            ));
                            return None;
                        }
                        _ => builtin_type(n),
                    };
                    let Some(t) = t else {
                        self.error(Diagnostic::error(
                            "E0313",
                            format!("type '{n}' is not supported yet"),
                            *sp,
                        ));
                        return None;
                    };
                    if named.is_some() || !kws.is_empty() {
                        ok = false;
                    }
                    if double_at.is_none() && t.elem_kind() == Some(ScalarKind::Double) {
                        double_at = Some(*sp);
                    }
                    named = Some((t, *sp));
                }
                DeclSpec::Qual(Qualifier::Const, _) => info.is_const = true,
                DeclSpec::Qual(..) => {}
                DeclSpec::Struct(st) => {
                    let t = self.struct_spec(st, specs)?;
                    if named.is_some() || !kws.is_empty() {
                        ok = false;
                    }
                    named = Some((t, st.span));
                }
                DeclSpec::Enum(en) => {
                    let t = self.enum_spec(en)?;
                    if named.is_some() || !kws.is_empty() {
                        ok = false;
                    }
                    named = Some((t, en.span));
                }
                // Reported, then ignored (as clang goes on) so that uses are still checked.
                DeclSpec::AddrSpace(AddrSpaceKw::Generic, sp) if !self.generic_allowed(*sp) => {}
                DeclSpec::AddrSpace(a, sp) => {
                    if info.space.is_some_and(|s| s != addr(*a)) {
                        self.error(Diagnostic::error(
                            "E0317",
                            "multiple address spaces specified",
                            *sp,
                        ));
                    }
                    info.space = Some(addr(*a));
                }
                DeclSpec::Storage(st, _) => info.storage = Some(*st),
                DeclSpec::Kernel(_) => info.kernel = true,
                DeclSpec::Access(a, sp) => {
                    if access.is_some() {
                        self.error(Diagnostic::error(
                            "E0312",
                            "multiple access qualifiers",
                            *sp,
                        ));
                        return None;
                    }
                    access = Some((*a, *sp));
                }
                DeclSpec::Inline(_) => {}
                DeclSpec::Attributes(a, _) => info.attrs.extend(a.iter().cloned()),
            }
        }
        if let Some((t, _)) = named {
            if !kws.is_empty() {
                ok = false;
            }
            info.ty = t;
        } else if kws.is_empty() {
            self.error(Diagnostic::error(
                "E0312",
                "type specifier missing (implicit int is not allowed in OpenCL)",
                specs.span,
            ));
            return None;
        } else {
            match combine_keywords(&kws) {
                Some(t) => info.ty = t,
                None => ok = false,
            }
        }
        if !ok {
            self.error(Diagnostic::error(
                "E0312",
                "cannot combine these type specifiers",
                specs.span,
            ));
            return None;
        }
        if let Some(sp) = double_at {
            self.require_fp64(sp);
        }
        if let Some((a, sp)) = access {
            info.ty = self.apply_access(info.ty, a, sp)?;
        }
        Some(info)
    }

    /// Applies an image access qualifier (`read_only`, ...) to the specified type.
    fn apply_access(&mut self, ty: CType, a: ast::AccessKw, sp: Span) -> Option<CType> {
        let CType::Opaque(OpaqueKind::Image(dim, _)) = ty else {
            self.error(Diagnostic::error(
                "E0312",
                "access qualifier can only be used for pipe and image type",
                sp,
            ));
            return None;
        };
        let access = match a {
            ast::AccessKw::ReadOnly => ImageAccess::ReadOnly,
            ast::AccessKw::WriteOnly => ImageAccess::WriteOnly,
            ast::AccessKw::ReadWrite => ImageAccess::ReadWrite,
        };
        if access == ImageAccess::ReadWrite && self.cl_std.version() < 200 {
            self.error(Diagnostic::error(
                "E0312",
                format!(
                    "access qualifier 'read_write' can not be used for '__read_write {}' prior to OpenCL C version 2.0",
                    dim.name()
                ),
                sp,
            ));
            return None;
        }
        Some(CType::Opaque(OpaqueKind::Image(dim, access)))
    }

    /// Applies a declarator's derived types to a base type. `param` adjusts arrays to
    /// pointers. The trailing function part, if any, must be stripped by the caller.
    pub(crate) fn apply_derived(
        &mut self,
        spec: &SpecInfo,
        derived: &[Derived],
        param: bool,
    ) -> Option<DeclType> {
        let mut ty = spec.ty.clone();
        let mut space = spec.space;
        let mut is_const = spec.is_const;
        for d in derived {
            match d {
                Derived::Pointer(quals, sp) => {
                    if super::opaque::is_image_or_sampler(&ty) {
                        self.error(Diagnostic::error(
                            "E0312",
                            format!("pointer to type '{}' is invalid in OpenCL", ty.display()),
                            *sp,
                        ));
                        return None;
                    }
                    ty = CType::Pointer {
                        space: space.unwrap_or(self.default_pointee_space()),
                        pointee: Box::new(ty),
                        is_const,
                    };
                    space = None;
                    is_const = false;
                    for q in quals {
                        match q {
                            DeclSpec::Qual(Qualifier::Const, _) => is_const = true,
                            DeclSpec::AddrSpace(AddrSpaceKw::Generic, sp)
                                if !self.generic_allowed(*sp) => {}
                            DeclSpec::AddrSpace(a, _) => space = Some(addr(*a)),
                            _ => {}
                        }
                    }
                }
                Derived::Array(size, sp) => {
                    if ty == CType::Void {
                        self.error(Diagnostic::error(
                            "E0312",
                            "array has incomplete element type 'void'",
                            *sp,
                        ));
                        return None;
                    }
                    if super::opaque::is_image_or_sampler(&ty) {
                        self.error(Diagnostic::error(
                            "E0312",
                            format!("array of '{}' type is invalid in OpenCL", ty.display()),
                            *sp,
                        ));
                        return None;
                    }
                    let len = match size {
                        Some(e) => self.const_int(e)?,
                        None if param => 0,
                        None => {
                            self.error(Diagnostic::error("E0318", "array size is required", *sp));
                            return None;
                        }
                    };
                    if len <= 0 && !(param && size.is_none()) {
                        self.error(Diagnostic::error(
                            "E0318",
                            "array size must be positive",
                            *sp,
                        ));
                        return None;
                    }
                    // clang's limit: an object's size in bits must fit in 64 bits.
                    if (len as u128) * u128::from(ty.size().max(1)) >= 1 << 61 {
                        self.error(Diagnostic::error(
                            "E0318",
                            format!("array is too large ({len} elements)"),
                            *sp,
                        ));
                        return None;
                    }
                    ty = CType::Array {
                        elem: Box::new(ty),
                        len: len as u64,
                    };
                }
                Derived::Function(_, sp) => {
                    self.error(Diagnostic::error(
                        "E0313",
                        "function types are not allowed here",
                        *sp,
                    ));
                    return None;
                }
            }
        }
        if param {
            if let CType::Array { elem, .. } = ty {
                ty = CType::Pointer {
                    space: space.unwrap_or(self.default_pointee_space()),
                    pointee: elem,
                    is_const,
                };
                space = None;
                is_const = false;
            }
        }
        Some(DeclType {
            ty,
            space,
            is_const,
        })
    }

    /// True from OpenCL C 2.0 on; before, reports the `__generic` qualifier at `sp` as clang
    /// does and returns false.
    fn generic_allowed(&mut self, sp: Span) -> bool {
        if self.cl_std.version() >= 200 {
            return true;
        }
        self.error(Diagnostic::error(
            "E0317",
            format!(
                "OpenCL C version {}.{} does not support the '__generic' type qualifier",
                self.cl_std.version() / 100,
                self.cl_std.version() / 10 % 10
            ),
            sp,
        ));
        false
    }

    /// The address space of an unqualified pointer's pointee: `__generic` from OpenCL C 2.0
    /// on (as clang deduces it), `__private` before.
    pub(crate) fn default_pointee_space(&self) -> AddrSpace {
        if self.cl_std.version() >= 200 {
            AddrSpace::Generic
        } else {
            AddrSpace::Private
        }
    }

    /// Resolves a type name (casts, sizeof, attribute arguments).
    pub(crate) fn resolve_type_name(&mut self, t: &ast::TypeName) -> Option<CType> {
        let spec = self.resolve_specs(&t.specs)?;
        Some(self.apply_derived(&spec, &t.declarator.derived, false)?.ty)
    }

    /// The alignment of a type name: its type's, or the one an `aligned` attribute on the
    /// typedef named without further declarator gave it (which, as in clang, may also lower it).
    pub(crate) fn type_name_align(&mut self, t: &ast::TypeName) -> Option<(CType, u64)> {
        let spec = self.resolve_specs(&t.specs)?;
        let ty = self.apply_derived(&spec, &t.declarator.derived, false)?.ty;
        let align = match spec.typedef_align {
            Some(a) if t.declarator.derived.is_empty() => a,
            _ => ty.align(),
        };
        Some((ty, align))
    }

    /// Evaluates an integer constant expression (array sizes, attributes).
    pub(crate) fn const_int(&mut self, e: &ast::Expr) -> Option<i128> {
        let c = self.rvalue(e)?;
        match super::consteval::eval(&c) {
            Some(crate::checked::ConstInit::Int(v)) => Some(v),
            _ => {
                self.error(Diagnostic::error(
                    "E0318",
                    "expression is not an integer constant expression",
                    e.span,
                ));
                None
            }
        }
    }
}

fn combine_keywords(kws: &[(TypeKw, Span)]) -> Option<CType> {
    use ScalarKind::*;
    let count = |k: TypeKw| kws.iter().filter(|(x, _)| *x == k).count();
    let (signed, unsigned) = (count(TypeKw::Signed), count(TypeKw::Unsigned));
    if signed + unsigned > 1 {
        return None;
    }
    let others: Vec<TypeKw> = kws
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| !matches!(k, TypeKw::Signed | TypeKw::Unsigned | TypeKw::Int))
        .collect();
    let ints = count(TypeKw::Int);
    if ints > 1 {
        return None;
    }
    let pick =
        |s: ScalarKind, u: ScalarKind| Some(CType::Scalar(if unsigned == 1 { u } else { s }));
    match others.as_slice() {
        [] => pick(Int, UInt),
        [TypeKw::Char] if ints == 0 => pick(Char, UChar),
        [TypeKw::Short] => pick(Short, UShort),
        [TypeKw::Long] | [TypeKw::Long, TypeKw::Long] => pick(Long, ULong),
        [TypeKw::Void] if ints + signed + unsigned == 0 => Some(CType::Void),
        [TypeKw::Float] if ints + signed + unsigned == 0 => Some(CType::Scalar(Float)),
        [TypeKw::Double] if ints + signed + unsigned == 0 => Some(CType::Scalar(Double)),
        _ => None,
    }
}
