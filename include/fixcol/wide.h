/* SPDX-License-Identifier: MIT */
/* fixcol/wide.h - portable signed 128-bit integers and exact integer square roots.
 *
 * Exact geometric predicates need products wider than 64 bits (for example a
 * Q32.32 dot product times a Q16.16 extent). fc_i128 is one value type on
 * every target; its operations use the compiler's native __int128 where it
 * exists and a two-limb implementation elsewhere (32-bit targets, MSVC, tcc).
 * Define FC_NO_INT128 (meson option -Dint128=limbs) to force the limbs on any
 * compiler. Both paths are always compiled (fc_i128_*_limbs are public) and
 * tests check they give bit-identical results.
 *
 * Arithmetic is two's complement modulo 2^128 (never undefined behaviour);
 * every fixcol use stays far inside the range, so nothing wraps in practice.
 */
#ifndef FIXCOL_WIDE_H
#define FIXCOL_WIDE_H

#include <fixcol/api.h>

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A signed 128-bit value: hi * 2^64 + lo, hi signed. Compare with fc_i128_cmp,
 * never with memcmp. */
typedef struct fc_i128 {
    uint64_t lo;
    int64_t hi;
} fc_i128;

#if defined(__SIZEOF_INT128__) && !defined(FC_NO_INT128)
#define FC_HAVE_NATIVE_INT128 1
__extension__ typedef __int128 fc_native_i128;
__extension__ typedef unsigned __int128 fc_native_u128;
#else
#define FC_HAVE_NATIVE_INT128 0
#endif

/* uint64 -> int64 without implementation-defined conversion. */
static inline int64_t fc_u64_to_i64(uint64_t u)
{
    return u <= (uint64_t)INT64_MAX ? (int64_t)u : -(int64_t)(~u) - 1;
}

static inline fc_i128 fc_i128_make(int64_t hi, uint64_t lo)
{
    fc_i128 r;
    r.lo = lo;
    r.hi = hi;
    return r;
}

static inline fc_i128 fc_i128_from_i64(int64_t v)
{
    return fc_i128_make(v < 0 ? -1 : 0, (uint64_t)v);
}

/* ---- two-limb implementation (always available) ------------------------ */

static inline fc_i128 fc_i128_add_limbs(fc_i128 a, fc_i128 b)
{
    uint64_t lo = a.lo + b.lo;
    uint64_t hi = (uint64_t)a.hi + (uint64_t)b.hi + (lo < a.lo ? 1u : 0u);
    return fc_i128_make(fc_u64_to_i64(hi), lo);
}

static inline fc_i128 fc_i128_neg_limbs(fc_i128 a)
{
    uint64_t lo = ~a.lo + 1u;
    uint64_t hi = ~(uint64_t)a.hi + (lo == 0 ? 1u : 0u);
    return fc_i128_make(fc_u64_to_i64(hi), lo);
}

static inline fc_i128 fc_i128_sub_limbs(fc_i128 a, fc_i128 b)
{
    return fc_i128_add_limbs(a, fc_i128_neg_limbs(b));
}

/* Full 128-bit product of two signed 64-bit values (never overflows). */
static inline fc_i128 fc_i128_mul_i64_limbs(int64_t a, int64_t b)
{
    uint64_t ua = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
    uint64_t ub = b < 0 ? (uint64_t)0 - (uint64_t)b : (uint64_t)b;
    uint64_t a0 = ua & 0xFFFFFFFFu, a1 = ua >> 32;
    uint64_t b0 = ub & 0xFFFFFFFFu, b1 = ub >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    uint64_t lo = (p00 & 0xFFFFFFFFu) | (mid << 32);
    uint64_t hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    fc_i128 r = fc_i128_make(fc_u64_to_i64(hi), lo);
    return ((a < 0) != (b < 0)) ? fc_i128_neg_limbs(r) : r;
}

/* Arithmetic (flooring) shift right by 0..127. */
static inline fc_i128 fc_i128_shr_limbs(fc_i128 a, unsigned s)
{
    uint64_t fill = a.hi < 0 ? ~(uint64_t)0 : 0;
    uint64_t hi = (uint64_t)a.hi, lo = a.lo;
    s &= 127u;
    if (s >= 64) {
        lo = s == 64 ? hi : (hi >> (s - 64)) | (fill << (128 - s));
        hi = fill;
    } else if (s > 0) {
        lo = (lo >> s) | (hi << (64 - s));
        hi = (hi >> s) | (fill << (64 - s));
    }
    return fc_i128_make(fc_u64_to_i64(hi), lo);
}

/* Shift left by 0..127, modulo 2^128. */
static inline fc_i128 fc_i128_shl_limbs(fc_i128 a, unsigned s)
{
    uint64_t hi = (uint64_t)a.hi, lo = a.lo;
    s &= 127u;
    if (s >= 64) {
        hi = lo << (s - 64);
        lo = 0;
    } else if (s > 0) {
        hi = (hi << s) | (lo >> (64 - s));
        lo <<= s;
    }
    return fc_i128_make(fc_u64_to_i64(hi), lo);
}

static inline int fc_i128_cmp_limbs(fc_i128 a, fc_i128 b)
{
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    if (a.lo != b.lo)
        return a.lo < b.lo ? -1 : 1;
    return 0;
}

/* ---- native implementation --------------------------------------------- */

#if FC_HAVE_NATIVE_INT128
static inline fc_native_i128 fc_i128_to_native(fc_i128 a)
{
    return (fc_native_i128)(((fc_native_u128)(uint64_t)a.hi << 64) | a.lo);
}

