//! Writing DWARF sections ([`super::dwarf::write_sections`]) into a relocatable object,
//! with their relocations against the functions' symbols and the other debug sections.

use std::collections::HashMap;

use cranelift_codegen::gimli::write::{RelocationTarget, Sections, Writer};
use cranelift_codegen::gimli::SectionId;
use cranelift_object::object::write::{Object, Relocation, SymbolId};
use cranelift_object::object::{
    BinaryFormat, RelocationEncoding, RelocationFlags, RelocationKind, SectionKind,
};

use super::dwarf::RelocSection;

/// Adds every non-empty section of `sections` to `obj`; a relocation's symbol number `i`
/// is `symbols[i]`. Fails for object formats other than ELF, whose debug sections are
/// named and placed otherwise.
pub fn add_sections(
    obj: &mut Object<'static>,
    sections: &Sections<RelocSection>,
    symbols: &[SymbolId],
) -> Result<(), String> {
    if obj.format() != BinaryFormat::Elf {
        return Err("-g in CPU objects is supported for ELF objects only".into());
    }
    let mut ids = HashMap::new();
    sections.for_each(|id, s: &RelocSection| -> Result<(), String> {
        if s.data.len() > 0 {
            let sec = obj.add_section(
                Vec::new(),
                id.name().as_bytes().to_vec(),
                SectionKind::Debug,
            );
            obj.append_section_data(sec, s.data.slice(), 1);
            ids.insert(id, sec);
        }
        Ok(())
    })?;
    sections.for_each(|id, s: &RelocSection| -> Result<(), String> {
        let Some(&sec) = ids.get(&id) else {
            return Ok(());
        };
        for r in &s.relocations {
            let symbol = match r.target {
                RelocationTarget::Symbol(i) => *symbols
                    .get(i)
                    .ok_or_else(|| format!("debug information names symbol {i}, not defined"))?,
                RelocationTarget::Section(target) => {
                    let target_sec = *ids.get(&target).ok_or_else(|| missing_section(target))?;
                    obj.section_symbol(target_sec)
                }
            };
            obj.add_relocation(
                sec,
                Relocation {
                    offset: r.offset as u64,
                    symbol,
                    addend: r.addend,
                    flags: RelocationFlags::Generic {
                        kind: RelocationKind::Absolute,
                        encoding: RelocationEncoding::Generic,
                        size: r.size * 8,
                    },
                },
            )
            .map_err(|e| e.to_string())?;
        }
        Ok(())
    })
}

/// The error for a relocation against a section that was not written.
fn missing_section(id: SectionId) -> String {
    format!(
        "debug information refers to the empty section {}",
        id.name()
    )
}
