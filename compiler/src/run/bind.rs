//! Matches `--arg` specs to a kernel's parameters, with errors that name the parameter.

use oclc_ir::{AddressSpace, Function, Module, Type};

use super::argspec::{parse_arg_spec, ArgSpec, ElemType};
use super::buffers::make_buffer;

/// An argument ready to be passed to a device.
#[derive(Clone, Debug, PartialEq)]
pub enum BoundArg {
    /// A global or constant buffer and its contents.
    Buffer {
        /// Element type (for printing).
        ty: ElemType,
        /// Contents, updated by the run.
        bytes: Vec<u8>,
    },
    /// A by-value argument's bytes.
    Value(Vec<u8>),
    /// `__local` memory of this many bytes.
    Local(usize),
    /// An image and its texels (tightly packed, as stored).
    Image {
        /// How one texel is stored (for printing).
        ty: ElemType,
        /// Format and extents.
        desc: oclc_runtime_lite::opencl::OpenClImageDesc,
        /// The texels, updated by the run.
        bytes: Vec<u8>,
    },
    /// A sampler, as OpenCL C's 32-bit `CLK_*` pattern.
    Sampler(u32),
}

/// How a parameter is passed, as shown in messages (`__global float*`, `int`).
fn describe(module: &Module, f: &Function, i: usize) -> String {
    let p = &f.params[i];
    let shown = if p.type_name.is_empty() {
        module.types.display(p.ty).to_string()
    } else {
        p.type_name.clone()
    };
    format!("parameter {} '{}' ({shown})", i, p.name)
}

/// The spec element type equal to an IR scalar/vector type, if there is one.
fn elem_type_of(module: &Module, ty: oclc_ir::TypeId) -> Option<ElemType> {
    match module.types.get(ty) {
        Type::Scalar(s) if *s != oclc_ir::ScalarType::Bool => Some(ElemType {
            scalar: *s,
            lanes: 1,
        }),
        Type::Vector { elem, lanes } => Some(ElemType {
            scalar: *elem,
            lanes: *lanes,
        }),
        _ => None,
    }
}

/// Parses the specs and checks each against the kernel's parameter list.
pub fn bind_args(
    module: &Module,
    kernel: &Function,
    specs: &[String],
) -> Result<Vec<BoundArg>, String> {
    let n = kernel.params.len();
    if specs.len() != n {
        let mut msg = format!(
            "kernel '{}' has {n} parameter{} but {} --arg {} given",
            kernel.name,
            if n == 1 { "" } else { "s" },
            specs.len(),
            if specs.len() == 1 { "was" } else { "were" }
        );
        if specs.len() < n {
            let missing: Vec<String> = (specs.len()..n)
                .map(|i| describe(module, kernel, i))
                .collect();
            msg.push_str(&format!("; missing: {}", missing.join(", ")));
        }
        return Err(msg);
    }
    let mut bound = Vec::with_capacity(n);
    for (i, text) in specs.iter().enumerate() {
        let who = describe(module, kernel, i);
        let spec = parse_arg_spec(text).map_err(|e| format!("--arg for {who}: {e}"))?;
        let p = &kernel.params[i];
        match (module.types.get(p.ty), spec) {
            (
                Type::Pointer {
                    space: AddressSpace::Local,
                    ..
                },
                ArgSpec::Local { bytes },
            ) => bound.push(BoundArg::Local(bytes)),
            (
                Type::Pointer {
                    space: AddressSpace::Local,
                    ..
                },
                _,
            ) => {
                return Err(format!(
                    "{who} is a __local pointer: pass local:BYTES, not '{text}'"
                ))
            }
            (Type::Pointer { pointee, .. }, ArgSpec::Buffer { ty, shape, init }) => {
                if let Some(want) = elem_type_of(module, *pointee) {
                    if want != ty {
                        return Err(format!(
                            "{who} points to {want} elements but --arg '{text}' makes a {ty} buffer"
                        ));
                    }
                }
                let count = ArgSpec::element_count(&shape);
                let bytes =
                    make_buffer(ty, count, &init).map_err(|e| format!("--arg for {who}: {e}"))?;
                bound.push(BoundArg::Buffer { ty, bytes });
            }
            (
                Type::Image {
                    dim,
                    arrayed,
                    ..
                },
                ArgSpec::Image(img),
            ) => {
                if (*dim, *arrayed) != (img.dim, img.arrayed) {
                    return Err(format!("{who} cannot take --arg '{text}' (a {})", img.kind));
                }
                let bytes = make_buffer(img.texel, img.texel_count(), &img.init)
                    .map_err(|e| format!("--arg for {who}: {e}"))?;
                bound.push(BoundArg::Image {
                    ty: img.texel,
                    desc: img.desc,
                    bytes,
                });
            }
            (Type::Image { .. }, _) => {
                return Err(format!(
                    "{who} is an image: pass KIND:ORDER:CHANNEL[EXTENTS]=INIT (e.g. image2d:rgba:f32[16,16]=iota), not '{text}'"
                ))
            }
            (Type::Sampler, ArgSpec::Sampler(bits)) => bound.push(BoundArg::Sampler(bits)),
            (Type::Sampler, _) => {
                return Err(format!(
                    "{who} is a sampler: pass sampler:COORDS:ADDRESS:FILTER (e.g. sampler:norm:repeat:linear), not '{text}'"
                ))
            }
            (Type::Pointer { pointee, .. }, _) => {
                let elem =
                    elem_type_of(module, *pointee).map_or("TYPE".to_string(), |t| t.to_string());
                return Err(format!(
                    "{who} is a buffer: pass {elem}[N]=INIT, not '{text}'"
                ));
            }
            (_, ArgSpec::Scalar { ty, bytes }) => {
                let want = elem_type_of(module, p.ty);
                if want != Some(ty) {
                    let want = want.map_or("this type".to_string(), |t| t.to_string());
                    return Err(format!(
                        "{who} takes a {want} value but --arg '{text}' is a {ty}"
                    ));
                }
                bound.push(BoundArg::Value(bytes));
            }
            (_, _) => {
                let want = elem_type_of(module, p.ty).map_or("TYPE".to_string(), |t| t.to_string());
                return Err(format!(
                    "{who} is passed by value: use {want}:VALUE, not '{text}'"
                ));
            }
        }
    }
    Ok(bound)
}
