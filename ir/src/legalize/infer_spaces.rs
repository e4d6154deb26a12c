//! Vulkan-only address-space inference for OpenCL C 2.0 `__generic` pointers (what LLVM's
//! InferAddressSpaces does).
//!
//! Vulkan has no generic storage class, but once every helper taking or returning a
//! generic pointer is inlined, most generic pointers provably point into one named space.
//! For each function the pass finds the set of named spaces each generic value (and each
//! variable holding a generic pointer) may point into, following bitcasts from named
//! pointers, `ptr_offset`/`index_addr`/`field_addr`, `select`, and loads and stores of the
//! variable. Where every generic value has exactly one space (or is only ever NULL), it
//! rewrites the types into that space: the named-to-generic bitcasts disappear, and
//! `to_global`/`to_local`/`to_private` become the pointer itself or NULL (OpenCL's rule).
//! Comparisons of the results with NULL then fold ([`super::pointer_nullness`]), so
//! `get_fence` and `to_local(p) != 0` need no pointer-to-integer conversion.
//!
//! A generic pointer whose space can only be known at run time is reported as not
//! supported, naming the function, the value and the spaces involved.

use crate::fx::HashMap;
use std::fmt;

use super::inline_private::inline_helpers_where;
use crate::diag::describe::{describe_value, variable_phrase};
use crate::diag::refusal::{local_span, stmt_span, Refusal};
use crate::module::{walk_stmts, Block, FuncId, Function, LocalId, Module, Stmt};
use crate::op::{Const, Op, ValueId};
use crate::opt::inline::InlineError;
use crate::span::SourceSpan;
use crate::types::{AddressSpace, ScalarType, Type, TypeId, TypeTable};
use crate::visit::replace_uses;

/// Why the generic pointers of a module cannot be given named spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InferSpacesError {
    /// A helper taking or returning a generic pointer could not be inlined.
    Inline(InlineError),
    /// A generic pointer may point into several spaces, or into one the pass cannot see.
    Undecided {
        /// The function containing it.
        function: String,
        /// What the pointer is and why its space is unknown.
        reason: String,
        /// Where the pointer is in the source, if known.
        span: Option<SourceSpan>,
    },
}

impl fmt::Display for InferSpacesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InferSpacesError::Inline(e) => write!(f, "{e}"),
            InferSpacesError::Undecided {
                function, reason, ..
            } => write!(
                f,
                "in @{function}: {reason} is not supported (Vulkan has no generic address space)"
            ),
        }
    }
}

impl std::error::Error for InferSpacesError {}

/// True when `ty` is or contains (through pointees, array elements and struct fields) a
/// `__generic` pointer.
pub fn mentions_generic(types: &TypeTable, ty: TypeId) -> bool {
    match types.get(ty) {
        Type::Pointer { space, pointee } => {
            *space == AddressSpace::Generic || mentions_generic(types, *pointee)
        }
        Type::Array { elem, .. } => mentions_generic(types, *elem),
        Type::Struct { fields, .. } => fields.iter().any(|f| mentions_generic(types, *f)),
        _ => false,
    }
}

/// True when helper `func` has a parameter or result that mentions a generic pointer;
/// kernels never qualify.
pub fn takes_or_returns_generic(module: &Module, func: FuncId) -> bool {
    let f = module.function(func);
    !f.is_kernel()
        && (mentions_generic(&module.types, f.ret)
            || f.params
                .iter()
                .any(|p| mentions_generic(&module.types, p.ty)))
}

/// Inlines every helper taking or returning a generic pointer, then gives every generic
/// pointer of every function the one named space it points into (see the module docs).
/// Returns true when anything changed.
pub fn infer_generic_spaces(module: &mut Module) -> Result<bool, InferSpacesError> {
    let mut changed = inline_helpers_where(module, &takes_or_returns_generic)
        .map_err(InferSpacesError::Inline)?;
    for f in &mut module.functions {
        changed |= infer_function(&mut module.types, f)?;
    }
    if changed {
        super::pointer_nullness::fold_null_compares(module);
    }
    Ok(changed)
}

