//! Check sites: the places of a kernel where a checked run can find a defect, each with the
//! kind of defect, the source span of the IR operation and the object involved.

use oclc_ir::SourceSpan;

/// A kind of defect a checked run finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DefectKind {
    /// A read outside the object the pointer points into.
    OutOfBoundsRead,
    /// A write outside the object the pointer points into.
    OutOfBoundsWrite,
    /// An integer division or remainder by zero.
    DivisionByZero,
    /// An access at an address that is not a multiple of its element's size (vloadN,
    /// vstoreN, atomics and every other access).
    Misaligned,
    /// A read of `__local` memory or of a private variable that nothing wrote.
    UninitialisedRead,
    /// Two work-items access one location between the same barriers, one of them writing.
    DataRace,
    /// Two work-items access one location of a `__global` buffer, one of them writing, in
    /// different work-groups or between the same barriers of one group, not both atomically.
    GlobalDataRace,
    /// The work-items of a group do not all reach the same barrier.
    BarrierDivergence,
    /// A Brook+ gather index outside the gathered stream.
    GatherOutOfStream,
}

impl DefectKind {
    /// The short name used in reports and JSON (`out-of-bounds-read`, ...).
    pub fn name(self) -> &'static str {
        match self {
            DefectKind::OutOfBoundsRead => "out-of-bounds-read",
            DefectKind::OutOfBoundsWrite => "out-of-bounds-write",
            DefectKind::DivisionByZero => "division-by-zero",
            DefectKind::Misaligned => "misaligned-access",
            DefectKind::UninitialisedRead => "uninitialised-read",
            DefectKind::DataRace => "data-race",
            DefectKind::GlobalDataRace => "global-data-race",
            DefectKind::BarrierDivergence => "barrier-divergence",
            DefectKind::GatherOutOfStream => "gather-out-of-stream",
        }
    }

    /// A sentence for the report's headline.
    pub fn headline(self) -> &'static str {
        match self {
            DefectKind::OutOfBoundsRead => "out-of-bounds read",
            DefectKind::OutOfBoundsWrite => "out-of-bounds write",
            DefectKind::DivisionByZero => "integer division by zero",
            DefectKind::Misaligned => "misaligned memory access",
            DefectKind::UninitialisedRead => "read of uninitialised memory",
            DefectKind::DataRace => "data race",
            DefectKind::GlobalDataRace => "data race on __global memory",
            DefectKind::BarrierDivergence => "barrier divergence",
            DefectKind::GatherOutOfStream => "gather index outside the stream",
        }
    }
}

/// What is accessed at a site, for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckObject {
    /// Kernel parameter `index`, named `name` (a buffer or a `__local` area).
    Param {
        /// Parameter number.
        index: usize,
        /// Its name.
        name: String,
    },
    /// A variable of the kernel (`space` is `private` or `__local`).
    Variable {
        /// Its name.
        name: String,
        /// Its address space's name.
        space: &'static str,
    },
    /// A program-scope variable.
    Global {
        /// Its name.
        name: String,
    },
    /// Nothing in particular (divisions, barriers).
    None,
}

impl std::fmt::Display for CheckObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckObject::Param { index, name } => write!(f, "argument {index} '{name}'"),
            CheckObject::Variable { name, space } => write!(f, "{space} variable '{name}'"),
            CheckObject::Global { name } => write!(f, "program-scope variable '{name}'"),
            CheckObject::None => Ok(()),
        }
    }
}

/// One place of a kernel that is checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckSite {
    /// What it finds.
    pub kind: DefectKind,
    /// The source span of the IR operation, when it has one.
    pub span: Option<SourceSpan>,
    /// The object accessed.
    pub object: CheckObject,
    /// Bytes accessed (0 when not an access).
    pub size: u64,
    /// The object's size in bytes when the compiler knows it (variables); a parameter's
    /// comes from the launch.
    pub object_size: Option<u64>,
}
