/* SPDX-License-Identifier: MIT */
/* Stand-in for libfixmath's <fixmath.h>, used only by the Frama-C proof
 * (tests/proof/run_eva.sh). fixcol takes nothing from libfixmath but the
 * fix16_t type (no function, no constant: see "libfixmath policy" in
 * docs/numeric-model.md), and the real header cannot be analysed with
 * -warn-signed-downcast: it initialises `fix16_minimum = 0x80000000`, an
 * implementation-defined conversion, in a global. run_eva.sh checks that the
 * real header declares fix16_t exactly as below before using this file. */
#ifndef FIXCOL_PROOF_FIXMATH_SHIM_H
#define FIXCOL_PROOF_FIXMATH_SHIM_H
#include <stdint.h>
typedef int32_t fix16_t;
#endif
