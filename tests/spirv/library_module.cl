// CHECK: OpCapability Linkage
// CHECK: LinkageAttributes "twice" Export
// CHECK: LinkageAttributes "clamp_index" Export
// A file without kernels is a library: its functions are exported by name.
float twice(float x) { return 2.0f * x; }
int clamp_index(int i, int n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }
