/* SPDX-License-Identifier: MIT */
/* The desync wire protocol (fixcol/wire.h) between a leader and a follower
 * over a loopback (tests/wire_harness.h).
 *
 * Honest peers: 400 random worlds (2D and 3D, 1..3000 bodies, holes) and a
 * copy with 1..4 random perturbations - a 1-raw move along x, y (z), a
 * radius, the category, the mask, another shape, a destroyed body, a
 * destroyed and re-created body (generation only), an extra body, user data
 * only (not a difference) - are searched; the reported slots are exactly
 * those whose dump lines (user data aside) differ, computed independently
 * from fc_world_dump_slot; each report names the perturbed field; one
 * difference takes at most 2 + ceil(log2 S) rounds; the follower receives
 * every REPORT byte for byte; both end with the same verdict.
 * Lying followers always end with a verdict within the budget: random
 * answers, answers off by one with honest dumps, a slot count past 2^24, an
 * empty world with a non-empty sum, dumps of another slot or the leader's
 * own line, a consistent fake world (every slot a free slot: the budget
 * stops it after 64 reports and 2 + 64 ceil(log2 S) rounds), garbage and
 * replays (the message cap).
 * Messages: golden bytes; every truncation, extension, version, magic,
 * type and field range rejected; each rejected, replayed, out-of-order,
 * foreign or unexpected message leaves the state unchanged (but the
 * message count) with its status; produce errors; abort both ways.
 *
 * --break-budget: the leader runs without a budget (max_found 2^24,
 * max_rounds and max_messages 2^32 - 1): the fake-world check must fail.
 * --break-reorder: the loopback swaps the values of the 3rd and 4th
 * ANSWER (a round reordered): the honest checks must fail. */
#include <fixcol/wire.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "world_fixture.h"
#include "wire_harness.h"

static int g_break_budget, g_break_reorder;

static uint32_t ceil_log2(uint32_t n)
{
    uint32_t k = 0;
    while (((uint64_t)1 << k) < n)
        k++;
    return k;
}

static uint64_t term(uint64_t x) /* T of fixcol/desync.h, from its text */
{
    x ^= x >> 33;
    x *= 0xC2B2AE3D27D4EB4Full;
    x ^= x >> 29;
    x *= 0x165667B19E3779F9ull;
    x ^= x >> 32;
    return x;
}

/* ---- worlds */

typedef struct pair {
    fc_world *a, *b;
    fc_body_id ids[3000];
    uint32_t n;
    int dim;
} pair;

static fc_world *new_world(int dim)
{
    fc_world_def def = fc_world_def_default();
    def.dim = dim == 3 ? FC_WORLD_3D : FC_WORLD_2D;
    fc_world *w = NULL;
    TU_CHECK(fc_world_create(&def, &w) == FC_OK, "world");
    return w;
}

static fc_body_def random_def(uint64_t *rng, int dim)
{
    fc_body_def bd = fc_body_def_default();
    if (dim == 3)
        bd.shape3 = wf_shape3(rng, 200);
    else
        bd.shape2 = wf_shape2(rng, 200);
    bd.filter.category = 1u << (tu_rand64(rng) % 4);
    bd.user_data = tu_rand64(rng) % 1000;
    return bd;
}

/* Build the same world twice (bodies, then holes). */
static void build(pair *p, uint64_t *rng, int dim, uint32_t n)
{
    p->dim = dim;
    p->n = n;
    p->a = new_world(dim);
    p->b = new_world(dim);
    for (uint32_t i = 0; i < n; i++) {
        fc_body_def bd = random_def(rng, dim);
        fc_body_id ia, ib;
        TU_CHECK(fc_world_create_body(p->a, &bd, &ia) == FC_OK && fc_world_create_body(p->b, &bd, &ib) == FC_OK,
                 "create");
        p->ids[i] = ia;
    }
    for (uint32_t i = 0; i < n; i++)
        if (tu_rand64(rng) % 8 == 0) {
            fc_world_destroy_body(p->a, p->ids[i]);
            fc_world_destroy_body(p->b, p->ids[i]);
            p->ids[i].generation = 0; /* marks a hole */
        }
}

static void drop(pair *p)
{
    fc_world_destroy(p->a);
    fc_world_destroy(p->b);
}

enum { P_X, P_Y, P_Z, P_RADIUS, P_CAT, P_MASK, P_SHAPE, P_DESTROY, P_REGEN, P_EXTRA, P_USER, P_KINDS };

/* The field a 1-raw move changes first in a dump line: "<name>.x". */
static const char *first_field(const char *line)
{
    static const char *const names[] = {"center", "min", "a", "v0"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char pat[16];
        snprintf(pat, sizeof pat, " %s ", names[i]);
        if (strstr(line, pat))
            return names[i];
    }
    return "?";
}

/* Apply perturbation kind to slot i of b; returns the report line it must
 * produce (a prefix), or NULL when the world did not change (user data,
 * or the change was refused). */
