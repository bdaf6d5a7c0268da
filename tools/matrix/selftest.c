/* SPDX-License-Identifier: MIT */
/* Determinism matrix self-test payload.
 *
 * A small, deterministic program that exercises the things fixcol relies on:
 * int64 products of Q16.16 values, a signed 64x64->128 multiply (native
 * __int128 when available, otherwise two 64-bit limbs; -DFC_NO_INT128 forces
 * the limb path), signed/unsigned conversions, little-endian serialisation
 * into bytes, libfixmath's fix16_t type and a few of its integer-only library
 * functions (fix16_mul/fix16_div/fix16_sqrt, proving the per-target
 * liblibfixmath.a links), and file IO: every file named on the command line
 * is read and hashed.  An FNV-1a-64 hash over one million xorshift32 steps
 * is printed as "digest <16 hex>".
 *
 * -DMATRIX_SELFTEST_BREAK perturbs one step so the digest changes: the
 * matrix uses it to prove that a mismatching target is detected.
 *
 * No float or double anywhere.  No undefined behaviour (checked by the
 * -fsanitize=undefined target).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <fixmath.h>

#if defined(__SIZEOF_INT128__) && !defined(FC_NO_INT128)
#define SELFTEST_HAVE_INT128 1
#else
#define SELFTEST_HAVE_INT128 0
#endif

typedef struct { uint64_t hi, lo; } u128;

static uint64_t fnv_hash = 0xcbf29ce484222325ULL;

static void hash_bytes(const unsigned char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        fnv_hash ^= p[i];
        fnv_hash *= 0x100000001b3ULL;
    }
}

/* Little-endian serialisation: never hash raw memory. */
static void hash_u32(uint32_t v)
{
    unsigned char b[4];
    int i;
    for (i = 0; i < 4; i++) b[i] = (unsigned char)(v >> (8 * i));
    hash_bytes(b, 4);
}

static void hash_u64(uint64_t v)
{
    unsigned char b[8];
    int i;
    for (i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
    hash_bytes(b, 8);
}

static uint32_t xorshift32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

/* Signed 64x64 -> 128-bit product, two's complement in (hi, lo). */
static u128 mul_s64(int64_t a, int64_t b)
{
    u128 r;
#if SELFTEST_HAVE_INT128
    __int128 p = (__int128)a * (__int128)b;
    unsigned __int128 u = (unsigned __int128)p;
    r.hi = (uint64_t)(u >> 64);
    r.lo = (uint64_t)u;
#else
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    uint64_t a0 = ua & 0xffffffffu, a1 = ua >> 32;
    uint64_t b0 = ub & 0xffffffffu, b1 = ub >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    r.lo = (mid << 32) | (p00 & 0xffffffffu);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    /* unsigned product -> signed product */
    if (a < 0) r.hi -= ub;
    if (b < 0) r.hi -= ua;
#endif
    return r;
}

/* Compare two signed 128-bit values: -1, 0, 1. */
static int cmp_s128(u128 x, u128 y)
{
    int64_t xh = (int64_t)x.hi, yh = (int64_t)y.hi;
    if (xh != yh) return xh < yh ? -1 : 1;
    if (x.lo != y.lo) return x.lo < y.lo ? -1 : 1;
    return 0;
}

/* Arithmetic shift right without relying on implementation-defined >> of
 * negative values. */
static int64_t asr64(int64_t v, unsigned n)
{
    return v >= 0 ? (int64_t)((uint64_t)v >> n)
                  : -(int64_t)((~(uint64_t)v) >> n) - 1;
}

static int hash_file(const char *path)
{
    unsigned char buf[4096];
    size_t n, total = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "selftest: cannot open %s\n", path);
        return -1;
    }
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        hash_bytes(buf, n);
        total += n;
    }
    fclose(f);
    hash_u64((uint64_t)total);
    return 0;
}

int main(int argc, char **argv)
{
    uint32_t seed = 0x2545F491u;
    int64_t acc = 0;
    fix16_t px = fix16_from_int(3), py = -fix16_one / 2;
    long steps = 0;
    int i;
    uint32_t k;

    if (argc < 2) {
        fprintf(stderr, "usage: selftest FILE...\n");
        return 2;
    }
    for (i = 1; i < argc; i++)
        if (hash_file(argv[i]) != 0)
            return 1;
    /* the input feeds the generator seed too */
    seed ^= (uint32_t)fnv_hash ^ (uint32_t)(fnv_hash >> 32);
    if (seed == 0) seed = 1;

    for (k = 0; k < 1000000u; k++) {
        uint32_t r1 = xorshift32(&seed), r2 = xorshift32(&seed);
        /* unsigned -> signed: values kept in range so it is well defined */
        fix16_t a = (fix16_t)(int32_t)(r1 & 0x00ffffffu) - (fix16_t)0x00800000; /* +-128.0 */
        fix16_t b = (fix16_t)(int32_t)(r2 >> 8) - (fix16_t)0x00800000;
        int64_t prod = (int64_t)a * (int64_t)b;          /* Q32.32 */
        fix16_t m = (fix16_t)asr64(prod, 16);            /* truncating Q16.16 product */
        u128 w, w2;

#ifdef MATRIX_SELFTEST_BREAK
        if (k == 777777u) m ^= 1;
#endif
        acc += m;
        /* move a point around with fixed-point math */
        px = (fix16_t)(((int64_t)px * 3 + (int64_t)m) / 4);
        py = (fix16_t)(((int64_t)py * 5 - (int64_t)a) / 6);

        /* 128-bit: product of two int64 products, and an exact comparison */
        w = mul_s64(prod, (int64_t)b * (int64_t)px + 1);
        w2 = mul_s64((int64_t)a * (int64_t)py, prod - 7);

        hash_u32((uint32_t)m);
        hash_u64((uint64_t)acc);
        if ((k & 1023u) == 0) {
            /* libfixmath library functions (integer implementations) */
            fix16_t q = fix16_div(a, (b | 1));
            fix16_t s = fix16_sqrt(a < 0 ? -a : a);
            fix16_t mm = fix16_mul(a, b);
            hash_u32((uint32_t)q);
            hash_u32((uint32_t)s);
            hash_u32((uint32_t)mm);
            hash_u64(w.hi);
            hash_u64(w.lo);
            hash_u32((uint32_t)(cmp_s128(w, w2) + 1));
            hash_u32((uint32_t)px);
            hash_u32((uint32_t)py);
            /* char signedness must not matter: use unsigned char explicitly */
            {
                unsigned char c = (unsigned char)(r1 >> 24);
                int8_t sc = (int8_t)(c >= 128 ? (int)c - 256 : (int)c);
                hash_u32((uint32_t)(int32_t)sc);
            }
        }
        steps++;
    }
    hash_u64((uint64_t)steps);

    {
        /* print the digest without relying on printf's 64-bit formats
         * (old msvcrt) */
        char out[17];
        const char *hex = "0123456789abcdef";
        for (i = 0; i < 16; i++)
            out[i] = hex[(fnv_hash >> (60 - 4 * i)) & 15u];
        out[16] = '\0';
        printf("int128 %s\n", SELFTEST_HAVE_INT128 ? "native" : "limbs");
        printf("digest %s\n", out);
    }
    return 0;
}
