/* SPDX-License-Identifier: MIT */
/* Exact decimal text of binary fixed-point values (internal to fixcol and
 * its tools; fc_replay_fix_format in fixcol/replay.h is the public Q16.16
 * case). Integer-only. */
#ifndef FIXCOL_FIXTEXT_H
#define FIXCOL_FIXTEXT_H

#include <stdint.h>

/* Size of a buffer that holds any fc_fixtext_format result. */
#define FC_FIXTEXT_BUF 64

/* The exact decimal of v / 2^frac_bits ("-12.375", "0.00000000023283064365386962890625"),
 * without trailing zeros, into buf (FC_FIXTEXT_BUF bytes). frac_bits in
 * 0..32 and |v| < 2^62 (callers: Q16.16 values and Q32.32 products);
 * every such value has at most frac_bits fractional digits. Returns buf. */
char *fc_fixtext_format(int64_t v, uint32_t frac_bits, char *buf);

#endif
