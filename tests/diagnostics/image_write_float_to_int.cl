// write_imagef with an int2 color value of the wrong type.
__kernel void k(__write_only image2d_t img) { write_imagef(img, (int2)(0), (int2)(1)); }
