/* Runs one kernel from LLVM bitcode (as produced by `llvm-spirv -r`) on the first OpenCL
 * device, for the SPIR-V backend's execution tests.
 * usage: run_kernel BC KERNEL GLOBAL LOCAL ARG...
 *   ARG is  in:PATH      buffer initialized from the file's bytes
 *           out:N:PATH   buffer of N bytes (zeroed), written to PATH after the run
 *           io:N:PATH    buffer initialized from PATH (N bytes), written back to PATH
 *           u32:V | f32:V  scalar arguments */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x, what) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { \
    fprintf(stderr, "%s failed: %d\n", what, e_); exit(1); } } while (0)

static unsigned char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END); *len = (size_t)ftell(f); fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(*len ? *len : 1);
    if (fread(buf, 1, *len, f) != *len) { perror(path); exit(1); }
    fclose(f);
    return buf;
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: run_kernel BC KERNEL GLOBAL LOCAL ARG...\n"); return 2; }
    cl_platform_id plat; cl_device_id dev; cl_int err;
    CHECK(clGetPlatformIDs(1, &plat, NULL), "clGetPlatformIDs");
    CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL), "clGetDeviceIDs");
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err, "clCreateContext");
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    CHECK(err, "clCreateCommandQueue");
    size_t bc_len; unsigned char *bc = slurp(argv[1], &bc_len);
    const unsigned char *bins[1] = { bc };
    cl_int bin_status;
    cl_program prog = clCreateProgramWithBinary(ctx, 1, &dev, &bc_len, bins, &bin_status, &err);
    CHECK(err, "clCreateProgramWithBinary");
    err = clBuildProgram(prog, 1, &dev, "-x spir -spir-std=1.2", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[16384] = {0};
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        fprintf(stderr, "clBuildProgram failed: %d\n%s\n", err, log);
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, argv[2], &err);
    CHECK(err, "clCreateKernel");
    size_t global = strtoul(argv[3], NULL, 10), local = strtoul(argv[4], NULL, 10);
    int nargs = argc - 5;
    cl_mem *mems = calloc(nargs, sizeof(cl_mem));
    for (int i = 0; i < nargs; i++) {
        char *a = argv[5 + i];
        if (!strncmp(a, "in:", 3)) {
            size_t len; unsigned char *data = slurp(a + 3, &len);
            mems[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, len, data, &err);
            CHECK(err, "clCreateBuffer(in)");
            CHECK(clSetKernelArg(k, i, sizeof(cl_mem), &mems[i]), "clSetKernelArg(in)");
        } else if (!strncmp(a, "out:", 4) || !strncmp(a, "io:", 3)) {
            int io = a[0] == 'i';
            size_t len = strtoul(a + (io ? 3 : 4), NULL, 10);
            unsigned char *zero = calloc(len, 1);
            if (io) { size_t l2; free(zero); zero = slurp(strchr(a + 3, ':') + 1, &l2); }
            mems[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, len, zero, &err);
            CHECK(err, "clCreateBuffer(out)");
            CHECK(clSetKernelArg(k, i, sizeof(cl_mem), &mems[i]), "clSetKernelArg(out)");
        } else if (!strncmp(a, "u32:", 4)) {
            cl_uint v = (cl_uint)strtoul(a + 4, NULL, 10);
            CHECK(clSetKernelArg(k, i, sizeof v, &v), "clSetKernelArg(u32)");
        } else if (!strncmp(a, "f32:", 4)) {
            cl_float v = strtof(a + 4, NULL);
            CHECK(clSetKernelArg(k, i, sizeof v, &v), "clSetKernelArg(f32)");
        } else {
            fprintf(stderr, "bad argument %s\n", a); return 2;
        }
    }
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL), "clEnqueueNDRangeKernel");
    CHECK(clFinish(q), "clFinish");
    for (int i = 0; i < nargs; i++) {
        char *a = argv[5 + i];
        int io = !strncmp(a, "io:", 3);
        if (strncmp(a, "out:", 4) && !io) continue;
        size_t len = strtoul(a + (io ? 3 : 4), NULL, 10);
        char *path = strchr(a + (io ? 3 : 4), ':') + 1;
        unsigned char *buf = malloc(len);
        CHECK(clEnqueueReadBuffer(q, mems[i], CL_TRUE, 0, len, buf, 0, NULL, NULL), "clEnqueueReadBuffer");
        FILE *f = fopen(path, "wb");
        fwrite(buf, 1, len, f);
        fclose(f);
    }
    return 0;
}
