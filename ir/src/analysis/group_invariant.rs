//! Whether every work-group of a launch reaches the same barriers in the same order.
//!
//! Two work-items with the same local id in different work-groups compute the same value
//! when the value depends only on what every work-group shares: constants, the kernel's
//! arguments, the local id, the local and global sizes, the group count, the global
//! offset and the work dimension. Such a value is *group-invariant*; the group id, the
//! global id, anything read from memory other than `__constant` data or a private
//! variable holding group-invariant values, atomics, calls' results and image reads are
//! not. A variable is group-invariant while every store to it stores a group-invariant
//! value under group-invariant control (a store under an `if` on a varying condition, or
//! in a loop that runs a varying number of times, makes it varying); its address must
//! not escape (be passed, stored or converted).
//!
//! A kernel's barriers are *alike in every group* when each barrier, and each call of a
//! function that waits at one, is reached under group-invariant control: not inside an
//! `if` or `switch` on a varying value, not in a loop left or continued under varying
//! control or whose exit test varies, and not after a `return` taken under varying
//! control. A callee that waits at a barrier is checked the same way, its parameters
//! group-invariant where the call passes group-invariant arguments. Then several
//! work-groups may run as one larger group whose barriers wait for all of them
//! (OpenCL already requires every work-item of a group to reach each barrier), as
//! `oclc_backend_spirv`'s merged work-groups do.

use crate::fx::{HashMap, HashSet};
use crate::module::{walk_stmts, FuncId, Function, LocalId, Module, Stmt};
use crate::op::{Op, ValueId, WorkItemQuery};
use crate::types::AddressSpace;
use crate::visit::{op_operands, stmt_uses};

/// True when every barrier of kernel `kernel` (and of the functions it calls) is reached
/// alike in every work-group (see the module documentation). A kernel without barriers
/// qualifies.
pub fn barriers_alike_in_every_group(module: &Module, kernel: FuncId) -> bool {
    let waits = functions_that_wait(module);
    let params = vec![true; module.function(kernel).params.len()];
    let mut memo = HashMap::default();
    check_function(module, &waits, kernel, params, &mut memo, 0)
}

/// The values of function `func` that may differ between work-groups (see the module
/// documentation), its parameters taken as group-invariant: every value the function
/// defines and this set lacks is equal, for one local id, in every work-group.
pub fn group_varying_values(module: &Module, func: FuncId) -> HashSet<ValueId> {
    let waits = functions_that_wait(module);
    let f = module.function(func);
    let params = vec![true; f.params.len()];
    let mut walker = Walker::new(module, &waits, f, &params);
    walker.settle();
    walker.varying
}

/// Calls nested deeper than this are not followed (OpenCL forbids recursion; this only
/// bounds the work on malformed modules).
const MAX_CALL_DEPTH: usize = 64;

fn check_function(
    module: &Module,
    waits: &HashSet<FuncId>,
    func: FuncId,
    invariant_params: Vec<bool>,
    memo: &mut HashMap<(FuncId, Vec<bool>), bool>,
    depth: usize,
) -> bool {
    if !waits.contains(&func) {
        return true;
    }
    if depth > MAX_CALL_DEPTH {
        return false;
    }
    let key = (func, invariant_params);
    if let Some(&ok) = memo.get(&key) {
        return ok;
    }
    let f = module.function(func);
    let mut walker = Walker::new(module, waits, f, &key.1);
    let calls = walker.settle();
    let ok = walker.alike
        && calls
            .into_iter()
            .all(|(callee, args)| check_function(module, waits, callee, args, memo, depth + 1));
    memo.insert(key, ok);
    ok
}

/// The functions that wait at a barrier themselves or through a call.
fn functions_that_wait(module: &Module) -> HashSet<FuncId> {
    let mut waits: HashSet<FuncId> = HashSet::default();
    let mut callers: HashMap<FuncId, Vec<FuncId>> = HashMap::default();
    for (i, f) in module.functions.iter().enumerate() {
        let id = FuncId(i as u32);
        walk_stmts(&f.body, &mut |s| match s {
            Stmt::Barrier { .. } => {
                waits.insert(id);
            }
            Stmt::Let {
                op: Op::Call { func, .. },
                ..
            } => callers.entry(*func).or_default().push(id),
            _ => {}
        });
    }
    let mut pending: Vec<FuncId> = waits.iter().copied().collect();
    while let Some(f) = pending.pop() {
        for &caller in callers.get(&f).into_iter().flatten() {
            if waits.insert(caller) {
                pending.push(caller);
            }
        }
    }
    waits
}

