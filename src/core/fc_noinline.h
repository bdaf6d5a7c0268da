/* SPDX-License-Identifier: MIT */
/* FC_NOINLINE: keep a rare path out of line, so a hot caller's fast path
 * does not pay the rare path's register saves (measured on the frame
 * loop's moves: a third of their instructions). Only a speed hint. */
#ifndef FIXCOL_SRC_FC_NOINLINE_H
#define FIXCOL_SRC_FC_NOINLINE_H

#if defined(__GNUC__)
#define FC_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define FC_NOINLINE __declspec(noinline)
#else
#define FC_NOINLINE
#endif

#endif
