/* SPDX-License-Identifier: MIT */
/* fixcol-replay: verify, record, inspect and compare replay files (usage()
 * below is the reference: commands, exit statuses, the input size cap).
 *
 * Strict command line: options and numbers go through one parser each
 * (cli.c), required options are required, unknown ones are named; an input
 * file is checked (regular file, at most CLI_MAX_INPUT_BYTES) before it is
 * read; errors go to stderr with exit 2, and nothing that looks like a
 * result (a digest line, part of a table) is printed after one.
 *
 * Portable C11 with stdio only (the determinism matrix builds this file and
 * cli.c with the library sources for gcc, clang, tcc, mingw and
 * wasm32-wasi); the progress line is shown only when stderr is a terminal
 * (isatty behind #ifdef). */
#include <fixcol/fixcol.h>

#include "cli.h"
#include "scenarios/scen.h"
#include "svg.h"
#include "walk.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#include <io.h>
#define STDERR_IS_TTY() _isatty(2)
#elif defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define STDERR_IS_TTY() isatty(2)
#else
#define STDERR_IS_TTY() 0
#endif

static void usage(FILE *out)
{
    fprintf(out,
            "usage: fixcol-replay COMMAND ARGS...\n"
            "  verify FILE...       re-run each replay, compare every frame checksum; prints the\n"
            "                       first diverging frame and what differs (body id or query);\n"
            "                       last line: digest <hex> over all frame checksums;\n"
            "                       exit 0 all match, 1 a frame differs, 2 bad input or usage\n"
            "                       (every FILE is checked before any is run; the first FILE that\n"
            "                       is bad input stops verify: its error, exit 2, no digest line)\n"
            "  record --scenario NAME --seed N --bodies N --frames N -o FILE [--text]\n"
            "                       record a seeded scenario (names below); every option but\n"
            "                       --text is required; exit 0 written, 2 bad input or usage\n"
            "  info FILE...         settings, frames, operation and query counts\n"
            "                       (exit 0 ok, 2 bad input or usage; stops at the first bad FILE)\n"
            "  diff A B             first frame where two replays differ\n"
            "                       (exit 0 same, 1 differ, 2 bad input or usage)\n"
            "  dump FILE            the replay as text (which verify, info, convert also read)\n"
            "  convert IN -o OUT [--text]  binary <-> text\n"
            "  rerecord IN -o OUT   run IN's operations and record them with this build's results\n"
            "                       (for hand-written text replays, or after an intended change)\n"
            "  bodies FILE FRAME    per live body after FRAME: state hash and pair-partner hash\n"
            "  trace FILE FRAME     every operation of FRAME with its status and query hits\n"
            "                       (diff either between two machines to name the body / operation)\n"
            "  snapshot FILE FRAME -o OUT  the world after FRAME as a snapshot blob (fc_world_snapshot)\n"
            "  snapdump SNAP        the canonical text dump of a snapshot's world (fc_world_dump;\n"
            "                       the same bytes on every target: diff two of them)\n"
            "  snapdiff A B         every differing body and field of two snapshot blobs, and bodies\n"
            "                       on one side only (fc_snapshot_diff); last line: same, or\n"
            "                       differences N; exit 0 same, 1 differ, 2 bad input or usage\n"
            "  svg FILE --frame N [-o OUT] [--cells]\n"
            "                       draw frame N as SVG (bodies, pairs, queries, bounds; --cells:\n"
            "                       quadtree cells); exact decimals, the same bytes on every target\n"
            "                       dump, convert, rerecord, bodies, trace, snapshot, snapdump, svg:\n"
            "                       exit 0 ok, 2 bad input or usage\n"
            "  --help               this text (exit 0)\n"
            "exit status: 0 ok / match, 1 mismatch / differ (verify, diff), 2 bad input or usage\n"
            "numbers (N, FRAME): unsigned decimal, digits only, 0..4294967295 (frames from 1);\n"
            "  a sign, spaces, a prefix or trailing text is an error\n"
            "input files: regular files of at most " CLI_MAX_INPUT_TEXT " (%u bytes), checked before\n"
            "  reading (a directory, FIFO or device is refused); -o - writes to stdout\n"
            "errors go to stderr; stdout carries only results\n"
            "scenarios:\n",
            CLI_MAX_INPUT_BYTES);
    for (int i = 0; scen_names[i]; i++)
        fprintf(out, "  %-14s %s\n", scen_names[i], scen_about(scen_names[i]));
}

static void print_error(const char *cmd, const char *path, const fc_replay_error *e, fc_status st)
{
    char buf[256];
    if (e->reason[0]) {
        fc_replay_error_format(e, buf, sizeof buf);
        fprintf(stderr, "fixcol-replay %s: %s: bad input: %s\n", cmd, path, buf);
    } else {
        fprintf(stderr, "fixcol-replay %s: %s: error: %s\n", cmd, path, fc_status_str(st));
    }
}

/* Check every input file before any is read or run, so a bad one among
 * several is reported before any result is printed. */
static int check_inputs(const char *cmd, int n, char **paths)
{
    for (int i = 0; i < n; i++)
        if (!cli_check_input(cmd, paths[i]))
            return 0;
    return 1;
}

