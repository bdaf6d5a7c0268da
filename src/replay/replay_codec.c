/* SPDX-License-Identifier: MIT */
/* The replay field primitives: binary and text, reading and writing.
 * Reading is bounds-checked everywhere; the first error is recorded with its
 * position and every later primitive is a no-op. */
#include "replay_codec.h"

#include <stdlib.h>
#include <string.h>

#include "core/nofloat.h"

/* ------------------------------------------------------------ errors */

int fc_codec_ok(const fc_codec *c)
{
    return c->r ? c->r->status == FC_OK : c->w->status == FC_OK;
}

static void append_str(char *dst, size_t cap, const char *s)
{
    size_t n = strlen(dst);
    while (*s && n + 1 < cap)
        dst[n++] = *s++;
    dst[n] = '\0';
}

void fc_codec_fail_at(fc_replay_reader *r, size_t offset, const char *reason, const char *what)
{
    if (r->status != FC_OK)
        return;
    r->status = FC_ERR_FORMAT;
    r->error.offset = offset;
    if (r->text) {
        /* The column of offset on its line (offset may precede pos). */
        size_t ls = offset < r->line_start ? offset : r->line_start;
        uint32_t line = r->line;
        if (offset < r->line_start) { /* recount: the error is on an earlier line */
            line = 1;
            ls = 0;
            for (size_t i = 0; i < offset; i++)
                if (r->data[i] == '\n') {
                    line++;
                    ls = i + 1;
                }
        }
        r->error.line = line;
        r->error.column = (uint32_t)(offset - ls + 1);
    }
    r->error.reason[0] = '\0';
    append_str(r->error.reason, sizeof r->error.reason, reason);
    if (what) {
        append_str(r->error.reason, sizeof r->error.reason, " (");
        append_str(r->error.reason, sizeof r->error.reason, what);
        append_str(r->error.reason, sizeof r->error.reason, ")");
    }
}

/* ------------------------------------------------------------ writing */

static void put(fc_replay_writer *w, const void *p, size_t n)
{
    if (w->status != FC_OK)
        return;
    if (w->cap - w->size < n) {
        size_t cap = w->cap ? w->cap : 4096;
        while (cap - w->size < n)
            cap *= 2;
        uint8_t *d = (uint8_t *)realloc(w->data, cap);
        if (!d) {
            w->status = FC_ERR_NO_MEMORY;
            return;
        }
        w->data = d;
        w->cap = cap;
    }
    memcpy(w->data + w->size, p, n);
    w->size += n;
}

/* A text token, preceded by one space unless it starts a line. */
static void put_token(fc_replay_writer *w, const char *s)
{
    if (w->size > 0 && w->data[w->size - 1] != '\n')
        put(w, " ", 1);
    put(w, s, strlen(s));
}

