__kernel void k(read_only image2d_t img) { write_imagef(img, (int2)(0, 0), (float4)(1.0f)); }
