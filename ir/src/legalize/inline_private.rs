//! Vulkan-only inlining of helpers that take private pointers.
//!
//! Vulkan's Function-storage pointers are logical: a helper cannot receive one and offset it
//! (`int find_first(const int *arr, int n)` called with a private array). This pass inlines
//! every call to a helper with a private-pointer parameter (transitively: the callee's own
//! such calls are inlined first), so the pointer becomes an access into the caller's
//! variable, and then drops those helpers, which nothing calls any more. Other calls stay.
//!
//! The splicing is [`super::inline::inline_calls`], the inliner the CPU backend uses too.

use crate::module::{Block, FuncId, Module, Stmt};
use crate::op::Op;
use crate::opt::inline::inline_calls;
use crate::types::{AddressSpace, Type};

pub use crate::opt::inline::InlineError;

/// True when helper `func` of `module` has a parameter that is a private (Function-storage)
/// pointer; kernels never qualify.
pub fn takes_private_pointer(module: &Module, func: FuncId) -> bool {
    let f = module.function(func);
    !f.is_kernel()
        && f.params.iter().any(|p| {
            matches!(
                module.types.get(p.ty),
                Type::Pointer {
                    space: AddressSpace::Private,
                    ..
                }
            )
        })
}

/// Inlines every call to a helper taking a private pointer (see [`takes_private_pointer`]),
/// in every function, until none is left, then removes those helpers (renumbering the
/// remaining functions' calls). Returns true when anything changed.
pub fn inline_private_pointer_calls(module: &mut Module) -> Result<bool, InlineError> {
    inline_helpers_where(module, &takes_private_pointer)
}

/// Inlines every call to a helper for which `doomed(module, helper)` is true, in every
/// function, until none is left, then removes those helpers (renumbering the remaining
/// functions' calls). Returns true when anything changed.
pub fn inline_helpers_where(
    module: &mut Module,
    doomed: &dyn Fn(&Module, FuncId) -> bool,
) -> Result<bool, InlineError> {
    let is_doomed = doomed;
    let doomed: Vec<bool> = (0..module.functions.len())
        .map(|i| is_doomed(module, FuncId(i as u32)))
        .collect();
    if !doomed.iter().any(|d| *d) {
        return Ok(false);
    }
    let source = module.clone();
    let mut types = module.types.clone();
    let mut kept = Vec::new();
    let mut new_id = Vec::with_capacity(doomed.len());
    for (i, gone) in doomed.iter().enumerate() {
        new_id.push(FuncId(kept.len() as u32));
        if !gone {
            let wanted = |f: FuncId| is_doomed(&source, f);
            kept.push(inline_calls(
                &source,
                &mut types,
                FuncId(i as u32),
                &wanted,
            )?);
        }
    }
    for f in &mut kept {
        renumber_calls(&mut f.body, &new_id);
    }
    module.types = types;
    module.functions = kept;
    Ok(true)
}

/// Rewrites the callee of every call in `block` through `new_id` (old index -> new id).
fn renumber_calls(block: &mut Block, new_id: &[FuncId]) {
    for s in &mut block.stmts {
        if let Stmt::Let {
            op: Op::Call { func, .. },
            ..
        } = s
        {
            *func = new_id[func.0 as usize];
        }
        for b in s.child_blocks_mut() {
            renumber_calls(b, new_id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::walk_stmts;
    use crate::{parse_module, print_module, verify_module};

    /// `@find` (private pointer, early return inside a loop) calls `@at` (private pointer,
    /// plain return); `@twice` (no pointer) stays a call.
    const INPUT: &str = r#"
func @at(%0 "p": ptr<private, i32>, %1 "k": i64) -> i32 {
  %2: ptr<private, i32> = ptr_offset %0, %1
  %3: i32 = load %2
  return %3
}

func @find(%0 "arr": ptr<private, i32>, %1 "key": i32) -> i32 {
  local $0 "k": private i64
  %2: ptr<private, i64> = local_addr $0
  %3: i64 = const 0
  store %2, %3
  loop {
    %4: i64 = load %2
    %5: i32 = call @at(%0, %4)
    %6: bool = cmp.eq %5, %1
    if %6 {
      %7: i32 = convert %4
      return %7
    } else {
    }
  } continuing {
    %8: i64 = load %2
    %9: i64 = const 1
    %10: i64 = add %8, %9
    store %2, %10
    %11: i64 = const 4
    %12: bool = cmp.ge %10, %11
  } break_if %12
  %13: i32 = const -1
  return %13
}

func @twice(%0 "x": i32) -> i32 {
  %1: i32 = add %0, %0
  return %1
}

kernel @k(%0 "out": ptr<global, i32>) -> void {
  local $0 "table": private [4 x i32]
  %1: ptr<private, [4 x i32]> = local_addr $0
  %2: i64 = const 0
  %3: ptr<private, i32> = index_addr %1, %2
  %4: i32 = const 7
  store %3, %4
  %5: i32 = call @find(%3, %4)
  %6: i32 = call @twice(%5)
  store %0, %6
  return
}
"#;

    fn calls(m: &Module) -> Vec<String> {
        let mut out = Vec::new();
        for f in &m.functions {
            walk_stmts(&f.body, &mut |s| {
                if let Stmt::Let {
                    op: Op::Call { func, .. },
                    ..
                } = s
                {
                    out.push(format!("{}->{}", f.name, m.function(*func).name));
                }
            });
        }
        out
    }

    #[test]
    fn inlines_private_pointer_helpers_transitively_and_keeps_other_calls() {
        let mut m = parse_module(INPUT).expect("parses");
        verify_module(&m).expect("input verifies");
        assert_eq!(calls(&m), ["find->at", "k->find", "k->twice"]);
        assert!(inline_private_pointer_calls(&mut m).expect("inlines"));
        verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{}", print_module(&m)));
        let names: Vec<&str> = m.functions.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["twice", "k"]);
        assert_eq!(calls(&m), ["k->twice"], "{}", print_module(&m));
        // The text form still round-trips.
        let text = print_module(&m);
        assert_eq!(print_module(&parse_module(&text).expect("reparses")), text);
    }

    #[test]
    fn leaves_modules_without_private_pointer_helpers_alone() {
        let src = r#"
func @twice(%0 "x": i32) -> i32 {
  %1: i32 = add %0, %0
  return %1
}

kernel @k(%0 "out": ptr<global, i32>) -> void {
  %1: i32 = const 3
  %2: i32 = call @twice(%1)
  store %0, %2
  return
}
"#;
        let mut m = parse_module(src).expect("parses");
        let before = print_module(&m);
        assert!(!inline_private_pointer_calls(&mut m).expect("runs"));
        assert_eq!(print_module(&m), before);
    }

    #[test]
    fn refuses_recursive_private_pointer_helpers() {
        let src = r#"
func @r(%0 "p": ptr<private, i32>) -> i32 {
  %1: i32 = call @r(%0)
  return %1
}

kernel @k(%0 "out": ptr<global, i32>) -> void {
  local $0 "v": private i32
  %1: ptr<private, i32> = local_addr $0
  %2: i32 = call @r(%1)
  store %0, %2
  return
}
"#;
        let mut m = parse_module(src).expect("parses");
        let err = inline_private_pointer_calls(&mut m).unwrap_err();
        assert!(err.to_string().contains("not supported"), "{err}");
    }
}
