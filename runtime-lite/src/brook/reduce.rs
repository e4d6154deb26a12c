//! Reductions: every pass runs one work-group per output element, which reduces that
//! element's block of its input in a tree through local memory. A partial reduction is one
//! pass of the first kernel; a reduction to one value reduces 256-element blocks of the input
//! with the first kernel, then schedules passes of the combine kernel over the partial
//! results until one remains (log256(n) passes).

use super::device::{BrookDevice, DeviceArg};
use super::launch::{ints, xyz};
use super::stream::{BrookError, Stream};
use crate::ndrange::NDRange;

/// Input elements per work-group in the passes of a reduction to one value.
pub const BLOCK: usize = 256;

/// The two OpenCL kernels of a reduction and their work-group size.
pub struct ReducePasses<'a> {
    /// Reduces blocks of the input with the kernel body.
    pub first: &'a str,
    /// Reduces blocks of partial results.
    pub combine: &'a str,
    /// Work-items per work-group.
    pub group_size: u32,
}

/// The extents (x, y, z, fastest first) of one pass: its input, the block each output
/// element reduces, and its output.
struct PassShape {
    in_xyz: [usize; 3],
    f: [usize; 3],
    out_xyz: [usize; 3],
}

fn pass(
    device: &mut dyn BrookDevice,
    kernel: &str,
    group: u32,
    input: &mut Vec<u8>,
    shape: PassShape,
    elem: usize,
) -> Result<Vec<u8>, BrookError> {
    let PassShape { in_xyz, f, out_xyz } = shape;
    let mut out = vec![0u8; out_xyz.iter().product::<usize>() * elem];
    let mut args = vec![DeviceArg::Buffer(input), DeviceArg::Buffer(&mut out)];
    args.extend(ints(in_xyz));
    args.extend(ints(f));
    args.extend(ints(out_xyz));
    let g = group as u64;
    let range = NDRange {
        work_dim: 3,
        global: [g * out_xyz[0] as u64, out_xyz[1] as u64, out_xyz[2] as u64],
        local: Some([g, 1, 1]),
        offset: [0; 3],
    };
    device.launch(kernel, &mut args, &range).map_err(|e| {
        BrookError(format!(
            "Kernel Execution: Failed to execute a reduction pass: {e}"
        ))
    })?;
    Ok(out)
}

/// Reduces every element of `input` into `out` (one element's bytes).
pub fn reduce_to_scalar(
    device: &mut dyn BrookDevice,
    passes: &ReducePasses<'_>,
    input: &Stream,
    out: &mut Vec<u8>,
) -> Result<(), BrookError> {
    let elem = input.elem_size();
    let mut n = input.len();
    if n == 0 {
        return Err(BrookError(
            "Kernel Execution: Invalid Input stream (empty)".into(),
        ));
    }
    let mut data = input.write().to_vec();
    let mut kernel = passes.first;
    loop {
        let m = n.div_ceil(BLOCK);
        data = pass(
            device,
            kernel,
            passes.group_size,
            &mut data,
            PassShape {
                in_xyz: [n, 1, 1],
                f: [BLOCK, 1, 1],
                out_xyz: [m, 1, 1],
            },
            elem,
        )?;
        n = m;
        kernel = passes.combine;
        if n == 1 {
            break;
        }
    }
    *out = data;
    Ok(())
}

/// Partial reduction (A.4.1.3): each element of `out` folds a block of `input`. An output of
/// lower rank reduces the trailing dimensions (`t<100>` from `s<100,200>`).
pub fn reduce_to_stream(
    device: &mut dyn BrookDevice,
    passes: &ReducePasses<'_>,
    input: &Stream,
    out: &mut Stream,
) -> Result<(), BrookError> {
    let ins = input.shape();
    if out.shape().len() > ins.len() {
        return Err(BrookError(
            "Kernel Execution: Reduction operation don't allow output rank > input rank".into(),
        ));
    }
    let mut outs = out.shape().to_vec();
    outs.resize(ins.len(), 1);
    if ins
        .iter()
        .zip(&outs)
        .any(|(i, o)| *o == 0 || !i.is_multiple_of(*o))
    {
        return Err(BrookError(
            "Kernel Execution: Input dimensions should be integral multiple of output dimensions. The results might be undefined".into(),
        ));
    }
    let in_xyz = xyz(ins)?;
    let out_xyz = xyz(&outs)?;
    let f = [
        in_xyz[0] / out_xyz[0],
        in_xyz[1] / out_xyz[1],
        in_xyz[2] / out_xyz[2],
    ];
    let mut data = input.write().to_vec();
    let result = pass(
        device,
        passes.first,
        passes.group_size,
        &mut data,
        PassShape { in_xyz, f, out_xyz },
        input.elem_size(),
    )?;
    *out.data_mut() = result;
    Ok(())
}