/// Which statement a `break` leaves.
#[derive(Clone, Copy)]
enum Breakable {
    Loop(usize),
    Switch(usize),
}

/// The group-invariance facts of one function, grown to a fixed point.
struct Walker<'a> {
    module: &'a Module,
    /// The functions that wait at a barrier.
    waits: &'a HashSet<FuncId>,
    f: &'a Function,
    /// Values that may differ between work-groups.
    varying: HashSet<ValueId>,
    /// Private variables that may hold different values in different work-groups.
    varying_vars: HashSet<LocalId>,
    /// The private variable each address into one points into.
    root: HashMap<ValueId, LocalId>,
    /// Loops (numbered in walk order) that run a varying number of times.
    varying_loops: Vec<bool>,
    /// Switches (numbered in walk order) left under varying control.
    varying_switches: Vec<bool>,
    /// A fact grew during the current round.
    changed: bool,
    /// Every barrier and waiting call so far is reached alike.
    alike: bool,
    /// A `return` under varying control came before this point of the walk.
    returned_varying: bool,
    loop_count: usize,
    switch_count: usize,
    breakables: Vec<Breakable>,
    /// Calls of functions that wait, with the invariance of their arguments.
    calls: Vec<(FuncId, Vec<bool>)>,
}

impl<'a> Walker<'a> {
    fn new(
        module: &'a Module,
        waits: &'a HashSet<FuncId>,
        f: &'a Function,
        invariant_params: &[bool],
    ) -> Self {
        let mut w = Walker {
            module,
            waits,
            f,
            varying: HashSet::default(),
            varying_vars: HashSet::default(),
            root: HashMap::default(),
            varying_loops: Vec::new(),
            varying_switches: Vec::new(),
            changed: false,
            alike: true,
            returned_varying: false,
            loop_count: 0,
            switch_count: 0,
            breakables: Vec::new(),
            calls: Vec::new(),
        };
        for (p, &inv) in f.params.iter().zip(invariant_params) {
            if !inv {
                w.varying.insert(p.value);
            }
        }
        w.find_private_roots();
        w
    }

    /// Fills `root`, and marks varying every private variable whose address escapes.
    fn find_private_roots(&mut self) {
        let f = self.f;
        walk_stmts(&f.body, &mut |s| {
            if let Stmt::Let { value, op } = s {
                let root = match op {
                    Op::LocalAddr(l) if f.local(*l).space == AddressSpace::Private => Some(*l),
                    Op::IndexAddr { base, .. }
                    | Op::PtrOffset { base, .. }
                    | Op::FieldAddr { base, .. } => self.root.get(base).copied(),
                    _ => None,
                };
                if let Some(l) = root {
                    self.root.insert(*value, l);
                }
            }
        });
        let mut escaped = Vec::new();
        walk_stmts(&f.body, &mut |s| {
            let allowed = match s {
                Stmt::Let {
                    op:
                        Op::Load { ptr: p }
                        | Op::IndexAddr { base: p, .. }
                        | Op::PtrOffset { base: p, .. }
                        | Op::FieldAddr { base: p, .. },
                    ..
                } => Some(*p),
                Stmt::Store { ptr, value } if ptr != value => Some(*ptr),
                _ => None,
            };
            for used in stmt_uses(s) {
                if Some(used) != allowed {
                    if let Some(&l) = self.root.get(&used) {
                        escaped.push(l);
                    }
                }
            }
        });
        self.varying_vars.extend(escaped);
    }

    /// Walks the body until no fact grows; returns the calls of waiting functions seen in
    /// the last walk.
    fn settle(&mut self) -> Vec<(FuncId, Vec<bool>)> {
        loop {
            self.changed = false;
            self.alike = true;
            self.returned_varying = false;
            self.loop_count = 0;
            self.switch_count = 0;
            self.calls.clear();
            let f = self.f;
            self.block(&f.body.stmts, false);
            if !self.changed {
                return std::mem::take(&mut self.calls);
            }
        }
    }

    fn is_varying(&self, v: ValueId) -> bool {
        self.varying.contains(&v)
    }

    fn mark_value(&mut self, v: ValueId) {
        if self.varying.insert(v) {
            self.changed = true;
        }
    }

    fn mark_var(&mut self, l: LocalId) {
        if self.varying_vars.insert(l) {
            self.changed = true;
        }
    }

    fn mark_loop(&mut self, id: usize) {
        if !self.varying_loops[id] {
            self.varying_loops[id] = true;
            self.changed = true;
        }
    }

    fn mark_switch(&mut self, id: usize) {
        if !self.varying_switches[id] {
            self.varying_switches[id] = true;
            self.changed = true;
        }
    }

