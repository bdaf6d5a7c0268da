/* SPDX-License-Identifier: MIT */
/* Encoding and strict decoding of wire messages (fixcol/wire.h documents
 * the layout). Little-endian byte by byte: no host order, no alignment. */
#include "wire_internal.h"

#include <string.h>

#include "core/nofloat.h"

static const uint8_t magic[4] = {'F', 'C', 'W', 'P'};

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get64(const uint8_t *p)
{
    return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

size_t fc_wire_encode(const fc_wire_msg *m, uint8_t *buf)
{
    uint8_t *p = buf + FC_WIRE_HEADER_SIZE;
    size_t n = 0;
    switch (m->type) {
    case FC_WIRE_CHECKSUM:
    case FC_WIRE_ASK:
    case FC_WIRE_ANSWER:
        put64(p, m->value);
        n = 8;
        break;
    case FC_WIRE_START:
        put32(p, m->dim);
        put32(p + 4, m->max_found);
        put32(p + 8, m->max_rounds);
        n = 12;
        break;
    case FC_WIRE_DUMP_ASK:
        put32(p, m->slot);
        n = 4;
        break;
    case FC_WIRE_DUMP:
        put32(p, m->slot);
        put32(p + 4, m->dim);
        memcpy(p + 8, m->text, m->text_len);
        n = 8 + (size_t)m->text_len;
        break;
    case FC_WIRE_REPORT:
        put32(p, m->slot);
        memcpy(p + 4, m->text, m->text_len);
        n = 4 + (size_t)m->text_len;
        break;
    case FC_WIRE_VERDICT:
        put32(p, m->verdict);
        put32(p + 4, m->found);
        put32(p + 8, m->rounds);
        n = 12;
        break;
    default: /* FC_WIRE_ABORT */
        put32(p, m->reason);
        n = 4;
        break;
    }
    memcpy(buf, magic, 4);
    put16(buf + 4, FC_WIRE_VERSION);
    put16(buf + 6, m->type);
    put32(buf + 8, m->session);
    put32(buf + 12, m->frame);
    put32(buf + 16, m->round);
    put32(buf + 20, (uint32_t)n);
    return FC_WIRE_HEADER_SIZE + n;
}

fc_status fc_wire_checksum(uint32_t frame, uint64_t checksum, void *buf, size_t cap, size_t *len)
{
    if (buf == NULL || len == NULL)
        return FC_ERR_NULL;
    if (cap < FC_WIRE_HEADER_SIZE + 8)
        return FC_ERR_BUFFER;
    fc_wire_msg m;
    memset(&m, 0, sizeof m);
    m.type = FC_WIRE_CHECKSUM;
    m.frame = frame;
    m.value = checksum;
    *len = fc_wire_encode(&m, (uint8_t *)buf);
    return FC_OK;
}

/* 1 when t[0, n) is 1..max bytes of printable ASCII and LF, ending with LF;
 * line: exactly one LF. */
static int good_text(const uint8_t *t, size_t n, size_t max, int line)
{
    if (n == 0 || n > max || t[n - 1] != '\n')
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] == '\n') {
            if (line && i != n - 1)
                return 0;
        } else if (t[i] < 0x20 || t[i] > 0x7e) {
            return 0;
        }
    }
    return 1;
}

/* Payload of type: fixed size, or at least `min` bytes with text. */
static fc_status payload(fc_wire_msg *m, const uint8_t *p, size_t n)
{
    switch (m->type) {
    case FC_WIRE_CHECKSUM:
    case FC_WIRE_ASK:
    case FC_WIRE_ANSWER:
        if (n != 8)
            return FC_ERR_FORMAT;
        m->value = get64(p);
        return FC_OK;
    case FC_WIRE_START:
        if (n != 12)
            return FC_ERR_FORMAT;
        m->dim = get32(p);
        m->max_found = get32(p + 4);
        m->max_rounds = get32(p + 8);
        if ((m->dim != FC_WORLD_2D && m->dim != FC_WORLD_3D) || m->max_found == 0 ||
            m->max_found > (uint32_t)FC_WORLD_MAX_BODIES)
            return FC_ERR_FORMAT;
        return FC_OK;
    case FC_WIRE_DUMP_ASK:
        if (n != 4)
            return FC_ERR_FORMAT;
        m->slot = get32(p);
        return m->slot < (uint32_t)FC_WORLD_MAX_BODIES ? FC_OK : FC_ERR_FORMAT;
    case FC_WIRE_DUMP:
        if (n < 9 || !good_text(p + 8, n - 8, FC_WIRE_LINE_MAX, 1))
            return FC_ERR_FORMAT;
        m->slot = get32(p);
        m->dim = get32(p + 4);
        m->text = (const char *)(p + 8);
        m->text_len = (uint32_t)(n - 8);
        if (m->slot >= (uint32_t)FC_WORLD_MAX_BODIES || (m->dim != FC_WORLD_2D && m->dim != FC_WORLD_3D))
            return FC_ERR_FORMAT;
        return FC_OK;
    case FC_WIRE_REPORT:
        if (n < 5 || !good_text(p + 4, n - 4, FC_WIRE_TEXT_MAX, 0))
            return FC_ERR_FORMAT;
        m->slot = get32(p);
        m->text = (const char *)(p + 4);
        m->text_len = (uint32_t)(n - 4);
        return m->slot < (uint32_t)FC_WORLD_MAX_BODIES ? FC_OK : FC_ERR_FORMAT;
    case FC_WIRE_VERDICT:
        if (n != 12)
            return FC_ERR_FORMAT;
        m->verdict = get32(p);
        m->found = get32(p + 4);
        m->rounds = get32(p + 8);
        return m->verdict >= FC_WIRE_EQUAL && m->verdict <= FC_WIRE_CAP ? FC_OK : FC_ERR_FORMAT;
    case FC_WIRE_ABORT:
        if (n != 4)
            return FC_ERR_FORMAT;
        m->reason = get32(p);
        return m->reason >= FC_WIRE_REASON_CALLER && m->reason <= FC_WIRE_REASON_BAD_REQUEST ? FC_OK : FC_ERR_FORMAT;
    default:
        return FC_ERR_FORMAT;
    }
}

fc_status fc_wire_decode(const void *msg, size_t len, fc_wire_msg *out)
{
    if (msg == NULL || out == NULL)
        return FC_ERR_NULL;
    const uint8_t *b = (const uint8_t *)msg;
    if (len < FC_WIRE_HEADER_SIZE || memcmp(b, magic, 4) != 0)
        return FC_ERR_FORMAT;
    fc_wire_msg m;
    memset(&m, 0, sizeof m);
    m.version = get16(b + 4);
    if (m.version != FC_WIRE_VERSION)
        return FC_ERR_VERSION;
    m.type = get16(b + 6);
    m.session = get32(b + 8);
    m.frame = get32(b + 12);
    m.round = get32(b + 16);
    const uint32_t n = get32(b + 20);
    if ((size_t)n != len - FC_WIRE_HEADER_SIZE)
        return FC_ERR_FORMAT;
    if (m.type == FC_WIRE_CHECKSUM ? (m.session != 0 || m.round != 0) : m.session == 0)
        return FC_ERR_FORMAT;
    fc_status st = payload(&m, b + FC_WIRE_HEADER_SIZE, n);
    if (st != FC_OK)
        return st;
    *out = m;
    return FC_OK;
}
