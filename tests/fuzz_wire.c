/* SPDX-License-Identifier: MIT */
/* Fuzz target for the desync wire protocol (fixcol/wire.h): the message
 * decoder and the two-peer state machine (libFuzzer: built with
 * -fsanitize=fuzzer and -DFIXCOL_LIBFUZZER; otherwise a main() that runs
 * the same checks on random inputs). The input's first 8 bytes seed two
 * small worlds (2D or 3D, up to 48 bodies, a few differing slots); the rest
 * is a program, a byte per opcode and its argument bytes, run against a
 * leader and a follower: deliver the next honest message, feed raw bytes
 * to either side, deliver a message with one byte changed, replay the last
 * message, deliver a message to the wrong side, abort either side, decode
 * raw bytes. Checks after every call: a message the receiver rejects
 * (malformed, version, session, replayed, out of order, unexpected, ended)
 * leaves its state as it was but for the message count; the count never
 * passes the cap; decode results are in range. At the end the remaining
 * honest messages are delivered: the search must end (or stall with a
 * request lost, then fc_wire_abort ends it) within the round budget plus
 * the message cap; a program of only honest deliveries must find exactly
 * the differing slots (the slots whose dump lines differ) unless a side
 * reached its message cap, and even then report only the first of them.
 * Usage (non-libFuzzer build): fuzz_wire_seeds [--write-seeds DIR] [RUNS] */
#include <fixcol/wire.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_wire: %s\n", what);
    abort();
}

static uint64_t next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x ? x : 0x9E3779B97F4A7C15ull;
    return *s;
}

typedef struct peers {
    fc_world *a, *b;
    fc_wire lead, fol;
    uint8_t last[FC_WIRE_MESSAGE_MAX]; /* the last message delivered */
    size_t last_len;
    int last_to_leader;
    int tampered;
    uint32_t expect[64], nexpect; /* slots whose lines differ */
    uint32_t reported[64], nreported;
} peers;

static fc_world *world(int dim)
{
    fc_world_def def = fc_world_def_default();
    def.dim = dim == 3 ? FC_WORLD_3D : FC_WORLD_2D;
    fc_world *w = NULL;
    if (fc_world_create(&def, &w) != FC_OK)
        fail("world");
    return w;
}

static void build(peers *p, uint64_t seed)
{
    const int dim = seed % 3 == 0 ? 3 : 2;
    p->a = world(dim);
    p->b = world(dim);
    const uint32_t n = (uint32_t)(next(&seed) % 48);
    fc_body_id ids[48];
    for (uint32_t i = 0; i < n; i++) {
        fc_body_def bd = fc_body_def_default();
        int32_t x = (int32_t)(next(&seed) % 200) << 16, y = (int32_t)(next(&seed) % 200) << 16;
        if (dim == 3) {
            bd.shape3.u.sphere.center = fc_vec3_make(x, y, 0);
        } else {
            bd.shape2.u.circle.center = fc_vec2_make(x, y);
        }
        bd.filter.category = 1u << (next(&seed) % 8);
        if (fc_world_create_body(p->a, &bd, &ids[i]) != FC_OK || fc_world_create_body(p->b, &bd, &ids[i]) != FC_OK)
            fail("create");
    }
    for (uint32_t i = 0; i < n; i++) {
        switch (next(&seed) % 10) {
        case 0:
            fc_world_destroy_body(p->b, ids[i]);
            break;
        case 1: {
            fc_filter f = {0x40000000u, 0xffffffffu};
            fc_world_set_filter(p->b, ids[i], f);
            break;
        }
        case 2:
            if (dim == 3)
                fc_world_translate3(p->b, ids[i], fc_vec3_make(0, 0, 1));
            else
                fc_world_translate2(p->b, ids[i], fc_vec2_make(1, 0));
            break;
        case 3:
            fc_world_destroy_body(p->a, ids[i]);
            fc_world_destroy_body(p->b, ids[i]);
            break;
        default:
            break;
        }
    }
    const uint32_t sa = fc_world_slot_count(p->a), sb = fc_world_slot_count(p->b);
    p->nexpect = 0;
    for (uint32_t i = 0; i < (sa > sb ? sa : sb) && p->nexpect < 64; i++) {
        char la[FC_WIRE_LINE_MAX], lb[FC_WIRE_LINE_MAX];
        size_t na = 0, nb = 0;
        fc_world_dump_slot(p->a, i, la, sizeof la, &na);
        fc_world_dump_slot(p->b, i, lb, sizeof lb, &nb);
        if (na != nb || memcmp(la, lb, na) != 0)
            p->expect[p->nexpect++] = i;
    }
}

