//! Vulkan-only rewriting of private pointer *variables* into element indices.
//!
//! Vulkan's Function storage is logical: a pointer into a private array is an access chain,
//! which cannot be stored in a variable or converted to an integer. After inlining, most
//! private pointer variables of OpenCL C (`int *p = x; p++`, `int *q = x + 1; q[1]`) only
//! ever point into one private array (or one element of one): their *root*. This pass
//! - finds the root of every variable of type `ptr<private, T>` by following the stored
//!   values through `local_addr`, `index_addr`, `field_addr`, `ptr_offset`, same-element
//!   `bitcast`, `select` and loads of other such variables (to a fixed point);
//! - retypes each such variable to `i64`, the element index into its root: a store of
//!   `root + k` stores `k`, and a load yields the index, from which the pointer is rebuilt
//!   as `index_addr(root, index)` (an access chain the backend follows for later offsets);
//!   where the root's path has an array index known only at run time
//!   (`&r->tables[r->type].lookup`), the variable also gets a companion variable per such
//!   index ([`outer`]), and roots that differ only in array indices merge into one;
//! - replaces every conversion of a private pointer to an integer (what pointer
//!   comparisons and differences lower to) by a stand-in address: the byte offset of the
//!   element inside its variable (run-time path indices included) plus
//!   `(variable number + 1) << 32`. Pointers into the same
//!   variable so compare and subtract as their addresses would, pointers into different
//!   variables compare unequal, and none is NULL.
//!
//! A variable pointing into more than one root, whose address is taken, or holding a
//! pointer whose source the pass cannot follow (a cast to another element type, a pointer
//! loaded from memory) is reported by name.

mod forward;
mod outer;

use crate::fx::HashMap;

use crate::diag::describe::{describe_value_with, variable_phrase};
use crate::diag::refusal::Refusal;
use crate::module::{walk_stmts, Block, Function, LocalId, Module, Stmt};
use crate::op::{BinaryOp, CmpOp, Const, Op, ValueId};
use crate::types::{AddressSpace, ScalarType, Type, TypeId, TypeTable};
use crate::visit::use_counts;
use forward::forward_single_stores;
use outer::{merge_roots, OuterIndices};

/// Rewrites the private pointer variables and private pointer-to-integer conversions of
/// every function (see the module doc). Returns whether anything changed, or a message
/// naming the function and the pointer that cannot be rewritten.
pub fn lower_private_pointer_variables(module: &mut Module) -> Result<bool, Refusal> {
    let mut any = false;
    let Module {
        types, functions, ..
    } = module;
    for f in functions.iter_mut() {
        let name = f.name.clone();
        any |= lower_function(types, f).map_err(|e| e.prefixed(&format!("in `{name}`: ")))?;
    }
    Ok(any)
}

/// One step from a variable's address to a sub-object.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step {
    /// A struct field.
    Field(u32),
    /// An array element at a constant index.
    Index(i64),
    /// An array element at an index known only at run time (`&tables[type].lookup`): a
    /// pointer variable whose root has one keeps that index in a companion `i64` variable
    /// (see [`outer`]).
    Any,
}

/// What a private pointer points into: the variable, the path to the object (fields and
/// array indices, constant or known at run time), and
/// whether that object is an array of the pointee (the pointer is element `index` of it) or
/// the pointee itself (the pointer is that object, `index` elements past it), or, for a
/// `view`, an object of another type whose address was cast to a pointer to the pointee
/// (`(uchar *)words`: the pointer is `index` pointees past that cast address, and the
/// private-union legalisation turns each access through it into bit operations).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Root {
    local: LocalId,
    steps: Vec<Step>,
    array: bool,
    view: bool,
    /// The pointee type.
    elem: TypeId,
}

/// The element index standing for a NULL pointer (its stand-in address is 0).
const NULL_INDEX: i64 = i64::MIN;

/// The root of a pointer value and its element index when that is a constant.
type Prov = (Root, Option<i64>);

