//! Deep, memoised rewriting of types: a legalisation says what some types become (a wide
//! vector an array of pieces, a pointer to a packed struct a byte pointer), and every
//! pointer, array and struct holding one is rebuilt around the new type.

use crate::fx::{HashMap, HashSet};
use crate::types::{Type, TypeId, TypeTable};

/// What a legalisation changes in types.
pub(super) trait TypeRules {
    /// The replacement of `ty` itself, or `None` to rebuild it from its parts.
    fn replace(&mut self, types: &mut TypeTable, ty: TypeId) -> Option<TypeId>;

    /// The struct `ty` with its fields rewritten to `fields` (only called when one changed);
    /// by default the same name and packing with the new fields.
    fn rebuild_struct(&mut self, types: &mut TypeTable, ty: TypeId, fields: Vec<TypeId>) -> TypeId {
        let Type::Struct { name, packed, .. } = types.get(ty).clone() else {
            unreachable!("rebuild_struct of a struct");
        };
        types.intern(Type::Struct {
            name,
            fields,
            packed,
        })
    }
}

/// The memo of a deep rewrite (one per legalisation run: the rules do not change).
#[derive(Default)]
pub(super) struct TypeRewrite {
    mapped: HashMap<TypeId, TypeId>,
    /// Types being rewritten (a cycle through pointers keeps the type it meets again).
    visiting: HashSet<TypeId>,
}

impl TypeRewrite {
    /// `ty` rewritten by `rules`, deeply.
    pub(super) fn map(
        &mut self,
        types: &mut TypeTable,
        ty: TypeId,
        rules: &mut dyn TypeRules,
    ) -> TypeId {
        if let Some(&t) = self.mapped.get(&ty) {
            return t;
        }
        if !self.visiting.insert(ty) {
            return ty;
        }
        let new = match rules.replace(types, ty) {
            Some(t) => t,
            None => match types.get(ty).clone() {
                Type::Pointer { space, pointee } => {
                    let p = self.map(types, pointee, rules);
                    types.pointer(space, p)
                }
                Type::Array { elem, len } => {
                    let e = self.map(types, elem, rules);
                    types.array(e, len)
                }
                Type::Struct { fields, .. } => {
                    let mapped: Vec<TypeId> =
                        fields.iter().map(|&f| self.map(types, f, rules)).collect();
                    if mapped == fields {
                        ty
                    } else {
                        rules.rebuild_struct(types, ty, mapped)
                    }
                }
                _ => ty,
            },
        };
        self.visiting.remove(&ty);
        self.mapped.insert(ty, new);
        new
    }
}
