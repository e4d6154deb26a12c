//! The IR module: types, program-scope variables and functions whose bodies are structured
//! blocks of statements.

use crate::op::{MemFence, Op, ValueId};
use crate::span::{SourceSpan, SpanTable};
use crate::types::{AddressSpace, ScalarType, TypeId, TypeTable};

/// A function of the module.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// A function-local variable (private, or `__local` when declared in a kernel).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct LocalId(pub u32);

/// A program-scope variable.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct GlobalId(pub u32);

/// A sequence of statements.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Block {
    /// The statements, executed in order.
    pub stmts: Vec<Stmt>,
}

impl Block {
    /// An empty block.
    pub fn new() -> Self {
        Self::default()
    }
}

/// A statement. Control flow is structured: a value defined by `Let` is visible after its
/// definition in the same block and in the blocks nested inside it, never elsewhere.
#[derive(Clone, PartialEq, Debug)]
pub enum Stmt {
    /// Computes `op` and names the result `value` (whose type may be void for calls).
    Let {
        /// The defined value.
        value: ValueId,
        /// What is computed.
        op: Op,
    },
    /// Writes `value` to memory at `ptr`.
    Store {
        /// The address written.
        ptr: ValueId,
        /// The value stored (of the pointee type).
        value: ValueId,
    },
    /// Two-way branch on a scalar bool.
    If {
        /// The condition.
        cond: ValueId,
        /// Runs when the condition holds.
        then_body: Block,
        /// Runs otherwise.
        else_body: Block,
    },
    /// A loop: `body` runs, then `continuing` (also reached by `Continue`), then the loop
    /// exits if `break_if` (a bool defined at the top level of `continuing`) holds, and
    /// repeats otherwise. `Break` leaves the innermost loop.
    Loop {
        /// The loop body.
        body: Block,
        /// Runs after each iteration of the body and on `continue`.
        continuing: Block,
        /// Exit condition evaluated after `continuing`.
        break_if: Option<ValueId>,
        /// What the source asked of unrolling (`#pragma unroll`, `opencl_unroll_hint`).
        unroll: Unroll,
    },
    /// Leaves the innermost loop.
    Break,
    /// Jumps to the `continuing` block of the innermost loop.
    Continue,
    /// Returns from the function.
    Return(Option<ValueId>),
    /// A work-group barrier: every work-item of the group reaches it before any passes.
    Barrier {
        /// Memory ordered by the barrier.
        fence: MemFence,
    },
    /// A memory fence of the work-item (`mem_fence`, `read_mem_fence`, `write_mem_fence`):
    /// orders its own loads and stores to the named memories; no synchronization.
    Fence {
        /// Memory ordered.
        fence: MemFence,
    },
    /// A multi-way branch on an integer: runs the first case whose values contain the
    /// selector (or the default case), then the following cases while `fall_through` is set.
    /// `Break` inside a case leaves the switch; `Continue` applies to the enclosing loop.
    Switch {
        /// The integer (scalar) selector.
        selector: ValueId,
        /// The cases in source order.
        cases: Vec<SwitchCase>,
    },
}

/// The source's request about unrolling a loop: `#pragma unroll` (full), `#pragma unroll N`
/// and `__attribute__((opencl_unroll_hint(N)))` (by N; 1 means not at all), `#pragma
/// nounroll`. Printed after `loop` as `unroll`, `unroll(N)` or `nounroll`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum Unroll {
    /// No request: the optimiser's cost model decides.
    #[default]
    Auto,
    /// Do not unroll.
    Never,
    /// Unroll completely (when the trip count is known at compile time).
    Full,
    /// Unroll by this factor (at least 2).
    Count(u32),
}

/// One arm of a [`Stmt::Switch`].
#[derive(Clone, PartialEq, Debug)]
pub struct SwitchCase {
    /// Selector values that enter this case (interpreted in the selector's type).
    pub values: Vec<i64>,
    /// True for the `default:` case (at most one per switch).
    pub is_default: bool,
    /// The statements of the case.
    pub body: Block,
    /// Execution continues into the next case after the body (C fall-through).
    pub fall_through: bool,
}

/// A function parameter.
#[derive(Clone, PartialEq, Debug)]
pub struct Param {
    /// Source name (for readability and kernel argument info).
    pub name: String,
    /// Its type.
    pub ty: TypeId,
    /// The value that stands for it in the body.
    pub value: ValueId,
    /// The type as the source spelled it (e.g. `float*`), for kernel argument info.
    pub type_name: String,
    /// The pointee was declared `const` (kernel argument info; no writes through it).
    pub is_const: bool,
    /// The pointer was declared `restrict`.
    pub is_restrict: bool,
}

/// A variable of a function, accessed through `Op::LocalAddr`.
#[derive(Clone, PartialEq, Debug)]
pub struct Local {
    /// Source name.
    pub name: String,
    /// The stored type.
    pub ty: TypeId,
    /// `Private` (one per work-item) or `Local` (one per work-group; kernels only).
    pub space: AddressSpace,
}

