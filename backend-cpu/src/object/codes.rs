//! The return codes of an object file's NDRange entries (also `#define`d by the header).

/// The NDRange ran.
pub const OK: i32 = 0;
/// `work_dim` is not 1, 2 or 3.
pub const ERR_WORK_DIM: i32 = -1;
/// A global size (within `work_dim`) is zero.
pub const ERR_GLOBAL_SIZE: i32 = -2;
/// The work-group size does not divide the global size, differs from the kernel's
/// `reqd_work_group_size`, or has more than `MAX_WORK_GROUP_SIZE` work-items.
pub const ERR_LOCAL_SIZE: i32 = -3;
/// `malloc` failed (or a `__local` argument size is absurdly large).
pub const ERR_OUT_OF_MEMORY: i32 = -4;
/// A `__local` pointer argument has size 0.
pub const ERR_LOCAL_ARG: i32 = -5;

/// Every code with its C macro name and meaning, for the header.
pub const ALL: [(&str, i32, &str); 6] = [
    ("OCLC_OK", OK, "the NDRange ran"),
    ("OCLC_ERR_WORK_DIM", ERR_WORK_DIM, "work_dim is not 1, 2 or 3"),
    ("OCLC_ERR_GLOBAL_SIZE", ERR_GLOBAL_SIZE, "a global size within work_dim is 0"),
    (
        "OCLC_ERR_LOCAL_SIZE",
        ERR_LOCAL_SIZE,
        "the local size does not divide the global size, differs from reqd_work_group_size, or exceeds OCLC_MAX_WORK_GROUP_SIZE work-items",
    ),
    ("OCLC_ERR_OUT_OF_MEMORY", ERR_OUT_OF_MEMORY, "malloc failed"),
    ("OCLC_ERR_LOCAL_ARG", ERR_LOCAL_ARG, "a __local argument size is 0"),
];