/* Parse FRAME (frames are numbered from 1). */
static int parse_frame(const char *cmd, const char *text, uint32_t *frame)
{
    return cli_u32(cmd, "FRAME", text, 1, UINT32_MAX, frame);
}

/* ---------------------------------------------------------------- verify */

typedef struct progress_ctx {
    const char *path;
    int last;
} progress_ctx;

static void progress(void *ctx, uint32_t frame, fc_replay_runner *rn, size_t done, size_t total)
{
    progress_ctx *p = (progress_ctx *)ctx;
    (void)frame;
    (void)rn;
    int pct = total ? (int)((uint64_t)done * 100 / total) : 100;
    if (pct != p->last) {
        p->last = pct;
        fprintf(stderr, "\r%s: %3d%%", p->path, pct);
        fflush(stderr);
    }
}

static void print_id(fc_body_id id) { printf("body %" PRIu32 ":%" PRIu32, id.index, id.generation); }

static void print_mismatch(const char *path, const fc_replay_verify_result *res)
{
    const fc_replay_mismatch *m = &res->first;
    char line[512];
    printf("%s: MISMATCH in %" PRIu32 " of %" PRIu32 " frames; first at frame %" PRIu32 ": ", path, res->bad_frames,
           res->frames, m->frame);
    switch (m->what) {
    case FC_REPLAY_DIFF_CREATE_ID:
        printf("operation %" PRIu32 " created ", m->op_index);
        print_id(m->got_id);
        printf(", the replay expects ");
        print_id(m->op.id);
        printf("\n");
        break;
    case FC_REPLAY_DIFF_OPS:
        printf("the status of an operation differs (ops hash %08" PRIx32 ", expected %08" PRIx32 ")\n", m->got.ops,
               m->expected.ops);
        break;
    case FC_REPLAY_DIFF_QUERY:
        fc_replay_op_format(&m->op, res->settings.dim, line, sizeof line);
        printf("query %" PRIu32 " (operation %" PRIu32 ") returned %" PRIu32 " hits hash %08" PRIx32
               ", expected %" PRIu32 " hits hash %08" PRIx32 "\n  query: %s\n",
               m->query_index, m->op_index, m->query_got.count, m->query_got.hash, m->query_expected.count,
               m->query_expected.hash, line);
        break;
    case FC_REPLAY_DIFF_PAIRS:
        printf("pair list differs: %" PRIu32 " pairs hash %016" PRIx64 ", expected %" PRIu32 " pairs hash %016" PRIx64
               "\n  (run `fixcol-replay bodies FILE %" PRIu32 "` on a matching and this machine and diff: it names the body)\n",
               m->got.pair_count, m->got.pairs, m->expected.pair_count, m->expected.pairs, m->frame);
        break;
    case FC_REPLAY_DIFF_STATE:
        printf("world state differs: %016" PRIx64 ", expected %016" PRIx64
               "\n  (run `fixcol-replay bodies FILE %" PRIu32 "` on a matching and this machine and diff: it names the body)\n",
               m->got.state, m->expected.state, m->frame);
        break;
    case FC_REPLAY_DIFF_EVENTS:
        printf("pair events differ: began %" PRIu32 " hash %08" PRIx32 ", ended %" PRIu32 " hash %08" PRIx32
               ", expected began %" PRIu32 " hash %08" PRIx32 ", ended %" PRIu32 " hash %08" PRIx32 "\n",
               m->got.began_count, m->got.began, m->got.ended_count, m->got.ended, m->expected.began_count,
               m->expected.began, m->expected.ended_count, m->expected.ended);
        break;
    case FC_REPLAY_DIFF_CONTACTS:
        printf("world contacts differ: %" PRIu32 " contacts hash %08" PRIx32 ", expected %" PRIu32 " hash %08" PRIx32
               " (the pair list matches: a contact normal, depth or point differs)\n",
               m->got.contact_count, m->got.contacts, m->expected.contact_count, m->expected.contacts);
        break;
    default:
        printf("frame checksum only: %016" PRIx64 ", recorded %016" PRIx64
               " (every sub-hash and query result matches: the recorded checksum is wrong)\n",
               m->got.checksum, m->expected.checksum);
        break;
    }
}

/* The digest covers every frame of every file, so it is printed only when
 * every file was read completely (exit 0 or 1): the first file that is bad
 * input ends verify with its error and exit 2, and no digest. */
static int cmd_verify(int argc, char **argv)
{
    int n = 0;
    if (!cli_parse("verify", "fixcol-replay verify FILE...", argc, argv, NULL, 0, 1, -1, &n) ||
        !check_inputs("verify", n, argv))
        return EXIT_BAD;
    int tty = STDERR_IS_TTY();
    int worst = EXIT_MATCH;
    fc_hash64 digest = fc_hash64_init(0);
    for (int i = 0; i < n; i++) {
        size_t size = 0;
        uint8_t *data = cli_load("verify", argv[i], &size);
        if (!data)
            return EXIT_BAD;
        fc_replay_verify_result res;
        fc_replay_error err;
        progress_ctx pc = {argv[i], -1};
        fc_status st = fc_replay_verify(data, size, &digest, &res, &err, tty ? progress : NULL, &pc);
        if (tty)
            fprintf(stderr, "\r%*s\r", (int)strlen(argv[i]) + 8, "");
        free(data);
        if (st != FC_OK) {
            print_error("verify", argv[i], &err, st);
            return EXIT_BAD;
        }
        if (res.bad_frames) {
            print_mismatch(argv[i], &res);
            if (worst < EXIT_MISMATCH)
                worst = EXIT_MISMATCH;
        } else {
            printf("%s: ok, %" PRIu32 " frames, %" PRIu64 " operations\n", argv[i], res.frames, res.ops);
        }
    }
    printf("digest %016" PRIx64 "\n", fc_hash64_final(&digest));
    return worst;
}