/// The named spaces a generic pointer may point into, as a bit set, plus whether it may
/// come from somewhere the pass cannot follow. The empty set means "only ever NULL".
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Spaces {
    bits: u8,
    opaque: bool,
}

const NAMED: [AddressSpace; 4] = [
    AddressSpace::Global,
    AddressSpace::Constant,
    AddressSpace::Local,
    AddressSpace::Private,
];

impl Spaces {
    fn one(space: AddressSpace) -> Spaces {
        let i = NAMED.iter().position(|s| *s == space);
        match i {
            Some(i) => Spaces {
                bits: 1 << i,
                opaque: false,
            },
            None => Spaces::opaque(),
        }
    }

    fn opaque() -> Spaces {
        Spaces {
            bits: 0,
            opaque: true,
        }
    }

    fn join(self, other: Spaces) -> Spaces {
        Spaces {
            bits: self.bits | other.bits,
            opaque: self.opaque || other.opaque,
        }
    }

    /// The single space, `Ok(None)` for only-NULL, `Err(description)` otherwise.
    fn decided(self) -> Result<Option<AddressSpace>, String> {
        if self.opaque {
            return Err("whose source the compiler cannot follow".into());
        }
        let spaces: Vec<AddressSpace> = NAMED
            .iter()
            .enumerate()
            .filter(|(i, _)| self.bits & (1 << i) != 0)
            .map(|(_, s)| *s)
            .collect();
        match spaces.as_slice() {
            [] => Ok(None),
            [s] => Ok(Some(*s)),
            many => Err(format!(
                "that may point to {} memory at run time",
                many.iter()
                    .map(|s| format!("__{}", s.name()))
                    .collect::<Vec<_>>()
                    .join(" or ")
            )),
        }
    }
}

/// The analysis state of one function.
#[derive(Default)]
struct Facts {
    /// Spaces of the values of type `ptr<generic, T>`.
    values: HashMap<ValueId, Spaces>,
    /// Spaces of the pointers stored in variables of type `ptr<generic, T>`.
    locals: HashMap<LocalId, Spaces>,
    /// `local_addr` values of those variables.
    addr_of: HashMap<ValueId, LocalId>,
    /// Integer constants that are zero (null pointer sources).
    zeros: crate::fx::HashSet<ValueId>,
}

fn is_generic_ptr(types: &TypeTable, ty: TypeId) -> bool {
    matches!(types.pointee(ty), Some((AddressSpace::Generic, _)))
}

/// Analyses and rewrites one function; returns true when it changed.
fn infer_function(types: &mut TypeTable, f: &mut Function) -> Result<bool, InferSpacesError> {
    let name = f.name.clone();
    let undecided = |r: Refusal| InferSpacesError::Undecided {
        function: name.clone(),
        reason: r.message,
        span: r.span,
    };
    let tracked_locals: Vec<LocalId> = (0..f.locals.len())
        .map(|i| LocalId(i as u32))
        .filter(|l| is_generic_ptr(types, f.local(*l).ty))
        .collect();
    for (i, l) in f.locals.iter().enumerate() {
        if mentions_generic(types, l.ty) && !tracked_locals.contains(&LocalId(i as u32)) {
            return Err(undecided(
                Refusal::new(format!(
                    "the variable `{}` holding generic pointers inside an array or struct",
                    l.name
                ))
                .at(local_span(f, LocalId(i as u32))),
            ));
        }
    }
    let any_generic =
        !tracked_locals.is_empty() || f.value_types.iter().any(|t| mentions_generic(types, *t));
    if !any_generic {
        return Ok(false);
    }
    let mut facts = Facts::default();
    for p in &f.params {
        if mentions_generic(types, p.ty) {
            facts.values.insert(p.value, Spaces::opaque());
        }
    }
    // Values defined once each; joins only grow, so this reaches a fixed point.
    loop {
        let before = (facts.values.clone(), facts.locals.clone());
        analyse_block(types, f, &f.body, &mut facts);
        if (facts.values.clone(), facts.locals.clone()) == before {
            break;
        }
    }
    check_uses(types, f, &facts).map_err(&undecided)?;
    // Decide every tracked variable (named in errors), then every tracked value.
    let mut local_space: HashMap<LocalId, AddressSpace> = HashMap::default();
    for l in &tracked_locals {
        let s = facts.locals.get(l).copied().unwrap_or_default();
        let space = s.decided().map_err(|why| {
            let message = format!(
                "{} {why}",
                variable_phrase("generic pointer", &f.local(*l).name)
            );
            undecided(Refusal::new(message).at(stored_span(f, &facts, *l)))
        })?;
        local_space.insert(*l, space.unwrap_or(AddressSpace::Global));
    }
    let mut value_space: HashMap<ValueId, AddressSpace> = HashMap::default();
    for (v, t) in f.value_types.iter().enumerate() {
        let v = ValueId(v as u32);
        if !is_generic_ptr(types, *t) {
            continue;
        }
        let s = facts.values.get(&v).copied().unwrap_or_default();
        let space = s.decided().map_err(|why| {
            let message = format!("the generic pointer {} {why}", describe_value(None, f, v));
            undecided(Refusal::new(message).at_value(f, v))
        })?;
        value_space.insert(v, space.unwrap_or(AddressSpace::Global));
    }
    check_named_casts(types, f, &value_space).map_err(&undecided)?;
    rewrite_function(types, f, &facts, &value_space, &local_space)
        .map_err(|e| undecided(Refusal::new(e)))?;
    Ok(true)
}

