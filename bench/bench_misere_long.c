/* bench_misere_long.c - the misère moonshot outside CI: how far past heap 33 a partial
 * misère quotient grows within a time limit and 8 GiB (by default Dawson's Kayles, 0.07,
 * for 30 minutes: the published computations stop at heap 33, order 638), its tables held
 * by their generators past NB_QUOTIENT_DENSE elements, its order bounded by memory alone
 * (an address-space limit: an allocation past it fails, and the growth stops with what it
 * has); prints the order the first time each heap is certified, then the version it ends
 * with (certified again), why it stopped and the peak RSS.
 * Usage: bench_misere_long [code [minutes]] */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "games/octal/nb_octal.h"
#include "theory/nb_quotient.h"

#define MEMORY ((rlim_t)8 << 30)

static struct timespec start;

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - start.tv_sec) + (t.tv_nsec - start.tv_nsec) / 1e9;
}

/* The first time heaps 0..heaps-1 are certified: the order then. */
static void placed(void *ctx, uint64_t heaps, uint32_t order)
{
    uint64_t *furthest = ctx;
    if (heaps <= *furthest)
        return;
    *furthest = heaps;
    printf("heap %llu: order %u after %.1f s\n", (unsigned long long)heaps - 1, order,
           seconds());
    fflush(stdout);
}

int main(int argc, char **argv)
{
    const char *code = argc > 1 ? argv[1] : "0.07";
    double minutes = argc > 2 ? atof(argv[2]) : 30;
    nb_octal_rule rule;
    nb_err err = {0};
    if (nb_octal_parse(code, &rule, &err) != NB_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 2;
    }
    struct rlimit memory = {MEMORY, MEMORY};
    if (setrlimit(RLIMIT_AS, &memory) != 0)
        perror("setrlimit");
    nb_budget limit;
    nb_budget_start(&limit, (uint64_t)(minutes * 60));
    uint64_t furthest = 0;
    nb_quotient_growth how = {0, placed, &furthest, 0};
    nb_quotient_need need = {NB_QUOTIENT_MAX_HEAPS - 1, UINT32_MAX, UINT64_MAX, &rule, &limit,
                             NULL, &how};
    clock_gettime(CLOCK_MONOTONIC, &start);
    nb_quotient *q = NULL;
    nb_status st = nb_quotient_build(&need, &q, &err);
    double took = seconds();
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
           q->stop ? q->stop : "done", took, certified ? "yes" : "NO", u.ru_maxrss / 1024.0);
    q->base.destroy(&q->base);
    return certified ? 0 : 1;
}