static const char *perturb(pair *p, uint64_t *rng, uint32_t i, int kind, char *want)
{
    fc_body_id id = p->ids[i];
    if (id.generation == 0 && kind != P_EXTRA)
        return NULL;
    char line[FC_WIRE_LINE_MAX];
    size_t n = 0;
    fc_world_dump_slot(p->b, id.index, line, sizeof line - 1, &n);
    line[n] = 0;
    switch (kind) {
    case P_X:
    case P_Y:
    case P_Z: {
        if (kind == P_Z && p->dim != 3)
            return NULL;
        int32_t d[3] = {0, 0, 0};
        d[kind - P_X] = 1;
        fc_status st = p->dim == 3 ? fc_world_translate3(p->b, id, fc_vec3_make(d[0], d[1], d[2]))
                                   : fc_world_translate2(p->b, id, fc_vec2_make(d[0], d[1]));
        if (st != FC_OK)
            return NULL;
        sprintf(want, "%s.%c: ", first_field(line), "xyz"[kind - P_X]);
        return want;
    }
    case P_RADIUS: {
        if (p->dim == 3) {
            fc_shape3 s;
            if (fc_world_get_shape3(p->b, id, &s) != FC_OK || s.type != FC_SHAPE3_SPHERE)
                return NULL;
            s.u.sphere.radius += 1;
            if (fc_world_set_shape3(p->b, id, &s) != FC_OK)
                return NULL;
        } else {
            fc_shape2 s;
            if (fc_world_get_shape2(p->b, id, &s) != FC_OK || s.type != FC_SHAPE2_CIRCLE)
                return NULL;
            s.u.circle.radius += 1;
            if (fc_world_set_shape2(p->b, id, &s) != FC_OK)
                return NULL;
        }
        return "radius: ";
    }
    case P_CAT:
    case P_MASK: {
        fc_filter f;
        TU_CHECK(fc_world_get_filter(p->b, id, &f) == FC_OK, "filter");
        if (kind == P_CAT)
            f.category ^= 1u << (tu_rand64(rng) % 32);
        else
            f.mask ^= 1u << (tu_rand64(rng) % 32);
        TU_CHECK(fc_world_set_filter(p->b, id, f) == FC_OK, "set filter");
        return kind == P_CAT ? "category: " : "mask: ";
    }
    case P_SHAPE: {
        fc_body_def bd = random_def(rng, p->dim);
        fc_status st = p->dim == 3 ? fc_world_set_shape3(p->b, id, &bd.shape3) : fc_world_set_shape2(p->b, id, &bd.shape2);
        char after[FC_WIRE_LINE_MAX];
        size_t m = 0;
        fc_world_dump_slot(p->b, id.index, after, sizeof after, &m);
        if (st != FC_OK || (m == n && memcmp(after, line, n) == 0))
            return NULL;
        return ""; /* some field or "shape: " */
    }
    case P_DESTROY:
        TU_CHECK(fc_world_destroy_body(p->b, id) == FC_OK, "destroy");
        p->ids[i].generation = 0;
        return "state: body vs free";
    case P_REGEN: {
        /* destroy and re-create with the same definition: the LIFO free list
         * hands the same slot out with the next generation */
        fc_body_def bd = fc_body_def_default();
        if (p->dim == 3)
            TU_CHECK(fc_world_get_shape3(p->b, id, &bd.shape3) == FC_OK, "shape");
        else
            TU_CHECK(fc_world_get_shape2(p->b, id, &bd.shape2) == FC_OK, "shape");
        TU_CHECK(fc_world_get_filter(p->b, id, &bd.filter) == FC_OK, "filter");
        TU_CHECK(fc_world_get_user_data(p->b, id, &bd.user_data) == FC_OK, "user");
        fc_body_id again;
        memset(&again, 0, sizeof again);
        TU_CHECK(fc_world_destroy_body(p->b, id) == FC_OK && fc_world_create_body(p->b, &bd, &again) == FC_OK &&
                     again.index == id.index && again.generation == id.generation + 1,
                 "re-created in the same slot");
        p->ids[i] = again;
        return "generation: ";
    }
    case P_EXTRA:
        return NULL; /* handled by the caller: a body appended to b only */
    default: /* P_USER */
        TU_CHECK(fc_world_set_user_data(p->b, id, tu_rand64(rng)) == FC_OK, "user data");
        return NULL;
    }
}

/* The dump line of slot i without its user data ("user U" removed). */
static size_t line_without_user(const fc_world *w, uint32_t i, char *out)
{
    char line[FC_WIRE_LINE_MAX + 1];
    size_t n = 0;
    TU_CHECK(fc_world_dump_slot(w, i, line, FC_WIRE_LINE_MAX, &n) == FC_OK, "dump slot");
    line[n] = 0;
    char *u = strstr(line, " user ");
    if (u != NULL) {
        char *end = strchr(u + 6, ' ');
        memmove(u, end, strlen(end) + 1);
    }
    strcpy(out, line);
    return strlen(out);
}

/* ---- loopback tampering */

typedef struct tamper_ctx {
    uint32_t answers;
    uint64_t held;
} tamper_ctx;

/* --break-reorder: the values of the 3rd and 4th ANSWER change places. */
static size_t reorder(void *ctx, int to_leader, uint8_t *msg, size_t len)
{
    tamper_ctx *t = (tamper_ctx *)ctx;
    fc_wire_msg m;
    if (!to_leader || fc_wire_decode(msg, len, &m) != FC_OK || m.type != FC_WIRE_ANSWER)
        return len;
    t->answers++;
    if (t->answers == 3) {
        t->held = m.value;
        return 0; /* held back: the leader waits */
    }
    if (t->answers == 4) {
        uint8_t v[8];
        wh_le64(v, t->held);
        return wh_encode(msg, FC_WIRE_ANSWER, m.session, m.frame, m.round - 1, v, 8);
    }
    return len;
}

/* ---- honest peers */

static uint32_t g_rounds_max_single; /* the most rounds a single difference took */