/// The source span of a value stored to the generic pointer variable `l` (else of a load
/// of it), for an error about where it may point.
fn stored_span(f: &Function, facts: &Facts, l: LocalId) -> Option<SourceSpan> {
    let of_l = |p: &ValueId| facts.addr_of.get(p) == Some(&l);
    let (mut stored, mut loaded) = (None, None);
    walk_stmts(&f.body, &mut |s| match s {
        Stmt::Store { ptr, value } if of_l(ptr) && !facts.zeros.contains(value) => {
            stored = stored.or(f.span(*value));
        }
        Stmt::Let {
            value,
            op: Op::Load { ptr },
        } if of_l(ptr) => loaded = loaded.or(f.span(*value)),
        _ => {}
    });
    stored.or(loaded)
}

fn analyse_block(types: &TypeTable, f: &Function, block: &Block, facts: &mut Facts) {
    walk_stmts(block, &mut |s| match s {
        Stmt::Let { value, op } => {
            if let Op::Const(c) = op {
                if c.ty.is_int() && c.bits == 0 {
                    facts.zeros.insert(*value);
                }
            }
            if let Op::LocalAddr(l) = op {
                if is_generic_ptr(types, f.local(*l).ty) {
                    facts.addr_of.insert(*value, *l);
                }
            }
            if !is_generic_ptr(types, f.value_type(*value)) {
                return;
            }
            let of = |v: &ValueId, facts: &Facts| facts.values.get(v).copied().unwrap_or_default();
            let s = match op {
                Op::Bitcast { value: x, .. } => {
                    let xt = f.value_type(*x);
                    match types.pointee(xt) {
                        Some((AddressSpace::Generic, _)) => of(x, facts),
                        Some((space, _)) => Spaces::one(space),
                        None if facts.zeros.contains(x) => Spaces::default(),
                        None => Spaces::opaque(),
                    }
                }
                Op::PtrOffset { base, .. }
                | Op::IndexAddr { base, .. }
                | Op::FieldAddr { base, .. } => of(base, facts),
                Op::Select {
                    if_true, if_false, ..
                } => of(if_true, facts).join(of(if_false, facts)),
                Op::Load { ptr } => match facts.addr_of.get(ptr) {
                    Some(l) => facts.locals.get(l).copied().unwrap_or_default(),
                    None => Spaces::opaque(),
                },
                _ => Spaces::opaque(),
            };
            let e = facts.values.entry(*value).or_default();
            *e = e.join(s);
        }
        Stmt::Store { ptr, value } if is_generic_ptr(types, f.value_type(*value)) => {
            let s = facts.values.get(value).copied().unwrap_or_default();
            if let Some(l) = facts.addr_of.get(ptr) {
                let e = facts.locals.entry(*l).or_default();
                *e = e.join(s);
            }
        }
        _ => {}
    });
}

