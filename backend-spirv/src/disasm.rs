//! Text form of a SPIR-V binary, for `-save-temps` (`.spvasm`).

use rspirv::binary::Disassemble;

/// Disassembles a SPIR-V binary into rspirv's text form. A binary that does not parse
/// gives a one-line `; error: ...` comment instead of panicking.
pub fn disassemble(words: &[u32]) -> String {
    match rspirv::dr::load_words(words) {
        Ok(module) => module.disassemble(),
        Err(e) => format!("; error: cannot parse SPIR-V: {e}\n"),
    }
}
