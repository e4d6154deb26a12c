//! `printf` through a device buffer, for targets without a console (Vulkan).
//!
//! Every kernel that prints (itself or through the helpers it calls) gets one more
//! parameter, [`PRINTF_BUFFER_PARAM`]: a `__global uint *` to a buffer the launcher
//! allocates and formats after the dispatch. Helpers that print are inlined into their
//! callers first (OpenCL has no recursion), so only kernels touch the buffer.
//!
//! The buffer, in 32-bit words: word 0 counts the words reserved so far (starting at 0),
//! word 1 is the capacity of the record area in words, and records follow from word 2.
//! Each `printf` call reserves its record with one atomic add on word 0 and, when the
//! record fits, writes it: the call's format id (its index in the table that
//! [`lower_printf_to_buffer`] returns), then every lane of every argument, 32-bit and
//! narrower lanes in one word (zero- or sign-extended bits, the formatter only reads the
//! lane's width), 64-bit lanes (`long`, `double`, pointers as addresses) in two words, low
//! word first. The call returns 0, or -1 when the record did not fit (the reservation still
//! counts, so the launcher can tell that output was lost). Records of different work-items
//! come in no particular order, as OpenCL leaves it.

use crate::fx::HashSet;

use super::inline_private::inline_helpers_where;
use crate::module::{Block, FuncId, Function, Module, Param, Stmt};
use crate::op::{AtomicOp, BinaryOp, CmpOp, Const, MemoryOrder, MemoryScope, Op, ValueId};
use crate::types::{AddressSpace, ScalarType, Type, TypeId, TypeTable};

/// The name of the parameter added to kernels that print.
pub const PRINTF_BUFFER_PARAM: &str = "__oclc_printf_buffer";

/// Words of the buffer header before the records.
pub const PRINTF_HEADER_WORDS: u32 = 2;

/// How one lane of a `printf` argument is stored in the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintfLane {
    /// An integer of `bits` bits.
    Int {
        /// Width in bits.
        bits: u32,
        /// Signedness.
        signed: bool,
    },
    /// A float.
    F32,
    /// A double (two words).
    F64,
    /// A pointer's 64-bit address (two words).
    Ptr,
}

impl PrintfLane {
    /// Words the lane takes in a record.
    pub fn words(self) -> u32 {
        match self {
            PrintfLane::Int { bits: 64, .. } | PrintfLane::F64 | PrintfLane::Ptr => 2,
            _ => 1,
        }
    }
}

/// One argument of a `printf` call: its lane kind and lane count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintfArg {
    /// How each lane is stored.
    pub lane: PrintfLane,
    /// Lanes (1 for a scalar).
    pub lanes: u8,
}

/// A `printf` call site: its format string and arguments (the record's format id is the
/// index of this entry in the table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintfFormat {
    /// The format string.
    pub format: String,
    /// The arguments, in order.
    pub args: Vec<PrintfArg>,
}

/// Rewrites every `printf` of `module` into writes to the printf buffer (see the module
/// doc) and returns the format table; an empty table when nothing prints. Errors name an
/// argument that cannot be passed (a pointer that has no address on the target).
pub fn lower_printf_to_buffer(module: &mut Module) -> Result<Vec<PrintfFormat>, String> {
    let prints: Vec<bool> = module
        .functions
        .iter()
        .map(|f| has_printf(&f.body))
        .collect();
    if !prints.iter().any(|p| *p) {
        return Ok(Vec::new());
    }
    inline_printing_helpers(module)?;
    let mut table = Vec::new();
    let Module {
        types, functions, ..
    } = module;
    for f in functions.iter_mut() {
        if !f.is_kernel() || !has_printf(&f.body) {
            continue;
        }
        let buf_ty = {
            let u32t = types.scalar(ScalarType::U32);
            types.pointer(AddressSpace::Global, u32t)
        };
        let buf = f.new_value(buf_ty);
        f.params.push(Param {
            name: PRINTF_BUFFER_PARAM.to_string(),
            ty: buf_ty,
            value: buf,
            type_name: "__global uint *".to_string(),
            is_const: false,
            is_restrict: false,
        });
        let mut w = Writer {
            types,
            f,
            buf,
            table: &mut table,
        };
        let mut body = std::mem::take(&mut w.f.body);
        let r = w.block(&mut body);
        w.f.body = body;
        let name = f.name.clone();
        r.map_err(|e| format!("in `{name}`: {e}"))?;
    }
    Ok(table)
}

fn has_printf(block: &Block) -> bool {
    let mut found = false;
    crate::module::walk_stmts(block, &mut |s| {
        found |= matches!(
            s,
            Stmt::Let {
                op: Op::Printf { .. },
                ..
            }
        );
    });
    found
}

