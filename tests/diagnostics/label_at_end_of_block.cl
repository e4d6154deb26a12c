// A case label right before the switch body's closing brace labels no statement (clang-14:
// "label at end of compound statement: expected statement").
__kernel void k(__global int *o) {
  switch (o[0]) {
  case 1:
  }
}
