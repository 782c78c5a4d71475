/* bench_long.c - the moonshot outside CI: the octal game .1777 by the sparse-space method
 * until the octal periodicity theorem proves its period (published: 60,620,715 from
 * 160,949,018; the proof needs about 4.4*10^8 values), printing the rate as it goes; then
 * the table written to a table store and read back as a restarted process reads it.
 * Usage: bench_long [code [max_values [minutes [table_dir]]]] (table_dir: a new one under
 * /tmp by default, removed at the end). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/octal/nb_octal.h"

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
    char dir[256] = "/tmp/nimber-bench-long-XXXXXX";
    bool own_dir = argc <= 4;
    if (own_dir ? !mkdtemp(dir) : snprintf(dir, sizeof dir, "%s", argv[4]) < 0)
        return 2;
    nb_cache *cache = nb_cache_new(SIZE_MAX / 2);
    nb_store *store = nb_store_open(dir, 0, 0, NULL, NULL);
    nb_cache_attach_store(cache, store); /* each doubling is written in the background */
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
    double cold = now() - start;
    uint64_t values = t->n;
    nb_cache_release(cache, &t->base);
    nb_cache_free(cache); /* the last version is written before it returns */
    nb_store_close(store);

    /* a restarted process: a new store and cache over the directory, asked for the table */
    double t0 = now();
    store = nb_store_open(dir, 0, 0, NULL, NULL);
    cache = nb_cache_new(SIZE_MAX / 2);
    nb_cache_attach_store(cache, store);
    nb_octable_need need = {values - 1, false, max, UINT64_MAX, &rule, NULL};
    const nb_cached *c;
    if (nb_cache_acquire(cache, key, &nb_octable_kind, &need, &c, &err) != NB_OK)
        return 1;
    uint64_t v;
    bool known = nb_octable_value((const nb_octable *)c, 1000000000000ULL, &v);
    double warm = now() - t0;
    const nb_octable *read = (const nb_octable *)c;
    printf("%s: restarted from the table store: %.3f s (%s, %llu values, %s) against %.1f s "
           "cold = %.0fx faster\n", code, warm, read->file ? "mapped" : "COMPUTED",
           (unsigned long long)read->n, known ? "period known" : "no period", cold, cold / warm);
    nb_cache_release(cache, c);
    nb_cache_free(cache);
    nb_store_close(store);
    if (own_dir) {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd))
            return 1;
    }
    return 0;
}
