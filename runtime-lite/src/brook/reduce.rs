//! Reductions: a first pass folds blocks of the input with the kernel body; to reduce to one
//! value, passes of the combine kernel fold 256-element blocks of partial results until one
//! remains (a tree of depth log256(n)).

use super::device::{BrookDevice, DeviceArg};
use super::launch::{ints, xyz};
use super::stream::{BrookError, Stream};
use crate::ndrange::NDRange;

/// Elements each work-item folds in a full reduction pass.
pub const BLOCK: usize = 256;

fn pass(
    device: &mut dyn BrookDevice,
    kernel: &str,
    input: &mut Vec<u8>,
    in_xyz: [usize; 3],
    f: [usize; 3],
    out_xyz: [usize; 3],
    elem: usize,
) -> Result<Vec<u8>, BrookError> {
    let mut out = vec![0u8; out_xyz.iter().product::<usize>() * elem];
    let mut args = vec![DeviceArg::Buffer(input), DeviceArg::Buffer(&mut out)];
    args.extend(ints(in_xyz));
    args.extend(ints(f));
    args.extend(ints(out_xyz));
    let range = NDRange {
        work_dim: 3,
        global: [out_xyz[0] as u64, out_xyz[1] as u64, out_xyz[2] as u64],
        local: None,
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
    first: &str,
    combine: &str,
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
    let mut kernel = first;
    loop {
        let m = n.div_ceil(BLOCK);
        data = pass(
            device,
            kernel,
            &mut data,
            [n, 1, 1],
            [BLOCK, 1, 1],
            [m, 1, 1],
            elem,
        )?;
        n = m;
        kernel = combine;
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
    first: &str,
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
        first,
        &mut data,
        in_xyz,
        f,
        out_xyz,
        input.elem_size(),
    )?;
    *out.data_mut() = result;
    Ok(())
}
