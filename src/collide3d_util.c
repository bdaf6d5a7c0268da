/* Shared integer helpers of the 3D pair tests: normalisation, 128/64-bit
 * division, field comparison (see collide3d_internal.h). */
#include "collide3d_internal.h"

#include "nofloat.h"

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
    int64_t q = (int64_t)fc3_udiv(fc3_abs128(num), den);
    return fc_i128_sign(num) < 0 ? -q : q;
}

static uint64_t mag(int64_t v) { return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v; }

/* round(u * 2^16 / len) for 0 <= u <= len (so the result is <= 65536). */
static fix16_t unit_component(uint64_t u, uint64_t len)
{
    /* floor((2 * u * 2^16 + len) / (2 * len)); 2 * len < 2^64 (len < 2^63). */
    fc_i128 num = fc_i128_add(fc_i128_shl(fc_i128_make(0, u), 17), fc_i128_make(0, len));
    return (fix16_t)fc3_udiv(num, len << 1);
}

fc_vec3 fc3_unit(int64_t x, int64_t y, int64_t z)
{
    uint64_t u[3] = {mag(x), mag(y), mag(z)};
    uint64_t m = u[0] > u[1] ? u[0] : u[1];
    m = m > u[2] ? m : u[2];
    if (m == 0)
        return fc_vec3_make(0, 0, 0);
    /* Scale small vectors up by a power of two (the direction is unchanged)
     * so the floor of the square root below loses at most 2^-40 relative. */
    unsigned s = 0;
    while ((m << s) < ((uint64_t)1 << 40))
        s++;
    for (int i = 0; i < 3; i++)
        u[i] <<= s;
    /* u_i <= 2^63 so each square < 2^126 and the sum < 2^128 read unsigned;
     * inputs here are far smaller (|v| < 2^52), so it stays < 2^127. */
    fc_i128 sq = fc_i128_add(fc_i128_add(fc_i128_mul_i64((int64_t)u[0], (int64_t)u[0]),
                                         fc_i128_mul_i64((int64_t)u[1], (int64_t)u[1])),
                             fc_i128_mul_i64((int64_t)u[2], (int64_t)u[2]));
    uint64_t len = fc_isqrt_u128(sq);
    fix16_t c[3];
    for (int i = 0; i < 3; i++)
        c[i] = unit_component(u[i] < len ? u[i] : len, len);
    return fc_vec3_make(x < 0 ? -c[0] : c[0], y < 0 ? -c[1] : c[1], z < 0 ? -c[2] : c[2]);
}

int fc3_cmp_fields(const int32_t *a, const int32_t *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}