fn lower_function(types: &mut TypeTable, f: &mut Function) -> Result<bool, Refusal> {
    let vars: Vec<LocalId> = (0..f.locals.len() as u32)
        .map(LocalId)
        .filter(|l| {
            let local = f.local(*l);
            local.space == AddressSpace::Private && is_private_pointer(types, local.ty)
        })
        .collect();
    check_no_pointer_aggregates(types, f)?;
    let mut defs = definitions(f);
    let mut casts = pointer_casts(types, f);
    if vars.is_empty() && casts.is_empty() {
        return Ok(false);
    }
    let addrs: HashMap<ValueId, LocalId> = defs
        .iter()
        .filter_map(|(v, op)| match op {
            Op::LocalAddr(l) if vars.contains(l) => Some((*v, *l)),
            _ => None,
        })
        .collect();
    check_only_loaded_and_stored(f, &addrs)?;
    if forward_single_stores(f, &addrs) {
        defs = definitions(f);
        casts = pointer_casts(types, f);
    }
    let analysis = Analysis {
        types,
        f,
        defs: &defs,
        addrs: &addrs,
    };
    let roots = analysis.variable_roots(&vars)?;
    let has_null = defs.keys().any(|v| analysis.is_null(*v));
    let mut cast_roots = HashMap::default();
    for v in casts {
        let v = analysis.strip_casts(v);
        if analysis.is_null(v) {
            continue;
        }
        let located = |e: String| Refusal::new(e).at_value(analysis.f, v);
        match analysis.prov(v, &roots).map_err(located)? {
            Some((root, _)) => cast_roots.insert(v, root),
            None => return Err(located(analysis.unfollowed(v))),
        };
    }
    let mut outer = OuterIndices::new(&analysis, &roots, &cast_roots);
    let i64t = types.scalar(ScalarType::I64);
    let idx_ptr = types.pointer(AddressSpace::Private, i64t);
    outer.add_companions(f, &roots, i64t);
    for l in &vars {
        f.locals[l.0 as usize].ty = i64t;
    }
    for v in addrs.keys() {
        f.value_types[v.0 as usize] = idx_ptr;
    }
    let mut r = Rewriter {
        types,
        defs,
        addrs,
        roots,
        cast_roots,
        has_null,
        loaded: HashMap::default(),
        outer,
        i64t,
    };
    let mut body = std::mem::take(&mut f.body);
    let result = r.block(f, &mut body);
    f.body = body;
    result?;
    remove_dead_pointers(types, f);
    Ok(true)
}

/// Removes the pure `let`s of private pointers that nothing uses any more (what the
/// rewritten stores and conversions read before, NULL among them: Vulkan can neither make
/// a Function pointer from 0 nor select between Function pointers).
fn remove_dead_pointers(types: &TypeTable, f: &mut Function) {
    fn strip(block: &mut Block, dead: &dyn Fn(&ValueId, &Op) -> bool) -> bool {
        let before = block.stmts.len();
        block
            .stmts
            .retain(|s| !matches!(s, Stmt::Let { value, op } if dead(value, op)));
        let mut changed = block.stmts.len() != before;
        for s in &mut block.stmts {
            for child in s.child_blocks_mut() {
                changed |= strip(child, dead);
            }
        }
        changed
    }
    loop {
        let uses = use_counts(&f.body);
        let value_types = &f.value_types;
        let dead = |v: &ValueId, op: &Op| {
            op.is_pure()
                && !uses.is_used(*v)
                && is_private_pointer(types, value_types[v.0 as usize])
        };
        let mut body = std::mem::take(&mut f.body);
        let changed = strip(&mut body, &dead);
        f.body = body;
        if !changed {
            break;
        }
    }
}

/// True for a NULL private pointer constant (`bitcast` of integer 0).
fn is_null_pointer(
    types: &TypeTable,
    defs: &HashMap<ValueId, Op>,
    f: &Function,
    v: ValueId,
) -> bool {
    let Some(Op::Bitcast { value, .. }) = defs.get(&v) else {
        return false;
    };
    matches!(defs.get(value), Some(Op::Const(c)) if c.bits == 0)
        && is_private_pointer(types, f.value_type(v))
}

/// Fails on a variable holding private pointers inside an array or struct (`int *ps[2]`):
/// Vulkan's Function pointers cannot be stored, and only plain pointer variables become
/// indices here (structs reached field by field were split into such variables by
/// [`super::split_pointer_structs`]).
fn check_no_pointer_aggregates(types: &TypeTable, f: &Function) -> Result<(), Refusal> {
    fn holds(types: &TypeTable, ty: TypeId) -> bool {
        match types.get(ty) {
            Type::Array { elem, .. } => is_private_pointer(types, *elem) || holds(types, *elem),
            Type::Struct { fields, .. } => fields
                .iter()
                .any(|t| is_private_pointer(types, *t) || holds(types, *t)),
            _ => false,
        }
    }
    match (0..f.locals.len() as u32)
        .map(LocalId)
        .find(|&l| holds(types, f.local(l).ty))
    {
        Some(l) => Err(Refusal::new(format!(
            "the variable `{}` holds private pointers in an array or struct (a struct copied \
             whole or whose address is passed on), which is not supported on Vulkan, where \
             private pointers have no address (a plain pointer variable into one private \
             variable is, and so is a struct reached field by field)",
            f.local(l).name
        ))
        .at(crate::diag::refusal::local_span(f, l))),
        None => Ok(()),
    }
}

/// True for a pointer into private memory.
fn is_private_pointer(types: &TypeTable, ty: TypeId) -> bool {
    matches!(
        types.get(ty),
        Type::Pointer {
            space: AddressSpace::Private,
            ..
        }
    )
}

/// `v` with the private pointer-to-pointer casts it comes from peeled off (a pointer's
/// stand-in address does not depend on its element type).
fn strip_pointer_casts(
    types: &TypeTable,
    defs: &HashMap<ValueId, Op>,
    f: &Function,
    mut v: ValueId,
) -> ValueId {
    while let Some(Op::Bitcast { value, .. }) = defs.get(&v) {
        if !is_private_pointer(types, f.value_type(*value)) {
            break;
        }
        v = *value;
    }
    v
}