static void honest_case(uint64_t seed)
{
    uint64_t rng = seed;
    pair p;
    const int dim = tu_rand64(&rng) % 3 == 0 ? 3 : 2;
    const uint64_t big = tu_rand64(&rng) % 4 == 0; /* one draw per statement: a fixed order */
    const uint32_t n = 1 + (uint32_t)(tu_rand64(&rng) % (big ? 3000 : 300));
    build(&p, &rng, dim, n);
    const uint32_t k = 1 + (uint32_t)(tu_rand64(&rng) % 4);
    const char *want[8] = {0};
    uint32_t want_slot[8];
    char want_buf[8][32];
    uint32_t nwant = 0;
    for (uint32_t j = 0; j < k; j++) {
        const int kind = (int)(tu_rand64(&rng) % P_KINDS);
        if (kind == P_EXTRA) {
            fc_body_def bd = random_def(&rng, dim);
            fc_body_id id;
            /* new slot only when b's free list is empty; else it fills a hole */
            TU_CHECK(fc_world_create_body(p.b, &bd, &id) == FC_OK, "extra body");
            int reused = 0;
            for (uint32_t q = 0; q < nwant; q++)
                if (want_slot[q] == id.index) { /* it refilled a slot destroyed above */
                    want[q] = "";
                    reused = 1;
                }
            if (reused)
                continue;
            want_slot[nwant] = id.index;
            want[nwant++] = id.index >= fc_world_slot_count(p.a) ? "state: unused vs body" : "state: free vs body";
            continue;
        }
        const uint32_t i = (uint32_t)(tu_rand64(&rng) % n);
        int dup = 0;
        for (uint32_t q = 0; q < nwant; q++)
            dup |= want_slot[q] == p.ids[i].index;
        if (dup)
            continue;
        const uint32_t slot = p.ids[i].index;
        const char *w = perturb(&p, &rng, i, kind, want_buf[j]);
        if (w != NULL) {
            want_slot[nwant] = slot;
            want[nwant++] = w;
        }
    }
    /* the oracle: slots whose lines (user data aside) differ */
    const uint32_t sa = fc_world_slot_count(p.a), sb = fc_world_slot_count(p.b);
    const uint32_t s = sa > sb ? sa : sb;
    uint32_t diff[3100], nd = 0;
    for (uint32_t i = 0; i < s; i++) {
        char la[FC_WIRE_LINE_MAX + 1], lb[FC_WIRE_LINE_MAX + 1];
        line_without_user(p.a, i, la);
        line_without_user(p.b, i, lb);
        if (strcmp(la, lb) != 0 && nd < 3100)
            diff[nd++] = i;
    }
    fc_wire lead, fol;
    TU_CHECK(fc_wire_leader(&lead, (uint32_t)seed | 1u, (uint32_t)(seed >> 32), 0, 0, 0) == FC_OK, "leader");
    TU_CHECK(fc_wire_follower(&fol, 0) == FC_OK, "follower");
    static wh_result r;
    tamper_ctx t = {0, 0};
    wh_run(&lead, p.a, &fol, p.b, NULL, g_break_reorder ? reorder : NULL, &t, 100000, &r);
    TU_CHECK(lead.done && fol.done, "seed %llu: both ended (%u %u)", (unsigned long long)seed, lead.done, fol.done);
    TU_CHECK(lead.verdict == (nd == 0 ? FC_WIRE_EQUAL : FC_WIRE_FOUND), "seed %llu: verdict %u for %u differences",
             (unsigned long long)seed, lead.verdict, nd);
    TU_CHECK(fol.verdict == lead.verdict, "follower verdict %u vs %u", fol.verdict, lead.verdict);
    TU_CHECK(r.nreports == nd, "seed %llu: %u reports for %u differing slots", (unsigned long long)seed, r.nreports,
             nd);
    for (uint32_t q = 0; q < nd && q < r.nreports; q++)
        TU_CHECK(r.slot[q] == diff[q], "seed %llu: report %u names slot %u, want %u", (unsigned long long)seed, q,
                 r.slot[q], diff[q]);
    TU_CHECK(r.follower_reports == r.nreports && r.follower_report_same == r.nreports,
             "follower took %u reports, %u identical, of %u", r.follower_reports, r.follower_report_same, r.nreports);
    TU_CHECK(r.leader_rx_bad == 0 && r.follower_rx_bad == 0, "honest messages all accepted");
    /* each perturbation is named in its slot's report */
    for (uint32_t q = 0; q < nwant; q++) {
        int hit = 0;
        for (uint32_t j = 0; j < r.nreports && j < WH_MAX_REPORTS; j++) {
            if (r.slot[j] != want_slot[q])
                continue;
            char pat[64];
            snprintf(pat, sizeof pat, "\n%s", want[q]);
            hit = strstr(r.text[j], pat) != NULL;
            char head[32];
            snprintf(head, sizeof head, "frame %u slot %u\n", lead.frame, want_slot[q]);
            TU_CHECK(strncmp(r.text[j], head, strlen(head)) == 0, "report head");
        }
        TU_CHECK(hit, "seed %llu: slot %u's report names '%s'", (unsigned long long)seed, want_slot[q], want[q]);
    }
    if (nd == 1) {
        TU_CHECK(lead.search.rounds <= 2 + ceil_log2(s), "seed %llu: one difference in %u rounds, S %u",
                 (unsigned long long)seed, lead.search.rounds, s);
        if (lead.search.rounds > g_rounds_max_single)
            g_rounds_max_single = lead.search.rounds;
    }
    if (nd == 0)
        TU_CHECK(lead.search.rounds == 1, "equal worlds in one round");
    /* messages: 2 per round + 3 per report + START + VERDICT */
    TU_CHECK(r.to_follower + r.to_leader == 2 * lead.search.rounds + 3 * nd + 2, "message count %u",
             r.to_follower + r.to_leader);
    drop(&p);
}

/* ---- liars */

typedef struct liar_ctx {
    int kind;
    uint64_t rng;
    const fc_world *honest; /* the follower's real world */
    const fc_world *leader; /* for the "mine" dump liar */
    uint32_t fake_slots;
    fc_wire real; /* an honest follower the liar consults */
} liar_ctx;

enum { L_RANDOM, L_OFF_BY_ONE, L_HUGE_COUNT, L_EMPTY_SUM, L_OTHER_SLOT, L_MINE_LINE, L_FAKE_FREE, L_GARBAGE,
       L_REPLAY, L_KINDS };

/* The fake world: fake_slots free slots with generation 7. */
static uint64_t fake_sum(uint32_t lo, uint32_t hi, uint32_t slots, int dim)
{
    const uint64_t key = dim == 3 ? (uint64_t)1 << 31 : 0; /* the 3D protocol word of a free slot */
    uint64_t sum = 0;
    for (uint32_t i = lo; i < hi && i < slots; i++)
        sum += term((2u * (uint64_t)i + ((uint64_t)7 << 32)) ^ key);
    return sum;
}

