/* SPDX-License-Identifier: MIT */
/* fixcol-replay's command-line plumbing: one option parser, one number
 * parser, and the only way the tool reads an input file (checked to be a
 * regular file within a size cap before it is opened). Portable C11 + stdio;
 * the file-type check uses stat/_stat64 where the platform has it. Every
 * error is printed to stderr, prefixed "fixcol-replay CMD: ". */
#ifndef FIXCOL_TOOLS_REPLAY_CLI_H
#define FIXCOL_TOOLS_REPLAY_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Exit statuses of every command. */
enum { EXIT_MATCH = 0, EXIT_MISMATCH = 1, EXIT_BAD = 2 };

/* Input files larger than this are refused before they are read. The largest
 * committed replay is about 1 MiB; a replay holds at most FC_REPLAY_MAX_FRAMES
 * frames, and a file this large would need as much memory again to verify. */
#define CLI_MAX_INPUT_BYTES (256u * 1024u * 1024u)
#define CLI_MAX_INPUT_TEXT "256 MiB"

/* One option of a command: "--seed" with a value, or a flag like "--text". */
typedef struct cli_opt {
    const char *name;
    const char *metavar; /* the value's name in messages ("N"); NULL: a flag */
    int required;
    const char *value;   /* out: the value (options with a metavar) */
    int seen;            /* out: given */
} cli_opt;

/* Parse argv (a command's arguments) against opts[0..nopts): rejects unknown
 * options, options given twice or without their value, and names every
 * missing required option; "--" ends the options. The positional arguments
 * are moved to argv[0..*npos) (argv is the program's own, writable); their
 * count must be within [min_pos, max_pos] (max_pos < 0: no limit). usage is
 * the command's one-line usage, printed with an error. 1 ok, 0 error
 * (printed). */
int cli_parse(const char *cmd, const char *usage, int argc, char **argv, cli_opt *opts, int nopts, int min_pos,
              int max_pos, int *npos);

/* The one number parser: unsigned decimal, digits only (no sign, space,
 * prefix or trailing text), value in [min, max]; what names the argument in
 * the error ("--seed", "FRAME"). 1 ok, 0 error (printed). */
int cli_u32(const char *cmd, const char *what, const char *text, uint32_t min, uint32_t max, uint32_t *out);

/* Refuse, without opening it, a path that is missing, not a regular file
 * (a directory, a FIFO, a device: opening a FIFO would block, /dev/zero never
 * ends) or larger than CLI_MAX_INPUT_BYTES. 1 ok, 0 refused (printed). On a
 * platform without stat only cli_load's bounded read applies. */
int cli_check_input(const char *cmd, const char *path);

/* cli_check_input, then the whole file into memory, reading at most
 * CLI_MAX_INPUT_BYTES + 1 bytes (a file that grew is still refused). NULL on
 * failure (printed); free() the result. */
uint8_t *cli_load(const char *cmd, const char *path, size_t *size);

/* Write data to path ("-": stdout). 1 ok, 0 error (printed). */
int cli_save(const char *cmd, const char *path, const uint8_t *data, size_t size);

/* Output held back until a command has succeeded, so an error never leaves a
 * partial table on stdout. */
typedef struct cli_buf {
    char *data;
    size_t len, cap;
    int failed; /* out of memory: cli_buf_flush reports it */
} cli_buf;

void cli_printf(cli_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Write b to out and free it; 0 if it ran out of memory (printed). */
int cli_buf_flush(const char *cmd, cli_buf *b, FILE *out);
void cli_buf_free(cli_buf *b);

#endif
