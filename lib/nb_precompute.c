/* nb_precompute.c - a ruleset's table grown ahead of time from a spec ("grundy:N",
 * "octal:CODE:N", "octal:CODE:period", "subtraction:A,B,..."), by doublings through a
 * cache, so that every doubling is written to the store beneath it as a server's would be
 * (the last one when the cache closes), with a line of progress. */
#include "nimber.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/grundy/nb_grundy.h"
#include "games/subtraction/nb_subtraction.h"
#include "theory/nb_octable.h"
#include "theory/nb_subtable.h"

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}


/* One ruleset's table grown to `size` values (UINT64_MAX: until its period), doubling. */
static bool grow_octal(nb_cache *c, const char *spec, const nb_octal_rule *rule, uint64_t size,
                       uint64_t max_table, bool tty, FILE *out)
{
    nb_key key = nb_octable_key(rule);
    double start = now_seconds();
    bool want_period = size == UINT64_MAX;
    uint64_t target = want_period ? max_table : size;
    for (uint64_t heap = 1024;; heap *= 2) {
        uint64_t reach = heap < target ? heap : target;
        nb_octable_need need = {reach - 1, want_period && reach == target, max_table,
                                UINT64_MAX, rule, NULL};
        const nb_cached *t;
        nb_err err;
        if (nb_cache_acquire(c, key.text, &nb_octable_kind, &need, &t, &err) != NB_OK) {
            fprintf(out, "%s%s: %s\n", tty ? "\n" : "", spec, err.msg);
            return false;
        }
        const nb_octable *o = (const nb_octable *)t;
        bool done = o->proved || o->n >= target;
        if (tty || done)
            fprintf(out, "%s%s (%s): %llu values%s, %.1f s%s", tty ? "\r" : "", spec, key.text,
                    (unsigned long long)o->n, o->proved ? ", period proved" : "",
                    now_seconds() - start, done || !tty ? "\n" : "   ");
        if (o->proved)
            fprintf(out, "  period %llu from heap %llu\n", (unsigned long long)o->period,
                    (unsigned long long)o->preperiod);
        fflush(out);
        nb_cache_release(c, t);
        if (done || reach == target)
            return true;
    }
}

static bool grow_subtraction(nb_cache *c, const char *spec, const char *list, uint64_t max_table,
                             FILE *out)
{
    uint32_t set[NB_SUBTRACTION_MAX_SET];
    size_t n = 0;
    for (const char *p = list; *p;) {
        if (n == NB_SUBTRACTION_MAX_SET) {
            fprintf(out, "%s: a set holds at most %d values\n", spec, NB_SUBTRACTION_MAX_SET);
            return false;
        }
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (end == p || v == 0 || v > NB_SUBTRACTION_MAX_VALUE || (*end && *end != ',')) {
            fprintf(out, "%s: the set is positive integers up to %d, comma-separated\n", spec,
                    NB_SUBTRACTION_MAX_VALUE);
            return false;
        }
        set[n++] = (uint32_t)v;
        p = *end ? end + 1 : end;
    }
    qsort(set, n, sizeof *set, by_value);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        if (!distinct || set[i] != set[distinct - 1])
            set[distinct++] = set[i];
    n = distinct;
    nb_key key = nb_subtable_key(set, n); /* 64 values of 7 digits: it fits */
    nb_subtable_need need = {0, true, max_table, set, n, NULL};
    const nb_cached *t;
    nb_err err;
    if (!n || nb_cache_acquire(c, key.text, &nb_subtable_kind, &need, &t, &err) != NB_OK) {
        fprintf(out, "%s: %s\n", spec, n ? err.msg : "an empty set");
        return false;
    }
    const nb_subtable *s = (const nb_subtable *)t;
    fprintf(out, "%s (%s): %llu values", spec, key.text, (unsigned long long)s->n);
    if (s->proved)
        fprintf(out, ", period %llu from heap %llu\n", (unsigned long long)s->period,
                (unsigned long long)s->preperiod);
    else
        fprintf(out, ", no period within max_table: not stored\n");
    nb_cache_release(c, t);
    return true;
}

/* One spec, parsed in `copy` (the spec's text, the caller's to change). */
static bool run_copy(nb_cache *c, const char *spec, char *copy, uint64_t max_table, bool tty,
                     FILE *out)
{
    char *type = copy, *rest = strchr(copy, ':');
    if (!rest)
        return fprintf(out, "%s: no ':' (see --help)\n", spec), false;
    *rest++ = '\0';
    if (!strcmp(type, "subtraction"))
        return grow_subtraction(c, spec, rest, max_table, out);
    nb_octal_rule rule = nb_grundy_rule();
    char *size = rest;
    if (!strcmp(type, "octal")) {
        size = strrchr(rest, ':');
        nb_err err;
        if (!size)
            return fprintf(out, "%s: octal:CODE:N or octal:CODE:period\n", spec), false;
        *size++ = '\0';
        if (nb_octal_parse(rest, &rule, &err) != NB_OK)
            return fprintf(out, "%s: %s\n", spec, err.msg), false;
    } else if (strcmp(type, "grundy")) {
        return fprintf(out, "%s: the type is grundy, octal or subtraction\n", spec), false;
    }
    uint64_t n = UINT64_MAX;
    if (strcmp(size, "period") && !nb_parse_count(size, 1, max_table, &n))
        return fprintf(out, "%s: the size is 1 to %llu values (--max-table)%s\n", spec,
                       (unsigned long long)max_table,
                       strcmp(type, "octal") ? "" : ", or \"period\""), false;
    if (n == UINT64_MAX && !nb_octal_provable(&rule))
        return fprintf(out, "%s: the periodicity theorem proves no period of this code: give a "
                       "size\n", spec), false;
    return grow_octal(c, spec, &rule, n, max_table, tty, out);
}

bool nb_precompute(nb_cache *c, const char *spec, uint64_t max_table, bool tty, FILE *out)
{
    char *copy = nb_xmalloc(strlen(spec) + 1); /* whole: a spec cut short is another spec */
    strcpy(copy, spec);
    bool ok = run_copy(c, spec, copy, max_table, tty, out);
    free(copy);
    return ok;
}

