void f(read_only image2d_t *img) {}
