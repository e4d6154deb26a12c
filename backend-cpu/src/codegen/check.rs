//! The checks of a checked kernel ([`crate::check`]): each access compares its address with
//! the bounds of the object its pointer points into and with its element's alignment, each
//! integer division its divisor with zero; a failed check calls the report routine on a
//! cold path, and an out-of-bounds access goes to the launch's spare area instead.

use std::collections::HashMap;

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    types, InstBuilder, MemFlagsData, Signature, StackSlotData, StackSlotKind, Value,
};
use cranelift_codegen::isa::CallConv;
use oclc_ir::{AddressSpace, SourceSpan, ValueId};

use super::Tx;
use crate::check::global::{ParamShadow, GLOBAL_ACCESS_SYMBOL, WRITE_ONLY};
use crate::check::provenance::{Provenance, Root};
use crate::check::shadow::{
    EPOCH_SYMBOL, FLAG_ATOMIC, FLAG_PADDED, FLAG_READS_OLD, FLAG_WRITE, LOCAL_ACCESS_SYMBOL,
    SHIFT_AT, SITE_SCALE,
};
use crate::check::sink::{table_offsets, REPORT_SYMBOL, SPARE_BYTES};
use crate::check::site::{CheckObject, CheckSite, DefectKind};
use crate::check::ProvenAccess;
use crate::error::CompileError;

/// What a checked kernel's translation keeps.
pub(crate) struct CheckCx {
    /// The roots of the kernel's pointers.
    pub prov: Provenance,
    /// The launch's [`crate::check::sink::CheckTable`].
    pub table: Value,
    /// The byte length of each pointer parameter's object.
    pub param_len: Vec<Option<Value>>,
    /// The spare area.
    pub spare: Value,
    /// The thread's shadow of `__local` memory.
    pub shadow: Value,
    /// The type and name of each program-scope variable.
    pub globals: Vec<(oclc_ir::TypeId, String)>,
    /// Private variables stored before every load (no load can read what nothing wrote),
    /// which need no shadow.
    pub initialised: oclc_ir::fx::HashSet<oclc_ir::LocalId>,
    /// The variable each `local_addr` value addresses.
    pub addr_of: oclc_ir::fx::HashMap<ValueId, oclc_ir::LocalId>,
    /// The written-yet flag of each promoted private variable a load may find unwritten
    /// (see `check_init`).
    pub init_flags: HashMap<u32, cranelift_frontend::Variable>,
    /// Loads that are the read half of a write to some components of a vector variable.
    pub component_loads: oclc_ir::fx::HashSet<ValueId>,
    /// By parameter: the `__global` buffers that get a shadow ([`crate::check::global`]).
    pub global_shadow: Vec<Option<ParamShadow>>,
    /// The launch's [`crate::check::sink::CheckTable::multi_dim`], when a buffer's shadow
    /// depends on it.
    pub multi_dim: Option<Value>,
    /// Pointers to a work-item's own element of a buffer parameter, with its number
    /// ([`crate::check::global::own_element_ptrs`]).
    pub own_element: HashMap<ValueId, usize>,
    /// Pointers aligned by construction ([`crate::check::aligned`]), with their alignment.
    pub aligned: HashMap<ValueId, u64>,
    /// Pointers less aligned than their pointee (members of packed structs): their
    /// accesses are checked against the alignment they may claim, not the element's.
    pub under_aligned: oclc_ir::analysis::AccessAlign,
    /// The log2 of each `__local` shadow area's granule ([`crate::check::granule`]).
    pub local_shifts: HashMap<u64, u32>,
    /// Call the check routines through their cold entries ([`super::check_cold`]).
    pub cold_entries: bool,
    /// Where the check routines' cold entries put their results (made at the first call).
    pub result_slot: Option<cranelift_codegen::ir::StackSlot>,
    /// The bound each access of a parameter's object compares its offset with, by
    /// parameter and bytes accessed ([`Tx::start_limit`]), computed in the entry block.
    pub param_limits: HashMap<(usize, u64), Value>,
}

