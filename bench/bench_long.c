/* bench_long.c - the moonshot outside CI: the octal game .1777 by the sparse-space method
 * until the octal periodicity theorem proves its period (published: 60,620,715 from
 * 160,949,018; the proof needs about 4.4*10^8 values), printing the rate as it goes.
 * Usage: bench_long [code [max_values [minutes]]]. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "games/nb_octal.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    const char *code = argc > 1 ? argv[1] : "0.1777";
    uint64_t max = argc > 2 ? strtoull(argv[2], NULL, 10) : 450000000ULL;
    double minutes = argc > 3 ? atof(argv[3]) : 30;
    nb_octal_rule rule;
    nb_err err = {0};
    if (nb_octal_parse(code, &rule, &err) != NB_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    nb_cache *cache = nb_cache_new(SIZE_MAX / 2);
    char key[64];
    nb_octable_key(&rule, key, sizeof key);
    double start = now(), last = start;
    uint64_t done = 0;
    const nb_octable *t = NULL;
    for (uint64_t heap = 1 << 20;; heap *= 2) {
        bool final = heap >= max;
        nb_octable_need need = {final ? max - 1 : heap - 1, final, max, UINT64_MAX, &rule, NULL};
        const nb_cached *c;
        if (nb_cache_acquire(cache, key, &nb_octable_kind, &need, &c, &err) != NB_OK)
            return 1;
        if (t)
            nb_cache_release(cache, &t->base);
        t = (const nb_octable *)c;
        double at = now();
        if (!t->proved)
            printf("%s: %llu values in %.1f s, %.2f M values/s lately\n", code,
                   (unsigned long long)t->n, at - start, (t->n - done) / (at - last) / 1e6);
        fflush(stdout);
        done = t->n, last = at;
        if (t->proved || final || at - start > minutes * 60)
            break;
    }
    if (t->proved)
        printf("%s: period %llu from %llu, proved in %.1f s\n", code,
               (unsigned long long)t->period, (unsigned long long)t->preperiod, now() - start);
    else
        printf("%s: no period proved within %llu values (%.1f s)\n", code,
               (unsigned long long)t->n, now() - start);
    nb_cache_release(cache, &t->base);
    nb_cache_free(cache);
    return 0;
}
