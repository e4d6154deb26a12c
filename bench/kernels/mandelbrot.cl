// BENCH: mandelbrot | --kernel mandelbrot --global 1024,1024 --local 16,16 --arg i32[1048576]=zeros --arg i32:1024 --arg i32:256
// BENCH-TINY: --kernel mandelbrot --global 16,16 --local 16,16 --arg i32[256]=zeros --arg i32:16 --arg i32:256
// BENCH-GPU: mandelbrot | --kernel mandelbrot --global 4096,4096 --local 16,16 --arg i32[16777216]=zeros --arg i32:4096 --arg i32:256
// MISMATCH: 0.002
// Escape-time iteration counts over [-2, 1] x [-1.5, 1.5]. A contracted (fused) multiply-add
// in one implementation may change the count of a few boundary pixels, hence MISMATCH.
__kernel void mandelbrot(__global int *out, int size, int max_iter)
{
    int px = get_global_id(0), py = get_global_id(1);
    float cr = -2.0f + 3.0f * px / size;
    float ci = -1.5f + 3.0f * py / size;
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < max_iter && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        it++;
    }
    out[py * size + px] = it;
}