/* ---------------------------------------------------------------- bodies */

typedef struct bodies_ctx {
    uint32_t frame;
    int done;
    cli_buf out; /* printed once the whole file has verified */
} bodies_ctx;

static uint64_t shape_hash(fc_replay_runner *rn, fc_body_id id)
{
    fc_hash64 h = fc_hash64_init(0);
    fc_filter f;
    fc_world_get_filter(rn->world, id, &f);
    fc_hash64_pair(&h, f.category, f.mask);
    int32_t lo[3], hi[3];
    fc_world_get_bounds(rn->world, id, lo, hi);
    for (int i = 0; i < 3; i++)
        fc_hash64_pair(&h, (uint32_t)lo[i], (uint32_t)hi[i]);
    /* The shape as the world stores it, through its text form. */
    fc_replay_op op;
    memset(&op, 0, sizeof op);
    op.kind = FC_REPLAY_SET;
    if (rn->dim == 2)
        fc_world_get_shape2(rn->world, id, &op.shape2);
    else
        fc_world_get_shape3(rn->world, id, &op.shape3);
    char line[512];
    fc_replay_op_format(&op, rn->dim, line, sizeof line);
    for (const char *p = line; *p; p++)
        fc_hash64_word(&h, (uint8_t)*p);
    return fc_hash64_final(&h);
}

/* A contact's int32 fields two per word (the format 3 contact hash's
 * words); 0 words without a contact. */
static uint64_t contact_words(const fc_contact2_result *c2, const fc_contact3_result *c3, uint64_t *w)
{
#define TWO(lo, hi) ((uint64_t)(uint32_t)(lo) | (uint64_t)(uint32_t)(hi) << 32)
    if (c2) {
        w[0] = TWO(c2->normal.x, c2->normal.y);
        w[1] = TWO(c2->depth, c2->point.x);
        w[2] = TWO(c2->point.y, 0);
        return 3;
    }
    if (c3) {
        w[0] = TWO(c3->normal.x, c3->normal.y);
        w[1] = TWO(c3->normal.z, c3->depth);
        w[2] = TWO(c3->point.x, c3->point.y);
        w[3] = TWO(c3->point.z, 0);
        return 4;
    }
    return 0;
#undef TWO
}

/* Per live body: its state hash and the hash of its pair partners (format
 * 3: and of each pair's contact). */
static void bodies_at(void *ctx, uint32_t frame, fc_replay_runner *rn, size_t done, size_t total)
{
    bodies_ctx *b = (bodies_ctx *)ctx;
    (void)done;
    (void)total;
    if (frame != b->frame)
        return;
    b->done = 1;
    const fc_pair *pairs = NULL;
    const fc_contact2_result *c2 = NULL;
    const fc_contact3_result *c3 = NULL;
    int32_t np = 0;
    /* format 3: the contacts too (the same pair list; listing it again
     * after the frame changes no pair events) */
    if (rn->version < 3)
        fc_world_find_pairs(rn->world, &pairs, &np);
    else if (rn->dim == 2)
        fc_world_find_contacts2(rn->world, &pairs, &c2, &np);
    else
        fc_world_find_contacts3(rn->world, &pairs, &c3, &np);
    uint64_t *partners = (uint64_t *)calloc(rn->live_cap ? rn->live_cap : 1, sizeof *partners);
    if (!partners) {
        b->out.failed = 1;
        return;
    }
    for (int32_t i = 0; i < np; i++) { /* chain each body's partners in pair order */
        uint64_t ia = pairs[i].a.index, ib = pairs[i].b.index;
        /* format 3: each partner word followed by the pair's contact */
        uint64_t wa[5] = {ib}, wb[5] = {ia};
        uint64_t nw = contact_words(c2 ? &c2[i] : NULL, c3 ? &c3[i] : NULL, wa + 1);
        memcpy(wb + 1, wa + 1, (size_t)nw * sizeof wa[0]);
        if (ia < rn->live_cap)
            partners[ia] = fc_hash64_words(partners[ia], wa, 1 + nw);
        if (ib < rn->live_cap)
            partners[ib] = fc_hash64_words(partners[ib], wb, 1 + nw);
    }
    cli_printf(&b->out, "# frame %" PRIu32 ": body index:generation, state hash, pair-partner hash%s\n", frame,
               rn->version >= 3 ? " (with contacts)" : "");
    for (uint32_t i = 0; i < rn->live_cap; i++) {
        if (!rn->live_gen[i])
            continue;
        fc_body_id id;
        id.index = i;
        id.generation = rn->live_gen[i];
        id.world = 1;
        if (!fc_world_body_valid(rn->world, id))
            continue;
        cli_printf(&b->out, "body %" PRIu32 ":%" PRIu32 " %016" PRIx64 " %016" PRIx64 "\n", i, id.generation,
                   shape_hash(rn, id), partners[i]);
    }
    free(partners);
}