/// Attributes of a kernel that runtimes and backends need.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct KernelAttrs {
    /// `reqd_work_group_size(x, y, z)`.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// `work_group_size_hint(x, y, z)`.
    pub work_group_size_hint: Option<[u32; 3]>,
    /// `vec_type_hint(T)`: the element type and lane count (1 for a scalar) of T.
    pub vec_type_hint: Option<(ScalarType, u8)>,
    /// The kernel `opt::coarsen_groups` made from this one, which computes the local id in
    /// several work-groups per invocation. Printed as `groups_variant("NAME", DIM, FACTOR)`.
    pub groups_variant: Option<GroupsVariant>,
    /// Set on such a variant: the name of the kernel it was made from (the source has no
    /// kernel of its own name). Printed as `variant_of("NAME")`.
    pub variant_of: Option<String>,
}

/// A kernel's variant that computes its local id in `factor` consecutive work-groups
/// along `dim` per invocation (see `opt::coarsen_groups`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GroupsVariant {
    /// The variant kernel's name.
    pub kernel: String,
    /// The dimension whose work-groups it computes several of.
    pub dim: u32,
    /// How many work-groups each invocation computes.
    pub factor: u32,
}

/// Whether a function is a kernel entry point or a helper.
#[derive(Clone, PartialEq, Debug)]
pub enum FunctionKind {
    /// A `__kernel` function (returns void).
    Kernel(KernelAttrs),
    /// A helper callable from kernels and other helpers.
    Helper,
}

/// A function: parameters, variables, value types and a structured body.
#[derive(Clone, PartialEq, Debug)]
pub struct Function {
    /// Source name.
    pub name: String,
    /// Kernel or helper.
    pub kind: FunctionKind,
    /// Parameters in order.
    pub params: Vec<Param>,
    /// Result type (void for kernels).
    pub ret: TypeId,
    /// Variables, indexed by [`LocalId`].
    pub locals: Vec<Local>,
    /// The type of every value, indexed by [`ValueId`].
    pub value_types: Vec<TypeId>,
    /// The body.
    pub body: Block,
    /// A routine of oclc's built-in library (linked in by [`crate::library::link`]), not
    /// the user's code: exact float rules apply to it whatever the user's math options, and
    /// inlining may treat it as opaque. Printed as `library` after the result type.
    pub is_library: bool,
    /// Declared but not defined in the program (a prototype that calls use and no file
    /// defines): the body is empty and stays so; the module's consumer supplies the function
    /// (SPIR-V for OpenCL imports it by name, `LinkageAttributes ... Import`, as clang-14 +
    /// llvm-spirv-14 do). Targets that cannot import refuse calls to it
    /// ([`crate::legalize::RefuseImports`]). Printed as `import` after the result type.
    pub is_import: bool,
    /// The source span of the values the lowering made for source expressions (for
    /// errors); not part of the IR text form.
    pub spans: SpanTable,
}

impl Function {
    /// True for kernels.
    pub fn is_kernel(&self) -> bool {
        matches!(self.kind, FunctionKind::Kernel(_))
    }

    /// The source span of a value, if it has one.
    pub fn span(&self, v: ValueId) -> Option<SourceSpan> {
        self.spans.get(v)
    }

    /// The type of a value.
    pub fn value_type(&self, v: ValueId) -> TypeId {
        self.value_types[v.0 as usize]
    }

    /// Allocates a new value of type `ty`.
    pub fn new_value(&mut self, ty: TypeId) -> ValueId {
        self.value_types.push(ty);
        ValueId(self.value_types.len() as u32 - 1)
    }

    /// Appends `let value: ty = op` (a new value) to `out` and returns the value: how the
    /// passes that rewrite statement lists build their replacements.
    pub fn push_let(&mut self, out: &mut Vec<Stmt>, ty: TypeId, op: Op) -> ValueId {
        let value = self.new_value(ty);
        out.push(Stmt::Let { value, op });
        value
    }

    /// Adds a variable.
    pub fn new_local(
        &mut self,
        name: impl Into<String>,
        ty: TypeId,
        space: AddressSpace,
    ) -> LocalId {
        self.locals.push(Local {
            name: name.into(),
            ty,
            space,
        });
        LocalId(self.locals.len() as u32 - 1)
    }

    /// The variable behind an id.
    pub fn local(&self, id: LocalId) -> &Local {
        &self.locals[id.0 as usize]
    }
}

/// A program-scope variable (`__constant` data, or program-scope `__global` in CL2.0).
#[derive(Clone, PartialEq, Debug)]
pub struct Global {
    /// Source name.
    pub name: String,
    /// The stored type.
    pub ty: TypeId,
    /// Where it lives.
    pub space: AddressSpace,
    /// Initial contents, if initialized: the leading raw little-endian bytes of `ty`'s
    /// layout (the lowering keeps them up to the last non-zero one); the bytes after them,
    /// up to the layout's size, are zero. Never longer than the layout.
    pub init: Option<Vec<u8>>,
}

