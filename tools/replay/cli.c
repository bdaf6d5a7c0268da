/* SPDX-License-Identifier: MIT */
/* fixcol-replay's option and number parsers and its guarded file reading
 * (see cli.h). The determinism matrix compiles this file for gcc, clang,
 * tcc, mingw and wasm32-wasi: only the file-type check is per platform. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* stat() and S_IS*() under -std=c11 */
#endif
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#include <sys/stat.h>
#include <sys/types.h>
/* stdout is a text stream on Windows (LF -> CRLF): binary replays written to
 * "-" must not be translated. */
#define STDOUT_SET_BINARY() _setmode(_fileno(stdout), _O_BINARY)
#define CLI_HAVE_STAT 1
typedef struct _stat64 cli_stat_t;
#define cli_stat(p, st) _stat64((p), (st))
#define CLI_IS_REG(m) (((m) & _S_IFMT) == _S_IFREG)
#define CLI_IS_DIR(m) (((m) & _S_IFMT) == _S_IFDIR)
#elif defined(__unix__) || defined(__APPLE__) || defined(__wasi__)
#include <sys/stat.h>
#include <sys/types.h>
#define CLI_HAVE_STAT 1
typedef struct stat cli_stat_t;
#define cli_stat(p, st) stat((p), (st))
#define CLI_IS_REG(m) S_ISREG(m)
#define CLI_IS_DIR(m) S_ISDIR(m)
#else
#define CLI_HAVE_STAT 0
#endif
#ifndef STDOUT_SET_BINARY
#define STDOUT_SET_BINARY() ((void)0)
#endif