static inline fc_i128 fc_i128_from_native(fc_native_i128 v)
{
    fc_native_u128 u = (fc_native_u128)v;
    return fc_i128_make(fc_u64_to_i64((uint64_t)(u >> 64)), (uint64_t)u);
}

static inline fc_i128 fc_i128_add_native(fc_i128 a, fc_i128 b)
{
    return fc_i128_from_native((fc_native_i128)((fc_native_u128)fc_i128_to_native(a) +
                                                (fc_native_u128)fc_i128_to_native(b)));
}

static inline fc_i128 fc_i128_sub_native(fc_i128 a, fc_i128 b)
{
    return fc_i128_from_native((fc_native_i128)((fc_native_u128)fc_i128_to_native(a) -
                                                (fc_native_u128)fc_i128_to_native(b)));
}

static inline fc_i128 fc_i128_neg_native(fc_i128 a)
{
    return fc_i128_from_native((fc_native_i128)((fc_native_u128)0 - (fc_native_u128)fc_i128_to_native(a)));
}

static inline fc_i128 fc_i128_mul_i64_native(int64_t a, int64_t b)
{
    return fc_i128_from_native((fc_native_i128)a * b);
}

static inline fc_i128 fc_i128_shr_native(fc_i128 a, unsigned s)
{
    fc_native_i128 v = fc_i128_to_native(a);
    s &= 127u;
    /* Flooring shift written without right-shifting a negative value. */
    return fc_i128_from_native(v >= 0 ? v >> s : ~((~v) >> s));
}

static inline fc_i128 fc_i128_shl_native(fc_i128 a, unsigned s)
{
    return fc_i128_from_native((fc_native_i128)((fc_native_u128)fc_i128_to_native(a) << (s & 127u)));
}

static inline int fc_i128_cmp_native(fc_i128 a, fc_i128 b)
{
    fc_native_i128 x = fc_i128_to_native(a), y = fc_i128_to_native(b);
    return (x > y) - (x < y);
}
#define FC_I128_IMPL(op) fc_i128_##op##_native
#else
#define FC_I128_IMPL(op) fc_i128_##op##_limbs
#endif

/* ---- the API used by the engine ----------------------------------------- */

/* a + b, a - b, -a: modulo 2^128. */
static inline fc_i128 fc_i128_add(fc_i128 a, fc_i128 b) { return FC_I128_IMPL(add)(a, b); }
static inline fc_i128 fc_i128_sub(fc_i128 a, fc_i128 b) { return FC_I128_IMPL(sub)(a, b); }
static inline fc_i128 fc_i128_neg(fc_i128 a) { return FC_I128_IMPL(neg)(a); }
/* Exact a * b for any int64 a, b (INT64_MIN * INT64_MIN = 2^126 included). */
static inline fc_i128 fc_i128_mul_i64(int64_t a, int64_t b) { return FC_I128_IMPL(mul_i64)(a, b); }
/* floor(a / 2^s) and a * 2^s (mod 2^128), s in 0..127 (taken modulo 128). */
static inline fc_i128 fc_i128_shr(fc_i128 a, unsigned s) { return FC_I128_IMPL(shr)(a, s); }
static inline fc_i128 fc_i128_shl(fc_i128 a, unsigned s) { return FC_I128_IMPL(shl)(a, s); }
/* -1, 0 or 1 as a <, ==, > b. */
static inline int fc_i128_cmp(fc_i128 a, fc_i128 b) { return FC_I128_IMPL(cmp)(a, b); }

static inline int fc_i128_sign(fc_i128 a)
{
    return a.hi < 0 ? -1 : (a.hi > 0 || a.lo != 0) ? 1 : 0;
}

/* 1 when a is in [INT64_MIN, INT64_MAX]. */
static inline int fc_i128_fits_i64(fc_i128 a)
{
    return a.hi == (fc_u64_to_i64(a.lo) < 0 ? -1 : 0);
}

/* The low 64 bits as a signed value; exact when fc_i128_fits_i64(a). */
static inline int64_t fc_i128_low_i64(fc_i128 a) { return fc_u64_to_i64(a.lo); }

/* a*b + c*d exactly (sum of two 128-bit products; cannot overflow because each
 * |product| <= 2^126). */
static inline fc_i128 fc_i128_mul_add(int64_t a, int64_t b, int64_t c, int64_t d)
{
    return fc_i128_add(fc_i128_mul_i64(a, b), fc_i128_mul_i64(c, d));
}

/* Compare a*b with c*d exactly: -1, 0, 1. */
static inline int fc_cmp_products(int64_t a, int64_t b, int64_t c, int64_t d)
{
    return fc_i128_cmp(fc_i128_mul_i64(a, b), fc_i128_mul_i64(c, d));
}

/* floor(v / 2^s) for int64 v and s in 0..63, without shifting a negative
 * value (implementation-defined in C). */
static inline int64_t fc_i64_shr_floor(int64_t v, unsigned s)
{
    return v >= 0 ? v >> s : ~((~v) >> s);
}

/* floor(sqrt(v)) for every uint64 v. Exact, integer-only, no table. */
FC_API uint32_t fc_isqrt_u64(uint64_t v);

/* floor(sqrt(v)) for 0 <= v < 2^128 read as unsigned (hi treated as unsigned
 * bits); the result fits 64 bits. Exact, integer-only. */
FC_API uint64_t fc_isqrt_u128(fc_i128 v);

#ifdef __cplusplus
}
#endif

#endif
