/* srv_sweep.c - `nimberd misere-sweep`: its flags, the codes shared out to one thread a
 * core, the rows written in the codes' order, and a summary on err. */
#include "srv_sweep.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nimber.h"

static const char USAGE[] =
    "usage: nimberd misere-sweep [--digits D] [--seconds S] [--max-work N] [--jobs J]\n"
    "                            [--out FILE]\n"
    "  the misère quotient of every octal code 0.d1..dk, k <= D (default 3; a code ending\n"
    "  in 0 is the shorter one), grown for at most S seconds each (default 2) and N records\n"
    "  a certification (default 50000000), J codes at once (default: the cores), each row\n"
    "  certified again before it is written to FILE (default: standard output) as\n"
    "  code status order p_size tame preperiod period exact_up_to seconds.\n";

typedef struct sweep {
    char (*codes)[NB_SWEEP_CODE_LEN];
    nb_misere_row *rows;
    bool *failed;
    size_t count;
    atomic_size_t next;
    uint64_t seconds, max_work;
    FILE *err;
    pthread_mutex_t lock; /* err */
} sweep;

static void *work(void *arg)
{
    sweep *s = arg;
    for (size_t i; (i = atomic_fetch_add(&s->next, 1)) < s->count;) {
        nb_err e = {0};
        s->failed[i] = !nb_misere_sweep_row(s->codes[i], s->seconds, s->max_work, &s->rows[i], &e);
        if (s->failed[i]) {
            pthread_mutex_lock(&s->lock);
            fprintf(s->err, "nimberd misere-sweep: %s: %s\n", s->codes[i], e.msg);
            pthread_mutex_unlock(&s->lock);
        }
    }
    return NULL;
}

int srv_sweep(int argc, char **argv, FILE *out, FILE *err)
{
    uint64_t digits = 3, seconds = 2, max_work = 50000000, jobs = 0;
    const char *path = NULL;
    for (int i = 1; i < argc; i += 2) {
        const char *flag = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(flag, "--help"))
            return fputs(USAGE, out), 0;
        if (!value)
            return fprintf(err, "%s needs a value\n%s", flag, USAGE), 2;
        if (!strcmp(flag, "--out"))
            path = value;
        else if (!(!strcmp(flag, "--digits") && nb_parse_count(value, 1, 4, &digits)) &&
                 !(!strcmp(flag, "--seconds") && nb_parse_count(value, 1, 86400, &seconds)) &&
                 !(!strcmp(flag, "--max-work") &&
                   nb_parse_count(value, 1, UINT64_MAX / 2, &max_work)) &&
                 !(!strcmp(flag, "--jobs") && nb_parse_count(value, 1, 256, &jobs)))
            return fprintf(err, "bad setting %s %s\n%s", flag, value, USAGE), 2;
    }
    if (!jobs) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        jobs = cores > 0 ? (uint64_t)cores : 1;
    }
    sweep s = {.seconds = seconds, .max_work = max_work, .err = err,
               .lock = PTHREAD_MUTEX_INITIALIZER};
    s.count = nb_misere_sweep_codes((unsigned)digits, NULL, 0);
    s.codes = nb_xcalloc(s.count, sizeof *s.codes);
    s.rows = nb_xcalloc(s.count, sizeof *s.rows);
    s.failed = nb_xcalloc(s.count, sizeof *s.failed);
    nb_misere_sweep_codes((unsigned)digits, s.codes, s.count);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (jobs > s.count)
        jobs = s.count;
    pthread_t *threads = nb_xcalloc(jobs, sizeof *threads);
    for (uint64_t j = 0; j < jobs; j++)
        pthread_create(&threads[j], NULL, work, &s);
    for (uint64_t j = 0; j < jobs; j++)
        pthread_join(threads[j], NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    FILE *table = path ? fopen(path, "w") : out;
    int status = 0;
    size_t tally[3] = {0}, tame = 0;
    if (!table) {
        fprintf(err, "nimberd misere-sweep: cannot write %s\n", path);
        status = 1;
    } else {
        fputs(nb_misere_sweep_header, table);
        for (size_t i = 0; i < s.count; i++) {
            if (s.failed[i]) {
                status = 1;
                continue;
            }
            nb_misere_row_write(&s.rows[i], table);
            tally[s.rows[i].status]++;
            tame += s.rows[i].status == NB_SWEEP_PROVED && s.rows[i].tame;
        }
        if (path && fclose(table))
            status = 1;
    }
    fprintf(err, "%zu codes in %.1f s: %zu proved (%zu tame), %zu partial, %zu none\n", s.count,
            (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9, tally[0], tame,
            tally[1], tally[2]);
    free(threads), free(s.codes), free(s.rows), free(s.failed);
    return status;
}