static void err(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void err(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "fixcol-replay %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* ---------------------------------------------------------------- options */

static cli_opt *find_opt(cli_opt *opts, int nopts, const char *name)
{
    for (int i = 0; i < nopts; i++)
        if (strcmp(opts[i].name, name) == 0)
            return &opts[i];
    return NULL;
}

int cli_parse(const char *cmd, const char *usage, int argc, char **argv, cli_opt *opts, int nopts, int min_pos,
              int max_pos, int *npos)
{
    int n = 0, options_done = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        /* "-" alone is a file name (stdout for -o), "-1" a (bad) number for
         * cli_u32 to explain; "--" ends the options */
        if (options_done || a[0] != '-' || a[1] == '\0' || (a[1] >= '0' && a[1] <= '9')) {
            argv[n++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            options_done = 1;
            continue;
        }
        cli_opt *o = find_opt(opts, nopts, a);
        if (!o) {
            err(cmd, "unknown option '%s'\nusage: %s", a, usage);
            return 0;
        }
        if (o->seen) {
            err(cmd, "option '%s' given twice", a);
            return 0;
        }
        o->seen = 1;
        if (o->metavar) {
            if (i + 1 >= argc) {
                err(cmd, "option '%s' needs a value (%s %s)", a, a, o->metavar);
                return 0;
            }
            o->value = argv[++i];
        }
    }
    /* every missing required option, in one message */
    int missing = 0;
    for (int i = 0; i < nopts; i++)
        if (opts[i].required && !opts[i].seen)
            missing++;
    if (missing) {
        fprintf(stderr, "fixcol-replay %s: missing", cmd);
        for (int i = 0, k = 0; i < nopts; i++)
            if (opts[i].required && !opts[i].seen)
                fprintf(stderr, "%s %s%s%s", k++ ? "," : "", opts[i].name, opts[i].metavar ? " " : "",
                        opts[i].metavar ? opts[i].metavar : "");
        fprintf(stderr, "\nusage: %s\n", usage);
        return 0;
    }
    if (n < min_pos) {
        err(cmd, "too few arguments\nusage: %s", usage);
        return 0;
    }
    if (max_pos >= 0 && n > max_pos) {
        err(cmd, "extra argument '%s'\nusage: %s", argv[max_pos], usage);
        return 0;
    }
    *npos = n;
    return 1;
}

/* ---------------------------------------------------------------- numbers */

int cli_u32(const char *cmd, const char *what, const char *text, uint32_t min, uint32_t max, uint32_t *out)
{
    const char *why = NULL;
    uint32_t v = 0;
    if (!*text)
        why = "empty";
    else if (text[0] == '-' || text[0] == '+')
        why = "a sign is not allowed";
    for (const char *p = text; !why && *p; p++) {
        /* digits only: strtoul would accept spaces, signs (wrapping "-1"),
         * "0x" and trailing text */
        if (*p < '0' || *p > '9') {
            why = p == text ? "not a decimal digit" : "trailing text";
            break;
        }
        uint32_t d = (uint32_t)(*p - '0');
        if (v > (UINT32_MAX - d) / 10u) {
            why = "too large";
            break;
        }
        v = v * 10u + d;
    }
    if (!why && (v < min || v > max))
        why = "out of range";
    if (why) {
        /* name the offending character for "trailing text" and "not a digit" */
        const char *p = text;
        while (*p >= '0' && *p <= '9')
            p++;
        if (strcmp(why, "trailing text") == 0 || strcmp(why, "not a decimal digit") == 0)
            err(cmd, "%s: bad number '%s': %s at '%c' (want %" PRIu32 "..%" PRIu32 ", decimal digits only)", what,
                text, why, *p, min, max);
        else
            err(cmd, "%s: bad number '%s': %s (want %" PRIu32 "..%" PRIu32 ", decimal digits only)", what, text, why,
                min, max);
        return 0;
    }
    *out = v;
    return 1;
}

/* ---------------------------------------------------------------- files */

int cli_check_input(const char *cmd, const char *path)
{
#if CLI_HAVE_STAT
    cli_stat_t st;
    if (cli_stat(path, &st) != 0) {
        err(cmd, "%s: cannot open: %s", path, strerror(errno));
        return 0;
    }
    if (!CLI_IS_REG(st.st_mode)) {
        const char *kind = CLI_IS_DIR(st.st_mode) ? "a directory" : "a device or special file";
#if defined(S_ISFIFO)
        if (S_ISFIFO(st.st_mode))
            kind = "a FIFO";
#endif
#if defined(S_ISCHR)
        if (S_ISCHR(st.st_mode))
            kind = "a character device";
#endif
        err(cmd, "%s: not a regular file (%s); replay files must be regular files", path, kind);
        return 0;
    }
    if (st.st_size < 0 || (uint64_t)st.st_size > CLI_MAX_INPUT_BYTES) {
        err(cmd, "%s: %" PRId64 " bytes, over the " CLI_MAX_INPUT_TEXT " (%u bytes) limit for input files", path,
            (int64_t)st.st_size, CLI_MAX_INPUT_BYTES);
        return 0;
    }
#else
    (void)cmd;
    (void)path;
#endif
    return 1;
}

uint8_t *cli_load(const char *cmd, const char *path, size_t *size)
{
    if (!cli_check_input(cmd, path))
        return NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        err(cmd, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    /* Bounded read: never more than the cap + 1 bytes, the portable fallback
     * where stat is missing and for a file that grew since the check. */
    const size_t limit = (size_t)CLI_MAX_INPUT_BYTES + 1;
    size_t cap = (size_t)1 << 16, n = 0;
    uint8_t *buf = (uint8_t *)malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap || n >= limit)
            break;
        size_t ncap = cap * 2 < limit ? cap * 2 : limit;
        uint8_t *nb = (uint8_t *)realloc(buf, ncap);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap = ncap;
    }
    int rerr = ferror(f);
    fclose(f);
    if (!buf || rerr || n >= limit) {
        if (!buf)
            err(cmd, "%s: out of memory", path);
        else if (rerr)
            err(cmd, "%s: cannot read", path);
        else
            err(cmd, "%s: over the " CLI_MAX_INPUT_TEXT " (%u bytes) limit for input files", path,
                CLI_MAX_INPUT_BYTES);
        free(buf);
        return NULL;
    }
    *size = n;
    return buf;
}

int cli_save(const char *cmd, const char *path, const uint8_t *data, size_t size)
{
    if (strcmp(path, "-") == 0) {
        fflush(stdout);
        STDOUT_SET_BINARY();
    }
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
    if (!f) {
        err(cmd, "%s: cannot create: %s", path, strerror(errno));
        return 0;
    }
    int ok = fwrite(data, 1, size, f) == size;
    if (f != stdout)
        ok = (fclose(f) == 0) && ok;
    else
        ok = (fflush(f) == 0) && ok;
    if (!ok)
        err(cmd, "%s: write failed", path);
    return ok;
}

/* ---------------------------------------------------------------- held output */

void cli_printf(cli_buf *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->data ? b->data + b->len : NULL, b->data ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (k < 0) {
            b->failed = 1;
            return;
        }
        if (b->data && (size_t)k < b->cap - b->len) {
            b->len += (size_t)k;
            return;
        }
        size_t ncap = b->cap ? b->cap : 4096;
        while (ncap - b->len <= (size_t)k)
            ncap *= 2;
        char *nd = (char *)realloc(b->data, ncap);
        if (!nd) {
            b->failed = 1;
            return;
        }
        b->data = nd;
        b->cap = ncap;
    }
}

int cli_buf_flush(const char *cmd, cli_buf *b, FILE *out)
{
    int ok = !b->failed;
    if (ok && b->len)
        ok = fwrite(b->data, 1, b->len, out) == b->len;
    if (!ok)
        err(cmd, "%s", b->failed ? "out of memory" : "write failed");
    cli_buf_free(b);
    return ok;
}

void cli_buf_free(cli_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
