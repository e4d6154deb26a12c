//! Kernel calls with Brook+ semantics: checks the bound streams (A.8 errors), works out the
//! domain, and launches the map kernel or schedules the reduction passes.

use super::device::{BrookDevice, DeviceArg};
use super::kernel::{BrookKernel, BrookRole, BrookShape};
use super::reduce::{reduce_to_scalar, reduce_to_stream, ReducePasses};
use super::stream::{BrookError, Stream};
use crate::ndrange::NDRange;

/// One argument of a Brook+ kernel call, in parameter order.
pub enum BrookArg<'a> {
    /// An input stream or gather array.
    Stream(&'a Stream),
    /// An output stream, scatter array or reduction target stream.
    Out(&'a mut Stream),
    /// A constant's bytes.
    Value(Vec<u8>),
    /// The bytes of a scalar reduction result (written by the call).
    Scalar(&'a mut Vec<u8>),
}

/// Extents x, y, z (fastest first) of a Brook+ shape (left-most slowest).
pub(crate) fn xyz(shape: &[usize]) -> Result<[usize; 3], BrookError> {
    if shape.is_empty() || shape.len() > 3 {
        return Err(BrookError(format!(
            "Stream Allocation: Rank and dimension of stream doesn't support this stream type (rank {}; oclc runs 1 to 3)",
            shape.len()
        )));
    }
    let mut out = [1usize; 3];
    for (i, d) in shape.iter().rev().enumerate() {
        out[i] = *d;
    }
    Ok(out)
}

pub(crate) fn ints(v: [usize; 3]) -> Vec<DeviceArg<'static>> {
    v.iter()
        .map(|x| DeviceArg::Value((*x as i32).to_le_bytes().to_vec()))
        .collect()
}

/// Calls `kernel` with `args` (one per parameter) on `device`. Errors are returned and also
/// recorded on the output streams (their `error()` / `errorLog()`).
pub fn call_kernel(
    device: &mut dyn BrookDevice,
    kernel: &BrookKernel,
    args: &mut [BrookArg<'_>],
) -> Result<(), BrookError> {
    let result = call_inner(device, kernel, args);
    if let Err(e) = &result {
        for a in args.iter_mut() {
            if let BrookArg::Out(s) = a {
                s.fail(e.0.clone());
            }
        }
    }
    result
}

fn check_arg(kernel: &BrookKernel, i: usize, arg: &BrookArg<'_>) -> Result<(), BrookError> {
    let p = &kernel.params[i];
    let ok = matches!(
        (p.role, arg),
        (BrookRole::Input | BrookRole::Gather, BrookArg::Stream(_))
            | (BrookRole::Output | BrookRole::Scatter, BrookArg::Out(_))
            | (BrookRole::Constant, BrookArg::Value(_))
            | (
                BrookRole::ReduceOutput,
                BrookArg::Out(_) | BrookArg::Scalar(_)
            )
    );
    if !ok {
        return Err(BrookError(format!(
            "Kernel Execution: argument {} ('{}') of {} must be {}",
            i + 1,
            p.name,
            kernel.name,
            match p.role {
                BrookRole::Input => "an input stream",
                BrookRole::Gather => "a gather array stream",
                BrookRole::Output => "an output stream",
                BrookRole::Scatter => "a scatter stream",
                BrookRole::Constant => "a value",
                BrookRole::ReduceOutput => "a reduction target (stream or scalar)",
            }
        )));
    }
    let stream = match arg {
        BrookArg::Stream(s) => Some(&**s),
        BrookArg::Out(s) => Some(&**s),
        _ => None,
    };
    if let Some(s) = stream {
        if s.elem_size() != p.elem_size {
            return Err(BrookError(format!(
                "Kernel Execution: stream bound to '{}' has {}-byte elements, the kernel expects {}",
                p.name,
                s.elem_size(),
                p.elem_size
            )));
        }
        let fixed = p.dims.iter().all(|d| d.is_some()) && p.role != BrookRole::ReduceOutput;
        if fixed {
            let want: Vec<usize> = p.dims.iter().map(|d| d.unwrap_or(0) as usize).collect();
            if want != s.shape() {
                return Err(BrookError(format!(
                    "Kernel Execution: Mismatched dimensions of formal and actual arguments for '{}': declared {:?}, bound {:?}",
                    p.name,
                    want,
                    s.shape()
                )));
            }
        }
    }
    if let (BrookArg::Value(v), BrookRole::Constant) = (arg, p.role) {
        if v.len() != p.elem_size {
            return Err(BrookError(format!(
                "Kernel Execution: constant '{}' needs {} bytes, {} given",
                p.name,
                p.elem_size,
                v.len()
            )));
        }
    }
    Ok(())
}

fn call_inner(
    device: &mut dyn BrookDevice,
    kernel: &BrookKernel,
    args: &mut [BrookArg<'_>],
) -> Result<(), BrookError> {
    if args.len() != kernel.params.len() {
        return Err(BrookError(format!(
            "Kernel Execution: {} takes {} arguments, {} given",
            kernel.name,
            kernel.params.len(),
            args.len()
        )));
    }
    for (i, a) in args.iter().enumerate() {
        check_arg(kernel, i, a)?;
    }
    match &kernel.shape {
        BrookShape::Reduce {
            first_pass,
            combine_pass,
            group_size,
        } => {
            let passes = ReducePasses {
                first: first_pass,
                combine: combine_pass,
                group_size: *group_size,
            };
            let (first, rest) = args.split_at_mut(1);
            let BrookArg::Stream(input) = &first[0] else {
                return Err(BrookError("Kernel Execution: Invalid Input stream".into()));
            };
            match &mut rest[0] {
                BrookArg::Scalar(out) => reduce_to_scalar(device, &passes, input, out),
                BrookArg::Out(out) => reduce_to_stream(device, &passes, input, out),
                _ => Err(BrookError("Kernel Execution: Invalid output stream".into())),
            }
        }
        BrookShape::Map(name) => map(device, kernel, name, args),
    }
}

fn map(
    device: &mut dyn BrookDevice,
    kernel: &BrookKernel,
    name: &str,
    args: &mut [BrookArg<'_>],
) -> Result<(), BrookError> {
    // The domain: the first output stream, else (scatter kernels) the first input stream.
    let domain: Vec<usize> = kernel
        .params
        .iter()
        .zip(args.iter())
        .find_map(|(p, a)| match (p.role, a) {
            (BrookRole::Output, BrookArg::Out(s)) => Some(s.shape().to_vec()),
            _ => None,
        })
        .or_else(|| {
            kernel
                .params
                .iter()
                .zip(args.iter())
                .find_map(|(p, a)| match (p.role, a) {
                    (BrookRole::Input, BrookArg::Stream(s)) => Some(s.shape().to_vec()),
                    _ => None,
                })
        })
        .ok_or_else(|| {
            BrookError(format!(
                "Kernel Execution: {} has no output or input stream to give its domain",
                kernel.name
            ))
        })?;
    let dom = xyz(&domain)?;
    let mut warnings = Vec::new();
    for (p, a) in kernel.params.iter().zip(args.iter()) {
        match (p.role, a) {
            (BrookRole::Output, BrookArg::Out(s)) if s.shape() != domain.as_slice() => {
                return Err(BrookError(
                    "Kernel Execution: output stream dimension doesn't match with first output dimension. The results might be undefined".into(),
                ))
            }
            (BrookRole::Input, BrookArg::Stream(s)) => {
                if s.shape().len() != domain.len() {
                    return Err(BrookError(
                        "Kernel Execution: input stream rank doesn't match with first output rank".into(),
                    ));
                }
                if s.shape() != domain.as_slice() {
                    warnings.push(format!(
                        "Kernel Execution: Input stream dimension doesn't match with output dimension. An implicit resize is done to match output dimension ('{}': {:?} to {:?}). In the next release this feature will be deprecated",
                        p.name,
                        s.shape(),
                        domain
                    ));
                }
            }
            _ => {}
        }
    }
    let local = kernel
        .group_size
        .map(|g| [g[0] as u64, g[1] as u64, g[2] as u64]);
    if let Some(l) = local {
        if (0..3).any(|i| !(dom[i] as u64).is_multiple_of(l[i])) {
            return Err(BrookError(format!(
                "Kernel Execution: the domain {dom:?} (x, y, z) is not a multiple of the GroupSize {l:?}"
            )));
        }
    }
    // Device buffers: copies of every stream (scatter arrays get one spare element for
    // writes outside the array).
    let mut buffers: Vec<Vec<u8>> = Vec::new();
    for (p, a) in kernel.params.iter().zip(args.iter()) {
        match a {
            BrookArg::Stream(s) => buffers.push(s.write().to_vec()),
            BrookArg::Out(s) => {
                let mut b = s.write().to_vec();
                if p.role == BrookRole::Scatter {
                    b.extend(std::iter::repeat_n(0u8, p.elem_size));
                }
                buffers.push(b);
            }
            _ => {}
        }
    }
    {
        let mut next = buffers.iter_mut();
        let mut dev_args: Vec<DeviceArg<'_>> = Vec::new();
        for (p, a) in kernel.params.iter().zip(args.iter()) {
            let stream: Option<&Stream> = match a {
                BrookArg::Stream(s) => Some(s),
                BrookArg::Out(s) => Some(s),
                _ => None,
            };
            match a {
                BrookArg::Stream(_) | BrookArg::Out(_) => {
                    let shape = xyz(stream.expect("a stream").shape())?;
                    dev_args.push(DeviceArg::Buffer(next.next().expect("buffer per stream")));
                    if p.role != BrookRole::Output {
                        dev_args.extend(ints(shape));
                    }
                }
                BrookArg::Value(v) => dev_args.push(DeviceArg::Value(v.clone())),
                BrookArg::Scalar(_) => {}
            }
        }
        dev_args.extend(ints(dom));
        let range = NDRange {
            work_dim: domain.len() as u32,
            global: [dom[0] as u64, dom[1] as u64, dom[2] as u64],
            local,
            offset: [0; 3],
        };
        device
            .launch(name, &mut dev_args, &range)
            .map_err(|e| BrookError(format!("Kernel Execution: Failed to run kernel: {e}")))?;
    }
    let mut next = buffers.into_iter();
    for a in args.iter_mut() {
        match a {
            BrookArg::Stream(_) => {
                next.next();
            }
            BrookArg::Out(s) => {
                let mut b = next.next().expect("buffer per stream");
                let n = s.write().len();
                b.truncate(n);
                *s.data_mut() = b;
                for w in &warnings {
                    s.warn(w.clone());
                }
            }
            _ => {}
        }
    }
    Ok(())
}
