/* SPDX-License-Identifier: MIT
 * The reference for the JavaScript fix.mul / fix.div. Reads lines "a b"
 * (raw Q16.16 decimal integers) from stdin and prints per line
 *   fix16_mul(a, b)  fix16_div(a, b)  q
 * where the first two are Debian's compiled libfixmath (fix16_div(a, 0) is
 * its fix16_minimum) and q is the exactly rounded quotient a * 2^16 / b
 * (nearest, a tie away from zero; 64-bit integers, may lie outside int32;
 * 0 when b = 0). libfixmath's fix16_div is not always exactly rounded (its
 * first estimate truncates), which is why fix.div follows q. A test tool:
 * not part of the library. */
#include <fix16.h>
#include <inttypes.h>
#include <stdio.h>

static int64_t exact_div(int32_t a, int32_t b)
{
    if (b == 0)
        return 0;
    uint64_t an = a < 0 ? (uint64_t)(-(int64_t)a) : (uint64_t)a;
    uint64_t ad = b < 0 ? (uint64_t)(-(int64_t)b) : (uint64_t)b;
    uint64_t m = ((an << 17) / ad + 1) >> 1;
    return (a < 0) != (b < 0) ? -(int64_t)m : (int64_t)m;
}

int main(void)
{
    long long a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a < INT32_MIN || a > INT32_MAX || b < INT32_MIN || b > INT32_MAX)
            return 2;
        fix16_t m = fix16_mul((fix16_t)a, (fix16_t)b);
        fix16_t d = fix16_div((fix16_t)a, (fix16_t)b);
        printf("%" PRId32 " %" PRId32 " %" PRId64 "\n", (int32_t)m, (int32_t)d, exact_div((int32_t)a, (int32_t)b));
    }
    return 0;
}
