/* SPDX-License-Identifier: MIT */
/* A shared library that leaks a private helper (it is built with default
 * visibility and declares fc2_leaked_helper without FC_API): the export check
 * must reject it, proving it would see a leak in libfixcol. */
#include <fixcol/status.h>

int fc2_leaked_helper(int x);
int fc2_leaked_helper(int x) { return x + 1; }

const char *fc_status_str(fc_status s)
{
    return s == FC_OK ? "ok" : "error";
}
