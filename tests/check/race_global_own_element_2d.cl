// RUN: --kernel scale --global 8,2 --local 8,1 --arg f32[8]=iota
// EXPECT: global-data-race 9
// Each work-item doubles "its" element v[get_global_id(0)], right in a one-dimensional
// launch (tests/check/clean/own_element_1d.cl); launched over two rows, the work-items
// (x, 0) and (x, 1) of two work-groups read and write the same element.
__kernel void scale(__global float *v)
{
    size_t i = get_global_id(0);
    v[i] = v[i] * 2.0f;
}
