/* SPDX-License-Identifier: MIT */
/* numbers.c - exact integers across the boundary. A Q16.16 value crosses as
 * its raw int32 (exact in a Lua integer and in a double); a number with a
 * fractional part, NaN, an infinity or a value outside the expected range
 * is an argument error, never truncated or rounded. The helpers build raw
 * values exactly from integer units and from decimal strings and print them
 * exactly (the replay format's fc_replay_fix_parse / fc_replay_fix_format).
 * The doubles below only inspect what the host passed in; nothing derived
 * from a fractional value reaches the engine. */
#include <stdio.h>
#include <string.h>

#include "fcl.h"

#define TWO53 9007199254740992.0

/* NULL on success (*out set), else what is wrong with the value. */
static const char *to_int(lua_State *L, int idx, int64_t lo, int64_t hi, int64_t *out)
{
#if LUA_VERSION_NUM >= 503
    if (lua_isinteger(L, idx)) {
        lua_Integer v = lua_tointeger(L, idx);
        if (v < lo || v > hi)
            return "out of range";
        *out = (int64_t)v;
        return NULL;
    }
#endif
    double d = (double)lua_tonumber(L, idx);
    if (d != d)
        return "NaN";
    if (d < (double)lo || d > (double)hi)
        return d - d != 0 ? "infinite" : "out of range";
    int64_t v = (int64_t)d;
    if ((double)v != d)
        return "has a fractional part (floats must not enter the simulation)";
    *out = v;
    return NULL;
}

/* The value as the message shows it. NaN and the infinities are spelt by
 * us ("nan", "+inf", "-inf"): the VMs' own number formatting differs (Lua
 * 5.1 prints 0/0 as "-nan" on glibc, and the sign of an infinity must not
 * depend on it). */
static const char *num_text(lua_State *L, int idx)
{
    if (lua_type(L, idx) == LUA_TNUMBER) {
        double d = (double)lua_tonumber(L, idx);
        if (d != d)
            return "nan";
        if (d - d != 0)
            return d > 0 ? "+inf" : "-inf";
    }
    return lua_tostring(L, idx);
}

static int64_t check_int(lua_State *L, int idx, int arg, const char *field, int64_t lo, int64_t hi, const char *kind)
{
    int64_t v = 0;
#if LUA_VERSION_NUM >= 503
    /* The hot path: an integer in range (two API calls). Everything else
     * takes the checks below, which also build the error message. */
    if (lua_isinteger(L, idx)) {
        lua_Integer i = lua_tointeger(L, idx);
        if (i >= lo && i <= hi)
            return (int64_t)i;
    }
#endif
    if (lua_type(L, idx) != LUA_TNUMBER) {
        if (field)
            fcl_argerror(L, arg, "field '%s': expected %s, got %s", field, kind, luaL_typename(L, idx));
        fcl_argerror(L, arg, "expected %s, got %s", kind, luaL_typename(L, idx));
    }
    const char *why = to_int(L, idx, lo, hi, &v);
    if (why) {
        if (field)
            fcl_argerror(L, arg, "field '%s': %s %s (%s)", field, kind, why, num_text(L, idx));
        fcl_argerror(L, arg, "%s %s (%s)", kind, why, num_text(L, idx));
    }
    return v;
}

int fcl_to_raw(lua_State *L, int idx, int32_t *out)
{
    int64_t v;
#if LUA_VERSION_NUM >= 503
    if (lua_isinteger(L, idx)) {
        lua_Integer i = lua_tointeger(L, idx);
        if (i < INT32_MIN || i > INT32_MAX)
            return 0;
        *out = (int32_t)i;
        return 1;
    }
#endif
    if (lua_type(L, idx) != LUA_TNUMBER || to_int(L, idx, INT32_MIN, INT32_MAX, &v))
        return 0;
    *out = (int32_t)v;
    return 1;
}

#define RAW_KIND "a raw Q16.16 integer (int32)"
#define U32_KIND "an unsigned 32-bit integer"
#define ANGLE_KIND "a binary angle 0..65535 (65536 per turn)"

int32_t fcl_check_raw(lua_State *L, int arg)
{
    return (int32_t)check_int(L, arg, arg, NULL, INT32_MIN, INT32_MAX, RAW_KIND);
}

int32_t fcl_opt_raw(lua_State *L, int arg, int32_t def)
{
    return lua_isnoneornil(L, arg) ? def : fcl_check_raw(L, arg);
}

uint32_t fcl_check_u32(lua_State *L, int arg)
{
    return (uint32_t)check_int(L, arg, arg, NULL, 0, UINT32_MAX, U32_KIND);
}

/* Angles are the C fc_angle (uint16_t): an integer 0..65535. Anything else
 * (70000, -1) is an argument error naming the argument, never wrapped, as in
 * the JS and C# bindings. */
fc_angle fcl_check_angle(lua_State *L, int arg)
{
    return (fc_angle)check_int(L, arg, arg, NULL, 0, 65535, ANGLE_KIND);
}

int32_t fcl_field_raw(lua_State *L, int idx, int arg, const char *name)
{
    return (int32_t)check_int(L, idx, arg, name, INT32_MIN, INT32_MAX, RAW_KIND);
}

uint32_t fcl_field_u32(lua_State *L, int idx, int arg, const char *name)
{
    return (uint32_t)check_int(L, idx, arg, name, 0, UINT32_MAX, U32_KIND);
}

