// Declarators: pointers, arrays, parentheses, pointers to arrays, arrays of pointers,
// qualifiers at each level, several declarators per declaration.
typedef int int_array3[3];
typedef char check_array_size[sizeof(int_array3) == 12 ? 1 : -1];
typedef int *int_ptr;
typedef int (*ptr_to_array3)[3];
typedef int *array3_of_ptr[3];
typedef char check_ptr_to_array[sizeof(ptr_to_array3) == sizeof(void *) ? 1 : -1];
typedef char check_array_of_ptr[sizeof(array3_of_ptr) == 3 * sizeof(void *) ? 1 : -1];
typedef char check_nested_arrays[sizeof(int[2][3][4]) == 96 ? 1 : -1];
typedef char check_paren_decl[sizeof(int(*)[5]) == sizeof(void *) ? 1 : -1];

int sum_rows(int (*rows)[3], int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += rows[i][0] + rows[i][2];
    return s;
}

int first(int *const *pp) { return **pp; }

__kernel void declarators(__global int *out) {
    int a = 1, *p = &a, arr[2][3] = {{1, 2, 3}, {4, 5, 6}}, (*pa)[3] = arr;
    int *ptrs[2] = {p, &arr[1][1]};
    int **pp = ptrs;
    const int *const cp = &a;
    int (*row)[3] = &arr[1];
    int_array3 copy = {7, 8, 9};
    int_ptr q = copy;
    int ((parenthesised)) = 4;
    int *volatile vp = q;
    out[0] = sum_rows(pa, 2) + first(pp) + *cp + (*row)[2] + q[1] + parenthesised + *vp;
    out[1] = sizeof(arr) / sizeof(arr[0]) + sizeof(*pa) + sizeof ptrs;
}
