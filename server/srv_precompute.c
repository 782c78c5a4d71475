/* srv_precompute.c - `nimberd precompute`: its flags, the store and the cache the
 * library's nb_precompute grows each spec's table through, and the summary. */
#include "srv_precompute.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nimber.h"

static const char USAGE[] =
    "usage: nimberd precompute --table-dir DIR [--table-dir-mb MB] [--max-table N] SPEC...\n"
    "  SPEC is one of\n"
    "    grundy:N            Grundy's game, heaps 0..N-1\n"
    "    octal:CODE:N        a take-and-break code (0.77, 4.07, 0.F, ...), heaps 0..N-1\n"
    "    octal:CODE:period   ... until the periodicity theorem proves its period\n"
    "    subtraction:A,B,... a subtraction set, until its period is proved\n"
    "  N at most --max-table (default 2^26, as nimberd's); the tables are written to DIR\n"
    "  as nimberd writes them, and nimberd reads them when it runs with --table-dir DIR.\n";

/* The store's events but the removal of the smaller versions each doubling supersedes. */
static void store_event(void *arg, const char *event, const char *file, const char *detail)
{
    if (strcmp(event, "table_file_removed") || !strstr(detail, "superseded"))
        fprintf(arg, "%s: %s: %s\n", event, file, detail);
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
        else if (!strcmp(flag, "--table-dir-mb") && nb_parse_count(value, 1, 1 << 24, &dir_mb))
            ;
        else if (!strcmp(flag, "--max-table") && nb_parse_count(value, 1, 1ULL << 34, &max_table))
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
        if (!nb_precompute(cache, argv[i], max_table, tty, out))
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
