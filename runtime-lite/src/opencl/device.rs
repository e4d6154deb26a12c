//! Context, program build, buffers and timed launches on one OpenCL device.

use std::ffi::{c_void, CString};
use std::fmt;
use std::ptr::{null, null_mut};
use std::time::{Duration, Instant};

use super::ffi::{self, Api, Handle};
use super::image::{self, ImageObject, OpenClImageDesc};
use crate::ndrange::NDRange;

/// Options appended to every `clBuildProgram` (e.g. `-cl-nv-verbose`), for looking at what
/// the vendor's compiler makes of a kernel.
pub const EXTRA_OPTIONS_ENV: &str = "OCLC_CL_EXTRA_OPTIONS";

/// When set, the build log of a successful `clBuildProgram` is printed on stderr.
pub const BUILD_LOG_ENV: &str = "OCLC_CL_BUILD_LOG";

/// When set to a path, the program binary the driver built (NVIDIA: PTX) is written there.
pub const DUMP_BINARY_ENV: &str = "OCLC_CL_DUMP_BINARY";

/// An error from the OpenCL reference device, with the failing call and its error code
/// (and the build log for build failures).
#[derive(Debug, Clone)]
pub struct OpenClError(pub String);

impl fmt::Display for OpenClError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OpenClError {}

pub(super) fn check(code: i32, what: &str) -> Result<(), OpenClError> {
    if code == ffi::SUCCESS {
        Ok(())
    } else {
        Err(OpenClError(format!(
            "{what} failed with OpenCL error {code}"
        )))
    }
}

/// One OpenCL device with a context and a profiling-enabled queue.
pub struct OpenClDevice {
    api: Api,
    device: Handle,
    context: Handle,
    queue: Handle,
    /// "platform: device" as the driver names them.
    pub name: String,
}

/// A built program.
pub struct OpenClProgram<'d> {
    dev: &'d OpenClDevice,
    program: Handle,
    /// Wall time `clBuildProgram` took.
    pub build_time: Duration,
}

