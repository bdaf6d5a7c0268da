/* SPDX-License-Identifier: MIT */
/* Include this LAST in every geometry source file: from here on the words
 * float and double are compile errors, so no floating-point type can feed a
 * result. tests/check_float_free.sh also disassembles the built library and
 * fails on any floating-point instruction (this catches literals such as 1.0,
 * which poisoning cannot see). */
#ifndef FIXCOL_NOFLOAT_H
#define FIXCOL_NOFLOAT_H
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC poison float double
#endif
#endif
