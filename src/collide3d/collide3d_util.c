/* SPDX-License-Identifier: MIT */
/* Shared integer helpers of the 3D pair tests: normalisation, 128/64-bit
 * division, field comparison (see collide3d_internal.h). */
#include "collide3d_internal.h"

#include "core/nofloat.h"

uint64_t fc3_udiv_limbs(fc_i128 num, uint64_t den)
{
    /* Restoring division; the remainder stays < den, so (rem << 1) | bit
     * cannot lose its top bit when den <= 2^63, and for larger den the
     * carry-out is tracked explicitly. */
    uint64_t hi = (uint64_t)num.hi, lo = num.lo, rem = 0, q = 0;
    for (int i = 127; i >= 0; i--) {
        uint64_t bit = i >= 64 ? (hi >> (i - 64)) & 1u : (lo >> i) & 1u;
        uint64_t carry = rem >> 63;
        rem = (rem << 1) | bit;
        q <<= 1;
        if (carry || rem >= den) {
            rem -= den;
            q |= 1u;
        }
    }
    return q;
}

uint64_t fc3_udiv(fc_i128 num, uint64_t den)
{
#if FC_HAVE_NATIVE_INT128
    return (uint64_t)((fc_native_u128)fc_i128_to_native(num) / den);
#else
    return fc3_udiv_limbs(num, den);
#endif
}

int64_t fc3_sdiv(fc_i128 num, uint64_t den)
{
    uint64_t u = fc3_udiv(fc3_abs128(num), den);
    int64_t q = u > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)u; /* saturates: never acts for |q| < 2^63 */
    return fc_i128_sign(num) < 0 ? -q : q;
}

static uint64_t mag(int64_t v) { return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v; }

void fc3_unit(int64_t x, int64_t y, int64_t z, fc_vec3 *out)
{
    uint64_t u[3] = {mag(x), mag(y), mag(z)};
    uint64_t m = u[0] | u[1] | u[2]; /* same bit length as the largest */
    if (m == 0) {
        *out = (fc_vec3){ 0, 0, 0 };
        return;
    }
    /* Bring the largest magnitude to [2^30, 2^31) by a power of two: up
     * exactly, down by truncation (relative change < 2^-30, so the result
     * moves by < 2^-13 raw). Done on magnitudes, so the result is odd. */
    unsigned bits = 0;
    while (bits < 64 && (m >> bits) != 0)
        bits++;
    /* Every magnitude is < 2^31 after the shift: the mask never clears a
     * bit, it states the bound for the analysis (which cannot relate the
     * components to m). */
    for (int i = 0; i < 3; i++)
        u[i] = (bits > 31 ? u[i] >> (bits - 31) : u[i] << (31 - bits)) & 0x7FFFFFFFu;
    /* Sum of squares < 3 * 2^62; len = floor(sqrt) >= 2^30 (the largest is
     * >= 2^30; the clamp never acts and states it for the analysis). */
    uint64_t len = fc_isqrt_u64(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    if (len < ((uint64_t)1 << 30))
        len = (uint64_t)1 << 30;
    fix16_t c[3];
    for (int i = 0; i < 3; i++) {
        uint64_t v = u[i] < len ? u[i] : len;
        c[i] = (fix16_t)(((v << 17) + len) / (len << 1)); /* round(v * 2^16 / len) */
    }
    *out = (fc_vec3){ x < 0 ? -c[0] : c[0], y < 0 ? -c[1] : c[1], z < 0 ? -c[2] : c[2] };
}

int64_t fc3_round_sqrt(fc_i128 v)
{
    return (int64_t)((fc_isqrt_u128(fc_i128_shl(v, 2)) + 1u) >> 1);
}

int fc3_cmp_fields(const int32_t *a, const int32_t *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}
