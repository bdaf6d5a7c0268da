/* SPDX-License-Identifier: MIT */
/* The leader's checks and report text (fixcol/wire.h): the term T of
 * fixcol/desync.h and its inverse (each step of T is one-to-one: xor-shifts
 * undo by repetition, odd multipliers by their inverse modulo 2^64), the
 * consistency of a found slot's inferred word with the follower's dump
 * line, and the field-by-field comparison of two dump lines. */
#include "wire_internal.h"

#include <string.h>

#include <fixcol/hash.h>

#include "core/nofloat.h"

uint64_t fc_wire_term(uint64_t x)
{
    x ^= x >> 33;
    x *= FC_HASH_P2;
    x ^= x >> 29;
    x *= FC_HASH_P3;
    x ^= x >> 32;
    return x;
}

static uint64_t unxorshift(uint64_t y, unsigned s)
{
    uint64_t x = y;
    for (unsigned k = 0; k < 64; k += s)
        x = y ^ (x >> s);
    return x;
}

static uint64_t inverse(uint64_t a) /* a odd: a * inverse(a) = 1 mod 2^64 */
{
    uint64_t x = a; /* right to 3 bits; each step doubles them */
    for (int i = 0; i < 5; i++)
        x *= 2 - a * x;
    return x;
}

uint64_t fc_wire_word_of_term(uint64_t t)
{
    uint64_t x = unxorshift(t, 32);
    x *= inverse(FC_HASH_P3);
    x = unxorshift(x, 29);
    x *= inverse(FC_HASH_P2);
    return unxorshift(x, 33);
}

/* ------------------------------------------------------------ tokens */

#define MAX_TOKENS 80

typedef struct tok {
    const char *p;
    size_t n;
} tok;

/* Split a line (without its LF) at single spaces; returns the count, or -1
 * when there are too many tokens. */
static int split(const char *s, size_t len, tok *t)
{
    if (len > 0 && s[len - 1] == '\n')
        len--;
    int n = 0;
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && s[j] != ' ')
            j++;
        if (n == MAX_TOKENS)
            return -1;
        t[n].p = s + i;
        t[n].n = j - i;
        n++;
        i = j + 1;
    }
    return n;
}

static int tok_is(tok t, const char *s)
{
    return t.n == strlen(s) && memcmp(t.p, s, t.n) == 0;
}

static int tok_eq(tok a, tok b)
{
    return a.n == b.n && memcmp(a.p, b.p, a.n) == 0;
}

/* A decimal token < 2^64 without sign or leading zeros; -1 when not. */
static int tok_u64(tok t, uint64_t *v)
{
    if (t.n == 0 || t.n > 20 || (t.n > 1 && t.p[0] == '0'))
        return -1;
    uint64_t x = 0;
    for (size_t i = 0; i < t.n; i++) {
        if (t.p[i] < '0' || t.p[i] > '9')
            return -1;
        uint64_t d = (uint64_t)(t.p[i] - '0');
        if (x > (UINT64_MAX - d) / 10)
            return -1;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

/* A name token starts with a lower-case letter (values are numbers or 0x). */
static int is_name(tok t)
{
    return t.n > 0 && t.p[0] >= 'a' && t.p[0] <= 'z';
}

/* ------------------------------------------------------------ consistency */

/* The unkeyed slot word (2D form) of a follower's protocol word. */
static uint64_t unkey(uint64_t word, uint32_t slot, uint32_t their_slots, uint32_t dim)
{
    if (dim != FC_WORLD_3D || word == 0)
        return word;
    if (word & 1u)
        return word ^ 2u;
    if (slot == 0 && their_slots == 0 && word == (uint64_t)1 << 31)
        return 0;
    return word ^ ((uint64_t)1 << 31);
}

/* Tokens without the "user U" pair. */
static int strip_user(const tok *t, int n, tok *out)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (tok_is(t[i], "user") && i + 1 < n) {
            i++;
            continue;
        }
        out[m++] = t[i];
    }
    return m;
}

int fc_wire_consistent(uint32_t slot, uint64_t leaf_term, uint32_t their_slots, const char *line, size_t len,
                       uint32_t dim, const char *mine, size_t mine_len, uint32_t my_dim)
{
    tok t[MAX_TOKENS], m[MAX_TOKENS];
    int n = split(line, len, t);
    if (n < 2)
        return 0;
    uint64_t index, gen = 0;
    if (tok_u64(t[1], &index) != 0 || index != slot)
        return 0;
    const uint64_t word = unkey(fc_wire_word_of_term(leaf_term), slot, their_slots, dim);
    const int used = slot < their_slots;
    if (tok_is(t[0], "unused")) {
        if (n != 2 || used || word != 0)
            return 0;
    } else if (tok_is(t[0], "free")) {
        if (n != 3 || tok_u64(t[2], &gen) != 0 || !used)
            return 0;
        if (word != 2u * (uint64_t)slot + (gen << 32) || gen > UINT32_MAX)
            return 0;
    } else if (tok_is(t[0], "body")) {
        if (!used || (word & 1u) == 0)
            return 0;
    } else {
        return 0;
    }
    if (dim != my_dim)
        return 1;
    /* Same dimension: equal lines (user data aside) mean equal words. */
    tok a[MAX_TOKENS], b[MAX_TOKENS];
    int mn = split(mine, mine_len, m);
    if (mn < 0)
        return 1;
    int na = strip_user(t, n, a), nb = strip_user(m, mn, b);
    if (na != nb)
        return 1;
    for (int i = 0; i < na; i++)
        if (!tok_eq(a[i], b[i]))
            return 1;
    return 0;
}