static int cmd_bodies(int argc, char **argv)
{
    int n = 0;
    bodies_ctx b;
    memset(&b, 0, sizeof b);
    if (!cli_parse("bodies", "fixcol-replay bodies FILE FRAME", argc, argv, NULL, 0, 2, 2, &n) ||
        !parse_frame("bodies", argv[1], &b.frame))
        return EXIT_BAD;
    size_t size = 0;
    uint8_t *data = cli_load("bodies", argv[0], &size);
    if (!data)
        return EXIT_BAD;
    fc_replay_verify_result res;
    fc_replay_error err;
    fc_status st = fc_replay_verify(data, size, NULL, &res, &err, bodies_at, &b);
    free(data);
    if (st != FC_OK) {
        print_error("bodies", argv[0], &err, st);
        cli_buf_free(&b.out);
        return EXIT_BAD;
    }
    if (!b.done) {
        fprintf(stderr, "fixcol-replay bodies: %s: no frame %" PRIu32 " (it has frames 1..%" PRIu32 ")\n", argv[0],
                b.frame, res.frames);
        cli_buf_free(&b.out);
        return EXIT_BAD;
    }
    return cli_buf_flush("bodies", &b.out, stdout) ? EXIT_MATCH : EXIT_BAD;
}

/* ---------------------------------------------------------------- trace */

/* Every operation of one frame with the status it gets here (and the hit
 * count of queries): diff the output of two machines to name the
 * operation whose status differs. */
typedef struct trace_ctx {
    uint32_t want;
    cli_buf out; /* printed once the frame has been read completely */
} trace_ctx;

static fc_status trace_op(void *ctx, walk *w, uint32_t i, const fc_replay_op *op, fc_status os, uint32_t q)
{
    trace_ctx *t = (trace_ctx *)ctx;
    if (w->r.frames != t->want)
        return FC_OK;
    char line[1024]; /* a push-out of two 8-vertex polygons takes about 700 */
    fc_replay_op_format(op, w->r.settings.dim, line, sizeof line);
    cli_printf(&t->out, "%4" PRIu32 " %-22s", i, fc_status_str(os));
    if (w->rn.query_count > q)
        cli_printf(&t->out, " hits %" PRIu32 " %08" PRIx32, w->rn.queries[q].count, w->rn.queries[q].hash);
    cli_printf(&t->out, " | %s\n", line);
    return FC_OK;
}

static int cmd_trace(int argc, char **argv)
{
    int npos = 0;
    trace_ctx t;
    memset(&t, 0, sizeof t);
    if (!cli_parse("trace", "fixcol-replay trace FILE FRAME", argc, argv, NULL, 0, 2, 2, &npos) ||
        !parse_frame("trace", argv[1], &t.want))
        return EXIT_BAD;
    size_t size = 0;
    uint8_t *data = cli_load("trace", argv[0], &size);
    if (!data)
        return EXIT_BAD;
    walk w;
    fc_status st = walk_to(&w, data, size, t.want, trace_op, &t);
    int rc = EXIT_BAD;
    if (st != FC_OK)
        print_error("trace", argv[0], &w.r.error, st);
    else if (w.r.frames != t.want)
        fprintf(stderr, "fixcol-replay trace: %s: no frame %" PRIu32 " (it has frames 1..%" PRIu32 ")\n", argv[0],
                t.want, w.r.frames);
    else {
        const fc_replay_expect *g = &w.got; /* the frame's own results (version 3: events, contacts) */
        cli_printf(&t.out, "# pairs %" PRIu32 " %016" PRIx64, g->pair_count, g->pairs);
        if (g->extended)
            cli_printf(&t.out, " began %" PRIu32 " %08" PRIx32 " ended %" PRIu32 " %08" PRIx32 " contacts %" PRIu32
                               " %08" PRIx32,
                       g->began_count, g->began, g->ended_count, g->ended, g->contact_count, g->contacts);
        cli_printf(&t.out, "\n");
        if (cli_buf_flush("trace", &t.out, stdout))
            rc = EXIT_MATCH;
    }
    cli_buf_free(&t.out);
    walk_free(&w);
    free(data);
    return rc;
}

/* ---------------------------------------------------------------- record */