/// The defining operation of every `let` of `f`.
fn definitions(f: &Function) -> HashMap<ValueId, Op> {
    let mut defs = HashMap::default();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let { value, op } = s {
            defs.insert(*value, op.clone());
        }
    });
    defs
}

/// The private pointers of `f` converted to integers.
fn pointer_casts(types: &TypeTable, f: &Function) -> Vec<ValueId> {
    let mut found = Vec::new();
    walk_stmts(&f.body, &mut |s| {
        if let Stmt::Let {
            op: Op::Bitcast { value, to },
            ..
        } = s
        {
            if is_private_pointer(types, f.value_type(*value))
                && matches!(types.get(*to), Type::Scalar(_))
            {
                found.push(*value);
            }
        }
    });
    found
}

/// Fails when the address of a pointer variable is used other than to load or store it.
fn check_only_loaded_and_stored(
    f: &Function,
    addrs: &HashMap<ValueId, LocalId>,
) -> Result<(), Refusal> {
    let mut bad = None;
    walk_stmts(&f.body, &mut |s| {
        let escaping = match s {
            Stmt::Let {
                op: Op::Load { .. },
                ..
            } => None,
            Stmt::Let { op, .. } => op.operands().into_iter().find(|v| addrs.contains_key(v)),
            Stmt::Store { value, .. } => addrs.contains_key(value).then_some(*value),
            _ => None,
        };
        if bad.is_none() {
            bad = escaping.map(|v| {
                (
                    addrs[&v],
                    crate::diag::refusal::stmt_span(f, s).or(f.span(v)),
                )
            });
        }
    });
    match bad {
        Some((l, span)) => Err(Refusal::new(format!(
            "the address of {} is taken, which Vulkan cannot express (private pointers are \
             not values there)",
            variable_phrase("private pointer", &f.local(l).name)
        ))
        .at(span)),
        None => Ok(()),
    }
}

/// Read-only view of a function for finding roots.
struct Analysis<'a> {
    types: &'a TypeTable,
    f: &'a Function,
    defs: &'a HashMap<ValueId, Op>,
    addrs: &'a HashMap<ValueId, LocalId>,
}

