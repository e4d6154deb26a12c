//! The C header of an object file (`--emit header`): the shared launch types, the return
//! codes, and per kernel its argument struct (laid out byte for byte as the argument block,
//! with explicit padding and compile-time layout checks), its NDRange entry and its
//! work-group function. Valid C99 (`-std=c99 -pedantic`) and C++.

use std::fmt::Write as _;

use super::codes;
use super::params::{CField, CParam};
use super::{ObjectKernel, MAX_WORK_GROUP_SIZE};

/// The declarations every header shares, guarded so that several headers can be included.
const SHARED: &str = r#"#ifndef OCLC_CPU_ABI_V1
#define OCLC_CPU_ABI_V1

/** An NDRange for a kernel's entry. Entries past work_dim are ignored (size 1, offset 0). */
typedef struct oclc_ndrange_t {
    /** Number of dimensions: 1, 2 or 3. */
    uint32_t work_dim;
    /** Must be 0. */
    uint32_t reserved;
    /** get_global_size(d); not 0. */
    uint64_t global_size[3];
    /** get_global_offset(d). */
    uint64_t global_offset[3];
    /** get_local_size(d), dividing global_size[d]; all 0: the kernel's
        reqd_work_group_size, else per dimension (x first) the largest divisor of the
        global size that is at most 64 for x and keeps the product at most 256. */
    uint64_t local_size[3];
} oclc_ndrange_t;

/** What a work-group function needs for one group (for callers that run groups
    themselves, e.g. on their own threads: one context, local memory and state each). */
typedef struct oclc_group_ctx_t {
    /** get_group_id(d) of the group to run. */
    uint64_t group_id[3];
    /** get_local_size(d) (1 past work_dim). */
    uint64_t local_size[3];
    /** get_num_groups(d) (1 past work_dim). */
    uint64_t num_groups[3];
    /** get_global_offset(d) (0 past work_dim). */
    uint64_t global_offset[3];
    /** get_global_size(d) (1 past work_dim). */
    uint64_t global_size[3];
    /** get_work_dim(). */
    uint32_t work_dim;
    /** Must be 0. */
    uint32_t reserved;
    /** The kernel's static __local variables: K_STATIC_LOCAL_BYTES bytes, 128-byte
        aligned, private to the group. */
    void *local_mem;
    /** Per-work-item state: local_size[0]*[1]*[2] * K_WI_STATE_BYTES bytes, 16-byte
        aligned (may be NULL when K_WI_STATE_BYTES is 0). */
    void *wi_state;
} oclc_group_ctx_t;

typedef char oclc_check_pointer_size[(sizeof(void *) == 8) ? 1 : -1];
typedef char oclc_check_range_layout[(sizeof(oclc_ndrange_t) == 80
    && offsetof(oclc_ndrange_t, local_size) == 56) ? 1 : -1];
typedef char oclc_check_ctx_layout[(sizeof(oclc_group_ctx_t) == 144
    && offsetof(oclc_group_ctx_t, wi_state) == 136) ? 1 : -1];

"#;

/// The header declaring `kernels`; `guard` is the include-guard macro and `source` names
/// the kernel file in the opening comment.
pub fn c_header(kernels: &[ObjectKernel], guard: &str, source: &str) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "/* C declarations of the kernels of {source}, compiled by oclc into a CPU object\n   (`oclc {source} --target cpu -o FILE.o`). Generated: do not edit. */"
    );
    let _ = writeln!(h, "#ifndef {guard}\n#define {guard}\n");
    h.push_str("#include <stddef.h>\n#include <stdint.h>\n\n");
    h.push_str("#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
    h.push_str(SHARED);
    let _ = writeln!(
        h,
        "/** The most work-items per work-group an entry accepts. */\n#define OCLC_MAX_WORK_GROUP_SIZE {MAX_WORK_GROUP_SIZE}u"
    );
    h.push_str("/* Return codes of the entries. */\n");
    for (name, value, what) in codes::ALL {
        let _ = writeln!(h, "#define {name} ({value}) /**< {what} */");
    }
    h.push_str("\n#endif /* OCLC_CPU_ABI_V1 */\n\n");
    for k in kernels {
        kernel_decls(&mut h, k);
    }
    h.push_str("#ifdef __cplusplus\n}\n#endif\n\n");
    let _ = writeln!(h, "#endif /* {guard} */");
    h
}

