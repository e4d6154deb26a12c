//! Helpers shared by the runtime tests.
#![allow(dead_code)]

use oclc_runtime_lite::{ArgValue, Buffer, NDRange, Program};

/// A deterministic pseudo-random generator (xorshift).
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u32(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as u32
    }
    pub fn f32(&mut self) -> f32 {
        (self.next_u32() % 2_000_000) as f32 / 1000.0 - 1000.0
    }
}

pub fn f32s_to_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn bytes_to_f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

pub fn i32s_to_bytes(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn bytes_to_i32s(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Runs `kernel` with the given buffers (by index) on 1, 2 and 4 threads, checks the three
/// runs agree, and returns the buffers after the first run.
pub fn run_threads(
    prog: &Program,
    kernel: &str,
    args: &[ArgValue],
    inputs: &[Vec<u8>],
    range: &NDRange,
) -> Vec<Vec<u8>> {
    let mut results: Vec<Vec<Vec<u8>>> = Vec::new();
    for threads in [1, 2, 4] {
        let mut bufs: Vec<Buffer> = inputs
            .iter()
            .map(|b| Buffer::from_bytes(b).unwrap())
            .collect();
        prog.launch(kernel, args, &mut bufs, range, Some(threads))
            .unwrap_or_else(|e| panic!("{kernel}: {e}"));
        results.push(bufs.iter().map(|b| b.as_bytes().to_vec()).collect());
    }
    assert_eq!(results[0], results[1], "1 vs 2 threads");
    assert_eq!(results[0], results[2], "1 vs 4 threads");
    results.remove(0)
}

use oclc_ir::{
    AddressSpace, Dim, FunctionBuilder, FunctionKind, KernelAttrs, Op, Rounding, ScalarType,
    TypeId, ValueId, WorkItemQuery,
};

/// A kernel function kind without attributes.
pub fn kernel() -> FunctionKind {
    FunctionKind::Kernel(KernelAttrs::default())
}

/// `let v = convert(x) : to`.
pub fn conv(b: &mut FunctionBuilder, x: ValueId, to: ScalarType) -> ValueId {
    conv_full(b, x, to, false, Rounding::Default)
}

/// A conversion with saturation and rounding.
pub fn conv_full(
    b: &mut FunctionBuilder,
    x: ValueId,
    to: ScalarType,
    saturate: bool,
    rounding: Rounding,
) -> ValueId {
    let t = b.types.scalar(to);
    b.emit(
        Op::Convert {
            value: x,
            to: t,
            saturate,
            rounding,
        },
        t,
    )
}

/// A work-item query with a constant dimension.
pub fn wi(b: &mut FunctionBuilder, query: WorkItemQuery, d: u32) -> ValueId {
    let t = if query.is_dimensionless() {
        b.types.scalar(ScalarType::U32)
    } else {
        b.types.scalar(ScalarType::U64)
    };
    b.emit(
        Op::WorkItem {
            query,
            dim: Dim::Const(d),
        },
        t,
    )
}

/// `&base[index]` for a global pointer `base` and an i64 `index`.
pub fn elem(b: &mut FunctionBuilder, base: ValueId, index: ValueId) -> ValueId {
    let t = b.value_type(base);
    b.emit(Op::PtrOffset { base, index }, t)
}

/// A global pointer type to `s`.
pub fn gptr(b: &mut FunctionBuilder, s: ScalarType) -> TypeId {
    let e = b.types.scalar(s);
    b.types.pointer(AddressSpace::Global, e)
}
