/* bench_long.c - the long runs outside CI: an octal game's table grown by the sparse-space
 * method until the octal periodicity theorem proves its period, checked against the
 * published figures (.16: Gangolli and Plambeck 1989; .376, .354 and .1777: Flammenkamp's
 * table), with time and peak memory, then written to a table store and read back as a
 * restarted process reads it; or (--rate) the sparse-space method's values a second on a
 * code, for Officers (.6) against Grossman's published figure.
 * Usage: bench_long [code [max_values [minutes [table_dir]]]] (table_dir: a new one under
 * /tmp by default, removed at the end) | bench_long --rate code values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "games/octal/nb_octal.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static double peak_mib(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024.0;
}

/* The published periods (0: not stated in the source). */
static const struct published {
    const char *code;
    uint64_t preperiod, period;
    const char *source;
} published[] = {
    {"0.16", 105351, 149459, "Gangolli and Plambeck 1989"},
    {"0.376", 2268248, 0, "Flammenkamp"},
    {"0.354", 10061916, 0, "Flammenkamp"},
    {"0.1777", 160949018, 60620715, "Flammenkamp"},
};

/* Prints the proved period beside the published one; false when they differ. */
static bool against_published(const char *code, const nb_octable *t)
{
    for (size_t i = 0; i < sizeof published / sizeof *published; i++) {
        const struct published *p = &published[i];
        if (strcmp(p->code, code))
            continue;
        bool same = t->preperiod == p->preperiod && (!p->period || t->period == p->period);
        printf("%s: published (%s): preperiod %llu", code, p->source,
               (unsigned long long)p->preperiod);
        if (p->period)
            printf(", period %llu", (unsigned long long)p->period);
        printf(": %s\n", same ? "reproduced" : "DIFFERENT");
        return same;
    }
    return true;
}

/* The sparse-space method's values a second on `code` to `values`. */
static int rate(const char *code, uint64_t values)
{
    nb_octal_rule rule;
    nb_err err = {0};
    if (nb_octal_parse(code, &rule, &err) != NB_OK || !values) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    uint32_t *v = malloc(values * sizeof *v);
    if (!v)
        return 2;
    double t0 = now();
    nb_octal_sparse(&rule, values, v);
    double t = now() - t0;
    printf("%s: %llu values by the sparse-space method in %.1f s = %.2f M values/s "
           "(peak %.0f MiB; last value %u)\n", code, (unsigned long long)values, t,
           values / t / 1e6, peak_mib(), v[values - 1]);
    free(v);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--rate"))
        return argc > 3 ? rate(argv[2], strtoull(argv[3], NULL, 10)) : 2;
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
    nb_key key = nb_octable_key(&rule);
    double start = now(), last = start;
    uint64_t done = 0;
    const nb_octable *t = NULL;
    for (uint64_t heap = 1 << 20;; heap *= 2) {
        bool final = heap >= max;
        nb_octable_need need = {final ? max - 1 : heap - 1, final, max, UINT64_MAX, &rule, NULL};
        const nb_cached *c;
        if (nb_cache_acquire(cache, key.text, &nb_octable_kind, &need, &c, &err) != NB_OK)
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
    bool same = true;
    if (t->proved) {
        printf("%s: period %llu from %llu, proved in %.1f s, peak %.0f MiB\n", code,
               (unsigned long long)t->period, (unsigned long long)t->preperiod,
               now() - start, peak_mib());
        same = against_published(code, t);
    } else {
        printf("%s: no period proved within %llu values (%.1f s)\n", code,
               (unsigned long long)t->n, now() - start);
    }
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
    if (nb_cache_acquire(cache, key.text, &nb_octable_kind, &need, &c, &err) != NB_OK)
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
    return same ? 0 : 1;
}
