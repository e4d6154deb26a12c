//! oclc-build compiles OpenCL C kernels from a build script, as the `cc` crate compiles C:
//! into `OUT_DIR`, for the CPU (a precompiled object linked into the package: running it
//! needs no JIT), Vulkan and OpenCL (SPIR-V words), with a generated Rust module of typed
//! launchers that run on `oclc_runtime_lite::embed::Device`.
//!
//! In `build.rs` (with `oclc-build` in `[build-dependencies]`):
//!
//! ```no_run
//! oclc_build::Build::new()
//!     .file("kernels/blur.cl")
//!     .include("kernels/include")
//!     .define("RADIUS", "3")
//!     .target(oclc_build::Target::Cpu)
//!     .target(oclc_build::Target::Vulkan)
//!     .compile("blur");
//! ```
//!
//! and in the package (with `oclc-runtime-lite` in `[dependencies]`, `default-features =
//! false` keeps the compiler out of the app):
//!
//! ```ignore
//! mod kernels {
//!     include!(concat!(env!("OUT_DIR"), "/blur.rs"));
//! }
//! use oclc_runtime_lite::embed::{Buffer, Device, NDRange};
//! let input = Buffer::from_slice(&[1.0f32; 256])?;
//! let mut output = Buffer::<f32>::zeroed(256)?;
//! kernels::blur(&Device::cpu(), &NDRange::d1(256, None), &input, &mut output, 256)?;
//! ```
//!
//! Each kernel `k` gets `fn k(device, range, params...)` with its parameters as Rust types
//! (`&Buffer<f32>` for a `const` or `__constant` pointee, `&mut Buffer<f32>` for a written
//! one, `Local<f32>` for a `__local` pointer, `u32`, `[f32; 4]` for a `float4`, `&[u8; N]`
//! for a struct by value), a `static K: Kernel`, `K_REQD_WORK_GROUP_SIZE` and, per target,
//! `K_VULKAN_SPIRV` / `K_OPENCL_SPIRV` words.
//!
//! The build reruns when the kernel file or any header it includes changes
//! (`cargo:rerun-if-changed` for every file the compile read), warnings become
//! `cargo:warning` lines and errors fail the build with the rendered diagnostic.

mod archive;
mod compile;
mod generate;
mod names;
mod params;

use std::path::{Path, PathBuf};

pub use compile::Compiled;

/// What to compile the kernels for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A relocatable object for the build machine's CPU, archived into a static library
    /// that is linked into the package; launchers run it on `Device::Cpu`.
    Cpu,
    /// SPIR-V for Vulkan compute, with the reflection launchers need on `Device::Vulkan`.
    Vulkan,
    /// SPIR-V for OpenCL (`clCreateProgramWithIL`), as words (`K_OPENCL_SPIRV`).
    OpenCl,
}

/// A failed build: the rendered diagnostic (file:line:col and the source line) or another
/// error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The message, as printed.
    pub message: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error {
            message: message.to_string(),
        }
    }
}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error { message }
    }
}

/// What a build wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// The generated Rust module (`OUT_DIR/NAME.rs`).
    pub module: PathBuf,
    /// The static library of the CPU objects (`Target::Cpu`).
    pub library: Option<PathBuf>,
    /// The `cargo:` lines of the build (printed when `cargo_metadata` is on).
    pub cargo_lines: Vec<String>,
}

/// A set of kernel files compiled together into one generated module.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("oclc-build-doc-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("include")).unwrap();
/// std::fs::write(dir.join("include/scale.h"), "#define SCALE 2.0f\n").unwrap();
/// std::fs::write(
///     dir.join("k.cl"),
///     "#include \"scale.h\"\n__kernel void twice(__global const float *a, __global float *b)\n\
///      { b[get_global_id(0)] = a[get_global_id(0)] * SCALE; }\n",
/// )
/// .unwrap();
/// let out = oclc_build::Build::new()
///     .file(dir.join("k.cl"))
///     .include(dir.join("include"))
///     .target(oclc_build::Target::Vulkan)
///     .out_dir(&dir)
///     .cargo_metadata(false)
///     .try_compile("k")
///     .unwrap();
/// let module = std::fs::read_to_string(&out.module).unwrap();
/// assert!(module.contains("pub fn twice(device: &::oclc_runtime_lite::embed::Device"));
/// assert!(module.contains("a: &::oclc_runtime_lite::embed::Buffer<f32>"));
/// assert!(module.contains("b: &mut ::oclc_runtime_lite::embed::Buffer<f32>"));
/// let header = dir.join("include").join("scale.h");
/// assert!(out.cargo_lines.contains(&format!("cargo:rerun-if-changed={}", header.display())));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Build {
    files: Vec<PathBuf>,
    include_dirs: Vec<PathBuf>,
    defines: Vec<String>,
    targets: Vec<Target>,
    opt_level: Option<u8>,
    out_dir: Option<PathBuf>,
    quiet: bool,
}

impl Build {
    /// A build with no files, for the CPU unless [`Build::target`] says otherwise.
    pub fn new() -> Build {
        Build::default()
    }

    /// Adds a kernel file (OpenCL C; Brook+ is not supported here).
    pub fn file(&mut self, path: impl AsRef<Path>) -> &mut Build {
        self.files.push(path.as_ref().to_path_buf());
        self
    }

    /// Adds a directory searched by `#include` (`-I`).
    pub fn include(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.include_dirs.push(dir.as_ref().to_path_buf());
        self
    }