static size_t liar(void *vctx, const fc_wire_msg *m, uint8_t *out)
{
    liar_ctx *c = (liar_ctx *)vctx;
    uint8_t pl[FC_WIRE_LINE_MAX + 16];
    if (m->type != FC_WIRE_ASK && m->type != FC_WIRE_DUMP_ASK)
        return 0;
    if (c->kind == L_GARBAGE) {
        size_t n = 1 + tu_rand64(&c->rng) % 64;
        for (size_t i = 0; i < n; i++)
            out[i] = (uint8_t)tu_rand64(&c->rng);
        return n;
    }
    if (c->kind == L_REPLAY) /* always the reply to START's round */
        return wh_encode(out, FC_WIRE_ANSWER, m->session, m->frame, 0, (wh_le64(pl, 1), pl), 8);
    if (m->type == FC_WIRE_ASK) {
        uint64_t honest = 0;
        fc_desync_answer(c->honest, m->value, &honest);
        uint64_t v = honest;
        const int slots_q = m->value == FC_DESYNC_ASK_SLOTS;
        switch (c->kind) {
        case L_RANDOM:
            v = tu_rand64(&c->rng);
            if (slots_q && tu_rand64(&c->rng) % 2)
                v %= 5000;
            break;
        case L_OFF_BY_ONE:
        case L_OTHER_SLOT:
        case L_MINE_LINE:
            if (!slots_q)
                v = honest + 1;
            break;
        case L_HUGE_COUNT:
            if (slots_q)
                v = (uint64_t)FC_WORLD_MAX_BODIES + 1;
            break;
        case L_EMPTY_SUM:
            v = slots_q ? 0 : honest + 1;
            break;
        default: /* L_FAKE_FREE */
            v = slots_q ? c->fake_slots : fake_sum((uint32_t)m->value, (uint32_t)(m->value >> 32), c->fake_slots,
                                                                        (int)fc_world_get_dim(c->honest));
            break;
        }
        wh_le64(pl, v);
        return wh_encode(out, FC_WIRE_ANSWER, m->session, m->frame, m->round, pl, 8);
    }
    /* DUMP_ASK */
    char line[FC_WIRE_LINE_MAX];
    size_t n = 0;
    uint32_t slot = m->slot;
    const fc_world *w = c->kind == L_MINE_LINE ? c->leader : c->honest;
    if (c->kind == L_OTHER_SLOT)
        slot = (slot + 1) % FC_WORLD_MAX_BODIES;
    if (c->kind == L_FAKE_FREE) {
        n = (size_t)snprintf(line, sizeof line, "free %u 7\n", m->slot);
    } else {
        fc_world_dump_slot(w, slot, line, sizeof line, &n);
    }
    wh_le32(pl, slot);
    wh_le32(pl + 4, (uint32_t)fc_world_get_dim(c->honest));
    memcpy(pl + 8, line, n);
    return wh_encode(out, FC_WIRE_DUMP, m->session, m->frame, m->round, pl, (uint32_t)(8 + n));
}

static void liar_case(int kind, uint64_t seed)
{
    uint64_t rng = seed;
    pair p;
    const int dim = tu_rand64(&rng) % 2 ? 3 : 2;
    const uint32_t nbodies = 200 + (uint32_t)(tu_rand64(&rng) % 800);
    build(&p, &rng, dim, nbodies);
    /* one real difference, so the honest part of a liar has something to find */
    fc_filter f = {0x80000000u, 0xffffffffu};
    for (uint32_t i = p.n - 1; i > 0; i--) /* the last live body, not slot 0 */
        if (p.ids[i].generation != 0) {
            fc_world_set_filter(p.b, p.ids[i], f);
            break;
        }
    liar_ctx c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    c.rng = seed ^ 0x9e3779b97f4a7c15ull;
    c.honest = p.b;
    c.leader = p.a;
    c.fake_slots = 100000;
    fc_wire lead;
    if (g_break_budget && kind == L_FAKE_FREE)
        TU_CHECK(fc_wire_leader(&lead, 9, 100, FC_WORLD_MAX_BODIES, UINT32_MAX, UINT32_MAX) == FC_OK, "leader");
    else
        TU_CHECK(fc_wire_leader(&lead, 9, 100, 0, 0, 0) == FC_OK, "leader");
    static wh_result r;
    wh_run(&lead, p.a, NULL, NULL, liar, NULL, &c, 1000000, &r);
    if (kind == L_GARBAGE || kind == L_REPLAY) {
        /* the search stalls (no valid reply); the liar keeps sending: the
         * message cap ends it after exactly max_messages receives */
        fc_wire_msg req;
        memset(&req, 0, sizeof req);
        req.type = FC_WIRE_ASK;
        req.session = 9;
        req.frame = 100;
        uint8_t junk[FC_WIRE_MESSAGE_MAX];
        uint32_t sent = 0;
        fc_wire_rx rx = FC_WIRE_RX_ACCEPTED;
        while (sent <= lead.max_messages + 1u && rx != FC_WIRE_RX_CAP && rx != FC_WIRE_RX_ENDED) {
            size_t n = liar(&c, &req, junk);
            rx = fc_wire_receive(&lead, junk, n);
            sent++;
            TU_CHECK(rx != FC_WIRE_RX_ACCEPTED, "liar %d: junk accepted", kind);
        }
        TU_CHECK(rx == FC_WIRE_RX_CAP && lead.messages == lead.max_messages, "liar %d: capped after %u", kind, sent);
        uint8_t v[FC_WIRE_MESSAGE_MAX];
        size_t n = 0;
        fc_wire_msg m;
        TU_CHECK(fc_wire_produce(&lead, p.a, v, sizeof v, &n) == FC_OK && fc_wire_decode(v, n, &m) == FC_OK &&
                     m.type == FC_WIRE_VERDICT && m.verdict == FC_WIRE_CAP,
                 "liar %d: VERDICT cap sent", kind);
    }
    const uint32_t s = kind == L_FAKE_FREE ? c.fake_slots : 0;
    const uint32_t bound = 2 + FC_DESYNC_DEFAULT_MAX_FOUND * 24; /* any S <= 2^24 */
    TU_CHECK(lead.done, "liar %d seed %llu: the leader ended (verdict %u)", kind, (unsigned long long)seed,
             lead.verdict);
    TU_CHECK(lead.search.rounds <= bound, "liar %d: %u rounds", kind, lead.search.rounds);
    TU_CHECK(lead.messages <= lead.max_messages, "liar %d: messages %u <= cap %u", kind, lead.messages,
             lead.max_messages);
    uint32_t want = FC_WIRE_INCONSISTENT;
    if (kind == L_FAKE_FREE)
        want = FC_WIRE_BUDGET;
    else if (kind == L_GARBAGE || kind == L_REPLAY)
        want = FC_WIRE_CAP;
    else if (kind == L_RANDOM)
        want = lead.verdict; /* inconsistent or budget, checked below */
    TU_CHECK(lead.verdict == want, "liar %d seed %llu: verdict %u, want %u", kind, (unsigned long long)seed,
             lead.verdict, want);
    if (kind == L_RANDOM)
        TU_CHECK(lead.verdict == FC_WIRE_INCONSISTENT || lead.verdict == FC_WIRE_BUDGET, "random liar verdict %u",
                 lead.verdict);
    if (kind == L_FAKE_FREE) {
        /* the consistent fake world: every slot differs; the budget stops it */
        TU_CHECK(lead.found == FC_DESYNC_DEFAULT_MAX_FOUND && r.nreports == FC_DESYNC_DEFAULT_MAX_FOUND,
                 "fake world: %u reports", lead.found);
        TU_CHECK(lead.search.rounds <= 2 + FC_DESYNC_DEFAULT_MAX_FOUND * ceil_log2(s), "fake world: %u rounds",
                 lead.search.rounds);
        TU_CHECK(r.to_follower + r.to_leader <= 2 * (2 + FC_DESYNC_DEFAULT_MAX_FOUND * ceil_log2(s)) +
                                                    3 * FC_DESYNC_DEFAULT_MAX_FOUND + 2,
                 "fake world: %u messages", r.to_follower + r.to_leader);
        if (r.nreports > 0)
            TU_CHECK(strstr(r.text[0], "\nstate: body vs free\n") != NULL || strstr(r.text[0], "generation") ||
                         strstr(r.text[0], "state: "),
                     "fake world report names the state:\n%s", r.text[0]);
    }
    drop(&p);
}