    /// A barrier or a call of a waiting function is reached here.
    fn wait(&mut self, control_varies: bool) {
        if control_varies || self.returned_varying {
            self.alike = false;
        }
    }

    fn block(&mut self, stmts: &[Stmt], control_varies: bool) {
        for s in stmts {
            self.stmt(s, control_varies);
        }
    }

    fn stmt(&mut self, s: &Stmt, control_varies: bool) {
        match s {
            Stmt::Let { value, op } => self.define(*value, op, control_varies),
            Stmt::Store { ptr, value } => {
                if let Some(&l) = self.root.get(ptr) {
                    if control_varies || self.is_varying(*value) || self.is_varying(*ptr) {
                        self.mark_var(l);
                    }
                }
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
            } => {
                let inner = control_varies || self.is_varying(*cond);
                self.block(&then_body.stmts, inner);
                self.block(&else_body.stmts, inner);
            }
            Stmt::Loop {
                body,
                continuing,
                break_if,
                ..
            } => {
                let id = self.loop_count;
                self.loop_count += 1;
                if self.varying_loops.len() <= id {
                    self.varying_loops.push(false);
                }
                let inner = control_varies || self.varying_loops[id];
                self.breakables.push(Breakable::Loop(id));
                self.block(&body.stmts, inner);
                self.block(&continuing.stmts, inner);
                self.breakables.pop();
                if break_if.is_some_and(|c| self.is_varying(c)) {
                    self.mark_loop(id);
                }
            }
            Stmt::Switch { selector, cases } => {
                let id = self.switch_count;
                self.switch_count += 1;
                if self.varying_switches.len() <= id {
                    self.varying_switches.push(false);
                }
                let inner =
                    control_varies || self.is_varying(*selector) || self.varying_switches[id];
                self.breakables.push(Breakable::Switch(id));
                for case in cases {
                    self.block(&case.body.stmts, inner);
                }
                self.breakables.pop();
            }
            Stmt::Break if control_varies => match self.breakables.last() {
                Some(&Breakable::Loop(id)) => self.mark_loop(id),
                Some(&Breakable::Switch(id)) => self.mark_switch(id),
                None => {}
            },
            Stmt::Continue if control_varies => {
                let innermost_loop = self.breakables.iter().rev().find_map(|b| match b {
                    Breakable::Loop(id) => Some(*id),
                    Breakable::Switch(_) => None,
                });
                if let Some(id) = innermost_loop {
                    self.mark_loop(id);
                }
            }
            Stmt::Return(_) if control_varies => {
                self.returned_varying = true;
                let loops: Vec<usize> = self
                    .breakables
                    .iter()
                    .filter_map(|b| match b {
                        Breakable::Loop(id) => Some(*id),
                        Breakable::Switch(_) => None,
                    })
                    .collect();
                for id in loops {
                    self.mark_loop(id);
                }
            }
            Stmt::Barrier { .. } => self.wait(control_varies),
            Stmt::Break | Stmt::Continue | Stmt::Return(_) | Stmt::Fence { .. } => {}
        }
    }

    /// Records whether `value`, defined by `op`, may vary between work-groups.
    fn define(&mut self, value: ValueId, op: &Op, control_varies: bool) {
        let varies = match op {
            Op::Const(_) | Op::SamplerConst(_) | Op::LocalAddr(_) | Op::GlobalAddr(_) => false,
            Op::WorkItem { query, .. } => {
                matches!(query, WorkItemQuery::GroupId | WorkItemQuery::GlobalId)
            }
            Op::Load { ptr } => match self.root.get(ptr) {
                Some(l) => self.varying_vars.contains(l) || self.is_varying(*ptr),
                None => !self.reads_constant(*ptr) || self.is_varying(*ptr),
            },
            Op::Call { func, args } => {
                if self.waits.contains(func) {
                    self.wait(control_varies);
                    let invariant = args.iter().map(|a| !self.is_varying(*a)).collect();
                    self.calls.push((*func, invariant));
                }
                true
            }
            Op::Atomic { .. }
            | Op::Printf { .. }
            | Op::ImageRead { .. }
            | Op::ImageWrite { .. }
            | Op::ImageQuery { .. } => true,
            _ => {
                let mut any = false;
                op_operands(op, &mut |v| any |= self.varying.contains(&v));
                any
            }
        };
        if varies {
            self.mark_value(value);
        }
    }

    fn reads_constant(&self, ptr: ValueId) -> bool {
        let ty = self.f.value_type(ptr);
        matches!(
            self.module.types.pointee(ty),
            Some((AddressSpace::Constant, _))
        )
    }
}