impl Analysis<'_> {
    /// The root of every pointer variable, found by iterating over the stores to a fixed
    /// point; a variable with two roots, or one that is only ever loaded, is an error.
    fn variable_roots(&self, vars: &[LocalId]) -> Result<HashMap<LocalId, Root>, Refusal> {
        let mut stores: Vec<(LocalId, ValueId)> = Vec::new();
        walk_stmts(&self.f.body, &mut |s| {
            if let Stmt::Store { ptr, value } = s {
                if let Some(l) = self.addrs.get(ptr) {
                    stores.push((*l, *value));
                }
            }
        });
        let mut roots: HashMap<LocalId, Root> = HashMap::default();
        loop {
            let mut changed = false;
            for &(l, v) in &stores {
                if self.is_null(v) {
                    continue;
                }
                let stored = self.stored_prov(l, v, &roots);
                let Some((root, _)) = stored.map_err(|e| Refusal::new(e).at_value(self.f, v))?
                else {
                    continue;
                };
                let merged = roots.get(&l).map(|old| (old, merge_roots(old, &root)));
                match merged {
                    None => {
                        roots.insert(l, root);
                        changed = true;
                    }
                    Some((old, Some(m))) if *old == m => {}
                    Some((_, Some(m))) => {
                        roots.insert(l, m);
                        changed = true;
                    }
                    Some((old, None)) => {
                        let message = format!(
                            "{} points into both {} and {}, which Vulkan cannot express \
                             (private pointers there are element indices into one variable)",
                            variable_phrase("private pointer", &self.f.local(l).name),
                            self.describe(old),
                            self.describe(&root)
                        );
                        return Err(Refusal::new(message).at_value(self.f, v));
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for &(l, v) in &stores {
            let located = |e: String| Refusal::new(e).at_value(self.f, v);
            if !self.is_null(v) && self.stored_prov(l, v, &roots).map_err(located)?.is_none() {
                return Err(located(format!(
                    "{} is set to {}",
                    variable_phrase("private pointer", &self.f.local(l).name),
                    self.unfollowed(v)
                )));
            }
        }
        for l in vars {
            let loaded = self
                .addrs
                .iter()
                .any(|(a, al)| al == l && self.is_loaded(*a));
            if loaded && !roots.contains_key(l) {
                let message = format!(
                    "{} is read but never set to a pointer into a private variable",
                    variable_phrase("private pointer", &self.f.local(*l).name)
                );
                return Err(Refusal::new(message).at(self.load_span(*l)));
            }
        }
        Ok(roots)
    }

    /// [`Self::prov`] of a value stored to variable `l`, errors naming the variable.
    fn stored_prov(
        &self,
        l: LocalId,
        v: ValueId,
        roots: &HashMap<LocalId, Root>,
    ) -> Result<Option<Prov>, String> {
        self.prov(v, roots).map_err(|e| {
            format!(
                "{} is set to {e}",
                variable_phrase("private pointer", &self.f.local(l).name)
            )
        })
    }

    /// The source span of a load of variable `l` (for an error about reading it).
    fn load_span(&self, l: LocalId) -> Option<crate::SourceSpan> {
        self.defs.iter().find_map(|(v, op)| match op {
            Op::Load { ptr } if self.addrs.get(ptr) == Some(&l) => self.f.span(*v),
            _ => None,
        })
    }

    fn is_loaded(&self, addr: ValueId) -> bool {
        self.defs
            .values()
            .any(|op| matches!(op, Op::Load { ptr } if *ptr == addr))
    }

    /// `x`, `x[2]`, `x.f` for error messages.
    fn describe(&self, root: &Root) -> String {
        let mut s = format!("`{}", self.f.local(root.local).name);
        for step in &root.steps {
            match step {
                Step::Field(i) => s.push_str(&format!(".{i}")),
                Step::Index(i) => s.push_str(&format!("[{i}]")),
                Step::Any => s.push_str("[i]"),
            }
        }
        s.push('`');
        s
    }

    fn unfollowed(&self, v: ValueId) -> String {
        format!(
            "a private pointer ({}) whose target the compiler cannot follow to one private \
             variable (a pointer cast to another element type, read from memory or passed \
             in), which is not supported on Vulkan, where private pointers have no address",
            describe_value_with(self.f, self.defs, v)
        )
    }

    fn strip_casts(&self, v: ValueId) -> ValueId {
        strip_pointer_casts(self.types, self.defs, self.f, v)
    }

    /// True for a NULL pointer constant (`bitcast` of integer 0).
    fn is_null(&self, v: ValueId) -> bool {
        is_null_pointer(self.types, self.defs, self.f, v)
    }

    /// The root and constant index of private pointer `v`; `None` while it depends on a
    /// variable whose root is not known yet.
    fn prov(&self, v: ValueId, roots: &HashMap<LocalId, Root>) -> Result<Option<Prov>, String> {
        let ty = self.f.value_type(v);
        let Some((AddressSpace::Private, elem)) = self.types.pointee(ty) else {
            return Err(self.unfollowed(v));
        };
        let Some(op) = self.defs.get(&v) else {
            return Err(self.unfollowed(v));
        };
        let konst = |x: &ValueId| match self.defs.get(x) {
            Some(Op::Const(c)) => Some(c.as_i64()),
            _ => None,
        };
        Ok(Some(match op {
            Op::LocalAddr(l) if self.f.local(*l).space == AddressSpace::Private => {
                if self.addrs.contains_key(&v) {
                    return Err(self.unfollowed(v));
                }
                let root = Root {
                    local: *l,
                    steps: Vec::new(),
                    array: false,
                    view: false,
                    elem,
                };
                (root, Some(0))
            }
            Op::Load { ptr } if self.addrs.contains_key(ptr) => match roots.get(&self.addrs[ptr]) {
                Some(r) => (r.clone(), None),
                None => return Ok(None),
            },
            Op::IndexAddr { base, index } => {
                let Some((mut root, at)) = self.prov(*base, roots)? else {
                    return Ok(None);
                };
                if root.view {
                    return Err(self.reinterpreted(*base));
                }
                if root.array {
                    root.steps.push(at.map_or(Step::Any, Step::Index));
                }
                root.array = true;
                root.elem = elem;
                (root, konst(index))
            }
            Op::FieldAddr { base, field } => {
                let Some((mut root, at)) = self.prov(*base, roots)? else {
                    return Ok(None);
                };
                if root.view {
                    return Err(self.reinterpreted(*base));
                }
                if root.array {
                    root.steps.push(at.map_or(Step::Any, Step::Index));
                }
                root.steps.push(Step::Field(*field));
                root.array = false;
                root.elem = elem;
                (root, Some(0))
            }
            Op::PtrOffset { base, index } => {
                let Some((root, at)) = self.prov(*base, roots)? else {
                    return Ok(None);
                };
                let at = at.zip(konst(index)).map(|(a, b)| a.wrapping_add(b));
                (root, at)
            }
            Op::Bitcast { value, .. }
                if self.types.pointee(self.f.value_type(*value))
                    == Some((AddressSpace::Private, elem)) =>
            {
                return self.prov(*value, roots);
            }
            Op::Bitcast { value, .. }
                if is_private_pointer(self.types, self.f.value_type(*value)) =>
            {
                let Some((mut root, at)) = self.prov(*value, roots)? else {
                    return Ok(None);
                };
                // The view starts at a constant element: the object the cast address names.
                match at {
                    _ if root.array => root.steps.push(at.map_or(Step::Any, Step::Index)),
                    Some(0) => {}
                    _ => return Err(self.reinterpreted(v)),
                }
                root.array = false;
                root.view = true;
                root.elem = elem;
                (root, Some(0))
            }
            Op::Select {
                if_true, if_false, ..
            } => {
                if self.is_null(*if_true) {
                    return Ok(self.prov(*if_false, roots)?.map(|(r, _)| (r, None)));
                }
                if self.is_null(*if_false) {
                    return Ok(self.prov(*if_true, roots)?.map(|(r, _)| (r, None)));
                }
                let (a, b) = (self.prov(*if_true, roots)?, self.prov(*if_false, roots)?);
                match (a, b) {
                    (Some((ra, ia)), Some((rb, ib))) if merge_roots(&ra, &rb).is_some() => {
                        let merged = merge_roots(&ra, &rb).expect("checked");
                        (merged, if ia == ib { ia } else { None })
                    }
                    (Some((ra, _)), Some((rb, _))) => {
                        return Err(format!(
                            "a private pointer ({}) chosen between {} and {} is not supported \
                             on Vulkan, where private pointers have no address",
                            describe_value_with(self.f, self.defs, v),
                            self.describe(&ra),
                            self.describe(&rb)
                        ))
                    }
                    (Some((r, _)), None) | (None, Some((r, _))) => (r, None),
                    (None, None) => return Ok(None),
                }
            }
            _ => return Err(self.unfollowed(v)),
        }))
    }

    /// Why a pointer cast from another private pointer is refused when it is kept: the
    /// cast does not start at a known element, or the view is indexed as an aggregate.
    fn reinterpreted(&self, v: ValueId) -> String {
        format!(
            "a private pointer ({}) reinterpreted through a pointer cast (a union member, or \
             `(T *)&x`) and kept in a variable or converted to an integer, which is not \
             supported on Vulkan, where such a pointer can only be dereferenced or indexed \
             where it is made (or kept when it views a known element as scalars)",
            describe_value_with(self.f, self.defs, v)
        )
    }
}

/// Rewrites loads, stores and integer conversions of private pointers (see the module doc).
struct Rewriter<'a> {
    types: &'a mut TypeTable,
    defs: HashMap<ValueId, Op>,
    addrs: HashMap<ValueId, LocalId>,
    roots: HashMap<LocalId, Root>,
    /// The root of every private pointer converted to an integer.
    cast_roots: HashMap<ValueId, Root>,
    /// The function has NULL private pointers (index [`NULL_INDEX`], address 0).
    has_null: bool,
    /// Pointer values rebuilt from a variable's index, with that index.
    loaded: HashMap<ValueId, ValueId>,
    /// The companion variables holding run-time indices inside roots' paths.
    outer: OuterIndices,
    i64t: TypeId,
}

impl Rewriter<'_> {
    fn block(&mut self, f: &mut Function, block: &mut Block) -> Result<(), Refusal> {
        let old = std::mem::take(&mut block.stmts);
        let mut out = Vec::with_capacity(old.len());
        for stmt in old {
            let span = crate::diag::refusal::stmt_span(f, &stmt);
            self.stmt(f, &mut out, stmt).map_err(|e| e.at(span))?;
        }
        block.stmts = out;
        Ok(())
    }

    /// Rewrites one statement of a block into `out`.
    fn stmt(
        &mut self,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        mut stmt: Stmt,
    ) -> Result<(), Refusal> {
        match &stmt {
            Stmt::Let {
                value,
                op: Op::Load { ptr },
            } if self.addrs.contains_key(ptr) => {
                self.load(f, out, *value, *ptr);
                return Ok(());
            }
            Stmt::Store { ptr, value } if self.addrs.contains_key(ptr) => {
                let index = self.index_of(f, out, *value)?;
                out.push(Stmt::Store {
                    ptr: *ptr,
                    value: index,
                });
                self.store_outer(f, out, self.addrs[ptr], *value)?;
                return Ok(());
            }
            Stmt::Let {
                value,
                op: Op::Bitcast { value: src, to },
            } if is_private_pointer(self.types, f.value_type(*src))
                && matches!(self.types.get(*to), Type::Scalar(_)) =>
            {
                self.address(f, out, *value, *src, *to)?;
                return Ok(());
            }
            _ => {}
        }
        for child in stmt.child_blocks_mut() {
            self.block(f, child)?;
        }
        out.push(stmt);
        Ok(())
    }

    /// `cond ? a : b` of two `i64` indices.
    fn select_index(
        &self,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        cond: ValueId,
        a: ValueId,
        b: ValueId,
    ) -> ValueId {
        let op = Op::Select {
            cond,
            if_true: a,
            if_false: b,
        };
        f.push_let(out, self.i64t, op)
    }

    fn konst(&self, f: &mut Function, out: &mut Vec<Stmt>, v: i64) -> ValueId {
        f.push_let(out, self.i64t, Op::Const(Const::int(ScalarType::I64, v)))
    }

    /// `value = load addr` of a pointer variable: loads the index, then rebuilds `value` as
    /// an element address of the variable's root.
    fn load(&mut self, f: &mut Function, out: &mut Vec<Stmt>, value: ValueId, addr: ValueId) {
        let index = f.push_let(out, self.i64t, Op::Load { ptr: addr });
        let var = self.addrs[&addr];
        let root = self.roots[&var].clone();
        let mut ty = f.local(root.local).ty;
        // Whether the object the steps reach is the pointer itself.
        let object_is_value = !root.array && !root.view;
        let whole = root.steps.is_empty() && object_is_value;
        let mut ptr = if whole {
            value
        } else {
            let pty = self.types.pointer(AddressSpace::Private, ty);
            f.new_value(pty)
        };
        out.push(Stmt::Let {
            value: ptr,
            op: Op::LocalAddr(root.local),
        });
        for (n, step) in root.steps.iter().enumerate() {
            let (next, op) = match (step, self.types.get(ty).clone()) {
                (Step::Field(i), Type::Struct { fields, .. }) => (
                    fields[*i as usize],
                    Op::FieldAddr {
                        base: ptr,
                        field: *i,
                    },
                ),
                (Step::Index(_) | Step::Any, Type::Array { elem, .. }) => {
                    let k = match step {
                        Step::Index(i) => self.konst(f, out, *i),
                        _ => self.load_outer(f, out, var, value, n),
                    };
                    (
                        elem,
                        Op::IndexAddr {
                            base: ptr,
                            index: k,
                        },
                    )
                }
                _ => unreachable!("root steps follow the variable's type"),
            };
            ty = next;
            ptr = if n + 1 == root.steps.len() && object_is_value {
                value
            } else {
                let pty = self.types.pointer(AddressSpace::Private, ty);
                f.new_value(pty)
            };
            out.push(Stmt::Let { value: ptr, op });
        }
        if root.array {
            out.push(Stmt::Let {
                value,
                op: Op::IndexAddr { base: ptr, index },
            });
        } else if root.view {
            let view_ty = f.value_type(value);
            let view = f.push_let(
                out,
                view_ty,
                Op::Bitcast {
                    value: ptr,
                    to: view_ty,
                },
            );
            out.push(Stmt::Let {
                value,
                op: Op::PtrOffset { base: view, index },
            });
        }
        self.loaded.insert(value, index);
    }

    /// `value = bitcast src` to an integer type `to`: the stand-in address of `src` (see
    /// the module doc).
    fn address(
        &mut self,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        value: ValueId,
        src: ValueId,
        to: TypeId,
    ) -> Result<(), String> {
        let src = self.strip_casts(f, src);
        let Some(root) = self.cast_roots.get(&src).cloned() else {
            // A NULL pointer.
            out.push(Stmt::Let {
                value,
                op: Op::Const(Const::int(
                    self.types.scalar_of(to).unwrap_or(ScalarType::U64),
                    0,
                )),
            });
            return Ok(());
        };
        let index = self.index_of(f, out, src)?;
        let size = self.types.layout(root.elem).size as i64;
        let start = ((root.local.0 as i64 + 1) << 32) + self.path_offset(f, &root);
        let size = self.konst(f, out, size);
        let start = self.konst(f, out, start);
        let mut bytes = f.push_let(out, self.i64t, Op::Binary(BinaryOp::Mul, index, size));
        if let Some(outer) = self.outer_offset(f, out, src, &root)? {
            bytes = f.push_let(out, self.i64t, Op::Binary(BinaryOp::Add, bytes, outer));
        }
        let mut op = Op::Binary(BinaryOp::Add, start, bytes);
        if self.has_null {
            let nonnull = f.push_let(out, self.i64t, op);
            let null = self.konst(f, out, NULL_INDEX);
            let zero = self.konst(f, out, 0);
            let bool_ty = self.types.scalar(ScalarType::Bool);
            let is_null = f.push_let(out, bool_ty, Op::Compare(CmpOp::Eq, index, null));
            op = Op::Select {
                cond: is_null,
                if_true: zero,
                if_false: nonnull,
            };
        }
        if to == self.i64t {
            out.push(Stmt::Let { value, op });
            return Ok(());
        }
        let addr = f.push_let(out, self.i64t, op);
        let op = if self.types.layout(to).size == 8 {
            Op::Bitcast { value: addr, to }
        } else {
            Op::Convert {
                value: addr,
                to,
                saturate: false,
                rounding: Default::default(),
            }
        };
        out.push(Stmt::Let { value, op });
        Ok(())
    }

    fn strip_casts(&self, f: &Function, v: ValueId) -> ValueId {
        strip_pointer_casts(self.types, &self.defs, f, v)
    }

    /// The constant part of the byte offset of a root's object inside its variable.
    fn path_offset(&self, f: &Function, root: &Root) -> i64 {
        let mut ty = f.local(root.local).ty;
        let mut offset = 0i64;
        for step in &root.steps {
            match (step, self.types.get(ty)) {
                (Step::Field(i), Type::Struct { fields, .. }) => {
                    let (offsets, _) = self.types.struct_layout(ty);
                    offset += offsets[*i as usize] as i64;
                    ty = fields[*i as usize];
                }
                (Step::Index(i), Type::Array { elem, .. }) => {
                    offset += i * self.types.layout(*elem).size as i64;
                    ty = *elem;
                }
                // Added at run time by `outer_offset`.
                (Step::Any, Type::Array { elem, .. }) => ty = *elem,
                _ => unreachable!("root steps follow the variable's type"),
            }
        }
        offset
    }

    /// Emits the element index of private pointer `v` into its root.
    fn index_of(
        &mut self,
        f: &mut Function,
        out: &mut Vec<Stmt>,
        v: ValueId,
    ) -> Result<ValueId, String> {
        if let Some(i) = self.loaded.get(&v) {
            return Ok(*i);
        }
        let op = self.defs.get(&v).cloned();
        let uncast = self.strip_casts(f, v);
        if is_null_pointer(self.types, &self.defs, f, uncast) {
            return Ok(self.konst(f, out, NULL_INDEX));
        }
        Ok(match op {
            Some(Op::LocalAddr(_)) | Some(Op::FieldAddr { .. }) => self.konst(f, out, 0),
            Some(Op::IndexAddr { index, .. }) => index,
            Some(Op::PtrOffset { base, index }) => {
                let b = self.index_of(f, out, base)?;
                f.push_let(out, self.i64t, Op::Binary(BinaryOp::Add, b, index))
            }
            // A cast to another element type starts a view at its object: index 0 of it.
            Some(Op::Bitcast { value, .. })
                if self.types.pointee(f.value_type(value))
                    != self.types.pointee(f.value_type(v)) =>
            {
                self.konst(f, out, 0)
            }
            Some(Op::Bitcast { value, .. }) => self.index_of(f, out, value)?,
            Some(Op::Select {
                cond,
                if_true,
                if_false,
            }) => {
                let a = self.index_of(f, out, if_true)?;
                let b = self.index_of(f, out, if_false)?;
                self.select_index(f, out, cond, a, b)
            }
            _ => {
                return Err(format!(
                    "a private pointer ({}) whose target the compiler cannot follow is not \
                     supported on Vulkan",
                    describe_value_with(f, &self.defs, v)
                ))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_module, print_module, verify_module};

    fn run(src: &str) -> Result<String, String> {
        let mut m = parse_module(src).expect("parses");
        verify_module(&m).expect("input verifies");
        lower_private_pointer_variables(&mut m).map_err(|e| e.message)?;
        verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{}", print_module(&m)));
        let text = print_module(&m);
        assert_eq!(print_module(&parse_module(&text).expect("reparses")), text);
        Ok(text)
    }

    /// `int *p = x + 1; p++; *p = 7; out = p - x;`: the variable holds an index, the load
    /// rebuilds `index_addr(x, i)`, and the difference of stand-in addresses is the index
    /// difference times 4 (hand-checked: 2 * 4 = 8 bytes).
    #[test]
    fn pointer_variable_becomes_an_index() {
        let text = run(r#"
kernel @k(%0 "out": ptr<global, i64>) -> void {
  local $0 "x": private [4 x i32]
  local $1 "p": private ptr<private, i32>
  %1: ptr<private, [4 x i32]> = local_addr $0
  %2: i64 = const 0
  %3: ptr<private, i32> = index_addr %1, %2
  %4: i64 = const 1
  %5: ptr<private, i32> = ptr_offset %3, %4
  %6: ptr<private, ptr<private, i32>> = local_addr $1
  store %6, %5
  %7: ptr<private, i32> = load %6
  %8: ptr<private, i32> = ptr_offset %7, %4
  store %6, %8
  %9: ptr<private, i32> = load %6
  %10: i32 = const 7
  store %9, %10
  %11: u64 = bitcast %9
  %12: u64 = bitcast %3
  %13: i64 = convert %11
  %14: i64 = convert %12
  %15: i64 = sub %13, %14
  store %0, %15
  return
}
"#)
        .expect("rewrites");
        assert!(text.contains(r#"local $1 "p": private i64"#), "{text}");
        assert!(!text.contains("ptr<private, ptr<"), "{text}");
        assert!(!text.contains("bitcast %9"), "{text}");
        // The stand-in addresses start at (variable 0 + 1) << 32.
        assert!(text.contains("const 4294967296"), "{text}");
    }

    /// A variable set once inside a branch and read after that store in the same branch
    /// is forwarded: its loads become the stored value, and no load or store of it is left.
    #[test]
    fn single_store_in_a_branch_is_forwarded() {
        let text = run(r#"
kernel @k(%0 "out": ptr<global, i32>, %1 "c": bool) -> void {
  local $0 "x": private [4 x i32]
  local $1 "p": private ptr<private, i32>
  if %1 {
    %2: ptr<private, [4 x i32]> = local_addr $0
    %3: i64 = const 2
    %4: ptr<private, i32> = index_addr %2, %3
    %5: ptr<private, ptr<private, i32>> = local_addr $1
    store %5, %4
    %6: ptr<private, i32> = load %5
    %7: i32 = load %6
    store %0, %7
  } else {
  }
  return
}
"#)
        .expect("rewrites");
        assert!(text.contains("%7: i32 = load %4"), "{text}");
        assert!(!text.contains("local_addr $1"), "{text}");
    }

    /// `uchar *d = (uchar *)w; *d = 1; d++; *d = 2;` over `uint w[4]`: the variable holds
    /// a byte index into a view of `w[0]`, rebuilt as `ptr_offset(bitcast(&w[0]), index)`.
    #[test]
    fn pointer_cast_to_bytes_becomes_an_index_into_a_view() {
        let text = run(r#"
kernel @k(%0 "out": ptr<global, u32>) -> void {
  local $0 "w": private [4 x u32]
  local $1 "d": private ptr<private, u8>
  %1: ptr<private, [4 x u32]> = local_addr $0
  %2: i64 = const 0
  %3: ptr<private, u32> = index_addr %1, %2
  %4: ptr<private, u8> = bitcast %3
  %5: ptr<private, ptr<private, u8>> = local_addr $1
  store %5, %4
  %6: ptr<private, u8> = load %5
  %7: u8 = const 1
  store %6, %7
  %8: i64 = const 1
  %9: ptr<private, u8> = ptr_offset %6, %8
  store %5, %9
  %10: ptr<private, u8> = load %5
  %11: u8 = const 2
  store %10, %11
  return
}
"#)
        .expect("rewrites");
        assert!(text.contains(r#"local $1 "d": private i64"#), "{text}");
        assert!(!text.contains("ptr<private, ptr<"), "{text}");
        assert!(text.contains("ptr<private, u8> = bitcast"), "{text}");
        assert!(text.contains("ptr<private, u8> = ptr_offset"), "{text}");
    }

    /// `t = &r.tables[k]; d = t->lookup; d++; *d = 5` with `k` known at run time: `d`'s
    /// path `r.1[k].1` has a run-time step, kept in a companion variable `d.outer1` that
    /// every store of `d` fills and every load of `d` indexes with.
    #[test]
    fn runtime_index_inside_the_path_gets_a_companion() {
        let text = run(r#"
kernel @k(%0 "k": i64) -> void {
  local $0 "r": private struct state {u32, [3 x struct table {u8, [4 x i16]}]}
  local $1 "d": private ptr<private, i16>
  %1: ptr<private, struct state {u32, [3 x struct table {u8, [4 x i16]}]}> = local_addr $0
  %2: ptr<private, [3 x struct table {u8, [4 x i16]}]> = field_addr %1, 1
  %3: ptr<private, struct table {u8, [4 x i16]}> = index_addr %2, %0
  %4: ptr<private, [4 x i16]> = field_addr %3, 1
  %5: i64 = const 0
  %6: ptr<private, i16> = index_addr %4, %5
  %7: ptr<private, ptr<private, i16>> = local_addr $1
  store %7, %6
  %8: ptr<private, i16> = load %7
  %9: i64 = const 1
  %10: ptr<private, i16> = ptr_offset %8, %9
  store %7, %10
  %11: ptr<private, i16> = load %7
  %12: i16 = const 5
  store %11, %12
  return
}
"#)
        .expect("rewrites");
        assert!(
            text.contains(r#"local $2 "d.outer1": private i64"#),
            "{text}"
        );
        // The first store saves the parameter `k` as the table index.
        assert!(text.contains("local_addr $2\n  store %"), "{text}");
        assert!(text.contains(", %0\n"), "{text}");
        assert!(!text.contains("ptr<private, ptr<"), "{text}");
    }

    /// A variable set to `&a[0][1]` and to `&a[j][1]` has one root `a[?]` (the rows merge
    /// into a run-time step); the constant row is stored as its index.
    #[test]
    fn rows_of_one_array_merge_into_a_runtime_step() {
        let text = run(r#"
kernel @k(%0 "j": i64, %1 "c": bool, %2 "out": ptr<global, i32>) -> void {
  local $0 "a": private [2 x [4 x i32]]
  local $1 "p": private ptr<private, i32>
  %3: ptr<private, [2 x [4 x i32]]> = local_addr $0
  %4: i64 = const 0
  %5: i64 = const 1
  %6: ptr<private, [4 x i32]> = index_addr %3, %4
  %7: ptr<private, i32> = index_addr %6, %5
  %8: ptr<private, ptr<private, i32>> = local_addr $1
  store %8, %7
  if %1 {
    %9: ptr<private, [4 x i32]> = index_addr %3, %0
    %10: ptr<private, i32> = index_addr %9, %5
    store %8, %10
  } else {
  }
  %11: ptr<private, i32> = load %8
  %12: i32 = load %11
  store %2, %12
  return
}
"#)
        .expect("rewrites");
        assert!(
            text.contains(r#"local $2 "p.outer0": private i64"#),
            "{text}"
        );
        assert!(!text.contains("points into both"), "{text}");
    }

    /// A variable pointing into two arrays is refused by name.
    #[test]
    fn two_roots_are_refused_by_name() {
        let err = run(r#"
kernel @k(%0 "c": bool) -> void {
  local $0 "a": private [4 x i32]
  local $1 "b": private [4 x i32]
  local $2 "p": private ptr<private, i32>
  %1: i64 = const 0
  %2: ptr<private, [4 x i32]> = local_addr $0
  %3: ptr<private, i32> = index_addr %2, %1
  %4: ptr<private, [4 x i32]> = local_addr $1
  %5: ptr<private, i32> = index_addr %4, %1
  %6: ptr<private, ptr<private, i32>> = local_addr $2
  store %6, %3
  if %0 {
    store %6, %5
  } else {
  }
  return
}
"#)
        .expect_err("two roots");
        assert!(err.contains("`p` points into both `a` and `b`"), "{err}");
    }
}
