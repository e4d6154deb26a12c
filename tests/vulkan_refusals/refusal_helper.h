// Included by via_include.cl: the refused conversion is here.
inline int read_at(__global int *o) {
  int *p = (int *)(size_t)o[0];
  return *p;
}