/// A whole program in IR form.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// All types used.
    pub types: TypeTable,
    /// Program-scope variables, indexed by [`GlobalId`].
    pub globals: Vec<Global>,
    /// Functions, indexed by [`FuncId`]; callees need not precede callers.
    pub functions: Vec<Function>,
    /// Some memory accesses of the program may be volatile (the source says `volatile`;
    /// the IR does not mark accesses one by one): optimisations then neither remove, merge,
    /// move nor forward any load or store of `__global`, `__local`, `__constant` or generic
    /// memory. Printed as a first line `module volatile_memory`.
    pub volatile_memory: bool,
}

impl Module {
    /// An empty module.
    pub fn new() -> Self {
        Self::default()
    }

    /// The function behind an id.
    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.0 as usize]
    }

    /// The kernels of the module with their ids.
    pub fn kernels(&self) -> impl Iterator<Item = (FuncId, &Function)> {
        self.functions
            .iter()
            .enumerate()
            .filter(|(_, f)| f.is_kernel())
            .map(|(i, f)| (FuncId(i as u32), f))
    }

    /// Looks a function up by name.
    pub fn find_function(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .position(|f| f.name == name)
            .map(|i| FuncId(i as u32))
    }
}

impl Stmt {
    /// This statement as a loop's exit test, `if c { break } else { rest }` as
    /// `(c, true, rest)` and `if c { rest } else { break }` as `(c, false, rest)`: the
    /// condition, whether the loop leaves when it holds, and the other branch.
    pub fn exit_test(&self) -> Option<(ValueId, bool, &[Stmt])> {
        let Stmt::If {
            cond,
            then_body,
            else_body,
        } = self
        else {
            return None;
        };
        match (&then_body.stmts[..], &else_body.stmts[..]) {
            ([Stmt::Break], rest) => Some((*cond, true, rest)),
            (rest, [Stmt::Break]) => Some((*cond, false, rest)),
            _ => None,
        }
    }

    /// The blocks nested directly in this statement (then/else, body/continuing, cases),
    /// without building a list.
    pub fn child_blocks(&self) -> impl DoubleEndedIterator<Item = &Block> {
        let (pair, cases): ([Option<&Block>; 2], &[SwitchCase]) = match self {
            Stmt::If {
                then_body,
                else_body,
                ..
            } => ([Some(then_body), Some(else_body)], &[]),
            Stmt::Loop {
                body, continuing, ..
            } => ([Some(body), Some(continuing)], &[]),
            Stmt::Switch { cases, .. } => ([None, None], cases),
            _ => ([None, None], &[]),
        };
        pair.into_iter()
            .flatten()
            .chain(cases.iter().map(|c| &c.body))
    }

    /// The blocks nested directly in this statement (then/else, body/continuing, cases), for
    /// passes that rewrite a block and recurse into the blocks of its statements.
    pub fn child_blocks_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut Block> {
        let (pair, cases): ([Option<&mut Block>; 2], &mut [SwitchCase]) = match self {
            Stmt::If {
                then_body,
                else_body,
                ..
            } => ([Some(then_body), Some(else_body)], &mut []),
            Stmt::Loop {
                body, continuing, ..
            } => ([Some(body), Some(continuing)], &mut []),
            Stmt::Switch { cases, .. } => ([None, None], cases),
            _ => ([None, None], &mut []),
        };
        pair.into_iter()
            .flatten()
            .chain(cases.iter_mut().map(|c| &mut c.body))
    }
}

/// Calls `visit` on every statement of `block` and of the blocks nested in it, outermost
/// first.
pub fn walk_stmts<'a, F: FnMut(&'a Stmt) + ?Sized>(block: &'a Block, visit: &mut F) {
    walk_stmt_list(&block.stmts, visit)
}

/// How many statements `stmts` hold, nested ones included (a size measure for budgets).
pub fn count_stmts(stmts: &[Stmt]) -> usize {
    let mut n = 0;
    walk_stmt_list(stmts, &mut |_| n += 1);
    n
}

/// [`walk_stmts`] over a list of statements (part of a block).
pub fn walk_stmt_list<'a, F: FnMut(&'a Stmt) + ?Sized>(stmts: &'a [Stmt], visit: &mut F) {
    for stmt in stmts {
        visit(stmt);
        match stmt {
            Stmt::If {
                then_body,
                else_body,
                ..
            } => {
                walk_stmts(then_body, visit);
                walk_stmts(else_body, visit);
            }
            Stmt::Loop {
                body, continuing, ..
            } => {
                walk_stmts(body, visit);
                walk_stmts(continuing, visit);
            }
            Stmt::Switch { cases, .. } => {
                for c in cases {
                    walk_stmts(&c.body, visit);
                }
            }
            _ => {}
        }
    }
}