/// One kernel argument.
pub enum OpenClArg<'a> {
    /// A buffer: uploaded before the launch and read back after it.
    Buffer(&'a mut [u8]),
    /// A by-value argument's bytes.
    Value(&'a [u8]),
    /// A `__local` pointer argument of this many bytes.
    Local(usize),
    /// An image with this format and extents, made from the bytes (tightly packed texels)
    /// before the launch and read back into them after it.
    Image {
        /// Format and extents.
        desc: &'a OpenClImageDesc,
        /// The texels.
        bytes: &'a mut [u8],
    },
    /// A sampler with the settings of OpenCL C's 32-bit `CLK_*` pattern.
    Sampler(u32),
}

/// What a launch measured.
pub struct OpenClRun {
    /// Device time of each timed launch (profiling events), after one warm-up launch.
    pub times: Vec<Duration>,
}

fn info_string(get: impl Fn(usize, *mut c_void, *mut usize) -> i32) -> String {
    let mut size = 0usize;
    if get(0, null_mut(), &mut size) != ffi::SUCCESS || size == 0 {
        return String::new();
    }
    let mut buf = vec![0u8; size];
    if get(size, buf.as_mut_ptr().cast(), null_mut()) != ffi::SUCCESS {
        return String::new();
    }
    String::from_utf8_lossy(&buf)
        .trim_end_matches('\0')
        .trim()
        .to_string()
}

impl OpenClDevice {
    /// Opens the first device whose "platform: device" name contains `filter` (any device
    /// when `None`; GPUs are preferred over CPUs then).
    pub fn open(filter: Option<&str>) -> Result<OpenClDevice, OpenClError> {
        let api = Api::load().map_err(OpenClError)?;
        let mut n = 0u32;
        // SAFETY: plain OpenCL calls with valid out-pointers sized as the spec requires.
        unsafe {
            check(
                (api.clGetPlatformIDs)(0, null_mut(), &mut n),
                "clGetPlatformIDs",
            )?;
            let mut platforms = vec![null_mut(); n as usize];
            check(
                (api.clGetPlatformIDs)(n, platforms.as_mut_ptr(), null_mut()),
                "clGetPlatformIDs",
            )?;
            let mut candidates = Vec::new();
            for &p in &platforms {
                let pname =
                    info_string(|s, v, r| (api.clGetPlatformInfo)(p, ffi::PLATFORM_NAME, s, v, r));
                let mut nd = 0u32;
                if (api.clGetDeviceIDs)(p, ffi::DEVICE_TYPE_ALL, 0, null_mut(), &mut nd)
                    != ffi::SUCCESS
                {
                    continue;
                }
                let mut devices = vec![null_mut(); nd as usize];
                (api.clGetDeviceIDs)(
                    p,
                    ffi::DEVICE_TYPE_ALL,
                    nd,
                    devices.as_mut_ptr(),
                    null_mut(),
                );
                for d in devices {
                    let dname =
                        info_string(|s, v, r| (api.clGetDeviceInfo)(d, ffi::DEVICE_NAME, s, v, r));
                    let mut ty = 0u64;
                    (api.clGetDeviceInfo)(
                        d,
                        ffi::DEVICE_TYPE,
                        8,
                        (&mut ty as *mut u64).cast(),
                        null_mut(),
                    );
                    candidates.push((
                        format!("{pname}: {dname}"),
                        d,
                        ty & ffi::DEVICE_TYPE_GPU != 0,
                    ));
                }
            }
            let chosen = match filter {
                Some(f) => candidates
                    .iter()
                    .find(|c| c.0.to_lowercase().contains(&f.to_lowercase())),
                None => candidates.iter().find(|c| c.2).or(candidates.first()),
            };
            let Some((name, device, _)) = chosen else {
                let names: Vec<_> = candidates.iter().map(|c| c.0.clone()).collect();
                return Err(OpenClError(format!(
                    "no OpenCL device{} (found: {})",
                    filter
                        .map(|f| format!(" matching '{f}'"))
                        .unwrap_or_default(),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join("; ")
                    }
                )));
            };
            let mut err = 0;
            let context = (api.clCreateContext)(null(), 1, device, null(), null_mut(), &mut err);
            check(err, "clCreateContext")?;
            let queue =
                (api.clCreateCommandQueue)(context, *device, ffi::QUEUE_PROFILING_ENABLE, &mut err);
            check(err, "clCreateCommandQueue")?;
            Ok(OpenClDevice {
                device: *device,
                context,
                queue,
                name: name.clone(),
                api,
            })
        }
    }

    fn finish_build(
        &self,
        program: Handle,
        options: &str,
        start: Instant,
    ) -> Result<OpenClProgram<'_>, OpenClError> {
        let options = match std::env::var(EXTRA_OPTIONS_ENV) {
            Ok(extra) if !extra.is_empty() => format!("{options} {extra}"),
            _ => options.to_string(),
        };
        let opts = CString::new(options).map_err(|_| OpenClError("NUL in build options".into()))?;
        // SAFETY: valid program and device handles; options is NUL-terminated.
        let code = unsafe {
            (self.api.clBuildProgram)(program, 1, &self.device, opts.as_ptr(), null(), null_mut())
        };
        let build_time = start.elapsed();
        let log = || {
            info_string(|s, v, r| unsafe {
                (self.api.clGetProgramBuildInfo)(
                    program,
                    self.device,
                    ffi::PROGRAM_BUILD_LOG,
                    s,
                    v,
                    r,
                )
            })
        };
        if code == ffi::SUCCESS && std::env::var_os(BUILD_LOG_ENV).is_some() {
            eprintln!("OpenCL build log:\n{}", log());
        }
        if let (ffi::SUCCESS, Some(path)) = (code, std::env::var_os(DUMP_BINARY_ENV)) {
            self.dump_binary(program, std::path::Path::new(&path));
        }
        if code != ffi::SUCCESS {
            let log = log();
            // SAFETY: releasing the program we created.
            unsafe { (self.api.clReleaseProgram)(program) };
            return Err(OpenClError(format!(
                "clBuildProgram failed with OpenCL error {code}:\n{log}"
            )));
        }
        Ok(OpenClProgram {
            dev: self,
            program,
            build_time,
        })
    }

    /// Writes the built binary of `program` (one device) to `path`, reporting failures on
    /// stderr (a debugging aid: [`DUMP_BINARY_ENV`]).
    fn dump_binary(&self, program: Handle, path: &std::path::Path) {
        let mut size = 0usize;
        // SAFETY: one device, so one size.
        let code = unsafe {
            (self.api.clGetProgramInfo)(
                program,
                ffi::PROGRAM_BINARY_SIZES,
                std::mem::size_of::<usize>(),
                (&mut size as *mut usize).cast(),
                null_mut(),
            )
        };
        if code != ffi::SUCCESS {
            eprintln!("{DUMP_BINARY_ENV}: clGetProgramInfo failed with {code}");
            return;
        }
        let mut binary = vec![0u8; size];
        let mut ptr = binary.as_mut_ptr();
        // SAFETY: one pointer to a buffer of the size the driver gave.
        let code = unsafe {
            (self.api.clGetProgramInfo)(
                program,
                ffi::PROGRAM_BINARIES,
                std::mem::size_of::<*mut u8>(),
                (&mut ptr as *mut *mut u8).cast(),
                null_mut(),
            )
        };
        if code != ffi::SUCCESS {
            eprintln!("{DUMP_BINARY_ENV}: clGetProgramInfo failed with {code}");
        } else if let Err(e) = std::fs::write(path, &binary) {
            eprintln!("{DUMP_BINARY_ENV}: cannot write {}: {e}", path.display());
        }
    }

    /// Builds OpenCL C source with the given options (as for `clBuildProgram`).
    pub fn build_source(
        &self,
        source: &str,
        options: &str,
    ) -> Result<OpenClProgram<'_>, OpenClError> {
        let start = Instant::now();
        let mut err = 0;
        let ptr = source.as_ptr().cast();
        let len = source.len();
        // SAFETY: one string with an explicit length.
        let program =
            unsafe { (self.api.clCreateProgramWithSource)(self.context, 1, &ptr, &len, &mut err) };
        check(err, "clCreateProgramWithSource")?;
        self.finish_build(program, options, start)
    }

    /// Builds a program from a binary (e.g. SPIR 1.2 bitcode with `-x spir -spir-std=1.2`).
    pub fn build_binary(
        &self,
        binary: &[u8],
        options: &str,
    ) -> Result<OpenClProgram<'_>, OpenClError> {
        let start = Instant::now();
        let mut err = 0;
        let mut status = 0;
        let ptr = binary.as_ptr();
        let len = binary.len();
        // SAFETY: one binary for our one device.
        let program = unsafe {
            (self.api.clCreateProgramWithBinary)(
                self.context,
                1,
                &self.device,
                &len,
                &ptr,
                &mut status,
                &mut err,
            )
        };
        check(err, "clCreateProgramWithBinary")?;
        check(status, "clCreateProgramWithBinary (binary status)")?;
        self.finish_build(program, options, start)
    }
}

