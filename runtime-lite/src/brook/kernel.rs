//! How the runtime sees a Brook+ kernel (filled from the front end's description).

/// The role of a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrookRole {
    /// Input stream (one element per invocation, resampled when shapes differ).
    Input,
    /// Output stream (its shape is the domain).
    Output,
    /// Gather array (read anywhere).
    Gather,
    /// Scatter array (written anywhere).
    Scatter,
    /// By-value constant.
    Constant,
    /// Reduction result (a scalar or a smaller stream).
    ReduceOutput,
}

/// One parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct BrookParam {
    /// Source name (for messages).
    pub name: String,
    /// Role.
    pub role: BrookRole,
    /// Bytes per element (3-component vectors take 4 components).
    pub elem_size: usize,
    /// Declared extents, left-most first (`None` = any); empty for values.
    pub dims: Vec<Option<i64>>,
}

/// Map or reduce, with the OpenCL kernels that implement it.
#[derive(Clone, Debug, PartialEq)]
pub enum BrookShape {
    /// One work-item per domain element; the OpenCL kernel's name.
    Map(String),
    /// A first pass over blocks of the input and a combine pass over partial results, each
    /// one work-group tree reduction per output element (see the front end's
    /// `KernelShape::Reduce`).
    Reduce {
        /// Reduces blocks of input elements.
        first_pass: String,
        /// Reduces blocks of partial results.
        combine_pass: String,
        /// Work-items per work-group of both passes.
        group_size: u32,
    },
}

/// A Brook+ kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct BrookKernel {
    /// Source name.
    pub name: String,
    /// Parameters in order.
    pub params: Vec<BrookParam>,
    /// How it runs.
    pub shape: BrookShape,
    /// `Attribute[GroupSize(x, y, z)]`.
    pub group_size: Option<[u32; 3]>,
}
