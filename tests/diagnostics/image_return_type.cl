image2d_t f(image2d_t img) { return img; }
