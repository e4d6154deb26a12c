//! The DWARF of a set of compiled kernels: one compilation unit (the main source file) with
//! a line table, one subprogram per kernel and call-frame information for every function.
//! Addresses are symbol-relative ([`Address::Symbol`], the symbol numbered by the caller),
//! so the sections come with relocations ([`RelocSection`]).

use cranelift_codegen::gimli::write::{
    Address, AttributeValue, CommonInformationEntry, DwarfUnit, EndianVec, Expression, FrameTable,
    LineProgram, LineString, Range, RangeList, RelocateWriter, Relocation, Sections,
};
use cranelift_codegen::gimli::{self, Encoding, Format, LineEncoding, LittleEndian};
use oclc_ir::DebugSources;

use super::capture::{FrameVar, FunctionDebug, KernelDebug, VarLocation};
use super::types::TypeEntries;

/// DW_LANG_OpenCL.
const DW_LANG_OPENCL: u16 = 0x15;

/// Bytes between the frame pointer and the canonical frame address (the caller's stack
/// pointer): the saved frame pointer and the return address (x86-64; the frame record on
/// AArch64).
const FP_TO_CFA: i64 = 16;

/// One section's bytes and the relocations they need.
#[derive(Clone, Debug)]
pub struct RelocSection {
    /// The bytes.
    pub data: EndianVec<LittleEndian>,
    /// Relocations (symbol targets are the caller's symbol numbers).
    pub relocations: Vec<Relocation>,
}

impl RelocSection {
    fn new() -> Self {
        RelocSection {
            data: EndianVec::new(LittleEndian),
            relocations: Vec::new(),
        }
    }
}

impl RelocateWriter for RelocSection {
    type Writer = EndianVec<LittleEndian>;

    fn writer(&self) -> &Self::Writer {
        &self.data
    }

    fn writer_mut(&mut self) -> &mut Self::Writer {
        &mut self.data
    }

    fn relocate(&mut self, relocation: Relocation) {
        self.relocations.push(relocation);
    }
}

/// A kernel's code: its debug information, symbol number and symbol name.
pub struct KernelSymbol<'a> {
    /// What the code generator recorded.
    pub debug: &'a KernelDebug,
    /// The caller's number of the work-group function's symbol.
    pub symbol: usize,
    /// The symbol's name.
    pub linkage_name: &'a str,
}

/// The DWARF sections (`.debug_info`, `.debug_abbrev`, `.debug_line`, `.debug_str`,
/// `.debug_ranges`, `.debug_frame`) for `kernels`, whose source files `sources` names, and
/// call-frame information for `functions` (each with its symbol number) under `cie`.
pub fn write_sections(
    sources: &DebugSources,
    kernels: &[KernelSymbol],
    functions: &[(&FunctionDebug, usize)],
    cie: Option<CommonInformationEntry>,
) -> gimli::write::Result<Sections<RelocSection>> {
    let encoding = Encoding {
        format: Format::Dwarf32,
        version: 4,
        address_size: 8,
    };
    let mut dwarf = DwarfUnit::new(encoding);
    let main = sources
        .files
        .first()
        .map(|f| f.name.clone())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "<input>".into());
    let comp_dir = if sources.comp_dir.is_empty() {
        ".".to_string()
    } else {
        sources.comp_dir.clone()
    };
    let mut program = LineProgram::new(
        encoding,
        LineEncoding::default(),
        LineString::String(comp_dir.clone().into_bytes()),
        None,
        LineString::String(main.clone().into_bytes()),
        None,
    );
    let dir = program.default_directory();
    let files: Vec<_> = sources
        .files
        .iter()
        .map(|f| {
            let name = if f.name.is_empty() {
                "<input>"
            } else {
                &f.name
            };
            program.add_file(LineString::String(name.as_bytes().to_vec()), dir, None)
        })
        .collect();
    let mut ranges = RangeList(Vec::new());
    for k in kernels {
        let start = Address::Symbol {
            symbol: k.symbol,
            addend: 0,
        };
        ranges.0.push(Range::StartLength {
            begin: start,
            length: k.debug.code.code_size as u64,
        });
        program.begin_sequence(Some(start));
        // The prologue takes the line of the kernel's first expression.
        let prologue = k.debug.decl.map(|s| (0, s));
        for (offset, span) in prologue.into_iter().chain(k.debug.rows.iter().copied()) {
            let Some(pos) = sources.locate(span) else {
                continue;
            };
            let row = program.row();
            row.address_offset = offset as u64;
            row.file = files[pos.file as usize];
            row.line = pos.line as u64;
            row.column = pos.column as u64;
            program.generate_row();
        }
        program.end_sequence(k.debug.code.code_size as u64);
    }
    dwarf.unit.line_program = program;
    let range_list = dwarf.unit.ranges.add(ranges);
    let root = dwarf.unit.root();
    {
        let cu = dwarf.unit.get_mut(root);
        cu.set(
            gimli::DW_AT_producer,
            AttributeValue::String(format!("oclc {}", env!("CARGO_PKG_VERSION")).into_bytes()),
        );
        cu.set(
            gimli::DW_AT_language,
            AttributeValue::Language(gimli::DwLang(DW_LANG_OPENCL)),
        );
        cu.set(gimli::DW_AT_name, AttributeValue::String(main.into_bytes()));
        cu.set(
            gimli::DW_AT_comp_dir,
            AttributeValue::String(comp_dir.into_bytes()),
        );
        cu.set(
            gimli::DW_AT_low_pc,
            AttributeValue::Address(Address::Constant(0)),
        );
        cu.set(
            gimli::DW_AT_ranges,
            AttributeValue::RangeListRef(range_list),
        );
    }
    for k in kernels {
        add_subprogram(&mut dwarf, sources, &files, k);
    }
    let mut sections = Sections::new(RelocSection::new());
    dwarf.write(&mut sections)?;
    if let Some(cie) = cie {
        let mut frames = FrameTable::default();
        let cie_id = frames.add_cie(cie);
        for (f, symbol) in functions {
            if let Some(unwind) = &f.unwind {
                frames.add_fde(
                    cie_id,
                    unwind.to_fde(Address::Symbol {
                        symbol: *symbol,
                        addend: 0,
                    }),
                );
            }
        }
        frames.write_debug_frame(&mut sections.debug_frame)?;
    }
    Ok(sections)
}