static int cmd_record(int argc, char **argv)
{
    enum { SCENARIO, SEED, BODIES, FRAMES, OUT, TEXT };
    cli_opt o[] = {{"--scenario", "NAME", 1, NULL, 0}, {"--seed", "N", 1, NULL, 0}, {"--bodies", "N", 1, NULL, 0},
                   {"--frames", "N", 1, NULL, 0},      {"-o", "FILE", 1, NULL, 0},  {"--text", NULL, 0, NULL, 0}};
    int n = 0;
    uint32_t seed = 0, bodies = 0, frames = 0;
    if (!cli_parse("record", "fixcol-replay record --scenario NAME --seed N --bodies N --frames N -o FILE [--text]",
                   argc, argv, o, (int)(sizeof o / sizeof o[0]), 0, 0, &n))
        return EXIT_BAD;
    const char *name = o[SCENARIO].value, *out = o[OUT].value;
    int text = o[TEXT].seen;
    if (!scen_about(name)) {
        fprintf(stderr, "fixcol-replay record: unknown scenario '%s'; the scenarios are:", name);
        for (int i = 0; scen_names[i]; i++)
            fprintf(stderr, " %s", scen_names[i]);
        fprintf(stderr, "\n");
        return EXIT_BAD;
    }
    if (!cli_u32("record", "--seed", o[SEED].value, 0, UINT32_MAX, &seed) ||
        !cli_u32("record", "--bodies", o[BODIES].value, 1, SCEN_MAX_BODIES, &bodies) ||
        !cli_u32("record", "--frames", o[FRAMES].value, 1, FC_REPLAY_MAX_FRAMES, &frames))
        return EXIT_BAD;
    fc_replay_recorder rec;
    fc_status st = scen_record(&rec, name, seed, bodies, frames);
    if (st == FC_OK)
        st = fc_replay_recorder_finish(&rec);
    int ok = st == FC_OK;
    if (!ok)
        fprintf(stderr, "fixcol-replay record: %s\n", fc_status_str(st));
    if (ok && text) {
        fc_replay_writer tw;
        fc_replay_error err;
        ok = fc_replay_convert(rec.w.data, rec.w.size, 1, &tw, &err) == FC_OK &&
             cli_save("record", out, tw.data, tw.size);
        fc_replay_writer_free(&tw);
    } else if (ok) {
        ok = cli_save("record", out, rec.w.data, rec.w.size);
    }
    fc_replay_recorder_free(&rec);
    return ok ? EXIT_MATCH : EXIT_BAD;
}

/* Run the operations of an existing replay (e.g. written by hand in the text
 * form, expectations arbitrary) and record them with the results this build
 * produces; created ids are replaced by the ids handed out. */
static int cmd_rerecord(int argc, char **argv)
{
    cli_opt o[] = {{"-o", "OUT", 1, NULL, 0}};
    int npos = 0;
    if (!cli_parse("rerecord", "fixcol-replay rerecord IN -o OUT", argc, argv, o, 1, 1, 1, &npos))
        return EXIT_BAD;
    size_t size = 0;
    uint8_t *data = cli_load("rerecord", argv[0], &size);
    if (!data)
        return EXIT_BAD;
    fc_replay_reader r;
    fc_replay_recorder rec;
    memset(&rec, 0, sizeof rec);
    fc_status st = fc_replay_open(&r, data, size);
    if (st == FC_OK)
        st = fc_replay_recorder_init(&rec, &r.settings);
    while (st == FC_OK) {
        int32_t more = 0;
        uint32_t n = 0;
        if ((st = fc_replay_next_frame(&r, &more, &n)) != FC_OK || !more)
            break;
        for (uint32_t i = 0; i < n && st == FC_OK; i++) {
            fc_replay_op op;
            if ((st = fc_replay_next_op(&r, &op)) == FC_OK && fc_replay_record(&rec, &op) == FC_ERR_NO_MEMORY)
                st = FC_ERR_NO_MEMORY;
        }
        if (st == FC_OK)
            st = walk_skip_expect(&r);
        if (st == FC_OK)
            st = fc_replay_recorder_end_frame(&rec);
    }
    if (st == FC_OK)
        st = fc_replay_recorder_finish(&rec);
    int rc = EXIT_MATCH;
    if (st != FC_OK) {
        print_error("rerecord", argv[0], &r.error, st);
        rc = EXIT_BAD;
    } else if (!cli_save("rerecord", o[0].value, rec.w.data, rec.w.size)) {
        rc = EXIT_BAD;
    }
    fc_replay_recorder_free(&rec);
    free(data);
    return rc;
}

/* ---------------------------------------------------------------- convert, dump */

static int convert_to(const char *cmd, const char *in, const char *out, int text)
{
    size_t size = 0;
    uint8_t *data = cli_load(cmd, in, &size);
    if (!data)
        return EXIT_BAD;
    fc_replay_writer w;
    fc_replay_error err;
    fc_status st = fc_replay_convert(data, size, text, &w, &err);
    int rc = EXIT_MATCH;
    if (st != FC_OK) {
        print_error(cmd, in, &err, st);
        rc = EXIT_BAD;
    } else if (!cli_save(cmd, out, w.data, w.size)) {
        rc = EXIT_BAD;
    }
    fc_replay_writer_free(&w);
    free(data);
    return rc;
}

static int cmd_convert(int argc, char **argv)
{
    cli_opt o[] = {{"-o", "OUT", 1, NULL, 0}, {"--text", NULL, 0, NULL, 0}};
    int n = 0;
    if (!cli_parse("convert", "fixcol-replay convert IN -o OUT [--text]", argc, argv, o, 2, 1, 1, &n))
        return EXIT_BAD;
    return convert_to("convert", argv[0], o[0].value, o[1].seen);
}

static int cmd_dump(int argc, char **argv)
{
    int n = 0;
    if (!cli_parse("dump", "fixcol-replay dump FILE", argc, argv, NULL, 0, 1, 1, &n))
        return EXIT_BAD;
    return convert_to("dump", argv[0], "-", 1);
}

/* ---------------------------------------------------------------- info */

