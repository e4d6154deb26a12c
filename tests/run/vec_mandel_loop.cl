// RUN: --kernel escape --global 33,5 --local 11,5 --arg i32[165]=zeros --arg f32:-2.0 --arg f32:-1.2 --arg f32:0.09
// A Mandelbrot-style loop whose trip count varies per work-item (loop under a lane mask),
// on a 2D range whose work-group width is not a multiple of the lane count.
__kernel void escape(__global int *iters, float x0, float y0, float step)
{
    int px = get_global_id(0), py = get_global_id(1);
    float cr = x0 + px * step, ci = y0 + py * step;
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < 200 && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        it++;
    }
    iters[py * get_global_size(0) + px] = it;
}
