//! Vulkan-only splitting of private struct variables that hold private pointers.
//!
//! Vulkan's Function pointers cannot be stored in memory, so [`super::private_pointers`]
//! turns pointer *variables* into element indices; a pointer kept in a field of a struct
//! variable (zlib's `z_stream` with its `next_out` and `state`, once the helpers taking
//! `&stream` are inlined) is out of its reach. This pass splits such a variable into one
//! variable per field (`s.1`, `s.5`, ...) when the program only ever reaches it field by
//! field: every `local_addr` of it is used only as the base of `field_addr`. Each
//! `field_addr` of it becomes the `local_addr` of the field's variable, so a pointer field
//! becomes a plain pointer variable that `private_pointers` rewrites. Fields that are
//! themselves such structs are split in turn; fields never addressed (padding) disappear.
//!
//! Comparisons of such a variable's address with NULL are folded first (they are false).
//! A struct copied whole, passed to a call, compared or whose address is stored or offset is
//! left as it is (and `private_pointers` refuses it by name); so are arrays of pointers or
//! of such structs, whose elements are reached by index.

use crate::fx::{HashMap, HashSet};
use crate::module::{walk_stmts, Block, Function, LocalId, Module, Stmt};
use crate::op::{Op, ValueId};
use crate::types::{AddressSpace, Type, TypeId, TypeTable};
use crate::visit::stmt_uses_each;

/// Splits, in every function, the private struct variables holding private pointers that
/// are only reached field by field (see the module doc). Returns whether anything changed.
pub fn split_pointer_structs(module: &mut Module) -> bool {
    // `if (strm == 0)` in an inlined helper compares the variable's address with NULL: known
    // false, and folded away first so that it does not count as a use of the address.
    let mut any = super::pointer_nullness::fold_null_compares(module);
    let Module {
        types, functions, ..
    } = module;
    for f in functions.iter_mut() {
        while split_once(types, f) {
            any = true;
        }
    }
    if any {
        for f in functions.iter_mut() {
            crate::opt::dce::remove_unused_locals(f);
        }
    }
    any
}

/// True when values of type `ty` contain a private pointer (in a field, at any depth, or in
/// an array element).
pub fn holds_private_pointers(types: &TypeTable, ty: TypeId) -> bool {
    match types.get(ty) {
        Type::Pointer {
            space: AddressSpace::Private,
            ..
        } => true,
        Type::Array { elem, .. } => holds_private_pointers(types, *elem),
        Type::Struct { fields, .. } => fields.iter().any(|t| holds_private_pointers(types, *t)),
        _ => false,
    }
}

/// One round: splits every candidate variable of `f` reached only through `field_addr`.
fn split_once(types: &TypeTable, f: &mut Function) -> bool {
    let candidates: HashSet<LocalId> = (0..f.locals.len() as u32)
        .map(LocalId)
        .filter(|l| {
            let local = f.local(*l);
            local.space == AddressSpace::Private
                && matches!(types.get(local.ty), Type::Struct { .. })
                && holds_private_pointers(types, local.ty)
        })
        .collect();
    if candidates.is_empty() {
        return false;
    }
    let mut address_of = crate::analysis::local_addresses(f);
    address_of.retain(|_, l| candidates.contains(l));
    let mut escaping: HashSet<LocalId> = HashSet::default();
    walk_stmts(&f.body, &mut |s| {
        let field_base = match s {
            Stmt::Let {
                op: Op::FieldAddr { base, .. },
                ..
            } => Some(*base),
            _ => None,
        };
        stmt_uses_each(s, &mut |v| {
            if Some(v) != field_base {
                if let Some(l) = address_of.get(&v) {
                    escaping.insert(*l);
                }
            }
        });
    });
    // A variable split in an earlier round has no `local_addr` left: not again.
    let addressed: HashSet<LocalId> = address_of.values().copied().collect();
    let mut split: Vec<LocalId> = addressed
        .into_iter()
        .filter(|l| !escaping.contains(l))
        .collect();
    if split.is_empty() {
        return false;
    }
    split.sort_by_key(|l| l.0);
    let mut field_locals: HashMap<(LocalId, u32), LocalId> = HashMap::default();
    for l in split {
        let Type::Struct { fields, .. } = types.get(f.local(l).ty) else {
            continue;
        };
        let name = f.local(l).name.clone();
        for (i, ty) in fields.clone().into_iter().enumerate() {
            let field = f.new_local(format!("{name}.{i}"), ty, AddressSpace::Private);
            field_locals.insert((l, i as u32), field);
        }
    }
    rewrite(&mut f.body, &address_of, &field_locals);
    true
}

