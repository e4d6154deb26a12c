//! Where Brook+ kernels run: anything that can launch an OpenCL-shaped kernel.

use crate::args::ArgValue;
use crate::buffer::Buffer;
use crate::ndrange::NDRange;
use crate::opencl::{OpenClArg, OpenClProgram};
use crate::program::Program;

/// One argument of a device launch.
pub enum DeviceArg<'a> {
    /// A buffer, read back after the launch.
    Buffer(&'a mut Vec<u8>),
    /// A by-value argument.
    Value(Vec<u8>),
}

/// A device that runs the OpenCL kernels of a Brook+ program.
pub trait BrookDevice {
    /// Runs `kernel` over `range` with `args`.
    fn launch(
        &mut self,
        kernel: &str,
        args: &mut [DeviceArg<'_>],
        range: &NDRange,
    ) -> Result<(), String>;
}

/// oclc's CPU device.
pub struct CpuBrookDevice<'p> {
    /// The program compiled from the generated OpenCL C.
    pub program: &'p Program,
    /// Worker threads (default: all cores).
    pub threads: Option<usize>,
}

impl BrookDevice for CpuBrookDevice<'_> {
    fn launch(
        &mut self,
        kernel: &str,
        args: &mut [DeviceArg<'_>],
        range: &NDRange,
    ) -> Result<(), String> {
        let mut buffers = Vec::new();
        let mut values = Vec::new();
        for a in args.iter() {
            values.push(match a {
                DeviceArg::Buffer(b) => {
                    buffers.push(Buffer::from_bytes(b).map_err(|e| e.to_string())?);
                    ArgValue::Buffer(buffers.len() - 1)
                }
                DeviceArg::Value(v) => ArgValue::Bytes(v.clone()),
            });
        }
        self.program
            .launch(kernel, &values, &mut buffers, range, self.threads)
            .map_err(|e| e.to_string())?;
        let mut next = buffers.iter();
        for a in args.iter_mut() {
            if let DeviceArg::Buffer(b) = a {
                b.copy_from_slice(next.next().expect("one buffer per argument").as_bytes());
            }
        }
        Ok(())
    }
}

impl BrookDevice for OpenClProgram<'_> {
    fn launch(
        &mut self,
        kernel: &str,
        args: &mut [DeviceArg<'_>],
        range: &NDRange,
    ) -> Result<(), String> {
        let mut cl: Vec<OpenClArg<'_>> = args
            .iter_mut()
            .map(|a| match a {
                DeviceArg::Buffer(b) => OpenClArg::Buffer(b.as_mut_slice()),
                DeviceArg::Value(v) => OpenClArg::Value(v.as_slice()),
            })
            .collect();
        self.run(kernel, &mut cl, range, 0)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}
