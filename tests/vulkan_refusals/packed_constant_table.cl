// MESSAGE: the program-scope __constant variable `table`
// AT: packed_constant_table.cl:9:43
// A program-scope __constant table of packed structs.
typedef struct __attribute__((packed)) {
  char c;
  int n;
} P;
__constant P table[2] = {{1, 2}, {3, 4}};
__kernel void k(__global int *o) { o[0] = table[o[1] & 1].n; }
