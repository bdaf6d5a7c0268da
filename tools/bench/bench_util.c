/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 199309L
#include "bench.h"

#include <time.h>

double bench_now_ns(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double bench_median(double *values, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && values[j - 1] > values[j]; j--) {
            double t = values[j];
            values[j] = values[j - 1];
            values[j - 1] = t;
        }
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

uint32_t bench_xorshift32(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

static volatile int64_t sink;
void bench_sink(int64_t v)
{
    sink += v;
}