/* Deliver msg to one side, checking the rejection rule and the cap. */
static fc_wire_rx deliver(peers *p, int to_leader, const uint8_t *msg, size_t len)
{
    fc_wire *s = to_leader ? &p->lead : &p->fol;
    fc_wire before = *s;
    fc_wire_rx rx = fc_wire_receive(s, msg, len);
    if (rx > FC_WIRE_RX_NULL)
        fail("status out of range");
    if (rx == FC_WIRE_RX_MALFORMED || rx == FC_WIRE_RX_VERSION || rx == FC_WIRE_RX_SESSION ||
        rx == FC_WIRE_RX_REPLAYED || rx == FC_WIRE_RX_OUT_OF_ORDER || rx == FC_WIRE_RX_UNEXPECTED ||
        rx == FC_WIRE_RX_ENDED) {
        fc_wire after = *s;
        after.messages = before.messages;
        if (memcmp(&before, &after, sizeof before) != 0)
            fail("a rejected message changed the state");
    }
    if (s->messages > s->max_messages)
        fail("message count past the cap");
    if (len <= sizeof p->last) {
        memcpy(p->last, msg, len);
        p->last_len = len;
        p->last_to_leader = to_leader;
    }
    return rx;
}

/* The next honest message: the follower's pending reply first, else the
 * leader's next message. 0 when neither has one. */
static size_t honest(peers *p, uint8_t *buf, int *to_leader)
{
    size_t n = 0;
    if (fc_wire_produce(&p->fol, p->b, buf, FC_WIRE_MESSAGE_MAX, &n) != FC_OK)
        fail("follower produce");
    if (n > 0) {
        *to_leader = 1;
        return n;
    }
    if (fc_wire_produce(&p->lead, p->a, buf, FC_WIRE_MESSAGE_MAX, &n) != FC_OK)
        fail("leader produce");
    *to_leader = 0;
    fc_wire_msg m;
    if (n > 0 && fc_wire_decode(buf, n, &m) == FC_OK && m.type == FC_WIRE_REPORT && p->nreported < 64)
        p->reported[p->nreported++] = m.slot;
    return n;
}