fc_angle fcl_field_angle(lua_State *L, int idx, int arg, const char *name)
{
    return (fc_angle)check_int(L, idx, arg, name, 0, 65535, ANGLE_KIND);
}

int32_t fcl_get_raw(lua_State *L, int arg, const char *name)
{
    lua_getfield(L, arg, name);
    int32_t v = fcl_field_raw(L, -1, arg, name);
    lua_pop(L, 1);
    return v;
}

int32_t fcl_get_raw_opt(lua_State *L, int arg, const char *name, int32_t def)
{
    lua_getfield(L, arg, name);
    int32_t v = lua_isnil(L, -1) ? def : fcl_field_raw(L, -1, arg, name);
    lua_pop(L, 1);
    return v;
}

int fcl_parse_hex64(const char *s, size_t len, uint64_t *out)
{
    if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s += 2;
        len -= 2;
    }
    if (len == 0 || len > 16)
        return 0;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        unsigned d;
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A' + 10);
        else
            return 0;
        v = (v << 4) | d;
    }
    *out = v;
    return 1;
}

/* A 64-bit value (user data, seeds): a number in [0, 2^53] or a string of
 * 1..16 hex digits (optional 0x). */
uint64_t fcl_check_u64(lua_State *L, int arg)
{
    if (lua_type(L, arg) == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, arg, &len);
        uint64_t v;
        if (!fcl_parse_hex64(s, len, &v))
            fcl_argerror(L, arg, "expected 1..16 hex digits for a 64-bit value, got '%s'", s);
        return v;
    }
    return (uint64_t)check_int(L, arg, arg, NULL, 0, (int64_t)1 << 53, "an integer in [0, 2^53] or a hex string");
}

void fcl_push_hex64(lua_State *L, uint64_t v)
{
    static const char digits[] = "0123456789abcdef";
    char buf[16];
    for (int i = 15; i >= 0; i--) {
        buf[i] = digits[v & 15u];
        v >>= 4;
    }
    lua_pushlstring(L, buf, 16);
}

void fcl_push_u32(lua_State *L, uint32_t v)
{
#if LUA_VERSION_NUM >= 503
    lua_pushinteger(L, (lua_Integer)v); /* an integer: fed back into h:word without conversion */
#else
    lua_pushnumber(L, (lua_Number)v);   /* lua_Integer may be 32-bit here */
#endif
}

void fcl_push_u64(lua_State *L, uint64_t v)
{
    if (v <= ((uint64_t)1 << 53))
        lua_pushnumber(L, (lua_Number)v);
    else
        fcl_push_hex64(L, v);
}

/* fixcol.fix(v): raw Q16.16 from integer units (a number) or from an exact
 * decimal string ("1.25", "-0.0000152587890625"). */
static int l_fix(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, 1, &len);
        fix16_t v;
        fc_status st = fc_replay_fix_parse(s, len, &v);
        if (st == FC_ERR_RANGE)
            return fcl_argerror(L, 1, "decimal '%s' outside the Q16.16 range [-32768, 32767.9999847412109375]", s);
        if (st != FC_OK)
            return fcl_argerror(L, 1, "'%s' is not an exact Q16.16 decimal (a multiple of 1/65536)", s);
        lua_pushinteger(L, v);
        return 1;
    }
    int64_t units = check_int(L, 1, 1, NULL, -32768, 32767, "integer units in [-32768, 32767] or a decimal string");
    lua_pushinteger(L, (lua_Integer)(units * 65536));
    return 1;
}

/* fixcol.fix_str(raw): the exact decimal text. */
static int l_fix_str(lua_State *L)
{
    char buf[32];
    lua_pushstring(L, fc_replay_fix_format(fcl_check_raw(L, 1), buf));
    return 1;
}

/* fixcol.fix_floor(raw): floor(raw / 65536), integer units. */
static int l_fix_floor(lua_State *L)
{
    int32_t v = fcl_check_raw(L, 1);
    lua_pushinteger(L, (lua_Integer)(v >= 0 ? v / 65536 : -((-(int64_t)v + 65535) / 65536)));
    return 1;
}

/* fixcol.mul(a, b): fc_mul (rounded to nearest, ties up); nil, "range" when
 * the product does not fit. */
static int l_mul(lua_State *L)
{
    int64_t p = (int64_t)fcl_check_raw(L, 1) * fcl_check_raw(L, 2) + 32768;
    int64_t q = p >= 0 ? p / 65536 : -((-p + 65535) / 65536);
    if (q < INT32_MIN || q > INT32_MAX)
        return fcl_push_status_error(L, FC_ERR_RANGE);
    lua_pushinteger(L, (lua_Integer)q);
    return 1;
}

void fcl_open_numbers(lua_State *L)
{
    static const luaL_Reg f[] = {
        {"fix", l_fix}, {"fix_str", l_fix_str}, {"fix_floor", l_fix_floor}, {"mul", l_mul}, {NULL, NULL}};
    fcl_setfuncs(L, f);
    lua_pushinteger(L, 65536);
    lua_setfield(L, -2, "ONE");
    lua_pushinteger(L, FC_COORD_LIMIT);
    lua_setfield(L, -2, "COORD_LIMIT");
    lua_pushinteger(L, FC_SIZE_LIMIT);
    lua_setfield(L, -2, "SIZE_LIMIT");
}