    /// Defines a macro (`-D NAME=VALUE`, or `-D NAME` for `None`).
    pub fn define<'a>(&mut self, name: &str, value: impl Into<Option<&'a str>>) -> &mut Build {
        self.defines.push(match value.into() {
            Some(v) => format!("{name}={v}"),
            None => name.to_string(),
        });
        self
    }

    /// Adds a target to compile for (several may be added; none means `Target::Cpu`).
    pub fn target(&mut self, target: Target) -> &mut Build {
        if !self.targets.contains(&target) {
            self.targets.push(target);
        }
        self
    }

    /// The optimisation level (`-O0` to `-O3`; oclc's default otherwise).
    pub fn opt_level(&mut self, level: u8) -> &mut Build {
        self.opt_level = Some(level);
        self
    }

    /// Writes the outputs to `dir` instead of `OUT_DIR`.
    pub fn out_dir(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Whether to print the `cargo:` lines (default true, as a build script must).
    pub fn cargo_metadata(&mut self, print: bool) -> &mut Build {
        self.quiet = !print;
        self
    }

    /// Compiles the files into `OUT_DIR/NAME.rs` (and for the CPU, `liboclc_NAME.a`,
    /// linked into the package); on an error prints it and ends the build script with
    /// status 1, so that cargo shows the diagnostic.
    pub fn compile(&self, name: &str) -> Output {
        match self.try_compile(name) {
            Ok(out) => out,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    }

    /// Compiles as [`Build::compile`] but returns errors (the `cargo:` lines are printed
    /// either way, so a fix reruns the build script).
    pub fn try_compile(&self, name: &str) -> Result<Output, Error> {
        let mut lines = Vec::new();
        let result = self.run(name, &mut lines);
        if !self.quiet {
            for line in &lines {
                println!("{line}");
            }
        }
        result.map(|mut out| {
            out.cargo_lines = lines;
            out
        })
    }

    fn run(&self, name: &str, lines: &mut Vec<String>) -> Result<Output, Error> {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(
                format!("the library name '{name}' must be letters, digits and '_'").into(),
            );
        }
        if self.files.is_empty() {
            return Err(format!("no kernel file given for `{name}` (call .file(PATH))").into());
        }
        let out_dir = match &self.out_dir {
            Some(d) => d.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or("OUT_DIR is not set: run from a build script or call .out_dir(DIR)")?,
        };
        let targets = if self.targets.is_empty() {
            vec![Target::Cpu]
        } else {
            self.targets.clone()
        };
        if targets.contains(&Target::Cpu) {
            check_host(lines)?;
        }
        let mut compiled = Vec::new();
        let mut objects = Vec::new();
        for (i, file) in self.files.iter().enumerate() {
            let opts = self.options(&format!("oclc_{name}_{i}_"));
            let mut deps = Vec::new();
            let result = compile::compile_file(file, &opts, &targets, &mut deps);
            for dep in deps {
                lines.push(format!("cargo:rerun-if-changed={}", dep.display()));
            }
            let c = result?;
            for line in c.warnings.lines().filter(|l| !l.trim().is_empty()) {
                lines.push(format!("cargo:warning={line}"));
            }
            self.write_outputs(&out_dir, name, i, &c, &mut objects)?;
            compiled.push(c);
        }
        let module = out_dir.join(format!("{name}.rs"));
        let text = generate::rust_module(name, &compiled)?;
        write(&module, text.as_bytes())?;
        let library = if objects.is_empty() {
            None
        } else {
            lines.push("cargo:rerun-if-env-changed=AR".to_string());
            let ar = std::env::var("AR").unwrap_or_else(|_| "ar".to_string());
            let lib = out_dir.join(format!("liboclc_{name}.a"));
            archive::archive(&ar, &lib, &objects)?;
            lines.push(format!(
                "cargo:rustc-link-search=native={}",
                out_dir.display()
            ));
            lines.push(format!("cargo:rustc-link-lib=static=oclc_{name}"));
            Some(lib)
        };
        Ok(Output {
            module,
            library,
            cargo_lines: Vec::new(),
        })
    }

    /// The compile options, with `prefix` for the CPU object's symbols.
    fn options(&self, prefix: &str) -> oclc::CompileOptions {
        let mut opts = oclc::CompileOptions {
            include_dirs: self.include_dirs.clone(),
            defines: self.defines.clone(),
            cpu_symbol_prefix: prefix.to_string(),
            ..Default::default()
        };
        if let Some(level) = self.opt_level {
            opts.opt_level = level;
        }
        opts
    }

    /// Writes file `index`'s object and SPIR-V modules next to the generated module.
    fn write_outputs(
        &self,
        out_dir: &Path,
        name: &str,
        index: usize,
        c: &Compiled,
        objects: &mut Vec<PathBuf>,
    ) -> Result<(), Error> {
        let stem = out_dir.join(format!("{name}-{index}"));
        if let Some(obj) = &c.cpu {
            let path = stem.with_extension("o");
            write(&path, &obj.bytes)?;
            objects.push(path);
        }
        if let Some(words) = c.vulkan_words() {
            write(&stem.with_extension("vulkan.spv"), &to_bytes(words))?;
        }
        if let Some(words) = &c.opencl {
            write(&stem.with_extension("opencl.spv"), &to_bytes(words))?;
        }
        Ok(())
    }
}

/// The CPU target compiles for the build machine: refuse a cross-compile.
fn check_host(lines: &mut Vec<String>) -> Result<(), Error> {
    if let (Ok(target), Ok(host)) = (std::env::var("TARGET"), std::env::var("HOST")) {
        lines.push("cargo:rerun-if-env-changed=TARGET".to_string());
        if target != host {
            return Err(format!(
                "Target::Cpu compiles for this machine ({host}) only; cross-compiling to {target} is not supported"
            )
            .into());
        }
    }
    Ok(())
}

fn to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    std::fs::write(path, bytes)
        .map_err(|e| Error::from(format!("cannot write '{}': {e}", path.display())))
}
