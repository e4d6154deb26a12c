//! The alignment each memory access may rely on. A pointer is assumed aligned to its
//! pointee's natural alignment (as C and clang assume), except where the IR shows it is
//! not: the address of a member of a packed struct, an element of an array of packed
//! structs, or a pointer derived from those, may sit at any byte. Loads and stores through
//! such pointers must not claim more (SPIR-V's `Aligned` operand, Vulkan's buffer rules).
//!
//! Rules, for the value `p` of a `let`:
//! - `field_addr base, i`: the alignment of `base`, lowered to the largest power of two
//!   dividing the field's offset;
//! - `index_addr base, i` and `ptr_offset base, i`: the alignment of `base`, lowered to the
//!   largest power of two dividing the byte offset (`i` times the element size, or the
//!   element size alone when `i` is not a constant);
//! - a pointer `bitcast` or `generic_cast`: the natural alignment of the new pointee (a C
//!   cast), capped by the source's when the source was under-aligned or pointed to a
//!   struct (union members are reached by such casts);
//! - `select`: the smaller of the two;
//! - `load` from a variable of the function (its `local_addr`) holding pointers: the
//!   smallest alignment of the pointers stored to it (`uint *d = p->data;` at `-O0`, where
//!   `p->data` is a packed member, then `d[i]`), to a fixed point;
//! - anything else (parameters, other loaded pointers, variable addresses): natural, as C
//!   assumes (clang warns when the address of a packed member is taken).

use crate::fx::HashMap;

use super::defs::Defs;
use super::vars::local_addresses;
use crate::module::{walk_stmts, Function, LocalId, Stmt};
use crate::op::{Op, ValueId};
use crate::types::{Type, TypeId, TypeTable};

/// Pointer values of a function known to be less aligned than their pointee type.
#[derive(Clone, Debug, Default)]
pub struct AccessAlign {
    under: HashMap<ValueId, u64>,
    /// Variables holding pointers less aligned than their pointee type.
    vars: HashMap<LocalId, u64>,
}

/// The largest power of two dividing `n` (`None` for 0: any alignment).
fn low_bit(n: i128) -> Option<u64> {
    (n != 0).then(|| 1u64 << n.unsigned_abs().trailing_zeros().min(63))
}

impl AccessAlign {
    /// The analysis of `f`'s body.
    pub fn of_function(types: &TypeTable, f: &Function) -> Self {
        let defs = Defs::of_function(f);
        let variables = local_addresses(f);
        let mut a = AccessAlign::default();
        // Each round can only lower alignments (powers of two, at least 1): a fixed point
        // comes within a few rounds; the bound keeps the analysis linear in practice.
        for _ in 0..8 {
            let mut changed = false;
            walk_stmts(&f.body, &mut |s| match s {
                Stmt::Let { value, op } => {
                    if let Some(n) = a.derive(types, f, &defs, &variables, *value, op) {
                        if n < natural(types, f.value_type(*value)) {
                            changed |= lower(&mut a.under, *value, n);
                        }
                    }
                }
                Stmt::Store { ptr, value } => {
                    if let (Some(var), Some(&n)) = (variables.get(ptr), a.under.get(value)) {
                        changed |= lower(&mut a.vars, *var, n);
                    }
                }
                _ => {}
            });
            if !changed {
                break;
            }
        }
        a
    }

    /// The alignment pointer `p` is known to have.
    pub fn pointer(&self, types: &TypeTable, f: &Function, p: ValueId) -> u64 {
        self.under
            .get(&p)
            .copied()
            .unwrap_or_else(|| natural(types, f.value_type(p)))
    }

    /// The alignment a load or store through pointer `p` may claim: the pointee's natural
    /// alignment, or less where `p` is under-aligned.
    pub fn access(&self, types: &TypeTable, f: &Function, p: ValueId) -> u64 {
        self.pointer(types, f, p)
            .min(natural(types, f.value_type(p)))
            .max(1)
    }

    /// True when an access through `p` may not rely on its pointee's natural alignment.
    pub fn is_under_aligned(&self, p: ValueId) -> bool {
        self.under.contains_key(&p)
    }

    fn derive(
        &self,
        types: &TypeTable,
        f: &Function,
        defs: &Defs,
        variables: &HashMap<ValueId, LocalId>,
        value: ValueId,
        op: &Op,
    ) -> Option<u64> {
        types.pointee(f.value_type(value))?;
        let at = |base: ValueId, bytes: Option<i128>| {
            let a = self.pointer(types, f, base);
            bytes.and_then(low_bit).map_or(a, |b| a.min(b))
        };
        match op {
            Op::FieldAddr { base, field } => {
                let (_, st) = types.pointee(f.value_type(*base))?;
                if !matches!(types.get(st), Type::Struct { .. }) {
                    return None;
                }
                let (offsets, _) = types.struct_layout(st);
                Some(at(*base, Some(*offsets.get(*field as usize)? as i128)))
            }
            Op::IndexAddr { base, index } => {
                let (_, arr) = types.pointee(f.value_type(*base))?;
                let Type::Array { elem, .. } = types.get(arr) else {
                    return None;
                };
                let stride = types.layout(*elem).size as i128;
                Some(at(*base, Some(scaled(defs, *index, stride))))
            }
            Op::PtrOffset { base, index } => {
                let (_, p) = types.pointee(f.value_type(*base))?;
                let stride = types.layout(p).size as i128;
                Some(at(*base, Some(scaled(defs, *index, stride))))
            }
            Op::Bitcast { value: src, .. } | Op::GenericCast { value: src, .. } => {
                let (_, from) = types.pointee(f.value_type(*src))?;
                let to = natural(types, f.value_type(value));
                let from_struct = matches!(types.get(from), Type::Struct { .. });
                if self.is_under_aligned(*src) || from_struct {
                    Some(to.min(self.pointer(types, f, *src)))
                } else {
                    Some(to)
                }
            }
            Op::Load { ptr } => variables
                .get(ptr)
                .and_then(|var| self.vars.get(var))
                .copied(),
            Op::Select {
                if_true, if_false, ..
            } => Some(
                self.pointer(types, f, *if_true)
                    .min(self.pointer(types, f, *if_false)),
            ),
            _ => None,
        }
    }
}

/// Lowers the alignment recorded for `key` to `n`; true when that changed it.
fn lower<K: std::hash::Hash + Eq>(map: &mut HashMap<K, u64>, key: K, n: u64) -> bool {
    match map.get(&key) {
        Some(&old) if old <= n => false,
        _ => {
            map.insert(key, n);
            true
        }
    }
}

/// The byte offset `index * stride`: exact for a constant index, else a multiple of
/// `stride`, which has the same low bit as `stride` itself at worst.
fn scaled(defs: &Defs, index: ValueId, stride: i128) -> i128 {
    match defs.int_constant(index) {
        Some(i) => i.wrapping_mul(stride),
        None => stride,
    }
}

/// The natural alignment of the pointee of pointer type `ty` (1 for non-pointers).
fn natural(types: &TypeTable, ty: TypeId) -> u64 {
    types
        .pointee(ty)
        .map_or(1, |(_, p)| types.layout(p).align.max(1))
}
