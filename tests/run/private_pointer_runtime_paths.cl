// RUN: --kernel table_walks --global 64 --local 16 --arg u32[256]=rand:51 --arg u32[640]=zeros
// RUN: --kernel merged_roots --global 64 --local 16 --arg u32[256]=rand:52 --arg u32[192]=zeros
// RUN: --kernel row_order --global 64 --local 16 --arg u32[256]=rand:53 --arg u32[256]=zeros
// Private pointers whose path has a run-time array index before the element they point
// at, as zlib's inflate does once inlined: `pTable = &r->m_tables[r->m_type]` in one step
// of its state machine, `memset((u8 *)pTable->m_look_up, 0, ...)` and walks over
// `pTable->m_code_size` in others. On Vulkan, where Function pointers cannot be stored,
// such a variable becomes an element index plus a companion variable holding the table
// index; pointers converted to integers (comparisons, differences) include it.

typedef struct {
    uchar code_size[8];
    short look_up[6];
} table;

typedef struct {
    uint type;
    table tables[3];
} state;

void clear_bytes(uchar *s, uint len)
{
    uchar *dst = s;
    while (len--)
        *dst++ = 0;
}

__kernel void table_walks(__global const uint *in, __global uint *out)
{
    int i = get_global_id(0);
    state r;
    for (int t = 0; t < 3; t++) {
        for (int k = 0; k < 8; k++)
            r.tables[t].code_size[k] = (uchar)(in[(i * 4 + k) & 255] >> (t * 3));
        for (int k = 0; k < 6; k++)
            r.tables[t].look_up[k] = (short)(in[(i * 4 + k + 1) & 255] >> (t + 5));
    }
    r.type = in[i * 4] % 3;
    table *pTable = &r.tables[r.type];
    uint steps = 0;
    for (uint round = 0; round < 4; round++) {
        if (round == 1)
            clear_bytes((uchar *)pTable->look_up, 2 + (i & 7));
        if (round == 2) {
            r.type = (r.type + 1 + (i & 1)) % 3;
            pTable = &r.tables[r.type];
        }
        uchar *p = pTable->code_size;
        uchar *end = pTable->code_size + 8;
        while (p != end && *p != 7) {
            steps += *p;
            p++;
        }
        steps += (uint)(end - p) * 1000;
    }
    for (int t = 0; t < 3; t++) {
        for (int k = 0; k < 6; k++)
            out[i * 10 + t * 3 + k / 2] += (uint)(ushort)r.tables[t].look_up[k] << (16 * (k & 1));
    }
    out[i * 10 + 9] = steps;
}

__kernel void merged_roots(__global const uint *in, __global uint *out)
{
    int i = get_global_id(0);
    int grid[4][5];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 5; x++)
            grid[y][x] = (int)(in[(i + y * 5 + x) & 255] & 0xff);
    // Set to row 0 here and a row known at run time there: one root, grid[?].
    int *row = grid[0];
    if (in[i] & 1)
        row = grid[1 + in[(i + 1) & 255] % 3];
    int *q = row + 1;
    int sum = 0;
    while (q != row + 5) {
        sum += *q;
        *q += 1;
        q++;
    }
    out[i * 3] = (uint)sum;
    out[i * 3 + 1] = (uint)(q - row);
    out[i * 3 + 2] = (uint)(grid[0][2] + grid[1][3] * 3 + grid[2][4] * 5 + grid[3][1] * 7);
}

// Pointers into rows picked at run time, chosen by `?:`, walked, compared and subtracted
// within a row, and compared for equality across rows: their stand-in addresses on Vulkan
// include the row index of each. (Walking or ordering pointers across rows would leave
// the row's array, undefined in C.)
__kernel void row_order(__global const uint *in, __global uint *out)
{
    int i = get_global_id(0);
    int grid[3][4];
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 4; x++)
            grid[y][x] = (int)(in[(i * 3 + y * 4 + x) & 255] % 100);
    int r = in[i] % 3;
    int *a = &grid[r][in[(i + 5) & 255] & 1];
    int *b = (in[(i + 7) & 255] & 1) ? &grid[r][3] : a + 2;
    while (a < b && *a != 42) {
        *a += 1;
        a++;
    }
    int *c = &grid[in[(i + 3) & 255] % 3][(int)(a - &grid[r][0])];
    out[i * 4] = (uint)(b - a);
    out[i * 4 + 1] = (uint)(a == b) + 2u * (uint)(a > b) + 4u * (uint)(a == c);
    out[i * 4 + 2] = (uint)(grid[0][1] + grid[1][2] * 3 + grid[2][3] * 5);
    out[i * 4 + 3] = (uint)*b + (uint)*c * 7u;
}