/// The helpers that print, directly or through their callees.
fn printing_helpers(module: &Module) -> HashSet<FuncId> {
    let mut set: HashSet<FuncId> = HashSet::default();
    loop {
        let before = set.len();
        for (i, f) in module.functions.iter().enumerate() {
            let id = FuncId(i as u32);
            if f.is_kernel() || set.contains(&id) {
                continue;
            }
            let mut prints = has_printf(&f.body);
            crate::module::walk_stmts(&f.body, &mut |s| {
                if let Stmt::Let {
                    op: Op::Call { func, .. },
                    ..
                } = s
                {
                    prints |= set.contains(func);
                }
            });
            if prints {
                set.insert(id);
            }
        }
        if set.len() == before {
            return set;
        }
    }
}

/// Inlines every call of a helper that prints, then drops those helpers.
fn inline_printing_helpers(module: &mut Module) -> Result<(), String> {
    let doomed = printing_helpers(module);
    inline_helpers_where(module, &|_, f| doomed.contains(&f))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Rewrites the `printf`s of one kernel.
struct Writer<'a> {
    types: &'a mut TypeTable,
    f: &'a mut Function,
    buf: ValueId,
    table: &'a mut Vec<PrintfFormat>,
}

impl Writer<'_> {
    fn block(&mut self, block: &mut Block) -> Result<(), String> {
        let old = std::mem::take(&mut block.stmts);
        let mut out = Vec::with_capacity(old.len());
        for mut stmt in old {
            match &mut stmt {
                Stmt::Let {
                    value,
                    op: Op::Printf { format, args },
                } => {
                    let (value, format, args) = (*value, format.clone(), args.clone());
                    self.printf(&mut out, value, format, &args)?;
                    continue;
                }
                _ => {
                    for b in stmt.child_blocks_mut() {
                        self.block(b)?;
                    }
                }
            }
            out.push(stmt);
        }
        block.stmts = out;
        Ok(())
    }

    /// The record of one call: reserve, then write when it fits; `value` is 0 or -1.
    fn printf(
        &mut self,
        out: &mut Vec<Stmt>,
        value: ValueId,
        format: String,
        args: &[ValueId],
    ) -> Result<(), String> {
        let mut shapes = Vec::with_capacity(args.len());
        for (i, &a) in args.iter().enumerate() {
            shapes.push(self.shape(a).ok_or_else(|| {
                format!(
                    "printf argument {} of type {} cannot be printed on Vulkan (only numbers, vectors and __global/__constant pointers can)",
                    i + 1,
                    self.types.display(self.f.value_type(a))
                )
            })?);
        }
        let id = self.table.len() as u32;
        let words: u32 = 1 + shapes
            .iter()
            .map(|s| s.lane.words() * s.lanes as u32)
            .sum::<u32>();
        self.table.push(PrintfFormat {
            format,
            args: shapes.clone(),
        });
        let n = self.konst(out, ScalarType::U32, words as i64);
        let at = self.word_ptr(out, 0);
        let u32t = self.types.scalar(ScalarType::U32);
        let start = self.f.new_value(u32t);
        out.push(Stmt::Let {
            value: start,
            op: Op::Atomic {
                op: AtomicOp::Add,
                ptr: at,
                args: vec![n],
                order: MemoryOrder::Relaxed,
                scope: MemoryScope::Device,
            },
        });
        let cap_ptr = self.word_ptr(out, 1);
        let cap = self.f.new_value(u32t);
        out.push(Stmt::Let {
            value: cap,
            op: Op::Load { ptr: cap_ptr },
        });
        // Fits when start <= cap - words (no overflow of start + words).
        let room = self.bin(out, BinaryOp::Sub, cap, n);
        let fits_size = self.cmp(out, CmpOp::Ge, cap, n);
        let fits_start = self.cmp(out, CmpOp::Le, start, room);
        let bt = self.types.scalar(ScalarType::Bool);
        let fits = self.f.new_value(bt);
        out.push(Stmt::Let {
            value: fits,
            op: Op::Select {
                cond: fits_size,
                if_true: fits_start,
                if_false: fits_size,
            },
        });
        let mut body = Vec::new();
        let idv = self.konst(&mut body, ScalarType::U32, id as i64);
        let mut k = 0u32;
        self.put(&mut body, start, k, idv);
        k += 1;
        for (&a, s) in args.iter().zip(&shapes) {
            for lane in 0..s.lanes {
                let x = if s.lanes == 1 {
                    a
                } else {
                    let et = self.lane_type(a);
                    let v = self.f.new_value(et);
                    body.push(Stmt::Let {
                        value: v,
                        op: Op::Extract { vector: a, lane },
                    });
                    v
                };
                for w in self.lane_words(&mut body, x, s.lane) {
                    self.put(&mut body, start, k, w);
                    k += 1;
                }
            }
        }
        out.push(Stmt::If {
            cond: fits,
            then_body: Block { stmts: body },
            else_body: Block::default(),
        });
        let zero = self.konst(out, ScalarType::I32, 0);
        let minus = self.konst(out, ScalarType::I32, -1);
        out.push(Stmt::Let {
            value,
            op: Op::Select {
                cond: fits,
                if_true: zero,
                if_false: minus,
            },
        });
        Ok(())
    }

    /// How an argument is stored, or `None` when it cannot be.
    fn shape(&self, a: ValueId) -> Option<PrintfArg> {
        let lane = |s: ScalarType| match s {
            ScalarType::F16 => None,
            ScalarType::F32 => Some(PrintfLane::F32),
            ScalarType::F64 => Some(PrintfLane::F64),
            ScalarType::Bool => Some(PrintfLane::Int {
                bits: 8,
                signed: false,
            }),
            s => Some(PrintfLane::Int {
                bits: s.bits(),
                signed: s.is_signed(),
            }),
        };
        match self.types.get(self.f.value_type(a)) {
            Type::Scalar(s) => Some(PrintfArg {
                lane: lane(*s)?,
                lanes: 1,
            }),
            Type::Vector { elem, lanes } => Some(PrintfArg {
                lane: lane(*elem)?,
                lanes: *lanes,
            }),
            Type::Pointer {
                space: AddressSpace::Global | AddressSpace::Constant,
                ..
            } => Some(PrintfArg {
                lane: PrintfLane::Ptr,
                lanes: 1,
            }),
            _ => None,
        }
    }

    fn lane_type(&mut self, vector: ValueId) -> TypeId {
        let s = self.types.scalar_of(self.f.value_type(vector)).unwrap();
        self.types.scalar(s)
    }

    /// The record words of one lane.
    fn lane_words(&mut self, out: &mut Vec<Stmt>, x: ValueId, lane: PrintfLane) -> Vec<ValueId> {
        let u32t = self.types.scalar(ScalarType::U32);
        let u64t = self.types.scalar(ScalarType::U64);
        if lane.words() == 1 {
            let v = match lane {
                PrintfLane::F32 => self.unop_bitcast(out, x, u32t),
                _ => self.convert(out, x, u32t),
            };
            return vec![v];
        }
        let bits = self.unop_bitcast(out, x, u64t);
        let low = self.convert(out, bits, u32t);
        let sh = self.konst(out, ScalarType::U64, 32);
        let high64 = self.bin(out, BinaryOp::Shr, bits, sh);
        let high = self.convert(out, high64, u32t);
        vec![low, high]
    }

    /// Stores `w` at record word `k` of the record starting at `start`.
    fn put(&mut self, out: &mut Vec<Stmt>, start: ValueId, k: u32, w: ValueId) {
        let i64t = self.types.scalar(ScalarType::I64);
        let s = self.convert(out, start, i64t);
        let off = self.konst(out, ScalarType::I64, (PRINTF_HEADER_WORDS + k) as i64);
        let idx = self.bin(out, BinaryOp::Add, s, off);
        let pt = self.f.value_type(self.buf);
        let p = self.f.new_value(pt);
        out.push(Stmt::Let {
            value: p,
            op: Op::PtrOffset {
                base: self.buf,
                index: idx,
            },
        });
        out.push(Stmt::Store { ptr: p, value: w });
    }

    /// The address of header word `k`.
    fn word_ptr(&mut self, out: &mut Vec<Stmt>, k: i64) -> ValueId {
        let idx = self.konst(out, ScalarType::I64, k);
        let pt = self.f.value_type(self.buf);
        let p = self.f.new_value(pt);
        out.push(Stmt::Let {
            value: p,
            op: Op::PtrOffset {
                base: self.buf,
                index: idx,
            },
        });
        p
    }

    fn konst(&mut self, out: &mut Vec<Stmt>, s: ScalarType, v: i64) -> ValueId {
        let t = self.types.scalar(s);
        self.f.push_let(out, t, Op::Const(Const::int(s, v)))
    }

    fn bin(&mut self, out: &mut Vec<Stmt>, op: BinaryOp, a: ValueId, b: ValueId) -> ValueId {
        let t = self.f.value_type(a);
        self.f.push_let(out, t, Op::Binary(op, a, b))
    }

    fn cmp(&mut self, out: &mut Vec<Stmt>, op: CmpOp, a: ValueId, b: ValueId) -> ValueId {
        let bt = self.types.scalar(ScalarType::Bool);
        self.f.push_let(out, bt, Op::Compare(op, a, b))
    }

    fn convert(&mut self, out: &mut Vec<Stmt>, v: ValueId, to: TypeId) -> ValueId {
        if self.f.value_type(v) == to {
            return v;
        }
        let value = self.f.new_value(to);
        out.push(Stmt::Let {
            value,
            op: Op::Convert {
                value: v,
                to,
                saturate: false,
                rounding: crate::op::Rounding::Default,
            },
        });
        value
    }

    fn unop_bitcast(&mut self, out: &mut Vec<Stmt>, v: ValueId, to: TypeId) -> ValueId {
        if self.f.value_type(v) == to {
            return v;
        }
        let value = self.f.new_value(to);
        out.push(Stmt::Let {
            value,
            op: Op::Bitcast { value: v, to },
        });
        value
    }
}
