//! Whole structs and arrays copied out of or into reinterpreted memory (`pair q = u.p;`,
//! `u.p = q;`, `u1.p = u2.p;`): the copy is split into its scalar and vector leaves, each
//! read and written as [`super`] reads and writes single values.

use super::{Derived, Rewriter};
use crate::module::Stmt;
use crate::op::{Const, Op, ValueId};
use crate::types::{ScalarType, Type, TypeId, TypeTable};

/// The most leaves a copied aggregate may have.
const MAX_LEAVES: usize = 4096;

/// How to reach a leaf from the aggregate's address.
#[derive(Clone, Copy)]
enum Step {
    Field(u32),
    Index(i64),
}

/// A scalar or vector inside an aggregate: its byte offset, path and type.
struct Leaf {
    offset: i64,
    path: Vec<Step>,
    ty: TypeId,
}

/// True for the types copied leaf by leaf (structs and arrays).
pub(super) fn is_aggregate(types: &TypeTable, ty: TypeId) -> bool {
    matches!(types.get(ty), Type::Struct { .. } | Type::Array { .. })
}

fn leaves(types: &TypeTable, ty: TypeId) -> Result<Vec<Leaf>, String> {
    let mut out = Vec::new();
    collect(types, ty, 0, &mut Vec::new(), &mut out)?;
    Ok(out)
}

fn collect(
    types: &TypeTable,
    ty: TypeId,
    offset: i64,
    path: &mut Vec<Step>,
    out: &mut Vec<Leaf>,
) -> Result<(), String> {
    if out.len() > MAX_LEAVES {
        return Err(format!(
            "copying more than {MAX_LEAVES} values out of or into a reinterpreted union member is not supported on Vulkan"
        ));
    }
    match types.get(ty).clone() {
        Type::Scalar(s) if s != ScalarType::Bool => out.push(Leaf {
            offset,
            path: path.clone(),
            ty,
        }),
        Type::Vector { elem, .. } if elem != ScalarType::Bool => out.push(Leaf {
            offset,
            path: path.clone(),
            ty,
        }),
        Type::Struct { fields, .. } => {
            let (offsets, _) = types.struct_layout(ty);
            for (i, (&f, &o)) in fields.iter().zip(&offsets).enumerate() {
                path.push(Step::Field(i as u32));
                collect(types, f, offset + o as i64, path, out)?;
                path.pop();
            }
        }
        Type::Array { elem, len } => {
            let stride = types.layout(elem).size as i64;
            for j in 0..len as i64 {
                path.push(Step::Index(j));
                collect(types, elem, offset + j * stride, path, out)?;
                path.pop();
            }
        }
        _ => {
            return Err(format!(
                "a union member containing {} copied as a whole is not supported on Vulkan",
                types.display(ty)
            ))
        }
    }
    Ok(())
}

fn moved(d: Derived, by: i64) -> Derived {
    let mut d = d;
    d.offset.konst += by;
    d
}

impl Rewriter<'_> {
    /// `store dst, (load src)` of an aggregate read from reinterpreted memory at `src`;
    /// `dst` is a plain pointer, or `dst_view` when it is reinterpreted memory too.
    pub(super) fn copy_out(
        &mut self,
        out: &mut Vec<Stmt>,
        src: Derived,
        ty: TypeId,
        dst: ValueId,
        dst_view: Option<Derived>,
    ) -> Result<(), String> {
        for leaf in leaves(self.types, ty)? {
            let v = self.f.new_value(leaf.ty);
            self.load(out, v, moved(src, leaf.offset))?;
            match dst_view {
                Some(d) => self.store(out, moved(d, leaf.offset), v)?,
                None => {
                    let p = self.leaf_addr(out, dst, &leaf.path);
                    out.push(Stmt::Store { ptr: p, value: v });
                }
            }
        }
        Ok(())
    }

    /// `store dst, value` of an aggregate into reinterpreted memory at `dst`: `value` must
    /// be a load from a plain pointer with no write since (then the leaves are read from
    /// that pointer).
    pub(super) fn copy_in(
        &mut self,
        out: &mut Vec<Stmt>,
        dst: Derived,
        value: ValueId,
    ) -> Result<(), String> {
        let mut source = None;
        for s in out.iter().rev() {
            match s {
                Stmt::Let {
                    value: v,
                    op: Op::Load { ptr },
                } if *v == value => {
                    source = Some(*ptr);
                    break;
                }
                Stmt::Let {
                    op: Op::Call { .. } | Op::Atomic { .. },
                    ..
                }
                | Stmt::Store { .. } => break,
                Stmt::Let { .. } => {}
                _ => break,
            }
        }
        let Some(src) = source else {
            return Err(
                "a struct or array stored as a whole into a union member in private or __local memory is supported on Vulkan only when it is copied from a variable".into(),
            );
        };
        let ty = self.f.value_type(value);
        for leaf in leaves(self.types, ty)? {
            let p = self.leaf_addr(out, src, &leaf.path);
            let v = self.f.new_value(leaf.ty);
            out.push(Stmt::Let {
                value: v,
                op: Op::Load { ptr: p },
            });
            self.store(out, moved(dst, leaf.offset), v)?;
        }
        Ok(())
    }

    /// The address of a leaf from the address `base` of its aggregate.
    fn leaf_addr(&mut self, out: &mut Vec<Stmt>, base: ValueId, path: &[Step]) -> ValueId {
        let mut p = base;
        for step in path {
            let (space, ty) = self.types.pointee(self.f.value_type(p)).unwrap();
            let (op, inner) = match (step, self.types.get(ty).clone()) {
                (Step::Field(i), Type::Struct { fields, .. }) => {
                    (Op::FieldAddr { base: p, field: *i }, fields[*i as usize])
                }
                (Step::Index(j), Type::Array { elem, .. }) => {
                    let i64t = self.types.scalar(ScalarType::I64);
                    let index = self.f.new_value(i64t);
                    out.push(Stmt::Let {
                        value: index,
                        op: Op::Const(Const::int(ScalarType::I64, *j)),
                    });
                    (Op::IndexAddr { base: p, index }, elem)
                }
                _ => unreachable!("leaf paths follow the type"),
            };
            let pt = self.types.pointer(space, inner);
            let next = self.f.new_value(pt);
            out.push(Stmt::Let { value: next, op });
            p = next;
        }
        p
    }
}