/* ---- messages one by one */

static fc_world *g_w2;

static void golden_bytes(void)
{
    uint8_t b[FC_WIRE_MESSAGE_MAX];
    size_t n = 0;
    TU_CHECK(fc_wire_checksum(0x01020304u, 0x1122334455667788ull, b, sizeof b, &n) == FC_OK && n == 32, "checksum");
    static const uint8_t want[32] = {'F', 'C', 'W', 'P', 1, 0, 1, 0, 0, 0, 0, 0, 4, 3, 2, 1,
                                     0,   0,   0,   0,   8, 0, 0, 0, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11};
    TU_CHECK(memcmp(b, want, 32) == 0, "checksum golden bytes");
    uint8_t e[64];
    uint8_t pl[8];
    wh_le64(pl, 0x1122334455667788ull);
    TU_CHECK(wh_encode(e, FC_WIRE_CHECKSUM, 0, 0x01020304u, 0, pl, 8) == 32 && memcmp(e, want, 32) == 0,
             "the harness encoder agrees");
    fc_wire_msg m;
    TU_CHECK(fc_wire_decode(b, n, &m) == FC_OK && m.type == FC_WIRE_CHECKSUM && m.frame == 0x01020304u &&
                 m.value == 0x1122334455667788ull && m.version == 1,
             "checksum decodes");
    TU_CHECK(fc_wire_checksum(1, 2, b, 31, &n) == FC_ERR_BUFFER, "checksum buffer");
    TU_CHECK(fc_wire_checksum(1, 2, NULL, 64, &n) == FC_ERR_NULL && fc_wire_checksum(1, 2, b, 64, NULL) == FC_ERR_NULL,
             "checksum NULL");
    TU_CHECK(fc_wire_decode(NULL, 3, &m) == FC_ERR_NULL && fc_wire_decode(b, n, NULL) == FC_ERR_NULL, "decode NULL");
}

/* Valid examples of every type (harness encoder). */
static size_t example(int type, uint8_t *b)
{
    uint8_t pl[64];
    memset(pl, 0, sizeof pl);
    switch (type) {
    case FC_WIRE_CHECKSUM:
        return wh_encode(b, type, 0, 5, 0, pl, 8);
    case FC_WIRE_START:
        wh_le32(pl, 2);
        wh_le32(pl + 4, 64);
        return wh_encode(b, type, 3, 5, 0, pl, 12);
    case FC_WIRE_ASK:
    case FC_WIRE_ANSWER:
        return wh_encode(b, type, 3, 5, 1, pl, 8);
    case FC_WIRE_DUMP_ASK:
        return wh_encode(b, type, 3, 5, 1, pl, 4);
    case FC_WIRE_DUMP:
        wh_le32(pl + 4, 2);
        memcpy(pl + 8, "unused 0\n", 9);
        return wh_encode(b, type, 3, 5, 1, pl, 17);
    case FC_WIRE_REPORT:
        memcpy(pl + 4, "a\nb\n", 4);
        return wh_encode(b, type, 3, 5, 1, pl, 8);
    case FC_WIRE_VERDICT:
        wh_le32(pl, 2);
        return wh_encode(b, type, 3, 5, 1, pl, 12);
    default:
        wh_le32(pl, 1);
        return wh_encode(b, FC_WIRE_ABORT, 3, 5, 1, pl, 4);
    }
}

