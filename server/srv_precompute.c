/* srv_precompute.c - each ruleset's table grown by doublings through a cache over the
 * store, so that every doubling is written as the server would write it, the last one
 * when the cache closes. */
#include "srv_precompute.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/nb_util.h"
#include "engine/nb_solver.h"
#include "games/nb_octal.h"
#include "games/nb_subtraction.h"
#include "tables/nb_cache.h"
#include "tables/nb_octable.h"
#include "tables/nb_store.h"
#include "tables/nb_subtable.h"

static const char USAGE[] =
    "usage: nimberd precompute --table-dir DIR [--table-dir-mb MB] [--max-table N] SPEC...\n"
    "  SPEC is one of\n"
    "    grundy:N            Grundy's game, heaps 0..N-1\n"
    "    octal:CODE:N        a take-and-break code (0.77, 4.07, 0.F, ...), heaps 0..N-1\n"
    "    octal:CODE:period   ... until the periodicity theorem proves its period\n"
    "    subtraction:A,B,... a subtraction set, until its period is proved\n"
    "  N at most --max-table (default 2^26, as nimberd's); the tables are written to DIR\n"
    "  as nimberd writes them, and nimberd reads them when it runs with --table-dir DIR.\n";

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

/* The store's events but the removal of the smaller versions each doubling supersedes. */
static void store_event(void *arg, const char *event, const char *file, const char *detail)
{
    if (strcmp(event, "table_file_removed") || !strstr(detail, "superseded"))
        fprintf(arg, "%s: %s: %s\n", event, file, detail);
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

/* A count of values: digits, at most `most`. */
static bool read_size(const char *text, uint64_t most, uint64_t *out)
{
    char *end;
    if (!*text || strspn(text, "0123456789") != strlen(text))
        return false;
    *out = strtoull(text, &end, 10);
    return *out >= 1 && *out <= most;
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
    nb_octal_rule rule = nb_octal_grundy();
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
    if (strcmp(size, "period") && !read_size(size, max_table, &n))
        return fprintf(out, "%s: the size is 1 to %llu values (--max-table)%s\n", spec,
                       (unsigned long long)max_table,
                       strcmp(type, "octal") ? "" : ", or \"period\""), false;
    if (n == UINT64_MAX && !nb_octal_provable(&rule))
        return fprintf(out, "%s: the periodicity theorem proves no period of this code: give a "
                       "size\n", spec), false;
    return grow_octal(c, spec, &rule, n, max_table, tty, out);
}

static bool run_spec(nb_cache *c, const char *spec, uint64_t max_table, bool tty, FILE *out)
{
    char *copy = nb_xmalloc(strlen(spec) + 1); /* whole: a spec cut short is another spec */
    strcpy(copy, spec);
    bool ok = run_copy(c, spec, copy, max_table, tty, out);
    free(copy);
    return ok;
}

int srv_precompute(int argc, char **argv, FILE *out, FILE *err)
{
    const char *dir = getenv("NIMBER_TABLE_DIR");
    uint64_t dir_mb = 0, max_table = nb_limits_default().max_table;
    int first = 1;
    for (; first < argc && !strncmp(argv[first], "--", 2); first += 2) {
        const char *flag = argv[first], *value = first + 1 < argc ? argv[first + 1] : NULL;
        if (!strcmp(flag, "--help"))
            return fputs(USAGE, out), 0;
        if (!value)
            return fprintf(err, "%s needs a value\n%s", flag, USAGE), 2;
        if (!strcmp(flag, "--table-dir"))
            dir = value;
        else if (!strcmp(flag, "--table-dir-mb") && read_size(value, 1 << 24, &dir_mb))
            ;
        else if (!strcmp(flag, "--max-table") && read_size(value, 1ULL << 34, &max_table))
            ;
        else
            return fprintf(err, "bad setting %s %s\n%s", flag, value, USAGE), 2;
    }
    if (!dir || !*dir || first == argc)
        return fprintf(err, "%s", USAGE), 2;
    /* files unused for ten minutes may go past the cap, as nimberd's (a replica may be
     * reading the others) */
    nb_store *store = nb_store_open(dir, dir_mb << 20, 600, store_event, err);
    nb_cache *cache = nb_cache_new(SIZE_MAX);
    nb_cache_attach_store(cache, store);
    bool tty = isatty(fileno(out));
    int status = 0;
    for (int i = first; i < argc; i++)
        if (!run_spec(cache, argv[i], max_table, tty, out))
            status = 1;
    nb_cache_free(cache); /* the writer writes what is queued */
    nb_store_stats st = nb_store_get_stats(store);
    fprintf(out, "%llu files written (%llu bytes) to %s; %llu files, %llu bytes there\n",
            (unsigned long long)st.writes, (unsigned long long)st.written_bytes, dir,
            (unsigned long long)st.files, (unsigned long long)st.bytes);
    if (st.write_errors)
        status = 1;
    nb_store_close(store);
    return status;
}
