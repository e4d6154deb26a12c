//! The last step of [`super`]: every pointer to a byte-addressed type in a buffer becomes a
//! pointer to `u8`, in every type that holds one.

use crate::fx::HashMap;
use crate::module::{walk_stmts, Block, Function, Stmt};
use crate::op::{Op, ValueId};
use crate::types::{ScalarType, Type, TypeId, TypeTable};
use crate::visit::{remove_lets, replace_uses};

use super::{byte_addressed, is_physical};
use crate::legalize::type_rewrite::{TypeRewrite, TypeRules};

/// Gives every pointer to a byte-addressed type in a buffer the type pointer to `u8`, in
/// every type that holds one, and drops the casts that become identities.
#[derive(Default)]
pub(super) struct Retype {
    rewrite: TypeRewrite,
}

/// The rule of [`Retype`]: a buffer pointer to a byte-addressed type becomes a byte pointer.
struct BytePointers;

impl TypeRules for BytePointers {
    fn replace(&mut self, types: &mut TypeTable, ty: TypeId) -> Option<TypeId> {
        match *types.get(ty) {
            Type::Pointer { space, pointee }
                if is_physical(space) && byte_addressed(types, pointee) =>
            {
                let u8_ty = types.scalar(ScalarType::U8);
                Some(types.pointer(space, u8_ty))
            }
            _ => None,
        }
    }
}

impl Retype {
    fn ty(&mut self, types: &mut TypeTable, ty: TypeId) -> TypeId {
        self.rewrite.map(types, ty, &mut BytePointers)
    }

    /// Retypes `f`; true when a type changed.
    pub(super) fn function(&mut self, types: &mut TypeTable, f: &mut Function) -> bool {
        let before = (f.value_types.clone(), f.ret);
        for i in 0..f.value_types.len() {
            f.value_types[i] = self.ty(types, f.value_types[i]);
        }
        f.ret = self.ty(types, f.ret);
        for p in &mut f.params {
            p.ty = self.ty(types, p.ty);
        }
        for l in &mut f.locals {
            l.ty = self.ty(types, l.ty);
        }
        self.cast_targets(types, &mut f.body);
        let changed = before != (f.value_types.clone(), f.ret);
        drop_identity_casts(f);
        changed
    }

    /// Retypes the targets of the casts in `block`.
    fn cast_targets(&mut self, types: &mut TypeTable, block: &mut Block) {
        for s in &mut block.stmts {
            if let Stmt::Let {
                op: Op::Bitcast { to, .. } | Op::GenericCast { to, .. },
                ..
            } = s
            {
                *to = self.ty(types, *to);
            }
            for child in s.child_blocks_mut() {
                self.cast_targets(types, child);
            }
        }
    }
}

/// Removes the bitcasts that give back a type their source, or a cast before it, already
/// has (`u8*` -> `u32*` -> `u8*`, which the pieces of an access through a member make).
fn drop_identity_casts(f: &mut Function) {
    let mut source: HashMap<ValueId, ValueId> = HashMap::default();
    let mut same: HashMap<ValueId, ValueId> = HashMap::default();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            value,
            op: Op::Bitcast { value: src, .. },
        } = s
        {
            source.insert(*value, *src);
            // Definitions come before uses: the chain behind `src` is already recorded.
            let mut at = *src;
            loop {
                if f.value_type(at) == f.value_type(*value) {
                    same.insert(*value, at);
                    break;
                }
                match source.get(&at) {
                    Some(&before) => at = before,
                    None => break,
                }
            }
        }
    });
    if !same.is_empty() {
        remove_lets(&mut f.body, &same);
        replace_uses(&mut f.body, &same);
    }
}