/// Makes every `field_addr` of a split variable the `local_addr` of its field's variable and
/// drops the split variables' own `local_addr`s (nothing else uses them).
fn rewrite(
    block: &mut Block,
    address_of: &HashMap<ValueId, LocalId>,
    field_locals: &HashMap<(LocalId, u32), LocalId>,
) {
    let is_split = |l: &LocalId| field_locals.contains_key(&(*l, 0));
    block
        .stmts
        .retain(|s| !matches!(s, Stmt::Let { op: Op::LocalAddr(l), .. } if is_split(l)));
    for s in &mut block.stmts {
        if let Stmt::Let { op, .. } = s {
            if let Op::FieldAddr { base, field } = op {
                if let Some(field_local) = address_of
                    .get(base)
                    .and_then(|l| field_locals.get(&(*l, *field)))
                {
                    *op = Op::LocalAddr(*field_local);
                }
            }
        }
        for child in s.child_blocks_mut() {
            rewrite(child, address_of, field_locals);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_module, print_module, verify_module};

    fn run(src: &str) -> (bool, String) {
        let mut m = parse_module(src).expect("parses");
        verify_module(&m).expect("input verifies");
        let changed = split_pointer_structs(&mut m);
        verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{}", print_module(&m)));
        let text = print_module(&m);
        assert_eq!(print_module(&parse_module(&text).expect("reparses")), text);
        (changed, text)
    }

    /// `s.out = x; *s.out = 7; s.n = 1`: both fields get their own variable, the struct goes.
    #[test]
    fn struct_reached_field_by_field_is_split() {
        let (changed, text) = run(r#"
kernel @k(%0 "o": ptr<global, i32>) -> void {
  local $0 "x": private [4 x i32]
  local $1 "s": private struct s {ptr<private, i32>, i32}
  %1: ptr<private, struct s {ptr<private, i32>, i32}> = local_addr $1
  %2: ptr<private, ptr<private, i32>> = field_addr %1, 0
  %3: ptr<private, [4 x i32]> = local_addr $0
  %4: i64 = const 1
  %5: ptr<private, i32> = index_addr %3, %4
  store %2, %5
  %6: ptr<private, i32> = load %2
  %7: i32 = const 7
  store %6, %7
  %8: ptr<private, i32> = field_addr %1, 1
  store %8, %7
  %9: i32 = load %8
  store %0, %9
  return
}
"#);
        assert!(changed);
        assert!(!text.contains("struct s"), "{text}");
        assert!(
            text.contains(r#""s.0": private ptr<private, i32>"#),
            "{text}"
        );
        assert!(text.contains(r#""s.1": private i32"#), "{text}");
        assert!(!text.contains("field_addr"), "{text}");
    }

    /// A struct copied whole (its address loaded from) keeps its form.
    #[test]
    fn struct_copied_whole_is_kept() {
        let src = r#"
kernel @k(%0 "o": ptr<global, i32>) -> void {
  local $0 "s": private struct s {ptr<private, i32>, i32}
  local $1 "t": private struct s {ptr<private, i32>, i32}
  %1: ptr<private, struct s {ptr<private, i32>, i32}> = local_addr $0
  %2: struct s {ptr<private, i32>, i32} = load %1
  %3: ptr<private, struct s {ptr<private, i32>, i32}> = local_addr $1
  store %3, %2
  %4: ptr<private, i32> = field_addr %3, 1
  %5: i32 = load %4
  store %0, %5
  return
}
"#;
        let (changed, text) = run(src);
        assert!(!changed, "{text}");
    }

    /// A struct without private pointers is not this pass's business.
    #[test]
    fn struct_without_pointers_is_kept() {
        let (changed, _) = run(r#"
kernel @k(%0 "o": ptr<global, i32>) -> void {
  local $0 "s": private struct s {i32, i32}
  %1: ptr<private, struct s {i32, i32}> = local_addr $0
  %2: ptr<private, i32> = field_addr %1, 1
  %3: i32 = const 3
  store %2, %3
  %4: i32 = load %2
  store %0, %4
  return
}
"#);
        assert!(!changed);
    }
}
