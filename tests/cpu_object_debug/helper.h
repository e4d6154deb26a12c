// Inlined into kernel.cl's kernel; tests/cpu_object_debug.rs stops at line 4.
float twice(float v)
{
    return v + v;
}