/* Like verify: every file is checked first, the first bad one stops. */
static int cmd_info(int argc, char **argv)
{
    int npos = 0;
    if (!cli_parse("info", "fixcol-replay info FILE...", argc, argv, NULL, 0, 1, -1, &npos) ||
        !check_inputs("info", npos, argv))
        return EXIT_BAD;
    int rc = EXIT_MATCH;
    for (int f = 0; f < npos && rc == EXIT_MATCH; f++) {
        size_t size = 0;
        uint8_t *data = cli_load("info", argv[f], &size);
        if (!data)
            return EXIT_BAD;
        fc_replay_reader r;
        uint64_t kinds[FC_REPLAY_OP_KINDS] = {0};
        uint64_t ops = 0;
        fc_status st = fc_replay_open(&r, data, size);
        for (;;) {
            int32_t more = 0;
            uint32_t n = 0;
            if (st != FC_OK || (st = fc_replay_next_frame(&r, &more, &n)) != FC_OK || !more)
                break;
            fc_replay_op op;
            for (uint32_t i = 0; i < n && st == FC_OK; i++)
                if ((st = fc_replay_next_op(&r, &op)) == FC_OK)
                    kinds[op.kind]++;
            ops += n;
            if (st == FC_OK)
                st = walk_skip_expect(&r);
        }
        if (st != FC_OK) {
            print_error("info", argv[f], &r.error, st);
            rc = EXIT_BAD;
        } else {
            char bx[32], by[32];
            printf("%s: %s, version %d, %zu bytes, %dD world, bounds (%s, %s) + 2^%" PRId32 " units, depth %" PRId32
                   ", %s quadtree\n  %" PRIu32 " frames, %" PRIu64 " operations:",
                   argv[f], r.text ? "text" : "binary", (int)r.settings.version, size, (int)r.settings.dim,
                   fc_replay_fix_format(r.settings.bounds_min.x, bx), fc_replay_fix_format(r.settings.bounds_min.y, by),
                   r.settings.bounds_log2, r.settings.max_depth, r.settings.layout == FC_QT_STRICT ? "strict" : "loose",
                   r.frames, ops);
            for (int k = 1; k < FC_REPLAY_OP_KINDS; k++)
                if (kinds[k])
                    printf(" %s %" PRIu64, fc_replay_op_name((fc_replay_op_kind)k), kinds[k]);
            printf("\n");
        }
        free(data);
    }
    return rc;
}

/* ---------------------------------------------------------------- diff */

typedef struct side {
    const char *path;
    uint8_t *data;
    size_t size;
    fc_replay_reader r;
} side;

