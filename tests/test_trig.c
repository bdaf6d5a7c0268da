/* SPDX-License-Identifier: MIT */
/* Exhaustive trig test: every one of the 65536 angles against libm's double
 * sin/cos (tests may use floats), the exact quadrant values and symmetries,
 * sin^2+cos^2, the pinned table checksum, and degree/radian conversion
 * against an independent exact computation.
 * `test_trig --break` perturbs one angle by 1 ulp and one table entry by one
 * bit: both must be caught, so this run must fail. */
#include <fixcol/trig.h>
#include <math.h>
#include <string.h>

#include "testutil.h"
#include "core/trig_table.h"

#define PINNED_TABLE_FNV 0x25cd3a3552421bb4ull
#define MAX_ERROR_ULP 0.52

static int break_mode;

static fix16_t sin_under_test(fc_angle a)
{
    fix16_t v = fc_sin(a);
    return (break_mode && a == 5000) ? v + 1 : v;
}

static uint64_t table_fnv(void)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (int i = 0; i < FC_SIN_TABLE_ENTRIES; i++) {
        uint32_t v = (uint32_t)fc_sin_q30[i];
        if (break_mode && i == 700)
            v ^= 1u;
        for (int b = 0; b < 4; b++) {
            h ^= (v >> (8 * b)) & 0xFFu;
            h *= 0x100000001B3ull;
        }
    }
    return h;
}

static void sweep(void)
{
    const double pi = 3.14159265358979323846;
    double worst = 0;
    int64_t worst_norm = 0;
    for (uint32_t i = 0; i < FC_ANGLE_TURN; i++) {
        fc_angle a = (fc_angle)i;
        fix16_t s = sin_under_test(a), c = fc_cos(a);
        double rad = (double)i * (2.0 * pi / 65536.0);
        double es = fabs((double)s - sin(rad) * 65536.0), ec = fabs((double)c - cos(rad) * 65536.0);
        if (es > worst)
            worst = es;
        if (ec > worst)
            worst = ec;
        TU_CHECK(es <= MAX_ERROR_ULP && ec <= MAX_ERROR_ULP, "angle %u: sin err %.3f, cos err %.3f ulp", i, es, ec);
        fc_sincos sc = fc_sincos_of(a);
        TU_CHECK(sc.s == s && sc.c == c, "sincos differs from sin/cos at %u", i);
        /* symmetries, all exact */
        TU_CHECK(fc_sin((fc_angle)(0u - i)) == -s, "odd symmetry at %u", i);
        TU_CHECK(fc_cos((fc_angle)(0u - i)) == c, "even symmetry at %u", i);
        TU_CHECK(fc_sin((fc_angle)(i + FC_ANGLE_HALF)) == -s, "half-turn symmetry at %u", i);
        TU_CHECK(fc_sin((fc_angle)(FC_ANGLE_QUARTER - i)) == c, "complement symmetry at %u", i);
        TU_CHECK(fc_cos((fc_angle)(i + FC_ANGLE_QUARTER)) == -s, "quarter-turn rotation at %u", i);
        int64_t norm = (int64_t)s * s + (int64_t)c * c - ((int64_t)1 << 32);
        if (norm < 0)
            norm = -norm;
        if (norm > worst_norm)
            worst_norm = norm;
        TU_CHECK(norm <= 2 * 65536, "sin^2+cos^2 off by %.3f ulp at %u", (double)norm / 65536.0, i);
    }
    printf("worst error %.4f ulp; worst |sin^2+cos^2-1| %.4f ulp\n", worst, (double)worst_norm / 65536.0);
}

static void quadrants(void)
{
    TU_CHECK(fc_sin(0) == 0 && fc_cos(0) == 65536, "0 deg");
    TU_CHECK(fc_sin(16384) == 65536 && fc_cos(16384) == 0, "90 deg");
    TU_CHECK(fc_sin(32768) == 0 && fc_cos(32768) == -65536, "180 deg");
    TU_CHECK(fc_sin(49152) == -65536 && fc_cos(49152) == 0, "270 deg");
}

/* Independent reference: nearest integer to n/360 with ties up, by exact
 * search instead of floor division. */
static int64_t nearest_over_360(int64_t n)
{
    int64_t q = n / 360;
    int64_t best = q - 2;
    for (int64_t k = q - 2; k <= q + 2; k++) {
        int64_t dk = 2 * (n - 360 * k), db = 2 * (n - 360 * best);
        dk = dk < 0 ? -dk : dk;
        db = db < 0 ? -db : db;
        if (dk < db || (dk == db && k > best))
            best = k;
    }
    return best;
}

static void conversions(void)
{
    uint64_t s = 42;
    for (long i = 0; i < 2000000; i++) {
        fix16_t deg = (fix16_t)(uint32_t)tu_rand64(&s);
        if (i % 4 == 0)
            deg = (fix16_t)((int32_t)(tu_rand64(&s) % 720) - 360) * 65536 + (fix16_t)(tu_rand64(&s) % 3) - 1;
        if (i % 4 == 1)
            deg = (fix16_t)(360 * ((int64_t)(tu_rand64(&s) % 65536)) / 2 * 1); /* exact half-unit ties */
        int64_t want = nearest_over_360(deg);
        fc_angle got = fc_angle_from_deg(deg);
        TU_CHECK(got == (fc_angle)((uint64_t)want & 0xFFFFu), "from_deg(%d) = %u, want %lld", deg, got,
                 (long long)want);
    }
    for (uint32_t a = 0; a < FC_ANGLE_TURN; a++) {
        TU_CHECK(fc_angle_from_deg(fc_angle_to_deg((fc_angle)a)) == a, "deg round trip %u", a);
    }
    TU_CHECK(fc_angle_from_deg(90 * 65536) == 16384, "90 degrees");
    TU_CHECK(fc_angle_from_deg(-90 * 65536) == 49152, "-90 degrees");
    TU_CHECK(fc_angle_from_deg(720 * 65536 + 45 * 65536) == 8192, "765 degrees");
    const double two_pi = 6.28318530717958647692;
    for (long i = 0; i < 1000000; i++) {
        fix16_t rad = (fix16_t)(uint32_t)tu_rand64(&s);
        double exact = (double)rad / 65536.0 / two_pi * 65536.0;
        double got = (double)fc_angle_from_rad(rad);
        double diff = fmod(got - exact, 65536.0);
        if (diff < 0)
            diff += 65536.0;
        if (diff > 32768.0)
            diff = 65536.0 - diff;
        TU_CHECK(diff <= 1.0, "from_rad(%d) = %.0f, exact %.3f", rad, got, exact);
    }
}

int main(int argc, char **argv)
{
    break_mode = argc > 1 && strcmp(argv[1], "--break") == 0;
    uint64_t h = table_fnv();
    TU_CHECK(h == PINNED_TABLE_FNV, "table checksum %016llx, pinned %016llx", (unsigned long long)h,
             (unsigned long long)PINNED_TABLE_FNV);
    quadrants();
    sweep();
    conversions();
    return tu_finish(break_mode ? "test_trig --break" : "test_trig");
}
