// A case label nested inside a loop of its switch still counts against the switch's
// other labels: the value 1 appears twice, and two default labels at different depths.
__kernel void k(__global int *o, int s) {
    switch (s) {
    case 0:
        do { o[0] = 1; case 1: o[1] = 2; } while (0);
    case 1:
        o[2] = 3;
    }
    switch (s) {
        { default: o[3] = 1; }
    default:
        o[4] = 1;
    }
}