static void put_uvar(fc_replay_writer *w, uint64_t v)
{
    uint8_t b[10];
    size_t n = 0;
    while (v >= 0x80) {
        b[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    b[n++] = (uint8_t)v;
    put(w, b, n);
}

static void put_le(fc_replay_writer *w, uint64_t v, size_t bytes)
{
    uint8_t b[8];
    for (size_t i = 0; i < bytes; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    put(w, b, bytes);
}

static void fmt_udec(uint64_t v, char *buf)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    int i = 0;
    while (n)
        buf[i++] = tmp[--n];
    buf[i] = '\0';
}

static void fmt_hex(uint64_t v, int digits, char *buf)
{
    static const char hex[] = "0123456789abcdef";
    buf[0] = '0';
    buf[1] = 'x';
    for (int i = 0; i < digits; i++)
        buf[2 + i] = hex[(v >> (4 * (digits - 1 - i))) & 15u];
    buf[2 + digits] = '\0';
}

/* ------------------------------------------------------------ binary reading */

static int need(fc_replay_reader *r, size_t n, const char *what)
{
    if (r->status != FC_OK)
        return 0;
    if (r->size - r->pos < n) {
        fc_codec_fail_at(r, r->pos, "truncated", what);
        return 0;
    }
    return 1;
}

static uint64_t get_le(fc_replay_reader *r, size_t bytes, const char *what)
{
    if (!need(r, bytes, what))
        return 0;
    uint64_t v = 0;
    for (size_t i = 0; i < bytes; i++)
        v |= (uint64_t)r->data[r->pos + i] << (8 * i);
    r->pos += bytes;
    return v;
}

static uint64_t get_uvar(fc_replay_reader *r, const char *what)
{
    size_t start = r->pos;
    uint64_t v = 0;
    for (unsigned i = 0; i < 10; i++) {
        if (!need(r, 1, what))
            return 0;
        uint8_t b = r->data[r->pos++];
        if (i == 9 && b > 1) {
            fc_codec_fail_at(r, start, "varint overflows 64 bits", what);
            return 0;
        }
        v |= (uint64_t)(b & 0x7F) << (7 * i);
        if (!(b & 0x80)) {
            if (b == 0 && i > 0) {
                fc_codec_fail_at(r, start, "non-canonical varint", what);
                return 0;
            }
            return v;
        }
    }
    fc_codec_fail_at(r, start, "varint longer than 10 bytes", what);
    return 0;
}

/* ------------------------------------------------------------ text reading */

static int at_blank(const fc_replay_reader *r)
{
    return r->pos < r->size && (r->data[r->pos] == ' ' || r->data[r->pos] == '\t' || r->data[r->pos] == '\r');
}

static void skip_blank(fc_replay_reader *r)
{
    while (at_blank(r))
        r->pos++;
    if (r->pos < r->size && r->data[r->pos] == '#')
        while (r->pos < r->size && r->data[r->pos] != '\n')
            r->pos++;
}

/* Skip blank and comment-only lines at the start of a line. */
static void skip_empty_lines(fc_replay_reader *r)
{
    for (;;) {
        size_t save = r->pos;
        skip_blank(r);
        if (r->pos < r->size && r->data[r->pos] == '\n') {
            r->pos++;
            r->line++;
            r->line_start = r->pos;
            continue;
        }
        r->pos = save;
        return;
    }
}

static int is_sep(uint8_t ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '#'; }

/* Next token: *start, *len. 0 (and an error) at end of line or file. */
static int token(fc_replay_reader *r, const char *what, size_t *start, size_t *len)
{
    if (r->status != FC_OK)
        return 0;
    skip_blank(r);
    if (r->pos >= r->size || r->data[r->pos] == '\n') {
        fc_codec_fail_at(r, r->pos, r->pos >= r->size ? "unexpected end of file" : "unexpected end of line", what);
        return 0;
    }
    *start = r->pos;
    while (r->pos < r->size && !is_sep(r->data[r->pos]))
        r->pos++;
    *len = r->pos - *start;
    return 1;
}

static int tok_eq(const fc_replay_reader *r, size_t start, size_t len, const char *word)
{
    return strlen(word) == len && memcmp(r->data + start, word, len) == 0;
}

static int parse_udec(const uint8_t *s, size_t len, uint64_t *v)
{
    if (len == 0 || len > 20)
        return 0;
    uint64_t x = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        uint64_t d = (uint64_t)(s[i] - '0');
        if (x > (UINT64_MAX - d) / 10)
            return 0;
        x = x * 10 + d;
    }
    *v = x;
    return 1;
}

static int parse_hex(const uint8_t *s, size_t len, int max_digits, uint64_t *v)
{
    if (len < 3 || s[0] != '0' || s[1] != 'x' || len - 2 > (size_t)max_digits)
        return 0;
    uint64_t x = 0;
    for (size_t i = 2; i < len; i++) {
        uint8_t ch = s[i];
        uint64_t d;
        if (ch >= '0' && ch <= '9')
            d = (uint64_t)(ch - '0');
        else if (ch >= 'a' && ch <= 'f')
            d = (uint64_t)(ch - 'a' + 10);
        else if (ch >= 'A' && ch <= 'F')
            d = (uint64_t)(ch - 'A' + 10);
        else
            return 0;
        x = (x << 4) | d;
    }
    *v = x;
    return 1;
}

/* ------------------------------------------------------------ primitives */

void fc_codec_word(fc_codec *c, const char *word)
{
    if (!c->text)
        return;
    if (c->w) {
        put_token(c->w, word);
        return;
    }
    size_t s, n;
    if (token(c->r, word, &s, &n) && !tok_eq(c->r, s, n, word))
        fc_codec_fail_at(c->r, s, "expected the word", word);
}

void fc_codec_eol(fc_codec *c)
{
    if (!c->text)
        return;
    if (c->w) {
        put(c->w, "\n", 1);
        return;
    }
    fc_replay_reader *r = c->r;
    if (r->status != FC_OK)
        return;
    skip_blank(r);
    if (r->pos >= r->size)
        return;
    if (r->data[r->pos] != '\n') {
        fc_codec_fail_at(r, r->pos, "expected end of line", NULL);
        return;
    }
    r->pos++;
    r->line++;
    r->line_start = r->pos;
    skip_empty_lines(r);
}

void fc_codec_magic(fc_codec *c, const char *bytes, size_t n, const char *what)
{
    if (c->text)
        return;
    if (c->w) {
        put(c->w, bytes, n);
        return;
    }
    fc_replay_reader *r = c->r;
    if (need(r, n, what)) {
        if (memcmp(r->data + r->pos, bytes, n) != 0)
            fc_codec_fail_at(r, r->pos, "bad marker", what);
        else
            r->pos += n;
    }
}

void fc_codec_uint(fc_codec *c, const char *what, uint64_t *v, uint64_t lo, uint64_t hi)
{
    if (c->w) {
        if (c->text) {
            char buf[24];
            fmt_udec(*v, buf);
            put_token(c->w, buf);
        } else {
            put_uvar(c->w, *v);
        }
        return;
    }
    fc_replay_reader *r = c->r;
    size_t start = r->pos, n = 0;
    uint64_t x = 0;
    if (c->text) {
        if (!token(r, what, &start, &n))
            return;
        if (!parse_udec(r->data + start, n, &x)) {
            fc_codec_fail_at(r, start, "expected an unsigned decimal integer", what);
            return;
        }
    } else {
        x = get_uvar(r, what);
        if (r->status != FC_OK)
            return;
    }
    if (x < lo || x > hi) {
        fc_codec_fail_at(r, start, "value out of range", what);
        return;
    }
    *v = x;
}

void fc_codec_u32(fc_codec *c, const char *what, uint32_t *v, uint32_t lo, uint32_t hi)
{
    uint64_t x = *v;
    fc_codec_uint(c, what, &x, lo, hi);
    if (fc_codec_ok(c))
        *v = (uint32_t)x;
}

static uint32_t zigzag(int32_t v) { return v < 0 ? ((uint32_t)(-(v + 1)) << 1) | 1u : (uint32_t)v << 1; }

static int32_t unzigzag(uint32_t u)
{
    return (u & 1u) ? -(int32_t)(u >> 1) - 1 : (int32_t)(u >> 1);
}

/* Signed: binary zigzag varint, text decimal with an optional minus. */
void fc_codec_int(fc_codec *c, const char *what, int32_t *v, int32_t lo, int32_t hi)
{
    if (c->w) {
        if (c->text) {
            char buf[24];
            uint64_t mag = *v < 0 ? (uint64_t)0 - (uint64_t)(int64_t)*v : (uint64_t)*v;
            buf[0] = '-';
            fmt_udec(mag, buf + 1);
            put_token(c->w, *v < 0 ? buf : buf + 1);
        } else {
            put_uvar(c->w, zigzag(*v));
        }
        return;
    }
    fc_replay_reader *r = c->r;
    size_t start = r->pos, n = 0;
    int64_t x;
    if (c->text) {
        if (!token(r, what, &start, &n))
            return;
        int neg = n > 0 && r->data[start] == '-';
        uint64_t mag;
        if (!parse_udec(r->data + start + neg, n - (size_t)neg, &mag) || mag > 0x80000000ull) {
            fc_codec_fail_at(r, start, "expected a 32-bit decimal integer", what);
            return;
        }
        x = neg ? -(int64_t)mag : (int64_t)mag;
    } else {
        uint64_t u = get_uvar(r, what);
        if (r->status != FC_OK)
            return;
        if (u > UINT32_MAX) {
            fc_codec_fail_at(r, start, "value out of range", what);
            return;
        }
        x = unzigzag((uint32_t)u);
    }
    if (x < lo || x > hi) {
        fc_codec_fail_at(r, start, "value out of range", what);
        return;
    }
    *v = (int32_t)x;
}

void fc_codec_fix(fc_codec *c, const char *what, fix16_t *v)
{
    if (!c->text) {
        int32_t x = *v;
        fc_codec_int(c, what, &x, INT32_MIN, INT32_MAX);
        if (fc_codec_ok(c))
            *v = x;
        return;
    }
    if (c->w) {
        char buf[32];
        put_token(c->w, fc_replay_fix_format(*v, buf));
        return;
    }
    size_t s, n;
    if (!token(c->r, what, &s, &n))
        return;
    fix16_t x;
    fc_status st = fc_replay_fix_parse((const char *)c->r->data + s, n, &x);
    if (st == FC_ERR_RANGE)
        fc_codec_fail_at(c->r, s, "Q16.16 value out of range", what);
    else if (st != FC_OK)
        fc_codec_fail_at(c->r, s, "expected an exact Q16.16 decimal (a multiple of 1/65536)", what);
    else
        *v = x;
}

static void hex_field(fc_codec *c, const char *what, uint64_t *v, int digits, int fixed_width)
{
    if (c->w) {
        if (c->text) {
            char buf[24];
            fmt_hex(*v, digits, buf);
            put_token(c->w, buf);
        } else if (fixed_width) {
            put_le(c->w, *v, (size_t)digits / 2);
        } else {
            put_uvar(c->w, *v);
        }
        return;
    }
    fc_replay_reader *r = c->r;
    if (c->text) {
        size_t s, n;
        if (!token(r, what, &s, &n))
            return;
        if (!parse_hex(r->data + s, n, digits, v))
            fc_codec_fail_at(r, s, digits == 16 ? "expected 0x and up to 16 hex digits" : "expected 0x and up to 8 hex digits", what);
    } else if (fixed_width) {
        uint64_t x = get_le(r, (size_t)digits / 2, what);
        if (r->status == FC_OK)
            *v = x;
    } else {
        size_t start = r->pos;
        uint64_t x = get_uvar(r, what);
        if (r->status == FC_OK && x > UINT32_MAX)
            fc_codec_fail_at(r, start, "value out of range", what);
        else if (r->status == FC_OK)
            *v = x;
    }
}

void fc_codec_bits(fc_codec *c, const char *what, uint32_t *v)
{
    uint64_t x = *v;
    hex_field(c, what, &x, 8, 0);
    if (fc_codec_ok(c))
        *v = (uint32_t)x;
}

void fc_codec_hash64(fc_codec *c, const char *what, uint64_t *v)
{
    hex_field(c, what, v, 16, 1);
}

void fc_codec_hash32(fc_codec *c, const char *what, uint32_t *v)
{
    uint64_t x = *v;
    hex_field(c, what, &x, 8, 1);
    if (fc_codec_ok(c))
        *v = (uint32_t)x;
}

void fc_codec_enum(fc_codec *c, const char *what, uint32_t *v, const char *const *names, uint32_t count)
{
    if (c->w) {
        if (c->text)
            put_token(c->w, names[*v]);
        else
            put_le(c->w, *v, 1);
        return;
    }
    fc_replay_reader *r = c->r;
    if (c->text) {
        size_t s, n;
        if (!token(r, what, &s, &n))
            return;
        for (uint32_t i = 1; i < count; i++)
            if (names[i] && tok_eq(r, s, n, names[i])) {
                *v = i;
                return;
            }
        fc_codec_fail_at(r, s, "unknown name", what);
        return;
    }
    size_t start = r->pos;
    uint32_t x = (uint32_t)get_le(r, 1, what);
    if (r->status != FC_OK)
        return;
    if (x == 0 || x >= count || !names[x]) {
        fc_codec_fail_at(r, start, "unknown tag", what);
        return;
    }
    *v = x;
}
