// Access qualifiers on image parameters (both spellings; read_only is the default),
// passed on to helper functions with the same qualifier.
float4 load(read_only image2d_t img, int2 p) { return read_imagef(img, p); }
void store(__write_only image2d_t img, int2 p, float4 v) { write_imagef(img, p, v); }
int width_of(image2d_t img) { return get_image_width(img); }

__kernel void access(read_only image2d_t in, __read_only image2d_t in2, image2d_t implicit_ro,
                     write_only image2d_t out, __write_only image1d_t out1,
                     read_only image1d_buffer_t buf) {
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 v = load(in, p) + load(in2, p) + load(implicit_ro, p) + read_imagef(buf, p.x);
    store(out, p, v);
    write_imagef(out1, p.x, v);
    write_imagef(out, p, (float4)(width_of(in)));
}