static void malformed(void)
{
    uint8_t b[256], c[256];
    fc_wire_msg m;
    for (int type = FC_WIRE_CHECKSUM; type <= FC_WIRE_ABORT; type++) {
        size_t n = example(type, b);
        TU_CHECK(fc_wire_decode(b, n, &m) == FC_OK && m.type == (uint32_t)type, "example %d decodes", type);
        for (size_t k = 0; k < n; k++)
            TU_CHECK(fc_wire_decode(b, k, &m) == FC_ERR_FORMAT, "type %d cut at %zu", type, k);
        memcpy(c, b, n);
        c[n] = 0;
        TU_CHECK(fc_wire_decode(c, n + 1, &m) == FC_ERR_FORMAT, "type %d with a byte more", type);
        memcpy(c, b, n);
        c[4] = 2;
        TU_CHECK(fc_wire_decode(c, n, &m) == FC_ERR_VERSION, "type %d version 2", type);
        memcpy(c, b, n);
        c[0] = 'f';
        TU_CHECK(fc_wire_decode(c, n, &m) == FC_ERR_FORMAT, "type %d bad magic", type);
        memcpy(c, b, n);
        wh_le32(c + 20, (uint32_t)(n - 24) + 1);
        TU_CHECK(fc_wire_decode(c, n, &m) == FC_ERR_FORMAT, "type %d length field", type);
        memcpy(c, b, n);
        wh_le32(c + 8, type == FC_WIRE_CHECKSUM ? 1u : 0u);
        TU_CHECK(fc_wire_decode(c, n, &m) == FC_ERR_FORMAT, "type %d session rule", type);
    }
    size_t n = example(FC_WIRE_ASK, b);
    for (uint32_t t = 0; t < 20; t += (t == 0 ? 10 : 1)) {
        memcpy(c, b, n);
        c[6] = (uint8_t)t;
        TU_CHECK(fc_wire_decode(c, n, &m) == FC_ERR_FORMAT, "unknown type %u", t);
    }
    n = example(FC_WIRE_START, b);
    b[24] = 4;
    TU_CHECK(fc_wire_decode(b, n, &m) == FC_ERR_FORMAT, "start dim 4");
    n = example(FC_WIRE_VERDICT, b);
    b[24] = 7;
    TU_CHECK(fc_wire_decode(b, n, &m) == FC_ERR_FORMAT, "verdict 7");
    n = example(FC_WIRE_ABORT, b);
    b[24] = 0;
    TU_CHECK(fc_wire_decode(b, n, &m) == FC_ERR_FORMAT, "reason 0");
    n = example(FC_WIRE_DUMP_ASK, b);
    wh_le32(b + 24, FC_WORLD_MAX_BODIES);
    TU_CHECK(fc_wire_decode(b, n, &m) == FC_ERR_FORMAT, "slot 2^24");
    n = example(FC_WIRE_DUMP, b);
    b[24 + 8 + 3] = '\n';
    TU_CHECK(fc_wire_decode(b, n, &m) == FC_ERR_FORMAT, "dump with two LFs");
    n = example(FC_WIRE_DUMP, b);
    b[24 + 8 + 3] = 1;
    TU_CHECK(fc_wire_decode(b, n, &m) == FC_ERR_FORMAT, "dump with a control byte");
    n = example(FC_WIRE_REPORT, b);
    b[n - 1] = 'x';
    TU_CHECK(fc_wire_decode(b, n, &m) == FC_ERR_FORMAT, "report without a final LF");
    /* random bytes: never accepted as anything but a message they spell */
    uint64_t rng = 77;
    for (int i = 0; i < 20000; i++) {
        size_t len = tu_rand64(&rng) % 80;
        for (size_t k = 0; k < len; k++)
            c[k] = (uint8_t)tu_rand64(&rng);
        if (len >= 4 && i % 2)
            memcpy(c, "FCWP\x01\x00", len >= 6 ? 6 : 4);
        fc_status st = fc_wire_decode(c, len, &m);
        TU_CHECK(st == FC_OK || st == FC_ERR_FORMAT || st == FC_ERR_VERSION, "random bytes status %d", (int)st);
    }
}

/* Deliver msg to s; the status must be want and, unless taken, the state
 * must be unchanged but for the message count. */
static void expect(fc_wire *s, const uint8_t *msg, size_t n, fc_wire_rx want, const char *what)
{
    fc_wire before = *s;
    fc_wire_rx rx = fc_wire_receive(s, msg, n);
    TU_CHECK(rx == want, "%s: status %d, want %d", what, (int)rx, (int)want);
    if (want != FC_WIRE_RX_ACCEPTED && want != FC_WIRE_RX_START && want != FC_WIRE_RX_REPORT &&
        want != FC_WIRE_RX_VERDICT && want != FC_WIRE_RX_ABORTED && want != FC_WIRE_RX_INCONSISTENT &&
        want != FC_WIRE_RX_CAP) {
        fc_wire after = *s;
        after.messages = before.messages;
        TU_CHECK(memcmp(&before, &after, sizeof before) == 0, "%s: state unchanged", what);
        TU_CHECK(want == FC_WIRE_RX_ENDED || s->messages == before.messages + 1, "%s: counted", what);
    }
}