/// Rejects what the rewrite cannot follow: generic pointers stored anywhere but a tracked
/// variable, the address of such a variable used other than by a load or store, calls
/// still passing generic pointers, and values of other types mentioning generic pointers.
fn check_uses(types: &TypeTable, f: &Function, facts: &Facts) -> Result<(), Refusal> {
    let mut err: Option<String> = None;
    let mut span = None;
    walk_stmts(&f.body, &mut |s| {
        if err.is_some() {
            return;
        }
        span = stmt_span(f, s);
        match s {
            Stmt::Store { ptr, value } => {
                if is_generic_ptr(types, f.value_type(*value)) && !facts.addr_of.contains_key(ptr) {
                    err = Some(format!(
                        "storing the generic pointer {} to memory other than a variable",
                        describe_value(None, f, *value)
                    ));
                }
                if facts.addr_of.contains_key(value) {
                    err = Some("storing the address of a generic pointer variable".into());
                }
            }
            Stmt::Let { value, op } => {
                let t = f.value_type(*value);
                if mentions_generic(types, t)
                    && !is_generic_ptr(types, t)
                    && !facts.addr_of.contains_key(value)
                {
                    err = Some(format!(
                        "the value {} of type {} (a pointer to or aggregate of generic pointers)",
                        describe_value(None, f, *value),
                        types.display(t)
                    ));
                }
                if matches!(op, Op::Load { .. }) {
                    return;
                }
                for o in op.operands() {
                    if facts.addr_of.contains_key(&o) {
                        err = Some(
                            "the address of a generic pointer variable used other than by a \
                             load or store"
                                .into(),
                        );
                    }
                    if matches!(op, Op::Call { .. }) && mentions_generic(types, f.value_type(o)) {
                        err = Some(format!(
                            "passing the generic pointer {} to a call",
                            describe_value(None, f, o)
                        ));
                    }
                }
            }
            _ => {}
        }
    });
    err.map_or(Ok(()), |e| Err(Refusal::new(e).at(span)))
}

/// Gives every tracked value and variable its space, drops the bitcasts into the generic
/// space and resolves the generic casts.
/// Fails on a cast of a generic pointer to a named space other than the one it points
/// into (`(local int *)g` where `g` points to global memory), naming the pointer; before
/// [`rewrite_function`] takes the body apart.
fn check_named_casts(
    types: &TypeTable,
    f: &Function,
    value_space: &HashMap<ValueId, AddressSpace>,
) -> Result<(), Refusal> {
    let space_of = |v: ValueId| {
        value_space
            .get(&v)
            .copied()
            .or_else(|| types.pointee(f.value_type(v)).map(|(s, _)| s))
    };
    let mut err = None;
    walk_stmts(&f.body, &mut |s| {
        let Stmt::Let {
            value,
            op: Op::Bitcast { value: x, .. },
        } = s
        else {
            return;
        };
        if err.is_some() || !(value_space.contains_key(x) || value_space.contains_key(value)) {
            return;
        }
        if let (Some(xs), Some(rs)) = (space_of(*x), space_of(*value)) {
            if xs != rs {
                let message = format!(
                    "casting the generic pointer {} (pointing to __{} memory) to a __{} pointer",
                    describe_value(None, f, *x),
                    xs.name(),
                    rs.name()
                );
                err = Some(Refusal::new(message).at_stmt(f, s));
            }
        }
    });
    err.map_or(Ok(()), Err)
}

