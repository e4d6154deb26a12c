// Attributes: kernel attributes (reqd_work_group_size, work_group_size_hint,
// vec_type_hint), type and variable attributes (aligned, packed, endian), loop
// attributes (opencl_unroll_hint) and the __kernel_exec macro (nosvm: attr_nosvm_cl20.cl).
typedef struct __attribute__((packed)) { char c; int i; } packed_t;
typedef struct { char c; int i; } __attribute__((aligned(16))) aligned16_t;
typedef char check_packed[sizeof(packed_t) == 5 ? 1 : -1];
typedef char check_aligned[sizeof(aligned16_t) == 16 && __alignof__(aligned16_t) == 16 ? 1 : -1];
struct with_member_attrs { char c; int i __attribute__((aligned(8))); };
typedef char check_member_aligned[sizeof(struct with_member_attrs) == 16 ? 1 : -1];
typedef struct __attribute__((packed)) { char c; __attribute__((aligned(4))) short s; } packed_member_t;
typedef char check_packed_member_aligned[sizeof(packed_member_t) == 8 ? 1 : -1];

__constant int endian_data __attribute__((endian(host))) = 1;
__constant int device_data __attribute__((endian(device))) = 2;
__constant float4 aligned_constant __attribute__((aligned(32))) = (float4)(1.0f);

__kernel __attribute__((reqd_work_group_size(8, 4, 1))) void fixed_size(__global int *out) {
    out[get_local_id(0)] = endian_data + device_data;
}

__kernel __attribute__((work_group_size_hint(64, 1, 1))) __attribute__((vec_type_hint(float4)))
void hinted(__global float4 *out) {
    out[0] = aligned_constant;
}

__kernel_exec(32, int) void via_macro(__global int *out) { out[0] = 1; }
kernel_exec(16, float4) void via_plain_macro(__global int *out) { out[0] = 2; }

// Attribute names may be written with double underscores.
typedef struct __attribute__((__packed__)) { char c; short s; } packed3_t;
typedef struct { char c; } __attribute__((__aligned__(8))) aligned8_t;
typedef char check_underscored[sizeof(packed3_t) == 3 && sizeof(aligned8_t) == 8 ? 1 : -1];

kernel void loops(__global int *out, __global int *plain, int n) {
    __attribute__((opencl_unroll_hint)) for (int i = 0; i < 4; i++) out[i] = i;
    __attribute__((opencl_unroll_hint(2))) for (int i = 0; i < n; i++) out[i] += plain[i];
    int __attribute__((aligned(16))) local_aligned[4] = {0};
    out[0] += local_aligned[0];
}

void __attribute__((always_inline)) helper(__global int *p) { p[0] = 0; }

__kernel void attribute_after_params(__global int *out) __attribute__((vec_type_hint(int))) {
    helper(out);
}