/// The subprogram entry of kernel `k`: code range, frame base (the canonical frame
/// address), parameters and variables.
fn add_subprogram(
    dwarf: &mut DwarfUnit,
    sources: &DebugSources,
    files: &[gimli::write::FileId],
    k: &KernelSymbol,
) {
    let unit = &mut dwarf.unit;
    let root = unit.root();
    let sub = unit.add(root, gimli::DW_TAG_subprogram);
    let decl = k.debug.decl.and_then(|s| sources.locate(s));
    {
        let e = unit.get_mut(sub);
        e.set(
            gimli::DW_AT_name,
            AttributeValue::String(k.debug.name.as_bytes().to_vec()),
        );
        e.set(
            gimli::DW_AT_linkage_name,
            AttributeValue::String(k.linkage_name.as_bytes().to_vec()),
        );
        e.set(gimli::DW_AT_external, AttributeValue::Flag(true));
        e.set(
            gimli::DW_AT_low_pc,
            AttributeValue::Address(Address::Symbol {
                symbol: k.symbol,
                addend: 0,
            }),
        );
        e.set(
            gimli::DW_AT_high_pc,
            AttributeValue::Udata(k.debug.code.code_size as u64),
        );
        let mut base = Expression::new();
        base.op(gimli::DW_OP_call_frame_cfa);
        e.set(gimli::DW_AT_frame_base, AttributeValue::Exprloc(base));
        if let Some(pos) = decl {
            e.set(
                gimli::DW_AT_decl_file,
                AttributeValue::FileIndex(Some(files[pos.file as usize])),
            );
            e.set(
                gimli::DW_AT_decl_line,
                AttributeValue::Udata(pos.line as u64),
            );
        }
    }
    let mut types = TypeEntries::new(&k.debug.types);
    let params = k
        .debug
        .params
        .iter()
        .map(|v| (v, gimli::DW_TAG_formal_parameter));
    let vars = k.debug.vars.iter().map(|v| (v, gimli::DW_TAG_variable));
    for (v, tag) in params.chain(vars) {
        add_variable(unit, &mut types, sub, tag, v);
    }
}

/// A variable or parameter entry under `parent`.
fn add_variable(
    unit: &mut gimli::write::Unit,
    types: &mut TypeEntries,
    parent: gimli::write::UnitEntryId,
    tag: gimli::DwTag,
    v: &FrameVar,
) {
    let ty = types.entry(unit, v.ty);
    let id = unit.add(parent, tag);
    let e = unit.get_mut(id);
    e.set(
        gimli::DW_AT_name,
        AttributeValue::String(v.name.as_bytes().to_vec()),
    );
    if let Some(t) = ty {
        e.set(gimli::DW_AT_type, AttributeValue::UnitRef(t));
    }
    if v.artificial {
        e.set(gimli::DW_AT_artificial, AttributeValue::Flag(true));
    }
    let mut loc = Expression::new();
    match v.at {
        VarLocation::Frame(off) => loc.op_fbreg(off - FP_TO_CFA),
        VarLocation::Indirect { slot, offset } => {
            loc.op_fbreg(slot - FP_TO_CFA);
            loc.op_deref();
            loc.op_plus_uconst(offset);
        }
    }
    e.set(gimli::DW_AT_location, AttributeValue::Exprloc(loc));
}
