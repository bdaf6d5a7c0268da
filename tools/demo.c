/* SPDX-License-Identifier: MIT */
/* fixcol-demo [--seed N] [--frames N]: a seeded deterministic scenario that
 * prints one checksum per frame. Units walk on a 2D plane, steering by binary
 * angles through fixcol's table trig; state is hashed field by field
 * (little-endian, FNV-1a-64) so every platform must print the same lines.
 * It is the stand-in main job until the replay harness lands. */
#include <fixcol/fixcol.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNITS 64
#define WORLD_HALF (1000 * 65536) /* +-1000 units */

typedef struct unit {
    fc_vec2 pos;
    fc_angle heading;
    int32_t turn; /* angle units per frame */
    fix16_t speed; /* units per frame */
} unit;

static uint32_t xorshift32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

static void hash_u32(uint64_t *h, uint32_t v)
{
    for (int b = 0; b < 4; b++) {
        *h ^= (v >> (8 * b)) & 0xFFu;
        *h *= 0x100000001B3ull;
    }
}

static fix16_t wrap_coord(fix16_t v)
{
    if (v > WORLD_HALF)
        return v - 2 * WORLD_HALF;
    if (v < -WORLD_HALF)
        return v + 2 * WORLD_HALF;
    return v;
}

int main(int argc, char **argv)
{
    uint32_t seed = 12345;
    long frames = 10;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = (uint32_t)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc)
            frames = strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: fixcol-demo [--seed N] [--frames N]\n");
            return 2;
        }
    }
    if (seed == 0 || frames < 1 || frames > 1000000) {
        fprintf(stderr, "fixcol-demo: seed must be non-zero and frames in 1..1000000\n");
        return 2;
    }
    unit units[UNITS];
    for (int i = 0; i < UNITS; i++) {
        /* One draw per statement: the order in which function arguments are
         * evaluated is unspecified (gcc and clang differ). */
        units[i].pos.x = (fix16_t)(xorshift32(&seed) % (2u * WORLD_HALF)) - WORLD_HALF;
        units[i].pos.y = (fix16_t)(xorshift32(&seed) % (2u * WORLD_HALF)) - WORLD_HALF;
        units[i].heading = (fc_angle)xorshift32(&seed);
        units[i].turn = (int32_t)(xorshift32(&seed) % 201) - 100;
        units[i].speed = (fix16_t)(xorshift32(&seed) % (3u * 65536));
    }
    uint64_t digest = 0xCBF29CE484222325ull;
    for (long f = 1; f <= frames; f++) {
        uint64_t h = 0xCBF29CE484222325ull;
        for (int i = 0; i < UNITS; i++) {
            unit *u = &units[i];
            u->heading = (fc_angle)(u->heading + u->turn);
            fc_sincos sc = fc_sincos_of(u->heading);
            u->pos.x = wrap_coord(u->pos.x + fc_mul(u->speed, sc.c));
            u->pos.y = wrap_coord(u->pos.y + fc_mul(u->speed, sc.s));
            hash_u32(&h, (uint32_t)i);
            hash_u32(&h, (uint32_t)u->pos.x);
            hash_u32(&h, (uint32_t)u->pos.y);
            hash_u32(&h, u->heading);
        }
        printf("frame %ld checksum %016llx\n", f, (unsigned long long)h);
        hash_u32(&digest, (uint32_t)h);
        hash_u32(&digest, (uint32_t)(h >> 32));
    }
    printf("digest %016llx\n", (unsigned long long)digest);
    return 0;
}