static void sequences(void)
{
    uint8_t b[FC_WIRE_MESSAGE_MAX], q[FC_WIRE_MESSAGE_MAX], pl[32];
    size_t n = 0, nq = 0;
    fc_wire lead, fol;
    /* leader side */
    TU_CHECK(fc_wire_leader(&lead, 0, 1, 0, 0, 0) == FC_ERR_ARGUMENT, "session 0");
    TU_CHECK(fc_wire_leader(&lead, 1, 1, FC_WORLD_MAX_BODIES + 1u, 0, 0) == FC_ERR_ARGUMENT, "max_found");
    TU_CHECK(fc_wire_leader(NULL, 1, 1, 0, 0, 0) == FC_ERR_NULL && fc_wire_follower(NULL, 0) == FC_ERR_NULL, "NULL");
    TU_CHECK(fc_wire_leader(&lead, 3, 5, 0, 0, 0) == FC_OK, "leader");
    TU_CHECK(fc_wire_produce(&lead, g_w2, b, FC_WIRE_MESSAGE_MAX - 1, &n) == FC_ERR_BUFFER && n == 0, "buffer");
    TU_CHECK(fc_wire_produce(&lead, NULL, b, sizeof b, &n) == FC_ERR_NULL, "world NULL");
    TU_CHECK(fc_wire_produce(NULL, g_w2, b, sizeof b, &n) == FC_ERR_NULL, "s NULL");
    TU_CHECK(fc_wire_receive(NULL, b, 1) == FC_WIRE_RX_NULL && fc_wire_receive(&lead, NULL, 1) == FC_WIRE_RX_NULL,
             "receive NULL");
    TU_CHECK(fc_wire_produce(&lead, g_w2, b, sizeof b, &n) == FC_OK && n == 36, "START");
    TU_CHECK(fc_wire_produce(&lead, g_w2, q, sizeof q, &nq) == FC_OK && nq == 32, "first ASK");
    TU_CHECK(fc_wire_produce(&lead, g_w2, b, sizeof b, &n) == FC_OK && n == 0, "then waits");
    fc_wire_msg m;
    TU_CHECK(fc_wire_decode(q, nq, &m) == FC_OK && m.round == 1 && m.value == (uint64_t)FC_WORLD_MAX_BODIES << 32,
             "round 1 asks [0, 2^24)");
    wh_le64(pl, 12345);
    n = wh_encode(b, FC_WIRE_ANSWER, 3, 5, 0, pl, 8);
    expect(&lead, b, n, FC_WIRE_RX_REPLAYED, "answer to START's round");
    n = wh_encode(b, FC_WIRE_ANSWER, 3, 5, 2, pl, 8);
    expect(&lead, b, n, FC_WIRE_RX_OUT_OF_ORDER, "answer from the future");
    n = wh_encode(b, FC_WIRE_ANSWER, 4, 5, 1, pl, 8);
    expect(&lead, b, n, FC_WIRE_RX_SESSION, "other session");
    n = wh_encode(b, FC_WIRE_ANSWER, 3, 6, 1, pl, 8);
    expect(&lead, b, n, FC_WIRE_RX_SESSION, "other frame");
    n = wh_encode(b, FC_WIRE_ASK, 3, 5, 1, pl, 8);
    expect(&lead, b, n, FC_WIRE_RX_UNEXPECTED, "an ASK to the leader");
    wh_le32(pl, 0);
    wh_le32(pl + 4, 2);
    memcpy(pl + 8, "unused 0\n", 9);
    n = wh_encode(b, FC_WIRE_DUMP, 3, 5, 1, pl, 17);
    expect(&lead, b, n, FC_WIRE_RX_UNEXPECTED, "a DUMP while an ANSWER is due");
    b[0] = 'X';
    expect(&lead, b, n, FC_WIRE_RX_MALFORMED, "malformed");
    b[0] = 'F';
    b[4] = 9;
    expect(&lead, b, n, FC_WIRE_RX_VERSION, "version");
    /* the honest answer of an empty 2D world: equal */
    uint64_t a = 0;
    fc_desync_answer(g_w2, m.value, &a);
    wh_le64(pl, a);
    n = wh_encode(b, FC_WIRE_ANSWER, 3, 5, 1, pl, 8);
    expect(&lead, b, n, FC_WIRE_RX_ACCEPTED, "the answer");
    expect(&lead, b, n, FC_WIRE_RX_REPLAYED, "the same answer again");
    TU_CHECK(fc_wire_produce(&lead, g_w2, q, sizeof q, &nq) == FC_OK && nq == 36, "VERDICT");
    TU_CHECK(fc_wire_decode(q, nq, &m) == FC_OK && m.type == FC_WIRE_VERDICT && m.verdict == FC_WIRE_EQUAL,
             "equal");
    TU_CHECK(lead.done && lead.verdict == FC_WIRE_EQUAL, "leader done");
    expect(&lead, b, n, FC_WIRE_RX_ENDED, "after the end");
    TU_CHECK(fc_wire_produce(&lead, g_w2, q, sizeof q, &nq) == FC_OK && nq == 0, "nothing after the end");

    /* follower side */
    TU_CHECK(fc_wire_follower(&fol, 0) == FC_OK && fol.max_messages == FC_WIRE_DEFAULT_FOLLOWER_CAP, "follower");
    wh_le64(pl, 0);
    n = wh_encode(b, FC_WIRE_ASK, 3, 5, 1, pl, 8);
    expect(&fol, b, n, FC_WIRE_RX_UNEXPECTED, "ASK before START");
    wh_le32(pl, 2);
    wh_le32(pl + 4, 64);
    wh_le32(pl + 8, 0);
    n = wh_encode(b, FC_WIRE_START, 3, 5, 1, pl, 12);
    expect(&fol, b, n, FC_WIRE_RX_OUT_OF_ORDER, "START not in round 0");
    n = wh_encode(b, FC_WIRE_START, 3, 5, 0, pl, 12);
    expect(&fol, b, n, FC_WIRE_RX_START, "START");
    TU_CHECK(fol.session == 3 && fol.frame == 5, "session and frame taken");
    expect(&fol, b, n, FC_WIRE_RX_REPLAYED, "START again");
    n = wh_encode(b, FC_WIRE_START, 4, 5, 0, pl, 12);
    expect(&fol, b, n, FC_WIRE_RX_SESSION, "another search's START");
    wh_le64(pl, FC_DESYNC_ASK_SLOTS);
    n = wh_encode(b, FC_WIRE_ASK, 3, 5, 2, pl, 8);
    expect(&fol, b, n, FC_WIRE_RX_OUT_OF_ORDER, "ASK skipping a round");
    n = wh_encode(b, FC_WIRE_ANSWER, 3, 5, 1, pl, 8);
    expect(&fol, b, n, FC_WIRE_RX_UNEXPECTED, "an ANSWER to the follower");
    n = wh_encode(b, FC_WIRE_ASK, 3, 5, 1, pl, 8);
    expect(&fol, b, n, FC_WIRE_RX_ACCEPTED, "ASK");
    n = wh_encode(b, FC_WIRE_ASK, 3, 5, 2, pl, 8);
    expect(&fol, b, n, FC_WIRE_RX_UNEXPECTED, "a second request before the reply");
    TU_CHECK(fc_wire_produce(&fol, g_w2, q, sizeof q, &nq) == FC_OK && nq == 32, "the ANSWER");
    TU_CHECK(fc_wire_decode(q, nq, &m) == FC_OK && m.type == FC_WIRE_ANSWER && m.round == 1 && m.value == 0,
             "answer round 1: slot count 0");
    n = wh_encode(b, FC_WIRE_ASK, 3, 5, 1, pl, 8);
    expect(&fol, b, n, FC_WIRE_RX_REPLAYED, "replayed ASK");
    wh_le64(pl, 5u | (uint64_t)3u << 32); /* lo > hi */
    n = wh_encode(b, FC_WIRE_ASK, 3, 5, 2, pl, 8);
    expect(&fol, b, n, FC_WIRE_RX_INCONSISTENT, "an invalid question");
    TU_CHECK(fc_wire_produce(&fol, g_w2, q, sizeof q, &nq) == FC_OK && nq == 28, "ABORT");
    TU_CHECK(fc_wire_decode(q, nq, &m) == FC_OK && m.type == FC_WIRE_ABORT && m.reason == FC_WIRE_REASON_BAD_REQUEST,
             "abort: bad request");
    TU_CHECK(fol.done && fol.verdict == FC_WIRE_ABORTED, "follower done");

    /* abort from the leader reaches the follower; abort from the follower the leader */
    TU_CHECK(fc_wire_leader(&lead, 8, 1, 0, 0, 0) == FC_OK && fc_wire_follower(&fol, 0) == FC_OK, "again");
    TU_CHECK(fc_wire_produce(&lead, g_w2, b, sizeof b, &n) == FC_OK, "START");
    expect(&fol, b, n, FC_WIRE_RX_START, "START");
    fc_wire_abort(&lead);
    TU_CHECK(fc_wire_produce(&lead, g_w2, b, sizeof b, &n) == FC_OK && n == 28, "leader ABORT");
    expect(&fol, b, n, FC_WIRE_RX_ABORTED, "follower takes ABORT");
    TU_CHECK(fol.verdict == FC_WIRE_ABORTED && fol.done && lead.done && lead.verdict == FC_WIRE_ABORTED, "aborted");
    TU_CHECK(fc_wire_leader(&lead, 8, 1, 0, 0, 0) == FC_OK && fc_wire_follower(&fol, 0) == FC_OK, "again");
    TU_CHECK(fc_wire_produce(&lead, g_w2, b, sizeof b, &n) == FC_OK, "START");
    expect(&fol, b, n, FC_WIRE_RX_START, "START");
    fc_wire_abort(&fol);
    TU_CHECK(fc_wire_produce(&fol, g_w2, b, sizeof b, &n) == FC_OK && n == 28, "follower ABORT");
    expect(&lead, b, n, FC_WIRE_RX_ABORTED, "leader takes ABORT");
    TU_CHECK(lead.done && lead.verdict == FC_WIRE_ABORTED, "leader aborted");

    /* message caps */
    TU_CHECK(fc_wire_follower(&fol, 10) == FC_OK, "follower cap 10");
    uint8_t junk[3] = {1, 2, 3};
    for (int i = 0; i < 10; i++)
        expect(&fol, junk, 3, FC_WIRE_RX_MALFORMED, "junk");
    TU_CHECK(fc_wire_receive(&fol, junk, 3) == FC_WIRE_RX_CAP && fol.verdict == FC_WIRE_CAP && fol.done,
             "follower cap before START: over");
    TU_CHECK(fc_wire_leader(&lead, 8, 1, 0, 0, 5) == FC_OK, "leader cap 5");
    for (int i = 0; i < 5; i++)
        expect(&lead, junk, 3, FC_WIRE_RX_MALFORMED, "junk");
    TU_CHECK(fc_wire_receive(&lead, junk, 3) == FC_WIRE_RX_CAP && lead.verdict == FC_WIRE_CAP, "leader cap");
    TU_CHECK(fc_wire_produce(&lead, g_w2, b, sizeof b, &n) == FC_OK && n == 36 && fc_wire_decode(b, n, &m) == FC_OK &&
                 m.verdict == FC_WIRE_CAP && lead.done,
             "leader sends VERDICT cap");
    TU_CHECK(fc_wire_receive(&lead, junk, 3) == FC_WIRE_RX_ENDED, "then ended");
    TU_CHECK(fc_wire_leader(&lead, 8, 1, 0, 0, 0) == FC_OK && lead.max_messages == 2 + 24 * 64 + 64 + 64,
             "default leader cap");
}

