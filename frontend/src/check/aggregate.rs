//! Structs and unions: tag declarations, member layout and member access (enums: `enums`).

use super::expr::Val;
use super::{Binding, Checker};
use crate::ast::{self, DeclSpec, StorageKw};
use crate::checked::{
    AddrSpace, CType, Expr, ExprKind, Field, Initializer, LValue, LValueKind, Stmt, StructDef,
    StructLayout, StructRef, VarInfo,
};
use crate::diagnostic::Diagnostic;
use crate::source::Span;
use std::sync::{Arc, OnceLock};

fn tag_key(name: &str) -> String {
    format!("tag:{name}")
}

fn round_up(v: u64, a: u64) -> u64 {
    if a <= 1 {
        v
    } else {
        v.div_ceil(a) * a
    }
}

impl Checker {
    pub(crate) fn lookup_tag(&self, name: &str) -> Option<Binding> {
        self.lookup(&tag_key(name))
    }

    fn new_struct(&mut self, is_union: bool, name: &str, span: Span) -> StructRef {
        let id = self.next_struct_id;
        self.next_struct_id += 1;
        StructRef(Arc::new(StructDef {
            id,
            name: name.to_string(),
            is_union,
            layout: OnceLock::new(),
            span,
        }))
    }

    pub(crate) fn bind_tag(&mut self, name: &ast::Ident, b: Binding) {
        let key = ast::Ident {
            name: tag_key(&name.name),
            span: name.span,
        };
        self.scopes
            .last_mut()
            .expect("scope")
            .insert(key.name.clone(), b);
    }

    /// Resolves a `struct`/`union` specifier (declaring or defining the tag).
    pub(crate) fn struct_spec(
        &mut self,
        st: &ast::StructSpec,
        specs: &ast::DeclSpecs,
    ) -> Option<CType> {
        let kw = if st.is_union { "union" } else { "struct" };
        let Some(members) = &st.members else {
            let tag = st.tag.as_ref().expect("tag of a struct reference");
            return match self.lookup_tag(&tag.name) {
                Some(Binding::Tag(s)) if s.is_union() == st.is_union => Some(CType::Struct(s)),
                Some(_) => {
                    self.error(Diagnostic::error(
                        "E0321",
                        format!(
                            "use of '{}' with tag type that does not match previous declaration",
                            tag.name
                        ),
                        tag.span,
                    ));
                    None
                }
                None => {
                    let s = self.new_struct(st.is_union, &tag.name, tag.span);
                    self.bind_tag(tag, Binding::Tag(s.clone()));
                    Some(CType::Struct(s))
                }
            };
        };
        let s = match &st.tag {
            Some(tag) => {
                let existing = self
                    .scopes
                    .last()
                    .and_then(|sc| sc.get(&tag_key(&tag.name)).cloned());
                match existing {
                    Some(Binding::Tag(s))
                        if s.layout().is_none() && s.is_union() == st.is_union =>
                    {
                        s
                    }
                    Some(_) => {
                        self.error(Diagnostic::error(
                            "E0321",
                            format!("redefinition of '{kw} {}'", tag.name),
                            tag.span,
                        ));
                        return None;
                    }
                    None => {
                        let s = self.new_struct(st.is_union, &tag.name, tag.span);
                        self.bind_tag(tag, Binding::Tag(s.clone()));
                        s
                    }
                }
            }
            None => self.new_struct(st.is_union, "", st.span),
        };
        let mut fields: Vec<Field> = Vec::new();
        // Alignment each field's `aligned` attribute asks for (1 when none).
        let mut field_aligns: Vec<FieldAlign> = Vec::new();
        for m in members {
            self.member_decl(m, &mut fields, &mut field_aligns);
        }
        let mut attrs = st.attrs.clone();
        for it in &specs.items {
            if let DeclSpec::Attributes(a, _) = it {
                attrs.extend(a.iter().cloned());
            }
        }
        let layout = self.layout(fields, &field_aligns, st.is_union, &attrs);
        let _ = s.0.layout.set(layout);
        Some(CType::Struct(s))
    }

