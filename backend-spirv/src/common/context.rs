//! The state of one module under construction: the rspirv builder plus the tables that
//! deduplicate types, constants and variables and record what each function uses.

use oclc_ir::fx::HashMap;
use std::collections::{BTreeMap, BTreeSet};

use oclc_ir::{FuncId, Module, ScalarType, TypeId};
use rspirv::dr::{Builder, Instruction, Operand};
use rspirv::spirv::{Capability, Op, StorageClass, Word};

use super::workitem::Builtin;

/// Which kind of SPIR-V module is built.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Flavour {
    /// OpenCL kernels (Kernel capability, physical addressing).
    OpenCl,
    /// Vulkan compute shaders (Shader capability, PhysicalStorageBuffer64 addressing).
    Vulkan,
}

/// Module state that only the Vulkan flavour uses.
#[derive(Default)]
pub(crate) struct VulkanState {
    /// Built-in input variables (`uvec3`) by built-in number.
    pub builtins: HashMap<u32, Word>,
    /// The `WorkgroupSize` built-in: a spec-constant composite (spec ids 0, 1, 2).
    pub workgroup_size: Option<Word>,
    /// Private copies of the launch parameters (global offset, global size: `uvec3`;
    /// work dimension: `uint`), written at each kernel entry.
    pub launch_vars: Option<[Word; 3]>,
    /// Pointers into Function or Workgroup memory that point into an array: the array
    /// pointer and the 32-bit element index, so that pointer arithmetic can be
    /// re-expressed as an access chain.
    pub array_ptrs: HashMap<Word, (Word, Word)>,
    /// Pointer types already decorated with `ArrayStride`.
    pub strided_ptrs: BTreeSet<Word>,
    /// Types already decorated with their explicit layout.
    pub laid_out: BTreeSet<Word>,
    /// The argument layout of the kernel entry point being emitted.
    pub entry: Option<crate::vulkan::KernelReflection>,
    /// Offset of each program-scope `__constant` variable in the constant image.
    pub constant_offsets: Vec<u64>,
    /// The Private variable holding the constant image's device address.
    pub constant_base: Option<Word>,
    /// Image and sampler values of the kernel being emitted.
    pub images: crate::vulkan::image_descriptors::ImageState,
    /// Integer values of the function being emitted known to be non-negative (pointer
    /// offsets by them stay `OpPtrAccessChain`).
    pub nonneg: oclc_ir::fx::HashSet<oclc_ir::ValueId>,
    /// `ptr_offset` indices of the function being emitted that are a part that may be
    /// negative plus a non-negative part (emitted as address arithmetic for the first and
    /// `OpPtrAccessChain` for the second).
    pub split_offsets: HashMap<oclc_ir::ValueId, (oclc_ir::ValueId, oclc_ir::ValueId)>,
    /// How `__global`/`__constant` pointer offsets are emitted.
    pub offset_form: crate::vulkan::OffsetForm,
    /// Whether signed `int`/`long` arithmetic of user code is decorated `NoSignedWrap`.
    pub no_signed_wrap: bool,
    /// When some kernel runs several work-items per invocation: the specialization
    /// constant of the count and the Private variable of the x offset of the work-item
    /// being run (see `crate::vulkan::items`).
    pub items: Option<crate::vulkan::items::ItemsState>,
    /// When some kernel may run several synchronising work-groups as one workgroup: the
    /// specialization constant of their count (see `crate::vulkan::merged_groups`).
    pub merged_groups: Option<Word>,
    /// When some function reads `rows_per_invocation`: its specialization constant (see
    /// `crate::vulkan::rows`).
    pub rows_per_invocation: Option<Word>,
}

impl ModuleCtx<'_> {
    /// Fails with the first construct that the Vulkan flavour found inexpressible while
    /// building types (they are recorded, not returned, where types are built).
    pub fn check_vk_errors(&mut self) -> crate::error::Result<()> {
        match self.vk_errors.first() {
            Some(e) => crate::error::unsupported(format!("{e} on Vulkan")),
            None => Ok(()),
        }
    }
}

