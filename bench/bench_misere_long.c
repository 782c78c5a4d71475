/* bench_misere_long.c - the misère moonshot outside CI: how far past heap 33 a partial
 * misère quotient grows within a time limit (by default Dawson's Kayles, 0.07, for 10
 * minutes: the published computations stop at heap 33, order 638), the version it ends
 * with certified; prints the heaps covered, the order, why it stopped and the peak RSS
 * (the moonshot's bound: 8 GiB).
 * Usage: bench_misere_long [code [minutes]] */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "games/octal/nb_octal.h"
#include "theory/nb_quotient.h"

int main(int argc, char **argv)
{
    const char *code = argc > 1 ? argv[1] : "0.07";
    double minutes = argc > 2 ? atof(argv[2]) : 10;
    nb_octal_rule rule;
    nb_err err = {0};
    if (nb_octal_parse(code, &rule, &err) != NB_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    nb_budget limit;
    nb_budget_start(&limit, (uint64_t)(minutes * 60));
    nb_quotient_need need = {NB_QUOTIENT_MAX_HEAPS - 1, NB_QUOTIENT_MAX_ORDER, UINT64_MAX,
                             &rule, &limit, NULL};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    nb_quotient *q = NULL;
    nb_status st = nb_quotient_build(&need, &q, &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    nb_budget_end(&limit);
    if (st != NB_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    bool certified = nb_quotient_certify(q, UINT64_MAX);
    printf("%s: misère quotient exact for heaps to %llu, order %u, %s, %s after %.1f s "
           "(certified again: %s); peak RSS %.0f MiB\n",
           code, (unsigned long long)q->n - 1, q->order, q->proved ? "period proved" : "partial",
           q->stop ? q->stop : "done", (double)(t1.tv_sec - t0.tv_sec) +
           (t1.tv_nsec - t0.tv_nsec) / 1e9, certified ? "yes" : "NO", u.ru_maxrss / 1024.0);
    q->base.destroy(&q->base);
    return certified ? 0 : 1;
}
