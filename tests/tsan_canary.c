/* SPDX-License-Identifier: MIT */
/* Deliberately racy: two threads increment one global without
 * synchronisation. tools/test.sh builds it with -fsanitize=thread and
 * requires ThreadSanitizer to report the race (exit 66), showing that the
 * thread-sanitized run of test_threads would see shared mutable state. */
#include <pthread.h>
#include <stdio.h>

static long g_counter;

static void *bump(void *arg)
{
    (void)arg;
    for (int i = 0; i < 100000; i++)
        g_counter++;
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, bump, NULL);
    pthread_create(&b, NULL, bump, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("tsan canary: %ld\n", g_counter);
    return 0;
}
