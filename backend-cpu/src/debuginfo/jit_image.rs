//! The in-memory object file that describes JIT-compiled code to debuggers
//! ([`super::gdb_jit`]): an ELF executable image whose `.text` section (no bytes: the code
//! is in the process) spans the functions at their real addresses, with one symbol per
//! function and the DWARF sections of [`super::dwarf::write_sections`], their relocations
//! applied (function symbols to their addresses, section offsets as they are, since every
//! debug section is at address 0).

use cranelift_codegen::gimli::write::{RelocationTarget, Sections, Writer as _};
use cranelift_object::object::elf;
use cranelift_object::object::write::elf::{FileHeader, SectionHeader, Sym, Writer};
use cranelift_object::object::Endianness;

use super::dwarf::RelocSection;

/// A function of the JIT code: its name, address and size in bytes.
pub struct JitFunction<'a> {
    /// The symbol name.
    pub name: &'a str,
    /// Where its code starts.
    pub address: u64,
    /// Bytes of code.
    pub size: u64,
}

/// The ELF image describing `functions`, whose DWARF is `sections` (relocation symbol
/// `i` is `functions[i]`). Fails on hosts other than x86-64 and AArch64.
pub fn build(
    mut sections: Sections<RelocSection>,
    functions: &[JitFunction],
) -> Result<Vec<u8>, String> {
    let machine = if cfg!(target_arch = "x86_64") {
        elf::EM_X86_64
    } else if cfg!(target_arch = "aarch64") {
        elf::EM_AARCH64
    } else {
        return Err("debug information for JIT code needs an x86-64 or AArch64 host".into());
    };
    apply_relocations(&mut sections, functions)?;
    let low = functions.iter().map(|f| f.address).min().unwrap_or(0);
    let high = functions
        .iter()
        .map(|f| f.address + f.size)
        .max()
        .unwrap_or(0);
    let mut debug: Vec<(&'static str, &[u8])> = Vec::new();
    sections.for_each(|id, s| -> Result<(), String> {
        if s.data.len() > 0 {
            debug.push((id.name(), s.data.slice()));
        }
        Ok(())
    })?;

    let mut out = Vec::new();
    let mut w = Writer::new(Endianness::Little, true, &mut out);
    w.reserve_file_header();
    w.reserve_null_section_index();
    let text_name = w.add_section_name(b".text");
    let text = w.reserve_section_index();
    let mut placed = Vec::new();
    for (name, data) in &debug {
        let name_id = w.add_section_name(name.as_bytes());
        w.reserve_section_index();
        placed.push((name_id, w.reserve(data.len(), 1), *data));
    }
    w.reserve_null_symbol_index();
    let names: Vec<_> = functions
        .iter()
        .map(|f| {
            w.reserve_symbol_index(Some(text));
            w.add_string(f.name.as_bytes())
        })
        .collect();
    w.reserve_symtab_section_index();
    w.reserve_symtab();
    w.reserve_strtab_section_index();
    w.reserve_strtab();
    w.reserve_shstrtab_section_index();
    w.reserve_shstrtab();
    w.reserve_section_headers();

    w.write_file_header(&FileHeader {
        os_abi: elf::ELFOSABI_NONE,
        abi_version: 0,
        e_type: elf::ET_EXEC,
        e_machine: machine,
        e_entry: 0,
        e_flags: 0,
    })
    .map_err(|e| e.to_string())?;
    for (_, offset, data) in &placed {
        w.pad_until(*offset);
        w.write(data);
    }
    w.write_null_symbol();
    for (f, name) in functions.iter().zip(&names) {
        w.write_symbol(&Sym {
            name: Some(*name),
            section: Some(text),
            st_info: (elf::STB_GLOBAL << 4) | elf::STT_FUNC,
            st_other: elf::STV_DEFAULT,
            st_shndx: 0,
            st_value: f.address,
            st_size: f.size,
        });
    }
    w.write_strtab();
    w.write_shstrtab();
    w.write_null_section_header();
    w.write_section_header(&SectionHeader {
        name: Some(text_name),
        sh_type: elf::SHT_NOBITS,
        sh_flags: (elf::SHF_ALLOC | elf::SHF_EXECINSTR) as u64,
        sh_addr: low,
        sh_offset: 0,
        sh_size: high - low,
        sh_link: 0,
        sh_info: 0,
        sh_addralign: 1,
        sh_entsize: 0,
    });
    for (name, offset, data) in &placed {
        w.write_section_header(&SectionHeader {
            name: Some(*name),
            sh_type: elf::SHT_PROGBITS,
            sh_flags: 0,
            sh_addr: 0,
            sh_offset: *offset as u64,
            sh_size: data.len() as u64,
            sh_link: 0,
            sh_info: 0,
            sh_addralign: 1,
            sh_entsize: 0,
        });
    }
    w.write_symtab_section_header(1);
    w.write_strtab_section_header();
    w.write_shstrtab_section_header();
    Ok(out)
}

/// Writes every relocation's value into its section: a function symbol's address plus the
/// addend, or a debug section offset (the addend).
fn apply_relocations(
    sections: &mut Sections<RelocSection>,
    functions: &[JitFunction],
) -> Result<(), String> {
    sections.for_each_mut(|_, s| -> Result<(), String> {
        for r in std::mem::take(&mut s.relocations) {
            let base = match r.target {
                RelocationTarget::Symbol(i) => {
                    functions
                        .get(i)
                        .ok_or_else(|| format!("debug information names function {i}"))?
                        .address
                }
                RelocationTarget::Section(_) => 0,
            };
            let value = base.wrapping_add_signed(r.addend);
            s.data
                .write_udata_at(r.offset, value, r.size)
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    })
}