/// Everything shared between the functions of one module.
pub(crate) struct ModuleCtx<'m> {
    /// The IR module being emitted.
    pub ir: &'m Module,
    /// The module flavour.
    pub flavour: Flavour,
    /// The SPIR-V version being targeted.
    pub version: (u8, u8),
    /// `-cl-fast-relaxed-math`: leave user float arithmetic without `NoContraction`
    /// (Vulkan flavour).
    pub fast_math: bool,
    /// The `FPFastMathMode` of float arithmetic (OpenCL flavour; see
    /// [`crate::SpirvOptions::fp_fast_math_mode`]).
    pub fp_fast_math: rspirv::spirv::FPFastMathMode,
    /// The underlying builder.
    pub b: Builder,
    /// The extended instruction set import (`OpenCL.std`, or `GLSL.std.450` for Vulkan).
    pub ext: Word,
    /// State of the Vulkan flavour (unused by the OpenCL flavour).
    pub vk: VulkanState,
    /// Constructs met while building types that the Vulkan flavour cannot express.
    pub vk_errors: Vec<String>,
    /// Capabilities required so far (kept ordered for determinism).
    pub caps: BTreeMap<u32, Capability>,
    /// IR type (in memory form when the flag is set) to SPIR-V type.
    pub type_ids: HashMap<(TypeId, bool), Word>,
    /// (scalar, lanes, in-memory) to SPIR-V type.
    pub shape_ids: HashMap<(ScalarType, u8, bool), Word>,
    /// (storage class, pointee) to pointer type (rspirv's builder finds an existing type by
    /// scanning every type and constant, which made modules with many constants slow).
    pub pointer_ids: HashMap<(StorageClass, Word), Word>,
    /// (type, bits) to scalar constant.
    pub scalar_consts: HashMap<(Word, u64), Word>,
    /// (type, parts) to composite constant.
    pub composite_consts: HashMap<(Word, Vec<Word>), Word>,
    /// Raw bits of each scalar constant id (to fold vectors and shift masks).
    pub scalar_const_ids: HashMap<Word, u64>,
    /// Type to OpConstantNull.
    pub null_consts: HashMap<Word, Word>,
    /// Function types by (result, parameters).
    pub fn_types: HashMap<(Word, Vec<Word>), Word>,
    /// Built-in input variables created so far.
    pub builtins: HashMap<Builtin, Word>,
    /// Program-scope variables, indexed like `Module::globals`.
    pub globals: Vec<Word>,
    /// The pointer type each program-scope variable's address is cast to where the
    /// variable is declared with a storage type of its own (OpenCL flavour), by global.
    pub global_casts: Vec<Option<Word>>,
    /// SPIR-V id of the callable (non-entry) version of each IR function.
    pub helper_ids: Vec<Word>,
    /// Module-scope variables each emitted SPIR-V function references directly.
    pub uses: HashMap<Word, BTreeSet<Word>>,
    /// SPIR-V functions each emitted SPIR-V function calls.
    pub calls: HashMap<Word, BTreeSet<Word>>,
    /// Module-scope variables with Input or Output storage.
    pub io_vars: BTreeSet<Word>,
    /// IR functions called from somewhere in the module.
    pub called: BTreeSet<FuncId>,
    /// `OpConstantSampler` ids by `CLK_*` pattern.
    pub sampler_consts: HashMap<u32, Word>,
    /// Debug information (`-g`; see [`super::debug`]).
    pub(crate) debug: Option<Box<super::debug::DebugInfo>>,
}

impl<'m> ModuleCtx<'m> {
    /// A fresh context with the extended instruction set imported.
    pub fn new(ir: &'m Module, flavour: Flavour, version: (u8, u8)) -> Self {
        let mut b = Builder::new();
        b.set_version(version.0, version.1);
        let ext = b.ext_inst_import(match flavour {
            Flavour::OpenCl => "OpenCL.std",
            Flavour::Vulkan => "GLSL.std.450",
        });
        ModuleCtx {
            ir,
            flavour,
            version,
            fast_math: false,
            fp_fast_math: rspirv::spirv::FPFastMathMode::NONE,
            b,
            ext,
            vk: VulkanState::default(),
            vk_errors: Vec::new(),
            caps: BTreeMap::new(),
            type_ids: HashMap::default(),
            shape_ids: HashMap::default(),
            pointer_ids: HashMap::default(),
            scalar_consts: HashMap::default(),
            composite_consts: HashMap::default(),
            scalar_const_ids: HashMap::default(),
            null_consts: HashMap::default(),
            fn_types: HashMap::default(),
            builtins: HashMap::default(),
            globals: Vec::new(),
            global_casts: Vec::new(),
            helper_ids: Vec::new(),
            uses: HashMap::default(),
            calls: HashMap::default(),
            io_vars: BTreeSet::new(),
            called: BTreeSet::new(),
            sampler_consts: HashMap::default(),
            debug: None,
        }
    }

    /// Records that a capability is needed.
    pub fn require(&mut self, cap: Capability) {
        self.caps.insert(cap as u32, cap);
    }

    /// Declares a module-scope `OpVariable` (even while a function is being built).
    pub fn global_variable(
        &mut self,
        ptr_ty: Word,
        storage: StorageClass,
        init: Option<Word>,
    ) -> Word {
        let id = self.b.id();
        let mut operands = vec![Operand::StorageClass(storage)];
        if let Some(init) = init {
            operands.push(Operand::IdRef(init));
        }
        let inst = Instruction::new(Op::Variable, Some(ptr_ty), Some(id), operands);
        self.b.module_mut().types_global_values.push(inst);
        if matches!(storage, StorageClass::Input | StorageClass::Output) {
            self.io_vars.insert(id);
        }
        id
    }

    /// Module-scope variables reachable from the SPIR-V function `f` through calls.
    pub fn transitive_uses(&self, f: Word) -> BTreeSet<Word> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![f];
        let mut out = BTreeSet::new();
        while let Some(g) = stack.pop() {
            if !seen.insert(g) {
                continue;
            }
            if let Some(u) = self.uses.get(&g) {
                out.extend(u.iter().copied());
            }
            if let Some(c) = self.calls.get(&g) {
                stack.extend(c.iter().copied());
            }
        }
        out
    }
}

impl ModuleCtx<'_> {
    /// Allocates result ids for the module's functions: an entry-point id for each kernel
    /// (returned, by function index) and a callable-function id for each helper and each
    /// kernel that is called (kept in `helper_ids`, 0 where none); records the called set.
    pub fn assign_function_ids(&mut self) -> Vec<Option<Word>> {
        let module = self.ir;
        let mut called = BTreeSet::new();
        for f in &module.functions {
            oclc_ir::walk_stmts(&f.body, &mut |s| {
                if let oclc_ir::Stmt::Let {
                    op: oclc_ir::Op::Call { func, .. },
                    ..
                } = s
                {
                    called.insert(*func);
                }
            });
        }
        let mut entry_ids = Vec::with_capacity(module.functions.len());
        for (i, f) in module.functions.iter().enumerate() {
            let entry = f.is_kernel().then(|| self.b.id());
            let callable = if !f.is_kernel() || called.contains(&FuncId(i as u32)) {
                self.b.id()
            } else {
                0
            };
            entry_ids.push(entry);
            self.helper_ids.push(callable);
        }
        self.called = called;
        entry_ids
    }
}