fn rewrite_function(
    types: &mut TypeTable,
    f: &mut Function,
    facts: &Facts,
    value_space: &HashMap<ValueId, AddressSpace>,
    local_space: &HashMap<LocalId, AddressSpace>,
) -> Result<(), String> {
    let original: Vec<TypeId> = f.value_types.clone();
    let retype = |types: &mut TypeTable, ty: TypeId, space: AddressSpace| -> TypeId {
        let (_, pointee) = types.pointee(ty).expect("a pointer");
        types.pointer(space, pointee)
    };
    for (v, space) in value_space {
        let t = retype(types, original[v.0 as usize], *space);
        f.value_types[v.0 as usize] = t;
    }
    for (l, space) in local_space {
        let t = retype(types, f.locals[l.0 as usize].ty, *space);
        f.locals[l.0 as usize].ty = t;
    }
    for (addr, l) in &facts.addr_of {
        let (space, _) = types.pointee(original[addr.0 as usize]).expect("a pointer");
        let t = types.pointer(space, f.locals[l.0 as usize].ty);
        f.value_types[addr.0 as usize] = t;
    }
    let mut replaced = HashMap::default();
    let body = std::mem::take(&mut f.body);
    let mut cx = Rewriter {
        types,
        f,
        value_space,
        replaced: &mut replaced,
    };
    let body = cx.block(body)?;
    f.body = body;
    replace_uses(&mut f.body, &replaced);
    Ok(())
}

struct Rewriter<'a> {
    types: &'a mut TypeTable,
    f: &'a mut Function,
    value_space: &'a HashMap<ValueId, AddressSpace>,
    replaced: &'a mut HashMap<ValueId, ValueId>,
}

