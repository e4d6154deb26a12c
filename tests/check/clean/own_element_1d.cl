// RUN: --kernel scale --global 64 --local 16 --arg f32[64]=iota
// Each work-item doubles its own element: no shadow is needed in a one-dimensional launch
// (tests/check/race_global_own_element_2d.cl launches it over two rows).
__kernel void scale(__global float *v)
{
    size_t i = get_global_id(0);
    v[i] = v[i] * 2.0f;
}