static int cmd_diff(int argc, char **argv)
{
    int npos = 0;
    if (!cli_parse("diff", "fixcol-replay diff A B", argc, argv, NULL, 0, 2, 2, &npos) || !check_inputs("diff", 2, argv))
        return EXIT_BAD;
    side s[2];
    memset(s, 0, sizeof s);
    int rc = EXIT_MATCH;
    for (int i = 0; i < 2; i++) {
        s[i].path = argv[i];
        s[i].data = cli_load("diff", argv[i], &s[i].size);
        if (!s[i].data || fc_replay_open(&s[i].r, s[i].data, s[i].size) != FC_OK)
            rc = EXIT_BAD;
    }
    if (rc == EXIT_MATCH && memcmp(&s[0].r.settings, &s[1].r.settings, sizeof s[0].r.settings) != 0) {
        printf("settings differ\n");
        rc = EXIT_MISMATCH;
    }
    fc_replay_op *ops[2] = {NULL, NULL};
    uint32_t cap = 0;
    while (rc == EXIT_MATCH) {
        int32_t more[2];
        uint32_t n[2];
        fc_replay_expect e[2];
        for (int i = 0; i < 2 && rc == EXIT_MATCH; i++)
            if (fc_replay_next_frame(&s[i].r, &more[i], &n[i]) != FC_OK)
                rc = EXIT_BAD;
        if (rc != EXIT_MATCH)
            break;
        uint32_t frame = s[0].r.frames;
        if (more[0] != more[1]) {
            printf("%s ends after frame %" PRIu32 ", the other goes on\n", more[0] ? argv[1] : argv[0],
                   more[0] ? s[1].r.frames : frame);
            rc = EXIT_MISMATCH;
            break;
        }
        if (!more[0])
            break;
        uint32_t need = n[0] > n[1] ? n[0] : n[1];
        if (need > cap) {
            for (int i = 0; i < 2; i++) {
                fc_replay_op *p = (fc_replay_op *)realloc(ops[i], (size_t)need * sizeof *p);
                if (!p) {
                    rc = EXIT_BAD;
                    break;
                }
                ops[i] = p;
            }
            if (rc != EXIT_MATCH)
                break;
            cap = need;
        }
        for (int i = 0; i < 2 && rc == EXIT_MATCH; i++) {
            for (uint32_t k = 0; k < n[i] && rc == EXIT_MATCH; k++)
                if (fc_replay_next_op(&s[i].r, &ops[i][k]) != FC_OK)
                    rc = EXIT_BAD;
            if (rc == EXIT_MATCH && fc_replay_read_expect(&s[i].r, &e[i]) != FC_OK)
                rc = EXIT_BAD;
        }
        if (rc != EXIT_MATCH)
            break;
        for (uint32_t k = 0; k < n[0] && k < n[1]; k++) {
            char la[512], lb[512];
            fc_replay_op_format(&ops[0][k], s[0].r.settings.dim, la, sizeof la);
            fc_replay_op_format(&ops[1][k], s[1].r.settings.dim, lb, sizeof lb);
            if (strcmp(la, lb) != 0) {
                printf("frame %" PRIu32 ": operation %" PRIu32 " differs:\n  %s\n  %s\n", frame, k, la, lb);
                rc = EXIT_MISMATCH;
                break;
            }
        }
        if (rc == EXIT_MATCH && n[0] != n[1]) {
            printf("frame %" PRIu32 ": %" PRIu32 " vs %" PRIu32 " operations\n", frame, n[0], n[1]);
            rc = EXIT_MISMATCH;
        }
        if (rc != EXIT_MATCH)
            break;
        const char *what = e[0].state != e[1].state ? "world state"
                           : e[0].pairs != e[1].pairs || e[0].pair_count != e[1].pair_count ? "pair list"
                           : e[0].began != e[1].began || e[0].began_count != e[1].began_count ||
                                     e[0].ended != e[1].ended || e[0].ended_count != e[1].ended_count
                               ? "pair events"
                           : e[0].contacts != e[1].contacts || e[0].contact_count != e[1].contact_count ? "contacts"
                           : e[0].ops != e[1].ops ? "operation statuses"
                           : NULL;
        fc_replay_query_expect q[2];
        uint32_t first_q = UINT32_MAX;
        for (uint32_t k = 0; k < e[0].query_count; k++) {
            for (int i = 0; i < 2; i++)
                if (fc_replay_read_query_expect(&s[i].r, &q[i]) != FC_OK)
                    rc = EXIT_BAD;
            if (rc == EXIT_MATCH && first_q == UINT32_MAX && (q[0].count != q[1].count || q[0].hash != q[1].hash))
                first_q = k;
        }
        if (rc != EXIT_MATCH)
            break;
        /* Named as verify names it: a checksum that differs while every
         * sub-hash and query result matches is "frame checksum only". */
        if (!what && first_q != UINT32_MAX)
            what = "queries";
        else if (!what && e[0].checksum != e[1].checksum)
            what = "frame checksum only (every sub-hash and query result matches)";
        if (what) {
            printf("frame %" PRIu32 ": same operations, different results: %s", frame, what);
            if (first_q != UINT32_MAX)
                printf(" (first differing query: %" PRIu32 ")", first_q);
            printf("; checksums %016" PRIx64 " vs %016" PRIx64 "\n", e[0].checksum, e[1].checksum);
            rc = EXIT_MISMATCH;
        }
    }
    if (rc == EXIT_BAD)
        for (int i = 0; i < 2; i++)
            if (s[i].r.status != FC_OK)
                print_error("diff", s[i].path, &s[i].r.error, s[i].r.status);
    if (rc == EXIT_MATCH)
        printf("same: %" PRIu32 " frames\n", s[0].r.frames);
    free(ops[0]);
    free(ops[1]);
    free(s[0].data);
    free(s[1].data);
    return rc;
}

/* ---------------------------------------------------------------- snapshots */

typedef struct snap_ctx {
    uint32_t frame;
    fc_status st;
    int done;
    uint8_t *blob;
    size_t size;
} snap_ctx;

static void snap_at(void *ctx, uint32_t frame, fc_replay_runner *rn, size_t done, size_t total)
{
    snap_ctx *c = (snap_ctx *)ctx;
    (void)done;
    (void)total;
    if (frame != c->frame)
        return;
    c->done = 1;
    size_t n = 0;
    if ((c->st = fc_world_snapshot(rn->world, NULL, 0, &n)) != FC_OK)
        return;
    c->blob = (uint8_t *)malloc(n);
    c->st = c->blob ? fc_world_snapshot(rn->world, c->blob, n, &c->size) : FC_ERR_NO_MEMORY;
}

/* The world after FRAME of a replay, as a snapshot blob. */
static int cmd_snapshot(int argc, char **argv)
{
    cli_opt o[] = {{"-o", "OUT", 1, NULL, 0}};
    int n = 0;
    snap_ctx c;
    memset(&c, 0, sizeof c);
    if (!cli_parse("snapshot", "fixcol-replay snapshot FILE FRAME -o OUT", argc, argv, o, 1, 2, 2, &n) ||
        !parse_frame("snapshot", argv[1], &c.frame))
        return EXIT_BAD;
    size_t size = 0;
    uint8_t *data = cli_load("snapshot", argv[0], &size);
    if (!data)
        return EXIT_BAD;
    fc_replay_verify_result res;
    fc_replay_error err;
    fc_status st = fc_replay_verify(data, size, NULL, &res, &err, snap_at, &c);
    free(data);
    int rc = EXIT_BAD;
    if (st != FC_OK)
        print_error("snapshot", argv[0], &err, st);
    else if (!c.done)
        fprintf(stderr, "fixcol-replay snapshot: %s: no frame %" PRIu32 " (it has frames 1..%" PRIu32 ")\n", argv[0],
                c.frame, res.frames);
    else if (c.st != FC_OK)
        fprintf(stderr, "fixcol-replay snapshot: %s\n", fc_status_str(c.st));
    else if (cli_save("snapshot", o[0].value, c.blob, c.size))
        rc = EXIT_MATCH;
    free(c.blob);
    return rc;
}