impl Rewriter<'_> {
    fn block(&mut self, block: Block) -> Result<Block, String> {
        let mut out = Block::new();
        for s in block.stmts {
            match s {
                Stmt::Let { value, op } => self.let_stmt(value, op, &mut out)?,
                Stmt::If {
                    cond,
                    then_body,
                    else_body,
                } => out.stmts.push(Stmt::If {
                    cond,
                    then_body: self.block(then_body)?,
                    else_body: self.block(else_body)?,
                }),
                Stmt::Loop {
                    body,
                    continuing,
                    break_if,
                    unroll,
                } => out.stmts.push(Stmt::Loop {
                    body: self.block(body)?,
                    continuing: self.block(continuing)?,
                    break_if,
                    unroll,
                }),
                Stmt::Switch { selector, cases } => {
                    let mut new_cases = Vec::with_capacity(cases.len());
                    for mut c in cases {
                        c.body = self.block(c.body)?;
                        new_cases.push(c);
                    }
                    out.stmts.push(Stmt::Switch {
                        selector,
                        cases: new_cases,
                    });
                }
                other => out.stmts.push(other),
            }
        }
        Ok(out)
    }

    fn let_stmt(&mut self, value: ValueId, op: Op, out: &mut Block) -> Result<(), String> {
        let rt = self.f.value_type(value);
        match op {
            Op::Bitcast { value: x, to } if to != rt || self.value_space.contains_key(&x) => {
                // The result or the operand was generic: now both are named.
                let xt = self.f.value_type(x);
                if let (Some((xs, _)), Some((rs, _))) =
                    (self.types.pointee(xt), self.types.pointee(rt))
                {
                    if xs != rs {
                        // check_named_casts reports these with the pointer named.
                        return Err(format!(
                            "casting a generic pointer (pointing to __{} memory) to a __{} \
                             pointer",
                            xs.name(),
                            rs.name()
                        ));
                    }
                }
                if xt == rt {
                    self.replaced.insert(value, x);
                } else {
                    out.stmts.push(Stmt::Let {
                        value,
                        op: Op::Bitcast { value: x, to: rt },
                    });
                }
            }
            Op::GenericCast { value: x, to } => {
                let (want, _) = self.types.pointee(to).expect("a pointer");
                let (has, _) = self.types.pointee(self.f.value_type(x)).expect("a pointer");
                if has == want {
                    if self.f.value_type(x) == to {
                        self.replaced.insert(value, x);
                    } else {
                        out.stmts.push(Stmt::Let {
                            value,
                            op: Op::Bitcast { value: x, to },
                        });
                    }
                } else {
                    // Another named space: OpenCL's to_X gives NULL. (A pointer that is only
                    // ever NULL was given __global; to_global of it gives it back, NULL.)
                    let u64t = self.types.scalar(ScalarType::U64);
                    let zero = self.f.new_value(u64t);
                    out.stmts.push(Stmt::Let {
                        value: zero,
                        op: Op::Const(Const::int(ScalarType::U64, 0)),
                    });
                    out.stmts.push(Stmt::Let {
                        value,
                        op: Op::Bitcast { value: zero, to },
                    });
                }
            }
            op => out.stmts.push(Stmt::Let { value, op }),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_module, print_module, verify_module};

    fn run(src: &str) -> Result<Module, InferSpacesError> {
        let mut m = parse_module(src).expect("parses");
        verify_module(&m).expect("input verifies");
        infer_generic_spaces(&mut m)?;
        verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{}", print_module(&m)));
        let text = print_module(&m);
        assert_eq!(print_module(&parse_module(&text).expect("reparses")), text);
        Ok(m)
    }

    /// `bump(&out[i])` and `bump(&l[0])`: the helper is inlined and both generic pointers
    /// take their argument's space.
    #[test]
    fn helper_with_generic_pointer_takes_each_callers_space() {
        let m = run(r#"
func @bump(%0 "p": ptr<generic, i32>, %1 "by": i32) -> void {
  %2: i32 = load %0
  %3: i32 = add %2, %1
  store %0, %3
  return
}

kernel @k(%0 "out": ptr<global, i32>) -> void {
  local $0 "l": local [4 x i32]
  %1: i64 = const 2
  %2: ptr<global, i32> = ptr_offset %0, %1
  %3: ptr<generic, i32> = bitcast %2
  %4: i32 = const 3
  %5: void = call @bump(%3, %4)
  %6: ptr<local, [4 x i32]> = local_addr $0
  %7: ptr<local, i32> = index_addr %6, %1
  %8: ptr<generic, i32> = bitcast %7
  %9: void = call @bump(%8, %4)
  return
}
"#)
        .expect("resolves");
        let text = print_module(&m);
        assert!(!text.contains("generic"), "{text}");
        assert!(!text.contains("@bump"), "{text}");
        assert!(text.contains("store %2, "), "{text}");
        assert!(text.contains("store %7, "), "{text}");
    }

    /// A generic variable holding a __local pointer; `to_local` of it is the pointer, and
    /// `to_global` of it is NULL, so its comparison with NULL folds to true.
    #[test]
    fn variables_and_generic_casts_resolve() {
        let m = run(r#"
kernel @k(%0 "out": ptr<global, i32>) -> void {
  local $0 "l": local [4 x i32]
  local $1 "g": private ptr<generic, i32>
  %1: i64 = const 1
  %2: ptr<local, [4 x i32]> = local_addr $0
  %3: ptr<local, i32> = index_addr %2, %1
  %4: ptr<generic, i32> = bitcast %3
  %5: ptr<private, ptr<generic, i32>> = local_addr $1
  store %5, %4
  %6: ptr<generic, i32> = load %5
  %7: ptr<local, i32> = generic_cast %6
  %8: i32 = const 7
  store %7, %8
  %9: ptr<global, i32> = generic_cast %6
  %10: u64 = bitcast %9
  %11: u64 = const 0
  %12: bool = cmp.eq %10, %11
  %13: i32 = convert %12
  store %0, %13
  return
}
"#)
        .expect("resolves");
        let text = print_module(&m);
        assert!(!text.contains("generic"), "{text}");
        assert!(text.contains("private ptr<local, i32>"), "{text}");
        assert!(text.contains("store %6, %8"), "{text}");
        assert!(text.contains("bool = const true"), "{text}");
    }

    /// `c ? &l[i] : &x`: the space is only known at run time.
    #[test]
    fn pointer_into_two_spaces_is_refused_by_name() {
        let err = run(r#"
kernel @k(%0 "out": ptr<global, i32>, %1 "c": bool) -> void {
  local $0 "l": local i32
  local $1 "x": private i32
  %2: ptr<local, i32> = local_addr $0
  %3: ptr<generic, i32> = bitcast %2
  %4: ptr<private, i32> = local_addr $1
  %5: ptr<generic, i32> = bitcast %4
  %6: ptr<generic, i32> = select %1, %3, %5
  %7: i32 = load %6
  store %0, %7
  return
}
"#)
        .unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.contains("may point to __local or __private memory"),
            "{msg}"
        );
        assert!(msg.contains("not supported"), "{msg}");
    }
}