/* 2D against 3D: reported, not "inconsistent". */
static void dimensions(void)
{
    fc_world *a = new_world(2), *b = new_world(3);
    fc_body_def bd = fc_body_def_default();
    fc_body_id id;
    fc_world_create_body(a, &bd, &id);
    fc_world_create_body(b, &bd, &id);
    fc_wire lead, fol;
    fc_wire_leader(&lead, 1, 1, 0, 0, 0);
    fc_wire_follower(&fol, 0);
    static wh_result r;
    wh_run(&lead, a, &fol, b, NULL, NULL, NULL, 1000, &r);
    TU_CHECK(lead.verdict == FC_WIRE_FOUND && r.nreports == 1 && strstr(r.text[0], "\ndim: 2 vs 3\n") != NULL,
             "2D vs 3D: verdict %u, %u reports", lead.verdict, r.nreports);
    fc_world_destroy(a);
    fc_world_destroy(b);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        g_break_budget |= strcmp(argv[i], "--break-budget") == 0;
        g_break_reorder |= strcmp(argv[i], "--break-reorder") == 0;
    }
    g_w2 = new_world(2);
    golden_bytes();
    malformed();
    sequences();
    dimensions();
    printf("messages and sequences: %ld checks\n", tu_checks);
    for (uint64_t seed = 1; seed <= 400; seed++)
        honest_case(seed * 0x9E3779B97F4A7C15ull + 1);
    printf("after 400 honest searches: %ld checks\n", tu_checks);
    for (int kind = 0; kind < L_KINDS; kind++) {
        for (uint64_t seed = 1; seed <= (kind == L_FAKE_FREE ? 2u : 20u); seed++)
            liar_case(kind, seed * 7919u + (uint64_t)kind);
        printf("after liar %d: %ld checks\n", kind, tu_checks);
    }
    printf("one difference: at most %u rounds\n", g_rounds_max_single);
    fc_world_destroy(g_w2);
    return tu_finish("test_wire");
}
