/* SPDX-License-Identifier: MIT */
/* fixcol-replay svg: one frame of a replay as an SVG drawing (svg.c). */
#ifndef FIXCOL_TOOLS_REPLAY_SVG_H
#define FIXCOL_TOOLS_REPLAY_SVG_H

/* The usage line and the command (argv: the command's own arguments).
 * Exit EXIT_MATCH (written) or EXIT_BAD (nothing written). */
#define SVG_USAGE "fixcol-replay svg FILE --frame N [-o OUT] [--cells]"
int cmd_svg(int argc, char **argv);

#endif
