//! Debug information (`-g`): which source line each instruction comes from, in the
//! extended instruction set of the flavour: `OpenCL.DebugInfo.100` for OpenCL (literal
//! operands, `OpLine` for lines, which llvm-spirv reads back as LLVM debug locations) and
//! `NonSemantic.Shader.DebugInfo.100` for Vulkan (constant-id operands, `DebugLine`,
//! `DebugFunctionDefinition`). Every emitted function gets a `DebugFunction` under one
//! `DebugCompilationUnit`, a `DebugScope` at its start and the line of each IR value with a
//! source span, repeated at the start of every block (a line's scope ends with its block).
//! Variables are not described yet.

use oclc_ir::{DebugSources, Function, SourcePos, SourceSpan};
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, SourceLanguage, Word};

use super::context::{Flavour, ModuleCtx};

/// Instruction numbers shared by both instruction sets.
mod inst {
    pub const COMPILATION_UNIT: u32 = 1;
    pub const TYPE_FUNCTION: u32 = 8;
    pub const FUNCTION: u32 = 20;
    pub const SCOPE: u32 = 23;
    pub const SOURCE: u32 = 35;
    /// NonSemantic.Shader.DebugInfo.100 only.
    pub const FUNCTION_DEFINITION: u32 = 101;
    /// NonSemantic.Shader.DebugInfo.100 only.
    pub const LINE: u32 = 103;
}

/// `FlagIsDefinition | FlagPrototyped`.
const DEFINITION_FLAGS: u32 = 0x08 | 0x80;

/// The debug state of a module being emitted.
pub(crate) struct DebugInfo {
    sources: DebugSources,
    set: Word,
    void: Word,
    empty_text: Option<Word>,
    unit: Word,
    fn_type: Word,
    /// Per source file: its `OpString` name and its `DebugSource`, made on first use.
    files: Vec<Option<(Word, Word)>>,
    /// The current function's `DebugFunction`.
    scope: Option<Word>,
    /// The block and position of the last line emitted.
    last: Option<(usize, SourcePos)>,
}

