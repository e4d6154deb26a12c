//! What a launcher needs to know about each Brook+ kernel: its streams, their element types,
//! ranks and roles, and the OpenCL kernels that implement it.

use super::types::Ty;

/// The role of one Brook+ kernel parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamRole {
    /// `float a<>`: read one element per invocation (resampled when shapes differ).
    Input,
    /// `out float c<>`: written once per invocation; its shape is the domain.
    Output,
    /// `float g[][]`: read anywhere.
    Gather,
    /// `out float o[]`: written anywhere.
    Scatter,
    /// A by-value constant.
    Constant,
    /// `reduce float r` / `reduce float r<>`: the result of a reduction.
    ReduceOutput,
}

/// One parameter of a Brook+ kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamParam {
    /// Source name.
    pub name: String,
    /// Element type.
    pub elem: Ty,
    /// Bytes per element in a buffer (OpenCL C layout, see [`super::layout`]).
    pub elem_size: usize,
    /// Role.
    pub role: StreamRole,
    /// Declared extents, left-most (slowest) first; `None` = unspecified. Empty for constants
    /// and scalar reductions.
    pub dims: Vec<Option<i64>>,
}

impl StreamParam {
    /// Number of dimensions (0 for constants and scalar reductions).
    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    /// The rank as text: `any` for `a<>` / `a[]` (which bind streams of any rank).
    pub fn rank_text(&self) -> String {
        if self.dims == [None] {
            "any rank".into()
        } else {
            format!("rank {}", self.rank())
        }
    }
}

/// How a kernel runs.
#[derive(Clone, Debug, PartialEq)]
pub enum KernelShape {
    /// One invocation per element of the domain (output streams, or the inputs of a scatter
    /// kernel); the OpenCL kernel is named like the Brook+ kernel.
    Map,
    /// A reduction: `first_pass` reduces blocks of the input with the kernel body,
    /// `combine_pass` reduces blocks of partial results; both take
    /// `(in, out, in_w, in_h, in_d, f_w, f_h, f_d, out_w, out_h, out_d)` and run one
    /// work-group of `group_size` work-items per output element (a tree reduction).
    Reduce {
        /// OpenCL kernel folding input elements.
        first_pass: String,
        /// OpenCL kernel folding partial results.
        combine_pass: String,
        /// Work-items per work-group of both passes (global size `group_size * out_w`).
        group_size: u32,
    },
}

/// A Brook+ kernel as the launcher sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelDesc {
    /// The Brook+ name.
    pub name: String,
    /// The OpenCL kernel of a map kernel (the Brook+ name, suffixed `_` when it is an
    /// OpenCL built-in name such as `mad`).
    pub opencl_name: String,
    /// Parameters in source order.
    pub params: Vec<StreamParam>,
    /// Map or reduce.
    pub shape: KernelShape,
    /// `Attribute[GroupSize(x, y, z)]`.
    pub group_size: Option<[u32; 3]>,
}

impl KernelDesc {
    /// The OpenCL kernel arguments of a map kernel, in order, as `(name, description)`:
    /// every stream/array parameter is a buffer followed (for inputs, gathers and scatters)
    /// by three `int` extents x, y, z (fastest first); constants are passed by value; three
    /// `int` domain extents come last.
    pub fn binding_notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        for p in &self.params {
            let ty = p.elem.opencl();
            match p.role {
                StreamRole::Input => out.push(format!(
                    "__global const {ty}* __brook_{n}, int __bk_{n}_nx, int __bk_{n}_ny, int __bk_{n}_nz: input stream {n} ({r}); extents fastest first, 1 when unused",
                    n = p.name,
                    r = p.rank_text()
                )),
                StreamRole::Output => out.push(format!(
                    "__global {ty}* __brook_{n}: output stream {n} ({r}), shaped like the domain",
                    n = p.name,
                    r = p.rank_text()
                )),
                StreamRole::Gather => out.push(format!(
                    "__global const {ty}* __brook_{n}, int __bk_{n}_nx, int __bk_{n}_ny, int __bk_{n}_nz: gather array {n} ({r}, row-major)",
                    n = p.name,
                    r = p.rank_text()
                )),
                StreamRole::Scatter => out.push(format!(
                    "__global {ty}* __brook_{n}, int __bk_{n}_nx, int __bk_{n}_ny, int __bk_{n}_nz: scatter array {n} ({r}, row-major)",
                    n = p.name,
                    r = p.rank_text()
                )),
                StreamRole::Constant => out.push(format!("{ty} {}: constant", p.name)),
                StreamRole::ReduceOutput => {}
            }
        }
        out.push(
            "int __bk_dom_x, int __bk_dom_y, int __bk_dom_z: the domain (output stream shape, or the first input's for scatter kernels); global size = domain (rounded up to the group size)"
                .into(),
        );
        out
    }
}