impl Drop for OpenClDevice {
    fn drop(&mut self) {
        // SAFETY: releasing the queue and context we created.
        unsafe {
            (self.api.clReleaseCommandQueue)(self.queue);
            (self.api.clReleaseContext)(self.context);
        }
    }
}

impl OpenClProgram<'_> {
    /// Runs `kernel` once as a warm-up and then `repeat` more times, timing each timed
    /// launch with profiling events; buffers are uploaded before and read back after, and
    /// hold the result of the first (warm-up) launch, whose inputs are the given contents:
    /// each timed launch starts again from the original contents.
    pub fn run(
        &self,
        kernel: &str,
        args: &mut [OpenClArg<'_>],
        range: &NDRange,
        repeat: usize,
    ) -> Result<OpenClRun, OpenClError> {
        let api = &self.dev.api;
        let name = CString::new(kernel).map_err(|_| OpenClError("NUL in kernel name".into()))?;
        let mut err = 0;
        // SAFETY: handles are valid for the life of self; every pointer passed is valid for
        // the duration of the call, and buffers are read back before the slices are released.
        unsafe {
            let k = (api.clCreateKernel)(self.program, name.as_ptr(), &mut err);
            check(err, &format!("clCreateKernel('{kernel}')"))?;
            let mut mems: Vec<(usize, Handle)> = Vec::new();
            let mut objects: Vec<(usize, ImageObject)> = Vec::new();
            let originals: Vec<Option<Vec<u8>>> = args
                .iter()
                .map(|a| match a {
                    OpenClArg::Buffer(b) | OpenClArg::Image { bytes: b, .. } => Some(b.to_vec()),
                    _ => None,
                })
                .collect();
            let result = (|| -> Result<OpenClRun, OpenClError> {
                for (i, arg) in args.iter_mut().enumerate() {
                    match arg {
                        OpenClArg::Buffer(bytes) => {
                            let mem = (api.clCreateBuffer)(
                                self.dev.context,
                                ffi::MEM_READ_WRITE | ffi::MEM_COPY_HOST_PTR,
                                bytes.len(),
                                bytes.as_mut_ptr().cast(),
                                &mut err,
                            );
                            check(err, "clCreateBuffer")?;
                            mems.push((i, mem));
                            check(
                                (api.clSetKernelArg)(
                                    k,
                                    i as u32,
                                    std::mem::size_of::<Handle>(),
                                    (&mem as *const Handle).cast(),
                                ),
                                &format!("clSetKernelArg({i})"),
                            )?;
                        }
                        OpenClArg::Value(bytes) => check(
                            (api.clSetKernelArg)(k, i as u32, bytes.len(), bytes.as_ptr().cast()),
                            &format!("clSetKernelArg({i})"),
                        )?,
                        OpenClArg::Local(n) => check(
                            (api.clSetKernelArg)(k, i as u32, *n, null()),
                            &format!("clSetKernelArg({i}, local)"),
                        )?,
                        OpenClArg::Image { desc, bytes } => {
                            let obj = image::create_image(api, self.dev.context, desc, bytes)?;
                            let h = obj.handle();
                            objects.push((i, obj));
                            check(
                                (api.clSetKernelArg)(
                                    k,
                                    i as u32,
                                    std::mem::size_of::<Handle>(),
                                    (&h as *const Handle).cast(),
                                ),
                                &format!("clSetKernelArg({i}, image)"),
                            )?;
                        }
                        OpenClArg::Sampler(bits) => {
                            let obj = image::create_sampler(api, self.dev.context, *bits)?;
                            let h = obj.handle();
                            objects.push((i, obj));
                            check(
                                (api.clSetKernelArg)(
                                    k,
                                    i as u32,
                                    std::mem::size_of::<Handle>(),
                                    (&h as *const Handle).cast(),
                                ),
                                &format!("clSetKernelArg({i}, sampler)"),
                            )?;
                        }
                    }
                }
                let (work_dim, global, local, offset) =
                    (range.work_dim, range.global, range.local, range.offset);
                let g: Vec<usize> = global.iter().map(|v| *v as usize).collect();
                let o: Vec<usize> = offset.iter().map(|v| *v as usize).collect();
                let l: Option<Vec<usize>> = local.map(|l| l.iter().map(|v| *v as usize).collect());
                let launch = |timed: bool| -> Result<Option<Duration>, OpenClError> {
                    let mut ev: Handle = null_mut();
                    check(
                        (api.clEnqueueNDRangeKernel)(
                            self.dev.queue,
                            k,
                            work_dim,
                            o.as_ptr(),
                            g.as_ptr(),
                            l.as_ref().map_or(null(), |l| l.as_ptr()),
                            0,
                            null(),
                            &mut ev,
                        ),
                        "clEnqueueNDRangeKernel",
                    )?;
                    check((api.clWaitForEvents)(1, &ev), "clWaitForEvents")?;
                    let mut t = None;
                    if timed {
                        let (mut s, mut e) = (0u64, 0u64);
                        (api.clGetEventProfilingInfo)(
                            ev,
                            ffi::PROFILING_COMMAND_START,
                            8,
                            (&mut s as *mut u64).cast(),
                            null_mut(),
                        );
                        (api.clGetEventProfilingInfo)(
                            ev,
                            ffi::PROFILING_COMMAND_END,
                            8,
                            (&mut e as *mut u64).cast(),
                            null_mut(),
                        );
                        t = Some(Duration::from_nanos(e.saturating_sub(s)));
                    }
                    (api.clReleaseEvent)(ev);
                    Ok(t)
                };
                launch(false)?;
                for (i, mem) in &mems {
                    if let OpenClArg::Buffer(bytes) = &mut args[*i] {
                        check(
                            (api.clEnqueueReadBuffer)(
                                self.dev.queue,
                                *mem,
                                1,
                                0,
                                bytes.len(),
                                bytes.as_mut_ptr().cast(),
                                0,
                                null(),
                                null_mut(),
                            ),
                            "clEnqueueReadBuffer",
                        )?;
                    }
                }
                for (i, obj) in &objects {
                    if let OpenClArg::Image { desc, bytes } = &mut args[*i] {
                        image::read_image(api, self.dev.queue, obj.handle(), desc, bytes)?;
                    }
                }
                let mut times = Vec::with_capacity(repeat);
                for _ in 0..repeat {
                    for (i, obj) in &objects {
                        if let OpenClArg::Image { desc, .. } = &args[*i] {
                            let original = originals[*i].as_ref().expect("image argument");
                            image::write_image(api, self.dev.queue, obj.handle(), desc, original)?;
                        }
                    }
                    for (i, mem) in &mems {
                        let original = originals[*i].as_ref().expect("buffer argument");
                        check(
                            (api.clEnqueueWriteBuffer)(
                                self.dev.queue,
                                *mem,
                                1,
                                0,
                                original.len(),
                                original.as_ptr().cast(),
                                0,
                                null(),
                                null_mut(),
                            ),
                            "clEnqueueWriteBuffer",
                        )?;
                    }
                    times.push(launch(true)?.unwrap_or_default());
                }
                check((api.clFinish)(self.dev.queue), "clFinish")?;
                Ok(OpenClRun { times })
            })();
            for (_, mem) in mems {
                (api.clReleaseMemObject)(mem);
            }
            for (_, obj) in objects {
                image::release(api, obj);
            }
            (api.clReleaseKernel)(k);
            result
        }
    }
}

impl Drop for OpenClProgram<'_> {
    fn drop(&mut self) {
        // SAFETY: releasing the program we built.
        unsafe {
            (self.dev.api.clReleaseProgram)(self.program);
        }
    }
}