impl ModuleCtx<'_> {
    /// Starts debug information for the files of `sources` (call before any function).
    pub(crate) fn enable_debug(&mut self, sources: &DebugSources) {
        let set = match self.flavour {
            Flavour::OpenCl => self.b.ext_inst_import("OpenCL.DebugInfo.100"),
            Flavour::Vulkan => {
                if self.version < (1, 6) {
                    self.b.extension("SPV_KHR_non_semantic_info");
                }
                self.b.ext_inst_import("NonSemantic.Shader.DebugInfo.100")
            }
        };
        let void = self.b.type_void();
        let mut d = DebugInfo {
            sources: sources.clone(),
            set,
            void,
            empty_text: None,
            unit: 0,
            fn_type: 0,
            files: vec![None; sources.files.len()],
            scope: None,
            last: None,
        };
        let main = self.debug_file(&mut d, 0);
        let unit_ops = match self.flavour {
            Flavour::OpenCl => vec![
                Operand::LiteralBit32(65536),
                Operand::LiteralBit32(4),
                Operand::IdRef(main),
                Operand::SourceLanguage(SourceLanguage::OpenCL_C),
            ],
            Flavour::Vulkan => vec![
                Operand::IdRef(self.const_u32(1)),
                Operand::IdRef(self.const_u32(4)),
                Operand::IdRef(main),
                Operand::IdRef(self.const_u32(SourceLanguage::OpenCL_C as u32)),
            ],
        };
        d.unit = self.global_debug(&d, inst::COMPILATION_UNIT, unit_ops);
        let flags = self.debug_literal(0);
        d.fn_type = self.global_debug(&d, inst::TYPE_FUNCTION, vec![flags, Operand::IdRef(void)]);
        self.debug = Some(Box::new(d));
    }

    /// A 32-bit operand: a literal (OpenCL) or the id of a `uint` constant (Vulkan).
    fn debug_literal(&mut self, v: u32) -> Operand {
        match self.flavour {
            Flavour::OpenCl => Operand::LiteralBit32(v),
            Flavour::Vulkan => Operand::IdRef(self.const_u32(v)),
        }
    }

    /// Adds a debug instruction at module scope; returns its id.
    fn global_debug(&mut self, d: &DebugInfo, number: u32, operands: Vec<Operand>) -> Word {
        let id = self.b.id();
        let mut ops = vec![
            Operand::IdRef(d.set),
            Operand::LiteralExtInstInteger(number),
        ];
        ops.extend(operands);
        let i = Instruction::new(Op::ExtInst, Some(d.void), Some(id), ops);
        self.b.module_mut().types_global_values.push(i);
        id
    }

    /// The `DebugSource` of file `file` (the main file when the map lacks it).
    fn debug_file(&mut self, d: &mut DebugInfo, file: usize) -> Word {
        let file = if file < d.files.len() { file } else { 0 };
        if let Some(Some((_, source))) = d.files.get(file) {
            return *source;
        }
        let name = d
            .sources
            .files
            .get(file)
            .map(|f| f.name.clone())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "<input>".into());
        let string = self.b.string(name);
        // The text is optional, but llvm-spirv-14 requires the operand: an empty string.
        let text = *d.empty_text.get_or_insert_with(|| self.b.string(""));
        let source = self.global_debug(
            d,
            inst::SOURCE,
            vec![Operand::IdRef(string), Operand::IdRef(text)],
        );
        if let Some(slot) = d.files.get_mut(file) {
            *slot = Some((string, source));
        }
        source
    }

    /// Under `-g`, the `DebugFunction` of `f` (emitted as `id`, named `name`), and the start
    /// of its scope: call in its entry block after the variables.
    pub(crate) fn debug_function(&mut self, f: &Function, id: Word, name: &str) {
        let Some(mut d) = self.debug.take() else {
            return;
        };
        let first = oclc_ir::first_span(f).and_then(|s| d.sources.locate(s));
        let source = self.debug_file(&mut d, first.map_or(0, |p| p.file as usize));
        let line = first.map_or(1, |p| p.line);
        let name_string = self.b.string(name);
        let mut ops = vec![
            Operand::IdRef(name_string),
            Operand::IdRef(d.fn_type),
            Operand::IdRef(source),
            self.debug_literal(line),
            self.debug_literal(1),
            Operand::IdRef(d.unit),
            Operand::IdRef(name_string),
            self.debug_literal(DEFINITION_FLAGS),
            self.debug_literal(line),
        ];
        if self.flavour == Flavour::OpenCl {
            ops.push(Operand::IdRef(id));
        }
        let func = self.global_debug(&d, inst::FUNCTION, ops);
        if self.flavour == Flavour::Vulkan {
            let _ = self.b.ext_inst(
                d.void,
                None,
                d.set,
                inst::FUNCTION_DEFINITION,
                [Operand::IdRef(func), Operand::IdRef(id)],
            );
        }
        d.scope = Some(func);
        d.last = None;
        self.debug = Some(d);
    }

    /// Under `-g`, marks the instructions emitted next as coming from `span`'s line.
    pub(crate) fn debug_line(&mut self, span: Option<SourceSpan>) {
        let Some(mut d) = self.debug.take() else {
            return;
        };
        let pos = span.and_then(|s| d.sources.locate(s));
        if let (Some(pos), Some(block), Some(scope)) = (pos, self.b.selected_block(), d.scope) {
            let new_block = d.last.is_none_or(|(b, _)| b != block);
            if new_block || d.last.is_some_and(|(_, p)| p != pos) {
                self.emit_line(&mut d, scope, new_block, pos);
                d.last = Some((block, pos));
            }
        }
        self.debug = Some(d);
    }

    fn emit_line(&mut self, d: &mut DebugInfo, scope: Word, new_block: bool, pos: SourcePos) {
        if new_block {
            let _ = self
                .b
                .ext_inst(d.void, None, d.set, inst::SCOPE, [Operand::IdRef(scope)]);
        }
        match self.flavour {
            Flavour::OpenCl => {
                self.debug_file(d, pos.file as usize);
                let file = d.files[pos.file as usize].map_or(0, |(s, _)| s);
                self.b.line(file, pos.line, pos.column);
            }
            Flavour::Vulkan => {
                let source = self.debug_file(d, pos.file as usize);
                let ops = [
                    Operand::IdRef(source),
                    self.debug_literal(pos.line),
                    self.debug_literal(pos.line),
                    self.debug_literal(pos.column),
                    self.debug_literal(pos.column),
                ];
                let _ = self.b.ext_inst(d.void, None, d.set, inst::LINE, ops);
            }
        }
    }
}
