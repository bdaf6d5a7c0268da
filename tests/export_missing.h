/* SPDX-License-Identifier: MIT */
/* A public declaration that no library defines: with the real headers, the
 * export check must report it as missing from libfixcol. */
#include <fixcol/api.h>

FC_API int fc_not_in_the_library(void);
