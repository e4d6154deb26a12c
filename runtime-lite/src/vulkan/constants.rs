//! Program-scope `__constant` data of an oclc Vulkan module. The module carries the data
//! as the initializer of a Private `uint` array named `oclc.constant_data` (never read by
//! the shader); the launcher puts it in a buffer and stores the buffer's device address
//! in the last 8 bytes of the argument block, where the kernel reads it.

/// The `OpName` of the variable carrying the data (the compiler's `CONSTANT_DATA_NAME`).
const CONSTANT_DATA_NAME: &str = "oclc.constant_data";

const OP_NAME: u32 = 5;
const OP_CONSTANT: u32 = 43;
const OP_CONSTANT_COMPOSITE: u32 = 44;
const OP_VARIABLE: u32 = 59;

/// The instructions of a module (header skipped): opcode and operand words.
fn instructions(spirv: &[u32]) -> impl Iterator<Item = (u32, &[u32])> {
    let mut at = 5;
    std::iter::from_fn(move || {
        let word = *spirv.get(at)?;
        let count = (word >> 16) as usize;
        if count == 0 || at + count > spirv.len() {
            return None;
        }
        let inst = (word & 0xffff, &spirv[at + 1..at + count]);
        at += count;
        Some(inst)
    })
}

/// A literal string operand (nul-terminated, packed little-endian).
fn literal_string(words: &[u32]) -> String {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let end = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

/// The program-scope constant data the module carries, if any.
pub(crate) fn constant_data(spirv: &[u32]) -> Option<Vec<u8>> {
    let var = instructions(spirv).find_map(|(op, ops)| {
        (op == OP_NAME && ops.len() > 1 && literal_string(&ops[1..]) == CONSTANT_DATA_NAME)
            .then(|| ops[0])
    })?;
    let init = instructions(spirv).find_map(|(op, ops)| {
        (op == OP_VARIABLE && ops.len() > 3 && ops[1] == var).then(|| ops[3])
    })?;
    let parts = instructions(spirv).find_map(|(op, ops)| {
        (op == OP_CONSTANT_COMPOSITE && ops.len() > 1 && ops[1] == init).then(|| ops[2..].to_vec())
    })?;
    let values: std::collections::HashMap<u32, u32> = instructions(spirv)
        .filter(|(op, ops)| *op == OP_CONSTANT && ops.len() == 3)
        .map(|(_, ops)| (ops[1], ops[2]))
        .collect();
    let mut bytes = Vec::with_capacity(parts.len() * 4);
    for p in parts {
        bytes.extend_from_slice(&values.get(&p)?.to_le_bytes());
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_initializer_of_the_named_variable() {
        let name = |s: &str| {
            let mut b = s.as_bytes().to_vec();
            b.resize((b.len() / 4 + 1) * 4, 0);
            b.chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect::<Vec<u32>>()
        };
        let n = name(CONSTANT_DATA_NAME);
        let mut m = vec![0x0723_0203, 0x0001_0500, 0, 100, 0];
        m.push(((2 + n.len() as u32) << 16) | OP_NAME);
        m.push(9);
        m.extend(&n);
        m.extend([(4 << 16) | OP_CONSTANT, 1, 5, 0x0403_0201]);
        m.extend([(4 << 16) | OP_CONSTANT, 1, 6, 0xdead_beef]);
        m.extend([(5 << 16) | OP_CONSTANT_COMPOSITE, 7, 8, 5, 6]);
        m.extend([(5 << 16) | OP_VARIABLE, 10, 9, 6, 8]);
        assert_eq!(
            constant_data(&m),
            Some(vec![1, 2, 3, 4, 0xef, 0xbe, 0xad, 0xde])
        );
        assert_eq!(constant_data(&m[..5]), None);
    }
}
