//! Program-scope `__constant` data of an oclc Vulkan module. The module carries the data
//! as the initializer of a Private variable named `oclc.constant_data` (never read by the
//! shader); the launcher puts it in a buffer and stores the buffer's device address in
//! the last 8 bytes of the argument block, where the kernel reads it.
//!
//! The initializer is a composite whose constituents make up the data in order: a 32-bit
//! constant is 4 bytes of data (little-endian), a 64-bit constant N is N zero bytes, and a
//! composite is its own constituents (the compiler's `vulkan::constants` describes it).

use std::collections::HashMap;

use super::device::VulkanError;

/// The `OpName` of the variable carrying the data (the compiler's `CONSTANT_DATA_NAME`).
const CONSTANT_DATA_NAME: &str = "oclc.constant_data";

const OP_NAME: u32 = 5;
const OP_CONSTANT: u32 = 43;
const OP_CONSTANT_COMPOSITE: u32 = 44;
const OP_VARIABLE: u32 = 59;

/// The most bytes of constant data a module may describe (the largest allocation of the
/// Vulkan devices here, lavapipe's `maxMemoryAllocationSize`).
const MAX_CONSTANT_BYTES: u64 = 1 << 31;

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
pub(crate) fn constant_data(spirv: &[u32]) -> Result<Option<Vec<u8>>, VulkanError> {
    let Some(var) = instructions(spirv).find_map(|(op, ops)| {
        (op == OP_NAME && ops.len() > 1 && literal_string(&ops[1..]) == CONSTANT_DATA_NAME)
            .then(|| ops[0])
    }) else {
        return Ok(None);
    };
    let Some(init) = instructions(spirv).find_map(|(op, ops)| {
        (op == OP_VARIABLE && ops.len() > 3 && ops[1] == var).then(|| ops[3])
    }) else {
        return Ok(None);
    };
    // Constants by result id: (is a composite, constituents or value words).
    let constants: HashMap<u32, (bool, &[u32])> = instructions(spirv)
        .filter(|(op, ops)| (*op == OP_CONSTANT || *op == OP_CONSTANT_COMPOSITE) && ops.len() > 2)
        .map(|(op, ops)| (ops[1], (op == OP_CONSTANT_COMPOSITE, &ops[2..])))
        .collect();
    let bad = || VulkanError("the module's constant data is malformed".into());
    let mut size = 0u64;
    visit(&constants, init, 0, &mut |part| {
        size += match part {
            Part::Word(_) => 4,
            Part::Zeros(n) => n,
        };
    })
    .ok_or_else(bad)?;
    if size > MAX_CONSTANT_BYTES {
        return Err(VulkanError(format!(
            "the module's constant data is {size} bytes, more than the {MAX_CONSTANT_BYTES} a buffer here can hold"
        )));
    }
    let mut bytes = Vec::with_capacity(size as usize);
    visit(&constants, init, 0, &mut |part| match part {
        Part::Word(w) => bytes.extend_from_slice(&w.to_le_bytes()),
        Part::Zeros(n) => bytes.resize(bytes.len() + n as usize, 0),
    })
    .ok_or_else(bad)?;
    Ok(Some(bytes))
}

/// A piece of the constant data.
enum Part {
    /// Four bytes of data.
    Word(u32),
    /// That many zero bytes.
    Zeros(u64),
}

/// Calls `f` on the pieces of constant `id` in order; `None` when it is not made of
/// 32-bit constants, 64-bit zero counts and composites of them.
fn visit(
    constants: &HashMap<u32, (bool, &[u32])>,
    id: u32,
    depth: u32,
    f: &mut dyn FnMut(Part),
) -> Option<()> {
    match *constants.get(&id)? {
        (true, parts) if depth < 4 => {
            for &p in parts {
                visit(constants, p, depth + 1, f)?;
            }
        }
        (false, [w]) => f(Part::Word(*w)),
        (false, [lo, hi]) => f(Part::Zeros(*lo as u64 | (*hi as u64) << 32)),
        _ => return None,
    }
    Some(())
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
            constant_data(&m).unwrap(),
            Some(vec![1, 2, 3, 4, 0xef, 0xbe, 0xad, 0xde])
        );
        assert_eq!(constant_data(&m[..5]).unwrap(), None);
    }

    /// A module with the data `struct { uint[2] {5, 6}; ulong 8; uint[1] {5} }`.
    fn nested_module(zeros: u64) -> Vec<u32> {
        let n = CONSTANT_DATA_NAME.as_bytes();
        let mut name: Vec<u32> = n
            .chunks(4)
            .map(|c| {
                let mut w = [0u8; 4];
                w[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(w)
            })
            .collect();
        if n.len().is_multiple_of(4) {
            name.push(0);
        }
        let mut m = vec![0x0723_0203, 0x0001_0500, 0, 100, 0];
        m.push(((2 + name.len() as u32) << 16) | OP_NAME);
        m.push(20);
        m.extend(&name);
        m.extend([(4 << 16) | OP_CONSTANT, 1, 5, 0x0403_0201]);
        m.extend([(4 << 16) | OP_CONSTANT, 1, 6, 0xdead_beef]);
        m.extend([
            (5 << 16) | OP_CONSTANT,
            2,
            7,
            zeros as u32,
            (zeros >> 32) as u32,
        ]);
        m.extend([(5 << 16) | OP_CONSTANT_COMPOSITE, 3, 8, 5, 6]);
        m.extend([(4 << 16) | OP_CONSTANT_COMPOSITE, 4, 9, 5]);
        m.extend([(6 << 16) | OP_CONSTANT_COMPOSITE, 10, 11, 8, 7, 9]);
        m.extend([(5 << 16) | OP_VARIABLE, 12, 20, 6, 11]);
        m
    }

    #[test]
    fn reads_runs_of_zeros_between_words() {
        let mut want = vec![1, 2, 3, 4, 0xef, 0xbe, 0xad, 0xde];
        want.extend([0; 8]);
        want.extend([1, 2, 3, 4]);
        assert_eq!(constant_data(&nested_module(8)).unwrap(), Some(want));
    }

    #[test]
    fn refuses_more_data_than_a_buffer_holds() {
        let err = constant_data(&nested_module(1 << 40)).unwrap_err();
        assert!(err.0.contains("more than"), "{}", err.0);
    }
}