/* A snapshot file restored into a world (w NULL: failed, printed). */
static fc_world *load_snapshot(const char *cmd, const char *path)
{
    size_t size = 0;
    uint8_t *data = cli_load(cmd, path, &size);
    if (!data)
        return NULL;
    fc_world_def def = fc_world_def_default();
    fc_world *w = NULL;
    fc_status st = fc_world_create(&def, &w);
    if (st == FC_OK)
        st = fc_world_restore(w, data, size);
    free(data);
    if (st != FC_OK) {
        fprintf(stderr, "fixcol-replay %s: %s: bad input: not a valid snapshot blob: %s\n", cmd, path,
                fc_status_str(st));
        fc_world_destroy(w);
        return NULL;
    }
    return w;
}

static int cmd_snapdump(int argc, char **argv)
{
    int n = 0;
    if (!cli_parse("snapdump", "fixcol-replay snapdump SNAP", argc, argv, NULL, 0, 1, 1, &n))
        return EXIT_BAD;
    fc_world *w = load_snapshot("snapdump", argv[0]);
    if (!w)
        return EXIT_BAD;
    size_t size = 0;
    char *text = NULL;
    fc_status st = fc_world_dump(w, NULL, 0, &size);
    if (st == FC_OK)
        st = (text = (char *)malloc(size ? size : 1)) != NULL ? fc_world_dump(w, text, size, &size) : FC_ERR_NO_MEMORY;
    fc_world_destroy(w);
    int rc = st == FC_OK && cli_save("snapdump", "-", (const uint8_t *)text, size) ? EXIT_MATCH : EXIT_BAD;
    if (st != FC_OK)
        fprintf(stderr, "fixcol-replay snapdump: %s\n", fc_status_str(st));
    free(text);
    return rc;
}

static int cmd_snapdiff(int argc, char **argv)
{
    int n = 0;
    if (!cli_parse("snapdiff", "fixcol-replay snapdiff A B", argc, argv, NULL, 0, 2, 2, &n) ||
        !check_inputs("snapdiff", 2, argv))
        return EXIT_BAD;
    uint8_t *blob[2] = {NULL, NULL};
    size_t len[2] = {0, 0};
    for (int i = 0; i < 2; i++)
        if (!(blob[i] = cli_load("snapdiff", argv[i], &len[i]))) {
            free(blob[0]);
            return EXIT_BAD;
        }
    size_t size = 0;
    uint32_t count = 0;
    int32_t bad = 0;
    char *text = NULL;
    fc_status st = fc_snapshot_diff(blob[0], len[0], blob[1], len[1], NULL, 0, &size, &count, &bad);
    if (st == FC_OK) {
        text = (char *)malloc(size ? size : 1);
        st = text ? fc_snapshot_diff(blob[0], len[0], blob[1], len[1], text, size, &size, &count, &bad)
                  : FC_ERR_NO_MEMORY;
    }
    free(blob[0]);
    free(blob[1]);
    int rc = EXIT_BAD;
    if (st != FC_OK && bad)
        fprintf(stderr, "fixcol-replay snapdiff: %s: bad input: not a valid snapshot blob: %s\n", argv[bad - 1],
                fc_status_str(st));
    else if (st != FC_OK)
        fprintf(stderr, "fixcol-replay snapdiff: %s\n", fc_status_str(st));
    else {
        fwrite(text, 1, size, stdout);
        if (count)
            printf("differences %" PRIu32 "\n", count);
        else
            printf("same\n");
        rc = count ? EXIT_MISMATCH : EXIT_MATCH;
    }
    free(text);
    return rc;
}

/* ---------------------------------------------------------------- main */

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_BAD;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return EXIT_MATCH;
    }
    if (strcmp(cmd, "verify") == 0)
        return cmd_verify(argc - 2, argv + 2);
    if (strcmp(cmd, "record") == 0)
        return cmd_record(argc - 2, argv + 2);
    if (strcmp(cmd, "info") == 0)
        return cmd_info(argc - 2, argv + 2);
    if (strcmp(cmd, "diff") == 0)
        return cmd_diff(argc - 2, argv + 2);
    if (strcmp(cmd, "dump") == 0)
        return cmd_dump(argc - 2, argv + 2);
    if (strcmp(cmd, "convert") == 0)
        return cmd_convert(argc - 2, argv + 2);
    if (strcmp(cmd, "bodies") == 0)
        return cmd_bodies(argc - 2, argv + 2);
    if (strcmp(cmd, "rerecord") == 0)
        return cmd_rerecord(argc - 2, argv + 2);
    if (strcmp(cmd, "trace") == 0)
        return cmd_trace(argc - 2, argv + 2);
    if (strcmp(cmd, "snapshot") == 0)
        return cmd_snapshot(argc - 2, argv + 2);
    if (strcmp(cmd, "snapdump") == 0)
        return cmd_snapdump(argc - 2, argv + 2);
    if (strcmp(cmd, "snapdiff") == 0)
        return cmd_snapdiff(argc - 2, argv + 2);
    if (strcmp(cmd, "svg") == 0)
        return cmd_svg(argc - 2, argv + 2);
    fprintf(stderr, "fixcol-replay: unknown command '%s'\n", cmd);
    usage(stderr);
    return EXIT_BAD;
}
