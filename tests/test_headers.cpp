/* SPDX-License-Identifier: MIT */
// Every public header compiles as C++ (extern "C", no C-only constructs) and
// links against the C library.
#include <fixcol/fixcol.h>

#include <cstdio>

int main()
{
    fc_vec2 a = fc_vec2_make(65536, 0), b = fc_vec2_make(0, 65536);
    fc_i128 p = fc_i128_mul_i64(INT64_MAX, INT64_MAX);
    fc_sincos sc = fc_sincos_of(FC_ANGLE_QUARTER);
    bool ok = fc_vec2_cross(a, b) == (int64_t)1 << 32 && fc_i128_sign(p) == 1 && sc.s == 65536 && sc.c == 0 &&
              fc_isqrt_u64(144) == 12;
    std::printf("C++ header check: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
