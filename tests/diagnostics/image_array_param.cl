void f(read_only image2d_t imgs[2]) {}