/// An access that checked code records inline when it can ([`crate::check::fast`]).
#[derive(Clone, Copy)]
enum Inline {
    /// Of one cell of `__local` area `area`, whose cells cover `1 << shift` bytes: a plain
    /// read or write, or (`atomic`) an atomic operation that writes.
    Local {
        area: u64,
        shift: u32,
        write: bool,
        atomic: bool,
    },
    /// A store of one cell of write-only `__global` buffer `param`.
    GlobalStore { param: u64, shift: u64 },
}

/// The signature of the check routines: `n` 64-bit operands, and a 64-bit result when
/// `returns` (non-zero: stop the work-group, `--check=stop` found a defect).
pub fn i64_signature(n: usize, returns: bool, call_conv: CallConv) -> Signature {
    let mut sig = Signature::new(call_conv);
    for _ in 0..n {
        sig.params
            .push(cranelift_codegen::ir::AbiParam::new(types::I64));
    }
    if returns {
        sig.returns
            .push(cranelift_codegen::ir::AbiParam::new(types::I64));
    }
    sig
}

/// The object an access may touch.
struct Bounds {
    /// Its first byte.
    base: Value,
    /// Its length in bytes.
    len: Value,
    /// What it is.
    object: CheckObject,
    /// Its size, when the compiler knows it.
    object_size: Option<u64>,
    /// For `__local` memory: the shadow area and the address its offsets count from.
    shadow: Option<(u64, Value)>,
    /// For a `__global` buffer with a shadow: the parameter and how.
    global: Option<(u64, ParamShadow)>,
    /// The parameter whose object it is.
    param: Option<usize>,
}

/// One memory access to check.
pub(crate) struct Access {
    /// The IR pointer.
    pub ptr: ValueId,
    /// Its address.
    pub addr: Value,
    /// Bytes accessed.
    pub size: u64,
    /// The element size the address must be a multiple of.
    pub align: u64,
    /// A write (else a read).
    pub write: bool,
    /// An atomic access.
    pub atomic: bool,
    /// An atomic access that reads the value it replaces (all but loads, stores and
    /// exchanges).
    pub reads_old: bool,
    /// A vector or aggregate, which may have bytes nothing writes (padding).
    pub padded: bool,
    /// Where the source made it.
    pub span: Option<SourceSpan>,
}

