/* SPDX-License-Identifier: MIT */
/* The safe advance's lattice (cast_safe.h). */
#include "cast_safe.h"

#include "core/nofloat.h"

int64_t fc_cast_safe_steps(const int64_t *d, int dim)
{
    int64_t n = 0;
    for (int i = 0; i < dim; i++) {
        int64_t a = d[i] < 0 ? -d[i] : d[i];
        if (a > n)
            n = a;
    }
    return n;
}

/* k / n < t, exactly */
static int before(int64_t k, int64_t n, const fc_castt *t)
{
    fc_big num = fc_big_from_i128(fc_i128_from_i64(k)), den = fc_big_from_i128(fc_i128_from_i64(n));
    fc_castt kt = fc_castt_ratio(&num, &den);
    return fc_castt_cmp(&kt, t) < 0;
}

int64_t fc_cast_safe_kmax(const fc_castt *t, int64_t n)
{
    /* f = floor(t 2^32): t n in [f n / 2^32, (f + 1) n / 2^32), an interval
     * shorter than 1/2 (n <= 2^31), so the answer is within 2 of
     * floor((f + 1) n / 2^32); f + 1 <= 2^32 + 1, n <= 2^31: < 2^64, so
     * the product is split to stay in int64. */
    int64_t f = fc_castt_floor_pow2(t, 32) + 1;
    int64_t k = (int64_t)(((uint64_t)(f >> 1) * (uint64_t)n + (uint64_t)((f & 1) * n >> 1)) >> 31);
    if (k > n)
        k = n;
    while (k < n && before(k + 1, n, t))
        k++;
    while (k > 0 && !before(k, n, t))
        k--;
    return k;
}

void fc_cast_safe_point(const int64_t *d, int dim, int64_t k, int64_t n, int64_t *q)
{
    for (int i = 0; i < dim; i++)
        q[i] = k * d[i] / n; /* |k d| <= 2^62; C division truncates toward zero */
}

int64_t fc_cast_safe_next(int64_t k0, int64_t k, int32_t *i)
{
    if (k <= 0)
        return -1;
    int64_t step = *i < 62 ? (int64_t)1 << *i : INT64_MAX;
    (*i)++;
    return step < k0 ? k0 - step : 0;
}