/// The struct, checks, macros and functions of one kernel.
fn kernel_decls(h: &mut String, k: &ObjectKernel) {
    let _ = writeln!(h, "/* ---- {} ---- */\n", k.signature);
    let _ = writeln!(
        h,
        "/** The arguments of kernel {}, in parameter order (OpenCL layout). */",
        k.name
    );
    let _ = writeln!(h, "typedef struct {} {{", k.args_type);
    let mut at = 0;
    let mut pads = 0;
    for p in &k.params {
        if p.offset > at {
            let _ = writeln!(h, "    uint8_t oclc_pad{pads}[{}];", p.offset - at);
            pads += 1;
        }
        let _ = writeln!(h, "    /** {} */", field_doc(p));
        let _ = writeln!(h, "    {};", field_decl(p));
        at = p.offset + p.size;
    }
    if k.layout.total > at {
        let _ = writeln!(h, "    uint8_t oclc_pad{pads}[{}];", k.layout.total - at);
    }
    let _ = writeln!(h, "}} {};", k.args_type);
    let mut checks = vec![format!("sizeof({}) == {}", k.args_type, k.layout.total)];
    for p in &k.params {
        checks.push(format!(
            "offsetof({}, {}) == {}",
            k.args_type, p.name, p.offset
        ));
    }
    let _ = writeln!(
        h,
        "typedef char {}_layout_check[({}) ? 1 : -1];\n",
        k.args_type,
        checks.join("\n    && ")
    );
    let _ = writeln!(
        h,
        "/** Bytes of static __local memory {} needs per work-group. */\n#define {}_STATIC_LOCAL_BYTES {}u",
        k.group_symbol, k.entry_symbol, k.static_local_size
    );
    let _ = writeln!(
        h,
        "/** Bytes of state {} needs per work-item. */\n#define {}_WI_STATE_BYTES {}u\n",
        k.group_symbol, k.entry_symbol, k.wi_state_size
    );
    let reqd = match k.reqd_work_group_size {
        Some([x, y, z]) => {
            format!("\n    The kernel requires work-groups of {x}x{y}x{z} (reqd_work_group_size).")
        }
        None => String::new(),
    };
    let _ = writeln!(
        h,
        "/** Runs kernel {} over the whole NDRange `range`, serially on the calling thread:
    allocates the __local memory (the __local fields of `args` give byte sizes) and the
    work-item state with malloc, runs every work-group (x fastest) and frees it all.{reqd}
    Returns OCLC_OK, or a negative OCLC_ERR_ code before running anything. */
int {}(const {} *args, const oclc_ndrange_t *range);\n",
        k.name, k.entry_symbol, k.args_type
    );
    let _ = writeln!(
        h,
        "/** Runs work-group ctx->group_id of kernel {}. Here the __local fields of `args` hold
    the address of an area of their size (cast to uint64_t), 128-byte aligned; see
    oclc_group_ctx_t for the rest. Groups may run concurrently, each with its own areas. */
void {}(const {} *args, const oclc_group_ctx_t *ctx);\n",
        k.name, k.group_symbol, k.args_type
    );
}

/// The C declaration of one field.
fn field_decl(p: &CParam) -> String {
    match &p.field {
        CField::Scalar(t) => format!("{t} {}", p.name),
        CField::Vector { elem, count } => format!("{elem} {}[{count}]", p.name),
        CField::Pointer { pointee, is_const } => {
            let c = if *is_const { "const " } else { "" };
            format!("{c}{pointee} *{}", p.name)
        }
        CField::LocalSize => format!("uint64_t {}", p.name),
        CField::Bytes(n) => format!("uint8_t {}[{n}]", p.name),
    }
}

/// The doc comment of one field: the OpenCL parameter and how to fill the field.
fn field_doc(p: &CParam) -> String {
    let how = match &p.field {
        CField::Scalar(_) | CField::Pointer { .. } => "",
        CField::Vector { .. } => " (vector lanes in order; a 3-vector has a 4th unused lane)",
        CField::LocalSize => " (__local: the size in bytes of the area to allocate)",
        CField::Bytes(_) => " (by value: its bytes in OpenCL's layout)",
    };
    let half = if matches!(
        p.field,
        CField::Scalar("uint16_t")
            | CField::Vector {
                elem: "uint16_t",
                ..
            }
    ) && p.opencl.starts_with("half")
    {
        " (half: the IEEE binary16 bits)"
    } else {
        ""
    };
    format!("{}{how}{half}", p.opencl.replace("*/", "* /"))
}
