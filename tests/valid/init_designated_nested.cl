// Designated and nested initializers: array and member designators, chains of them,
// brace elision, later designators overriding earlier ones, unnamed gaps zeroed.
typedef struct { int x, y; } pt;
typedef struct { pt corners[2]; int tag[3]; float4 v; } box;

__constant int arr[6] = {[4] = 4, [1] = 1, 2, [0] = 9};
__constant box b = {.corners[1].y = 5, .corners[0] = {1, 2}, .tag = {[2] = 3}, .v = {0.0f, 1.0f, 0.0f, 0.0f}};
__constant pt pts[3] = {{1, 2}, [2].x = 7};
__constant box elided = {1, 2, 3, 4, 5, 6, 7};
__constant int overridden[2] = {[0] = 1, [0] = 2};
__constant char word[] = {"hi"};
typedef char check_inferred_size[sizeof(word) == 3 ? 1 : -1];
__constant int inferred[] = {[9] = 1};
typedef char check_designated_size[sizeof(inferred) == 40 ? 1 : -1];

__kernel void designated(__global int *out) {
    pt local_pts[2] = {[1] = {.y = 3, .x = 4}};
    box copy = {.tag[1] = arr[2], .corners = {{1, 1}, {2, 2}}};
    out[0] = arr[2] + arr[0] + b.corners[1].y + b.tag[2] + pts[2].x + elided.tag[2]
        + overridden[0] + local_pts[1].x + copy.tag[1] + (int)b.v.y + word[1] + inferred[9];
}
