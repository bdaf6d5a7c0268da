/* SPDX-License-Identifier: MIT */
/* Deliberately overflows a signed int at run time: under the sanitizer build
 * (-fsanitize=undefined -fno-sanitize-recover=all) this program must abort,
 * proving the sanitizer test setup catches undefined behaviour. */
#include <limits.h>
#include <stdio.h>
int main(void)
{
    volatile int big = INT_MAX;
    int r = big + 1;
    printf("%d\n", r);
    return 0;
}