impl Tx<'_, '_, '_> {
    /// Loads the check table's fields in the entry block (checked kernels).
    pub(super) fn start_checks(&mut self, module: &oclc_ir::Module, table_offset: u64) {
        let ro = MemFlagsData::trusted().with_readonly();
        let table = self
            .b
            .ins()
            .load(types::I64, ro, self.args, table_offset as i32);
        let lens = self
            .b
            .ins()
            .load(types::I64, ro, table, table_offsets::PARAM_LEN);
        let spare = self
            .b
            .ins()
            .load(types::I64, ro, table, table_offsets::SPARE);
        let shadow = self
            .b
            .ins()
            .load(types::I64, ro, self.args, table_offset as i32 + 8);
        let one = self.b.ins().iconst(types::I64, 1);
        let epoch = self.runtime_ref(EPOCH_SYMBOL);
        self.b.ins().call(epoch, &[shadow, one]);
        let param_len: Vec<Option<Value>> = self
            .f
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| {
                self.types
                    .pointee(p.ty)
                    .map(|_| self.b.ins().load(types::I64, ro, lens, 8 * i as i32))
            })
            .collect();
        self.start_barrier_checks();
        let vars = oclc_ir::analysis::variables(self.f, self.types);
        let prov = crate::check::provenance::analyze(self.types, self.f);
        let global_shadow = crate::check::global::shadowed_params(self.types, self.f, &prov);
        let param_limits = crate::check::sizes::param_access_sizes(self.types, self.f, &prov)
            .into_iter()
            .filter_map(|(i, size)| {
                let len = param_len.get(i).copied().flatten()?;
                Some(((i, size), self.start_limit(len, size)))
            })
            .collect();
        let multi_dim = global_shadow
            .iter()
            .flatten()
            .any(|g| g.own_element)
            .then(|| {
                self.b
                    .ins()
                    .load(types::I64, ro, table, table_offsets::MULTI_DIM)
            });
        let local_shifts = crate::check::granule::local_shifts(
            self.types,
            self.f,
            &prov,
            &self.plan.local_offsets,
        );
        self.check = Some(CheckCx {
            cold_entries: super::check_cold::wants_cold_entries(self.types, self.f),
            param_limits,
            result_slot: None,
            local_shifts,
            own_element: crate::check::global::own_element_ptrs(self.types, self.f),
            aligned: crate::check::aligned::aligned_ptrs(self.types, self.f),
            under_aligned: oclc_ir::analysis::AccessAlign::of_function(self.types, self.f),
            global_shadow,
            multi_dim,
            // Variables that pointers without a root may write count as written: their
            // writes are not seen (a missing root may hide a defect, never invent one).
            initialised: oclc_ir::analysis::initialised_before_loads(self.f, &vars)
                .into_iter()
                .chain(prov.reached_unseen(self.types, self.f))
                .collect(),
            addr_of: oclc_ir::analysis::local_addresses(self.f),
            init_flags: HashMap::new(),
            component_loads: oclc_ir::analysis::initialised::component_write_loads(self.f, &vars),
            prov,
            table,
            param_len,
            spare,
            shadow,
            globals: module
                .globals
                .iter()
                .map(|g| (g.ty, g.name.clone()))
                .collect(),
        });
    }

    /// The [`Access`] of `ty` through `ptr` (address `addr`) located at value `at`'s span
    /// (or `ptr`'s).
    pub(crate) fn access(
        &self,
        ptr: ValueId,
        addr: Value,
        ty: oclc_ir::TypeId,
        write: bool,
        at: ValueId,
    ) -> Access {
        let size = self.types.layout(ty).size;
        let element_align = self
            .types
            .scalar_of(ty)
            .map_or(1, |s| u64::from(s.bits().max(8) / 8));
        let align = match &self.check {
            Some(cx) if cx.under_aligned.is_under_aligned(ptr) => element_align
                .min(cx.under_aligned.pointer(self.types, self.f, ptr))
                .max(1),
            _ => element_align,
        };
        Access {
            ptr,
            addr,
            size,
            align,
            write,
            atomic: false,
            reads_old: false,
            padded: !matches!(self.types.get(ty), oclc_ir::Type::Scalar(_)),
            span: self.f.span(at).or(self.f.span(ptr)),
        }
    }

    /// Registers a check site and returns its number.
    pub(super) fn add_site(&mut self, site: CheckSite) -> u64 {
        self.env.check_sites.push(site);
        (self.env.check_sites.len() - 1) as u64
    }

    /// Branches to a cold report of `site` (with `detail`) unless `ok` holds.
    pub(super) fn report_unless(&mut self, ok: Value, site: u64, detail: Value) {
        let site = self.b.ins().iconst(types::I64, site as i64);
        self.report_unless_at(ok, site, detail, None);
    }

    /// [`Tx::report_unless`] with the site number computed at run time, for the current
    /// work-item or the one with local ids `lids`.
    pub(super) fn report_unless_at(
        &mut self,
        ok: Value,
        site_v: Value,
        detail: Value,
        lids: Option<[Value; 3]>,
    ) {
        if self.check.is_none() {
            return;
        }
        let bad = self.b.create_block();
        let cont = self.b.create_block();
        self.b.ins().brif(ok, cont, &[], bad, &[]);
        self.b.switch_to_block(bad);
        self.b.set_cold_block(bad);
        let stop = self.report_call(site_v, detail, lids);
        self.b.ins().brif(stop, self.exit, &[], cont, &[]);
        self.b.switch_to_block(cont);
    }

    /// Reports `site_v` (with `detail`) for the current work-item or the one with local
    /// ids `lids`, here; returns the report routine's result (non-zero: stop).
    fn report_call(&mut self, site_v: Value, detail: Value, lids: Option<[Value; 3]>) -> Value {
        let table = self.check.as_ref().expect("checked").table;
        let lids = match (lids, self.wi) {
            (Some(l), _) => l,
            (None, Some(w)) => w.lid,
            (None, None) => [(); 3].map(|_| self.b.ins().iconst(types::I64, -1)),
        };
        let ctx = self.ctx;
        self.check_call(
            REPORT_SYMBOL,
            &[table, ctx, site_v, lids[0], lids[1], lids[2], detail],
        )
    }

    /// Calls check routine `symbol`, through its entry that keeps the caller's registers
    /// when the kernel wants them ([`super::check_cold`]), and returns the routine's
    /// result.
    fn check_call(&mut self, symbol: &'static str, args: &[Value]) -> Value {
        // The entry, when the kernel wants it and the module has it.
        let cold = super::check_cold::cold_symbol(symbol)
            .filter(|c| self.env.math.contains_key(c))
            .filter(|_| self.check.as_ref().is_some_and(|c| c.cold_entries));
        let Some(cold) = cold else {
            let fref = self.runtime_ref(symbol);
            let call = self.b.ins().call(fref, args);
            return self.b.inst_results(call)[0];
        };
        let slot = match self.check.as_ref().and_then(|c| c.result_slot) {
            Some(slot) => slot,
            None => {
                let slot = self.b.create_sized_stack_slot(StackSlotData::new(
                    StackSlotKind::ExplicitSlot,
                    8,
                    3,
                ));
                if let Some(cx) = self.check.as_mut() {
                    cx.result_slot = Some(slot);
                }
                slot
            }
        };
        let at = self.b.ins().stack_addr(types::I64, slot, 0);
        let fref = self.runtime_ref(cold);
        let mut operands = args.to_vec();
        operands.push(at);
        self.b.ins().call(fref, &operands);
        let at = self.b.ins().stack_addr(types::I64, slot, 0);
        self.b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), at, 0)
    }

    /// The object an access through `ptr` may touch: its start, its length and what it is.
    fn bounds_of(&mut self, ptr: ValueId) -> Result<Option<Bounds>, CompileError> {
        let Some(root) = self.check.as_ref().and_then(|c| c.prov.root(ptr)) else {
            return Ok(None);
        };
        Ok(match root {
            Root::Param(i) => {
                let Some(len) = self.check.as_ref().and_then(|c| c.param_len[i]) else {
                    return Ok(None);
                };
                let p = &self.f.params[i];
                let (space, _) = self.types.pointee(p.ty).expect("a pointer parameter");
                if !matches!(
                    space,
                    AddressSpace::Global | AddressSpace::Constant | AddressSpace::Local
                ) {
                    return Ok(None);
                }
                let object = CheckObject::Param {
                    index: i,
                    name: p.name.clone(),
                };
                let base = self.val1(p.value)?;
                let shadow = (space == AddressSpace::Local).then_some((1 + i as u64, base));
                let global = self
                    .check
                    .as_ref()
                    .and_then(|c| c.global_shadow[i])
                    .map(|g| (i as u64, g));
                Some(Bounds {
                    base,
                    len,
                    object,
                    object_size: None,
                    shadow,
                    global,
                    param: Some(i),
                })
            }
            Root::Local(l) => {
                if self.vars.contains_key(&l.0) {
                    return Ok(None);
                }
                let local = self.f.local(l);
                let size = self.types.layout(local.ty).size;
                let object = CheckObject::Variable {
                    name: local.name.clone(),
                    space: if local.space == AddressSpace::Local {
                        "__local"
                    } else {
                        "private"
                    },
                };
                let base = self.local_addr(l.0)?;
                let len = self.b.ins().iconst(types::I64, size as i64);
                let initialised = self
                    .check
                    .as_ref()
                    .is_some_and(|c| c.initialised.contains(&l));
                let shadow = if local.space == AddressSpace::Local {
                    Some((0, self.local_mem))
                } else if initialised {
                    None
                } else {
                    Some((crate::check::shadow::PRIVATE_AREA + u64::from(l.0), base))
                };
                Some(Bounds {
                    base,
                    len,
                    object,
                    object_size: Some(size),
                    shadow,
                    global: None,
                    param: None,
                })
            }
            Root::Global(g) => {
                let Some(data) = self.env.globals.get(g.0 as usize).copied() else {
                    return Ok(None);
                };
                let Some((ty, name)) = self
                    .check
                    .as_ref()
                    .and_then(|c| c.globals.get(g.0 as usize).cloned())
                else {
                    return Ok(None);
                };
                let size = self.types.layout(ty).size;
                let object = CheckObject::Global { name };
                let gv = self.env.module.declare_data_in_func(data, self.b.func);
                let base = self.b.ins().symbol_value(types::I64, gv);
                let len = self.b.ins().iconst(types::I64, size as i64);
                Some(Bounds {
                    base,
                    len,
                    object,
                    object_size: Some(size),
                    shadow: None,
                    global: None,
                    param: None,
                })
            }
        })
    }

    /// Checks `a` and returns the address to access: `a.addr`, or the spare area when the
    /// access is out of bounds. Unchecked kernels get `a.addr` back unchanged.
    pub(crate) fn checked_access(&mut self, a: Access) -> Result<Value, CompileError> {
        if self.check.is_none() || self.needs_no_check(&a) {
            return Ok(a.addr);
        }
        let first_site = self.env.check_sites.len();
        let proven = self.proven_access(&a);
        let mut addr = a.addr;
        if let Some(Bounds {
            base,
            len,
            object,
            object_size,
            shadow,
            global,
            param,
        }) = self.bounds_of(a.ptr)?
        {
            let off = self.b.ins().isub(a.addr, base);
            let known = param.and_then(|i| {
                let cx = self.check.as_ref()?;
                cx.param_limits.get(&(i, a.size)).copied()
            });
            let limit = match known {
                Some(limit) => limit,
                None => self.start_limit(len, a.size),
            };
            let ok = self.b.ins().icmp(IntCC::UnsignedLessThan, off, limit);
            let kind = if a.write {
                DefectKind::OutOfBoundsWrite
            } else {
                DefectKind::OutOfBoundsRead
            };
            let site = self.add_site(CheckSite {
                kind,
                span: a.span,
                object: object.clone(),
                size: a.size,
                object_size,
            });
            // An access out of bounds reports and goes to the spare area instead (one too
            // large for it goes ahead: the report says where); one in bounds is recorded in
            // the shadows.
            let spare = match a.size as usize <= SPARE_BYTES {
                true => self.check.as_ref().expect("checked").spare,
                false => a.addr,
            };
            let (inside, bad, cont) = (
                self.b.create_block(),
                self.b.create_block(),
                self.b.create_block(),
            );
            self.b.append_block_param(cont, types::I64);
            self.b.ins().brif(ok, inside, &[], bad, &[]);
            self.b.switch_to_block(bad);
            self.b.set_cold_block(bad);
            let site_v = self.b.ins().iconst(types::I64, site as i64);
            let stop = self.report_call(site_v, off, None);
            self.b
                .ins()
                .brif(stop, self.exit, &[], cont, &[spare.into()]);
            self.b.switch_to_block(inside);
            if let Some((area, area_base)) = shadow {
                self.shadow_access(&a, area, area_base, object.clone(), object_size);
            }
            if let Some((param, how)) = global {
                // The work-item's own element: no other work-item of a one-dimensional
                // launch accesses it.
                let record = match self.check.as_ref().and_then(|c| c.multi_dim) {
                    Some(multi) if how.own_element => {
                        Some(self.b.ins().icmp_imm_s(IntCC::NotEqual, multi, 0))
                    }
                    _ => {
                        self.env.check_global_always = true;
                        None
                    }
                };
                let site = self.add_site(CheckSite {
                    kind: DefectKind::GlobalDataRace,
                    span: a.span,
                    object,
                    size: a.size,
                    object_size,
                });
                let flags = site * 4 + u64::from(a.write) + 2 * u64::from(a.atomic);
                let only = if how.write_only { WRITE_ONLY } else { 0 };
                let area = param | how.shift << 16 | only;
                let inline = (how.write_only && a.write && !a.atomic && a.size == 1 << how.shift)
                    .then_some(Inline::GlobalStore {
                        param,
                        shift: how.shift,
                    });
                self.shadow_call_with(
                    record,
                    GLOBAL_ACCESS_SYMBOL,
                    [area, 0, a.size, flags],
                    off,
                    (|_, _, off| off, inline),
                );
            }
            self.b.ins().jump(cont, &[a.addr.into()]);
            self.b.switch_to_block(cont);
            addr = self.b.block_params(cont)[0];
        }
        let aligned = self
            .check
            .as_ref()
            .and_then(|c| c.aligned.get(&a.ptr))
            .is_some_and(|&al| al >= a.align);
        if a.align > 1 && !aligned {
            let low = self.b.ins().band_imm_s(a.addr, (a.align - 1) as i64);
            let ok = self.b.ins().icmp_imm_s(IntCC::Equal, low, 0);
            let site = self.add_site(CheckSite {
                kind: DefectKind::Misaligned,
                span: a.span,
                object: CheckObject::None,
                size: a.size,
                object_size: None,
            });
            self.report_unless(ok, site, a.addr);
        }
        if let Some(p) = proven {
            self.env.check_proven.0.push(p);
            self.env.check_proven.1 += self.env.check_sites.len() - first_site;
        }
        Ok(addr)
    }

    /// The bound below which an access of `size` bytes at an offset inside an object of
    /// `len` bytes must start: `len - size + 1`, 0 when the object is shorter than the
    /// access (`len` for an access of no bytes, which must start inside). One compare
    /// `off < limit` is `off < len && off + size <= len`; the limit depends on the object
    /// alone (a constant for variables; made in the entry block for parameters' objects,
    /// [`CheckCx::param_limits`]).
    fn start_limit(&mut self, len: Value, size: u64) -> Value {
        if size == 0 {
            return len;
        }
        let fits = self
            .b
            .ins()
            .icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, len, size as i64);
        let limit = self.b.ins().iadd_imm_s(len, 1 - size as i64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.ins().select(fits, limit, zero)
    }

    /// The [`ProvenAccess`] of `a` when it is a plain access of the work-item's own element
    /// of a buffer, `p[get_global_id(0)]` of the pointee's size, which records nothing in
    /// the `__global` shadow of one-dimensional launches.
    fn proven_access(&self, a: &Access) -> Option<ProvenAccess> {
        let cx = self.check.as_ref()?;
        let &param = cx.own_element.get(&a.ptr)?;
        let (_, ty) = self.types.pointee(self.f.params[param].ty)?;
        let stride = self.types.layout(ty).size;
        let own = cx.global_shadow[param].is_none_or(|g| g.own_element);
        (own && !a.atomic && a.size == stride && a.align > 0 && stride.is_multiple_of(a.align))
            .then_some(ProvenAccess {
                param,
                stride,
                size: a.size,
                align: a.align,
            })
    }

    /// True for an access that cannot be a defect: a load or store of a whole private
    /// variable at its own address (in bounds and aligned by its layout) that every path
    /// stores before it loads.
    fn needs_no_check(&self, a: &Access) -> bool {
        let Some(cx) = &self.check else { return false };
        let Some(&l) = cx.addr_of.get(&a.ptr) else {
            return false;
        };
        let local = self.f.local(l);
        local.space == AddressSpace::Private
            && cx.initialised.contains(&l)
            && a.size <= self.types.layout(local.ty).size
    }

    /// Records an access of `__local` area `area` (starting at `area_base`), in bounds, in
    /// the shadow, which reports races and uninitialised reads.
    fn shadow_access(
        &mut self,
        a: &Access,
        area: u64,
        area_base: Value,
        object: CheckObject,
        object_size: Option<u64>,
    ) {
        if self.check.is_none() {
            return;
        }
        let site = |tx: &mut Self, kind| {
            tx.add_site(CheckSite {
                kind,
                span: a.span,
                object: object.clone(),
                size: a.size,
                object_size,
            })
        };
        let first = site(self, DefectKind::UninitialisedRead);
        site(self, DefectKind::DataRace);
        let off = self.b.ins().isub(a.addr, area_base);
        let flags = first * SITE_SCALE
            + FLAG_WRITE * u64::from(a.write)
            + FLAG_PADDED * u64::from(a.padded)
            + FLAG_ATOMIC * u64::from(a.atomic)
            + FLAG_READS_OLD * u64::from(a.reads_old);
        let copy = object_size.unwrap_or(0);
        let private = area >= crate::check::shadow::PRIVATE_AREA;
        // Private copies keep a cell per byte; `__local` areas one per granule.
        let shift = match (private, &self.check) {
            (false, Some(cx)) => cx.local_shifts.get(&area).copied().unwrap_or(0),
            _ => 0,
        };
        // Atomic loads always call (they are rare).
        let inline =
            (!private && a.size == 1 << shift && (a.write || !a.atomic)).then_some(Inline::Local {
                area,
                shift,
                write: a.write,
                atomic: a.atomic,
            });
        self.shadow_call_with(
            None,
            LOCAL_ACCESS_SYMBOL,
            [area | u64::from(shift) << SHIFT_AT, 0, a.size, flags],
            off,
            (
                |tx: &mut Self, lin, off| {
                    if !private {
                        return off;
                    }
                    // Each work-item has its own copy: its own cells.
                    let copy = tx.b.ins().imul_imm_s(lin, copy as i64);
                    tx.b.ins().iadd(off, copy)
                },
                inline,
            ),
        );
    }

    /// Calls shadow routine `symbol` (table, context, shadow, `args[0]`, offset `off`
    /// adjusted by `how.0` (given the linear id), `args[2]`, `args[3]`, the work-item's
    /// linear local id), when `when` holds if given, unless `how.1` records the access
    /// inline; leaves the work-group when the routine asks to stop.
    fn shadow_call_with(
        &mut self,
        when: Option<Value>,
        symbol: &'static str,
        args: [u64; 4],
        off: Value,
        how: (
            impl FnOnce(&mut Self, Value, Value) -> Value,
            Option<Inline>,
        ),
    ) {
        let Some(cx) = &self.check else { return };
        let (table, shadow) = (cx.table, cx.shadow);
        let cont = self.b.create_block();
        if let Some(when) = when {
            let record = self.b.create_block();
            self.b.ins().brif(when, record, &[], cont, &[]);
            self.b.switch_to_block(record);
        }
        let lid = match self.wi {
            Some(w) => w.lid,
            None => [(); 3].map(|_| self.b.ins().iconst(types::I64, 0)),
        };
        let [lsx, lsy, _] = self.local_size;
        let lin = self.b.ins().imul(lid[2], lsy);
        let lin = self.b.ins().iadd(lin, lid[1]);
        let lin = self.b.ins().imul(lin, lsx);
        let lin = self.b.ins().iadd(lin, lid[0]);
        let off = (how.0)(self, lin, off);
        if let Some(inline) = how.1 {
            let slow = self.b.create_block();
            self.inline_record(inline, shadow, lin, off, slow, cont);
            self.b.switch_to_block(slow);
            self.b.set_cold_block(slow);
        }
        let [a0, _, a2, a3] = args.map(|n| self.b.ins().iconst(types::I64, n as i64));
        let ctx = self.ctx;
        let stop = self.check_call(symbol, &[table, ctx, shadow, a0, off, a2, a3, lin]);
        self.b.ins().brif(stop, self.exit, &[], cont, &[]);
        self.b.switch_to_block(cont);
    }

    /// Records access `how` at byte `off` of its area by work-item `lin` inline and goes to
    /// `cont` when [`crate::check::fast`] allows it, else to `slow` (the routine); `shadow`
    /// is the thread's [`crate::check::shadow::ThreadShadow`], whose header the code reads.
    fn inline_record(
        &mut self,
        how: Inline,
        shadow: Value,
        lin: Value,
        off: Value,
        slow: cranelift_codegen::ir::Block,
        cont: cranelift_codegen::ir::Block,
    ) {
        use crate::check::fast::{fast_offsets as fo, FAST_AREAS};
        let (views, area, shift, cell_shift) = match how {
            Inline::Local { area, shift, .. } => (fo::LOCAL_VIEWS, area, u64::from(shift), 4),
            Inline::GlobalStore { param, shift } => (fo::GLOBAL_VIEWS, param, shift, 3),
        };
        if area >= FAST_AREAS as u64 {
            self.b.ins().jump(slow, &[]);
            return;
        }
        let flags = MemFlagsData::trusted();
        let at = views + fo::VIEW_SIZE * area as i32;
        let cells = self.b.ins().load(types::I64, flags, shadow, at);
        let len = self.b.ins().load(types::I64, flags, shadow, at + 8);
        let index = self.b.ins().ushr_imm_s(off, shift as i64);
        let mut ok = self.b.ins().icmp(IntCC::UnsignedLessThan, index, len);
        if shift > 0 {
            let low = self.b.ins().band_imm_s(off, (1i64 << shift) - 1);
            let whole = self.b.ins().icmp_imm_s(IntCC::Equal, low, 0);
            ok = self.b.ins().band(ok, whole);
        }
        let probe = self.b.create_block();
        self.b.ins().brif(ok, probe, &[], slow, &[]);
        self.b.switch_to_block(probe);
        let scaled = self.b.ins().ishl_imm_s(index, cell_shift);
        let cell = self.b.ins().iadd(cells, scaled);
        let epoch_at = match how {
            Inline::Local { .. } => fo::LOCAL_EPOCH,
            Inline::GlobalStore { .. } => fo::GLOBAL_EPOCH,
        };
        let epoch = self.b.ins().uload32(flags, shadow, epoch_at);
        let high = self.b.ins().ishl_imm_s(lin, 32);
        let mine = self.b.ins().bor(epoch, high);
        // A cell half (epoch, lin) is this work-item's in this epoch, or another epoch's.
        let low32 = |tx: &mut Self, v| tx.b.ins().band_imm_s(v, 0xffff_ffff);
        let w = self.b.ins().load(types::I64, flags, cell, 0);
        let w_epoch = low32(self, w);
        let (fast, store_at, value) = match how {
            Inline::Local { atomic: true, .. } => {
                let r = self.b.ins().load(types::I64, flags, cell, 8);
                let (fast, value) = self.inline_local_atomic(w, r, epoch, lin, mine);
                // Of a cell the group wrote (else the old value may be uninitialised).
                let start = self.b.ins().uload32(flags, shadow, fo::LOCAL_GROUP_START);
                let written = self
                    .b
                    .ins()
                    .icmp(IntCC::UnsignedGreaterThanOrEqual, w_epoch, start);
                let fast = self.b.ins().band(fast, written);
                (fast, 0, value)
            }
            Inline::Local { write, .. } => {
                let own = |tx: &mut Self, half, half_epoch| {
                    let other = tx.b.ins().icmp(IntCC::NotEqual, half_epoch, epoch);
                    let is_mine = tx.b.ins().icmp(IntCC::Equal, half, mine);
                    tx.b.ins().bor(other, is_mine)
                };
                let w_ok = own(self, w, w_epoch);
                let r = self.b.ins().load(types::I64, flags, cell, 8);
                let r_epoch = low32(self, r);
                let r_ok = own(self, r, r_epoch);
                let mut fast = self.b.ins().band(w_ok, r_ok);
                if !write {
                    // A read of a cell the group wrote.
                    let start = self.b.ins().uload32(flags, shadow, fo::LOCAL_GROUP_START);
                    let written =
                        self.b
                            .ins()
                            .icmp(IntCC::UnsignedGreaterThanOrEqual, w_epoch, start);
                    fast = self.b.ins().band(fast, written);
                }
                (fast, if write { 0 } else { 8 }, mine)
            }
            Inline::GlobalStore { .. } => {
                let below = self.b.ins().uload32(flags, shadow, fo::GLOBAL_FRESH_BELOW);
                let fresh = self.b.ins().icmp(IntCC::UnsignedLessThan, w_epoch, below);
                let w_mine = self.b.ins().icmp(IntCC::Equal, w, mine);
                (self.b.ins().bor(w_mine, fresh), 0, mine)
            }
        };
        let store = self.b.create_block();
        self.b.ins().brif(fast, store, &[], slow, &[]);
        self.b.switch_to_block(store);
        self.b.ins().store(flags, value, cell, store_at);
        self.b.ins().jump(cont, &[]);
    }

    /// A barrier: a new epoch of the `__local` shadow, and of the `__global` one when it
    /// fences global memory.
    pub(super) fn shadow_barrier(&mut self, fence: oclc_ir::MemFence) {
        let Some(cx) = &self.check else { return };
        let shadow = cx.shadow;
        let flags = self.b.ins().iconst(types::I64, 2 * i64::from(fence.global));
        let epoch = self.runtime_ref(EPOCH_SYMBOL);
        self.b.ins().call(epoch, &[shadow, flags]);
    }

    /// Reports a zero divisor `y` of the integer division defining `result`.
    pub(crate) fn check_divisor(&mut self, result: ValueId, y: Value) {
        if self.check.is_none() {
            return;
        }
        let ok = self.b.ins().icmp_imm_s(IntCC::NotEqual, y, 0);
        let site = self.add_site(CheckSite {
            kind: DefectKind::DivisionByZero,
            span: self.f.span(result),
            object: CheckObject::None,
            size: 0,
            object_size: None,
        });
        let zero = self.b.ins().iconst(types::I64, 0);
        self.report_unless(ok, site, zero);
    }
}
