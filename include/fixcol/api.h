/* SPDX-License-Identifier: MIT */
/* fixcol/api.h - FC_API, the mark on every public function of libfixcol.
 *
 * The shared library is compiled with hidden symbol visibility, so it
 * exports exactly the declarations marked FC_API (tests/check_exports.py
 * compares its dynamic symbol table with these headers).
 *
 *   ELF / Mach-O (gcc, clang): __attribute__((visibility("default"))).
 *   Windows: a DLL build defines FC_DLL (and FC_BUILDING_DLL while compiling
 *     the library itself): dllexport there, dllimport in its users. Code that
 *     links the static library, or compiles the sources in, defines neither
 *     and gets a plain declaration. meson, fixcol.pc and the CMake package
 *     set FC_DLL for their users when they hand out the DLL.
 *   Other compilers (tcc, ...): a plain declaration.
 *   Frama-C (__FRAMAC__, the EVA proofs in tests/proof): a plain
 *   declaration too. Frama-C 25 mishandles the attribute on prototypes (34
 *   of 96 harnesses then lost their input ranges and alarmed); visibility
 *   only concerns linking, so the proven code is the same.
 */
#ifndef FIXCOL_API_H
#define FIXCOL_API_H

#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(FC_DLL) && defined(FC_BUILDING_DLL)
#define FC_API __declspec(dllexport)
#elif defined(FC_DLL)
#define FC_API __declspec(dllimport)
#else
#define FC_API
#endif
#elif defined(__GNUC__) && __GNUC__ >= 4 && !defined(__FRAMAC__)
#define FC_API __attribute__((visibility("default")))
#else
#define FC_API
#endif

#endif