static void check_decode(const uint8_t *d, size_t n)
{
    fc_wire_msg m;
    fc_status st = fc_wire_decode(d, n, &m);
    if (st != FC_OK && st != FC_ERR_FORMAT && st != FC_ERR_VERSION)
        fail("decode status");
    if (st == FC_OK) {
        if (m.type < FC_WIRE_CHECKSUM || m.type > FC_WIRE_ABORT || m.version != FC_WIRE_VERSION)
            fail("decoded type/version");
        if (m.text_len > FC_WIRE_TEXT_MAX || (m.text != NULL && (m.text < (const char *)d ||
                                                                 m.text + m.text_len > (const char *)d + n)))
            fail("decoded text outside the message");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_decode(data, size);
    if (size < 8)
        return 0;
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed = seed << 8 | data[i];
    static peers p;
    memset(&p, 0, sizeof p);
    build(&p, seed | 1u);
    const uint32_t cap = 64 + 4 * (uint32_t)(seed >> 56);
    if (fc_wire_leader(&p.lead, 1 + (uint32_t)(seed % 1000), (uint32_t)(seed >> 20), 1 + (uint32_t)(seed >> 40) % 64,
                       0, cap) != FC_OK ||
        fc_wire_follower(&p.fol, cap) != FC_OK)
        fail("init");
    static uint8_t buf[FC_WIRE_MESSAGE_MAX];
    size_t at = 8;
    while (at < size) {
        const uint8_t op = data[at++];
        int to_leader = 0;
        switch (op % 8) {
        case 0:
        case 1: { /* the next honest message */
            size_t n = honest(&p, buf, &to_leader);
            if (n > 0)
                deliver(&p, to_leader, buf, n);
            break;
        }
        case 2: { /* raw bytes to a side */
            size_t n = at < size ? data[at++] : 0;
            if (n > size - at)
                n = size - at;
            check_decode(data + at, n);
            deliver(&p, op & 8, data + at, n);
            p.tampered = 1;
            at += n;
            break;
        }
        case 3: { /* the next honest message with one byte changed */
            if (at + 2 > size)
                break;
            size_t n = honest(&p, buf, &to_leader);
            if (n > 0) {
                buf[data[at] % n] ^= (uint8_t)(data[at + 1] | 1u);
                deliver(&p, to_leader, buf, n);
                p.tampered = 1;
            }
            at += 2;
            break;
        }
        case 4: /* replay the last message */
            if (p.last_len > 0) {
                memcpy(buf, p.last, p.last_len);
                deliver(&p, p.last_to_leader, buf, p.last_len);
            }
            break;
        case 5: { /* the next honest message to the wrong side */
            size_t n = honest(&p, buf, &to_leader);
            if (n > 0)
                deliver(&p, !to_leader, buf, n);
            p.tampered = 1;
            break;
        }
        case 6: /* abort a side */
            fc_wire_abort(op & 8 ? &p.lead : &p.fol);
            p.tampered = 1;
            break;
        default: { /* a structurally valid message with fuzzed fields */
            if (at + 16 > size)
                break;
            uint8_t m[64];
            memcpy(m, "FCWP\x01\x00", 6);
            memcpy(m + 6, data + at, 14); /* type, session, frame, round */
            size_t pl = data[at + 14] % 13;
            m[20] = (uint8_t)pl;
            m[21] = m[22] = m[23] = 0;
            for (size_t k = 0; k < pl; k++)
                m[24 + k] = at + 15 + k < size ? data[at + 15 + k] : 0;
            deliver(&p, op & 8, m, 24 + pl);
            p.tampered = 1;
            at += 15 + pl;
            break;
        }
        }
    }
    /* finish honestly: bounded by the budget and the caps */
    const uint32_t bound = 2 * (2 + 64 * 24) + 3 * 64 + 2 * cap + 8;
    uint32_t steps = 0;
    for (;;) {
        int to_leader = 0;
        size_t n = honest(&p, buf, &to_leader);
        if (n == 0) {
            if (p.lead.done)
                break;
            fc_wire_abort(&p.lead); /* a lost request: the caller's timeout */
            if (fc_wire_produce(&p.lead, p.a, buf, sizeof buf, &n) != FC_OK)
                fail("abort produce");
            if (!p.lead.done)
                fail("the leader did not end after abort");
            break;
        }
        deliver(&p, to_leader, buf, n);
        if (++steps > bound)
            fail("the search did not end within the budget and the caps");
    }
    if (p.lead.verdict == FC_WIRE_RUNNING)
        fail("ended without a verdict");
    if (!p.tampered && (seed >> 40) % 64 + 1 >= 64) {
        /* A side that reached its message cap ended the session early (the
         * caps come from the input: 68 messages are too few for 18 differing
         * slots): the reports so far must still be the first differing
         * slots, in order; with both sides under their caps, all of them. */
        const int capped = p.lead.verdict == FC_WIRE_CAP || p.fol.verdict == FC_WIRE_CAP;
        if (!capped && (p.lead.verdict != (p.nexpect ? FC_WIRE_FOUND : FC_WIRE_EQUAL) || p.nreported != p.nexpect))
            fail("an honest search did not find exactly the differing slots");
        if (p.nreported > p.nexpect)
            fail("an honest search reported more slots than differ");
        for (uint32_t i = 0; i < p.nreported; i++)
            if (p.reported[i] != p.expect[i])
                fail("an honest search reported another slot");
    }
    fc_world_destroy(p.a);
    fc_world_destroy(p.b);
    return 0;
}

#ifndef FIXCOL_LIBFUZZER
/* fuzz_wire_seeds [--write-seeds DIR] [RUNS]: RUNS random programs (and,
 * with --write-seeds, the first RUNS written to DIR as a seed corpus). */
int main(int argc, char **argv)
{
    const char *dir = NULL;
    int argi = 1;
    if (argc > 2 && strcmp(argv[1], "--write-seeds") == 0) {
        dir = argv[2];
        argi = 3;
    }
    const long runs = argi < argc ? strtol(argv[argi], NULL, 10) : 200;
    uint64_t rng = 12345;
    static uint8_t buf[4096];
    long honest_runs = 0;
    for (long r = 0; r < runs; r++) {
        size_t n = 8 + next(&rng) % 600;
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)next(&rng);
        if (r % 4 == 0) { /* honest only, full budget: exact slots */
            buf[0] = 0xff; /* message caps of 1084 */
            buf[2] = 0xff; /* max_found 64 */
            for (size_t i = 8; i < n; i++)
                buf[i] &= 0xf0; /* op 0 */
            honest_runs++;
        } else {
            for (size_t i = 8; i < n; i++)
                if (next(&rng) % 3 != 0)
                    buf[i] &= 0xf0; /* mostly honest deliveries */
        }
        if (dir != NULL) {
            char path[4096];
            snprintf(path, sizeof path, "%s/seed-%04ld", dir, r);
            FILE *f = fopen(path, "wb");
            if (f == NULL || fwrite(buf, 1, n, f) != n)
                fail("cannot write a seed");
            fclose(f);
        }
        LLVMFuzzerTestOneInput(buf, n);
    }
    printf("fuzz_wire_seeds: %ld programs (%ld honest-only) ran clean\n", runs, honest_runs);
    return 0;
}
#endif
