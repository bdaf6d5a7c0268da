/* SPDX-License-Identifier: MIT */
/* Deliberately uses floating point: check_float_free.sh must reject the
 * object built from this file (a test that proves the checker can fail). */
#include <stdint.h>
int32_t float_canary(int32_t a, int32_t b);
int32_t float_canary(int32_t a, int32_t b)
{
    double x = (double)a / (double)b;
    return (int32_t)(x * 3.5);
}