    fn member_decl(
        &mut self,
        m: &ast::MemberDecl,
        fields: &mut Vec<Field>,
        aligns: &mut Vec<FieldAlign>,
    ) {
        let Some(spec) = self.resolve_specs(&m.specs) else {
            return;
        };
        let spec_attrs: Vec<ast::Attribute> = m
            .specs
            .items
            .iter()
            .filter_map(|it| match it {
                DeclSpec::Attributes(a, _) => Some(a.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        // An address space before a pointer declarator qualifies the pointee.
        let space_on_member = spec.space.is_some()
            && m.declarators.iter().any(|(d, _)| {
                !d.derived
                    .iter()
                    .any(|x| matches!(x, ast::Derived::Pointer(..)))
            });
        if spec.storage.is_some() || space_on_member {
            self.error(Diagnostic::error(
                "E0321",
                "storage class or address space qualifier is not allowed on a struct member",
                m.specs.span,
            ));
            return;
        }
        if m.declarators.is_empty() {
            // C11 anonymous struct/union member.
            if let CType::Struct(s) = &spec.ty {
                if s.name().is_empty() {
                    aligns.push(FieldAlign {
                        attr: self.aligned_attr(&spec_attrs).unwrap_or(1),
                        typedef: None,
                    });
                    fields.push(Field {
                        name: String::new(),
                        ty: spec.ty.clone(),
                        offset: 0,
                    });
                }
            }
            return;
        }
        for (d, width) in &m.declarators {
            let Some(name) = &d.name else { continue };
            if let Some(w) = width {
                self.error(Diagnostic::error(
                    "E0321",
                    "bit-fields are not supported in OpenCL",
                    w.span,
                ));
                continue;
            }
            if matches!(d.derived.last(), Some(ast::Derived::Function(..))) {
                self.error(Diagnostic::error(
                    "E0321",
                    format!("field '{}' declared as a function", name.name),
                    name.span,
                ));
                continue;
            }
            let Some(dt) = self.apply_derived(&spec, &d.derived, false) else {
                continue;
            };
            if !self.complete_object_type(&dt.ty, name.span, "field")
                || !self.opaque_field_ok(&dt.ty, name.span)
            {
                continue;
            }
            if fields.iter().any(|f| f.name == name.name) {
                self.error(Diagnostic::error(
                    "E0321",
                    format!("duplicate member '{}'", name.name),
                    name.span,
                ));
                continue;
            }
            let attrs: Vec<ast::Attribute> = spec_attrs.iter().chain(&d.attrs).cloned().collect();
            // An aligned typedef sets the natural alignment of members of its type (or arrays of it).
            let typedef = spec.typedef_align.filter(|_| {
                d.derived
                    .iter()
                    .all(|x| matches!(x, ast::Derived::Array(..)))
            });
            aligns.push(FieldAlign {
                attr: self.aligned_attr(&attrs).unwrap_or(1),
                typedef,
            });
            fields.push(Field {
                name: name.name.clone(),
                ty: dt.ty,
                offset: 0,
            });
        }
    }

    /// Reports `void`, incomplete struct and function types where an object is
    /// declared; returns whether the type is usable.
    pub(crate) fn complete_object_type(&mut self, ty: &CType, span: Span, what: &str) -> bool {
        let bad = match ty {
            CType::Void => Some("incomplete type 'void'".to_string()),
            CType::Struct(s) if s.layout().is_none() => {
                Some(format!("incomplete type '{}'", ty.display()))
            }
            CType::Array { elem, .. } => {
                return self.complete_object_type(elem, span, what);
            }
            _ => None,
        };
        if let Some(b) = bad {
            self.error(Diagnostic::error("E0312", format!("{what} has {b}"), span));
            return false;
        }
        true
    }

    /// The alignment an `aligned` attribute among `attrs` asks for (the largest, as in
    /// clang; `aligned` without an argument means 16), reporting non-powers of 2.
    pub(crate) fn aligned_attr(&mut self, attrs: &[ast::Attribute]) -> Option<u64> {
        let mut explicit_align: Option<u64> = None;
        for a in attrs {
            if a.name.trim_matches('_') == "aligned" {
                let n = match a.args.first() {
                    Some(ast::AttrArg::Expr(e)) => self.const_int(e).unwrap_or(1) as u64,
                    _ => 16,
                };
                if !n.is_power_of_two() {
                    self.error(Diagnostic::error(
                        "E0322",
                        "requested alignment is not a power of 2",
                        a.span,
                    ));
                }
                explicit_align = Some(explicit_align.map_or(n, |m| m.max(n)));
            }
        }
        explicit_align
    }

    /// The packing of `#pragma pack(N)` in effect where the struct was defined: the
    /// attribute [`crate::preprocess::PRAGMA_PACK_ATTRIBUTE`] the preprocessor put after its
    /// `struct`/`union` keyword.
    fn pragma_pack_attr(&mut self, attrs: &[ast::Attribute]) -> Option<u64> {
        let a = attrs
            .iter()
            .rev()
            .find(|a| a.name == crate::preprocess::PRAGMA_PACK_ATTRIBUTE)?;
        match a.args.as_slice() {
            [ast::AttrArg::Expr(e)] => self
                .const_int(e)
                .and_then(|n| u64::try_from(n).ok())
                .filter(|n| n.is_power_of_two()),
            _ => None,
        }
    }

    /// Lays out a struct or union from its fields and the alignments they were given.
    fn layout(
        &mut self,
        mut fields: Vec<Field>,
        field_aligns: &[FieldAlign],
        is_union: bool,
        attrs: &[ast::Attribute],
    ) -> StructLayout {
        let packed = attrs.iter().any(|a| a.name.trim_matches('_') == "packed");
        let max_field_align = self.pragma_pack_attr(attrs);
        let explicit_align = self.aligned_attr(attrs);
        let (mut size, mut align) = (0u64, 1u64);
        for (i, f) in fields.iter_mut().enumerate() {
            let given = field_aligns.get(i).copied().unwrap_or_default();
            let natural = match given.typedef {
                _ if packed => 1,
                Some(a) => a,
                None => f.ty.align().max(1),
            };
            // A member's own `aligned` attribute raises its alignment (even when packed);
            // `#pragma pack(N)` then caps it at N (clang: the maximum field alignment
            // overrides the aligned attribute). The struct's own `aligned` is not capped.
            let mut fa = natural.max(given.attr);
            if let Some(n) = max_field_align {
                fa = fa.min(n);
            }
            align = align.max(fa);
            if is_union {
                f.offset = 0;
                size = size.max(f.ty.size());
            } else {
                f.offset = round_up(size, fa);
                size = f.offset + f.ty.size();
            }
        }
        if let Some(n) = explicit_align {
            align = align.max(n);
        }
        StructLayout {
            fields,
            size: round_up(size, align),
            align,
            packed,
            explicit_align,
        }
    }

    /// Reports that the struct or union `ty` has no member `m` (E0321, at the name).
    pub(crate) fn unknown_member(&mut self, m: &ast::Ident, ty: &CType) {
        self.error(
            Diagnostic::error(
                "E0321",
                format!("no member named '{}' in '{}'", m.name, ty.display()),
                m.span,
            )
            .with_label("unknown member"),
        );
    }

    /// `base.name` on a struct/union value or location.
    pub(crate) fn struct_member(&mut self, b: Val, m: &ast::Ident, span: Span) -> Option<Val> {
        let ty = match &b {
            Val::L(l) => l.ty.clone(),
            Val::R(r) => r.ty.clone(),
        };
        let CType::Struct(s) = &ty else {
            unreachable!("caller checks for a struct")
        };
        let Some(path) = find_field(s, &m.name) else {
            self.unknown_member(m, &ty);
            return None;
        };
        let (mut l, temp) = match b {
            Val::L(l) => (l, None),
            // A struct value (a call result, a compound literal): stored into an unnamed
            // variable whose member is read; the result is a value, not a location.
            Val::R(r) => {
                if self.cur.is_none() {
                    self.error(Diagnostic::error(
                        "E0313",
                        "member access on a struct value at program scope is not supported yet",
                        r.span,
                    ));
                    return None;
                }
                let var = self.new_var(VarInfo {
                    name: String::new(),
                    ty: ty.clone(),
                    space: AddrSpace::Private,
                    is_const: false,
                    is_param: false,
                    span: r.span,
                });
                let place = LValue {
                    kind: LValueKind::Var(var),
                    ty: ty.clone(),
                    space: AddrSpace::Private,
                    span: r.span,
                };
                let decl = Stmt::Decl {
                    var,
                    init: Some(Initializer::Expr(r)),
                };
                (place, Some(decl))
            }
        };
        for (idx, fty) in path {
            let space = l.space;
            l = LValue {
                kind: LValueKind::Field {
                    base: Box::new(l),
                    field: idx,
                },
                ty: fty,
                space,
                span,
            };
        }
        let Some(decl) = temp else {
            return Some(Val::L(l));
        };
        let value = self.make_rvalue(Val::L(l));
        Some(Val::R(Expr {
            ty: value.ty.clone(),
            kind: ExprKind::StmtExpr {
                body: vec![decl],
                value: Some(Box::new(value)),
            },
            span,
        }))
    }

    /// `ptr->name`.
    pub(crate) fn arrow(&mut self, base: &ast::Expr, m: &ast::Ident, span: Span) -> Option<Val> {
        let p = self.rvalue(base)?;
        match &p.ty {
            CType::Pointer { space, pointee, .. } if pointee.is_struct() => {
                if !self.complete_object_type(pointee, base.span, "member base") {
                    return None;
                }
                let (space, ty) = (*space, (**pointee).clone());
                let l = LValue {
                    kind: LValueKind::Deref(Box::new(p)),
                    ty,
                    space,
                    span: base.span,
                };
                self.struct_member(Val::L(l), m, span)
            }
            t => {
                self.error(Diagnostic::error(
                    "E0321",
                    format!(
                        "member reference type '{}' is not a pointer to a struct or union",
                        t.display()
                    ),
                    base.span,
                ));
                None
            }
        }
    }

    /// Checks that a typedef or variable declaration does not carry a storage class
    /// OpenCL forbids (used by struct members and locals).
    pub(crate) fn reject_storage(&mut self, st: Option<StorageKw>, span: Span) -> bool {
        if matches!(st, Some(StorageKw::Auto | StorageKw::Register)) {
            self.error(Diagnostic::error(
                "E0313",
                "'auto' and 'register' storage classes are not supported in OpenCL",
                span,
            ));
            return true;
        }
        false
    }
}

/// Field path `(index, type)` to a member, descending into anonymous members.
fn find_field(s: &StructRef, name: &str) -> Option<Vec<(u32, CType)>> {
    let layout = s.layout()?;
    for (i, f) in layout.fields.iter().enumerate() {
        if f.name == name {
            return Some(vec![(i as u32, f.ty.clone())]);
        }
    }
    for (i, f) in layout.fields.iter().enumerate() {
        if let (true, CType::Struct(inner)) = (f.name.is_empty(), &f.ty) {
            if let Some(mut rest) = find_field(inner, name) {
                rest.insert(0, (i as u32, f.ty.clone()));
                return Some(rest);
            }
        }
    }
    None
}

/// The alignments a struct member was given besides its type's own.
#[derive(Copy, Clone, Debug)]
struct FieldAlign {
    /// What the member's own `aligned` attribute asks for (1 when none): it only raises.
    attr: u64,
    /// The alignment of an aligned typedef naming the member's type: it replaces the type's.
    typedef: Option<u64>,
}

impl Default for FieldAlign {
    fn default() -> Self {
        FieldAlign {
            attr: 1,
            typedef: None,
        }
    }
}