/* ------------------------------------------------------------ report */

typedef struct sink {
    char *p;
    size_t at, line_start;
    int full;
} sink;

static void put(sink *s, const char *t, size_t n)
{
    if (s->full)
        return;
    if (s->at + n > FC_WIRE_TEXT_MAX) {
        s->full = 1;
        s->at = s->line_start; /* drop the partial line */
        return;
    }
    memcpy(s->p + s->at, t, n);
    s->at += n;
}

static void puts_(sink *s, const char *t)
{
    put(s, t, strlen(t));
}

static void put_tok(sink *s, tok t)
{
    put(s, t.p, t.n);
}

static void put_u32(sink *s, uint32_t v)
{
    char d[10];
    int n = 0;
    do {
        d[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0)
        put(s, &d[--n], 1);
}

static void end_line(sink *s)
{
    put(s, "\n", 1);
    if (!s->full)
        s->line_start = s->at;
}

/* "name: A vs B" */
static void field(sink *s, const char *name, tok nm, const char *suffix, tok a, tok b)
{
    if (name != NULL)
        puts_(s, name);
    else
        put_tok(s, nm);
    puts_(s, suffix);
    puts_(s, ": ");
    put_tok(s, a);
    puts_(s, " vs ");
    put_tok(s, b);
    end_line(s);
}

/* The group starting at name token i: its value count. */
static int group_len(const tok *t, int n, int i)
{
    int k = i + 1;
    while (k < n && !is_name(t[k]))
        k++;
    return k - i - 1;
}

/* The shape type token of a body line: the first name after the state
 * group that has no values (circle, aabb, ...); -1 when none. */
static int shape_type(const tok *t, int n)
{
    int i = 0;
    while (i < n) {
        const int l = group_len(t, n, i);
        if (i > 0 && l == 0)
            return i;
        i += l + 1;
    }
    return -1;
}

static void diff_lines(sink *s, const tok *a, int na, const tok *b, int nb)
{
    static const char *const xyz[3] = {".x", ".y", ".z"};
    if (na < 1 || nb < 1)
        return;
    if (!tok_eq(a[0], b[0])) {
        field(s, "state", a[0], "", a[0], b[0]);
        return;
    }
    int i = 0, j = 0;
    while (i < na && j < nb) {
        const int la = group_len(a, na, i), lb = group_len(b, nb, j);
        if (!tok_eq(a[i], b[j]) || la != lb) {
            const int ta = shape_type(a, na), tb = shape_type(b, nb);
            if (ta >= 0 && tb >= 0 && !tok_eq(a[ta], b[tb]))
                field(s, "shape", a[ta], "", a[ta], b[tb]);
            else
                field(s, "layout", a[i], "", a[i], b[j]);
            return;
        }
        for (int k = 1; k <= la; k++) {
            if (tok_eq(a[i + k], b[j + k]))
                continue;
            const char *name = NULL, *suffix = "";
            if (i == 0)
                name = k == 1 ? "index" : "generation";
            else if (tok_is(a[i], "cat"))
                name = "category";
            else if (tok_is(a[i], "user"))
                name = "user_data";
            else if (la > 1 && la <= 3)
                suffix = xyz[k - 1];
            field(s, name, a[i], suffix, a[i + k], b[j + k]);
        }
        i += la + 1;
        j += lb + 1;
    }
}

size_t fc_wire_report_text(uint32_t frame, uint32_t slot, const char *mine, size_t mine_len, uint32_t my_dim,
                           const char *theirs, size_t theirs_len, uint32_t their_dim, char *out)
{
    sink s = {out, 0, 0, 0};
    puts_(&s, "frame ");
    put_u32(&s, frame);
    puts_(&s, " slot ");
    put_u32(&s, slot);
    end_line(&s);
    puts_(&s, "mine: ");
    put(&s, mine, mine_len);
    s.line_start = s.at;
    puts_(&s, "theirs: ");
    put(&s, theirs, theirs_len);
    s.line_start = s.at;
    if (my_dim != their_dim) {
        puts_(&s, "dim: ");
        put_u32(&s, my_dim);
        puts_(&s, " vs ");
        put_u32(&s, their_dim);
        end_line(&s);
    }
    tok a[MAX_TOKENS], b[MAX_TOKENS];
    int na = split(mine, mine_len, a), nb = split(theirs, theirs_len, b);
    if (na > 0 && nb > 0)
        diff_lines(&s, a, na, b, nb);
    return s.at;
}
