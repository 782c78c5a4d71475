/* nb_sieve.c - the sieve of Eratosthenes behind tables/nb_sieve.h, grown by doubling
 * within the asking request's budget. */
#include "games/coprime/nb_sieve.h"

#include <stdlib.h>

#include "core/nb_util.h"

static void sieve_destroy(nb_cached *c)
{
    nb_sieve *t = (nb_sieve *)c;
    free(t->odd);
    free(t->primes);
    free(t);
}

static bool sieve_covers(const nb_cached *c, const void *need)
{
    return ((const nb_sieve *)c)->n >= ((const nb_sieve_need *)need)->n;
}

/* Eratosthenes' sieve over the odd numbers: every prime p up to sqrt(n), from the largest
 * down, writes its index on its odd multiples from p^2, so that the least prime factor's
 * is the one left; then the odd numbers nothing wrote on are the primes, numbered in one
 * pass. To at least twice the old table, so that growth stays linear overall. */
static nb_status sieve_build(const nb_cached *old_, const void *need_, nb_cached **out,
                             nb_err *err)
{
    const nb_sieve *old = (const nb_sieve *)old_;
    const nb_sieve_need *need = need_;
    uint64_t n = need->n;
    if (old && n < 2 * old->n)
        n = 2 * old->n;
    if (n < 64)
        n = 64;
    uint64_t root = 1;
    while ((root + 1) * (root + 1) < n)
        root++;
    /* what the sieve holds at its peak: the indices, the primes, the small sieve */
    uint64_t peak = (n / 2 + 1 + n / 4 + 16) * sizeof(uint32_t) + 3 * root + 64;
    if (!nb_budget_hold(need->budget, peak))
        return nb_budget_fail(need->budget, err);
    nb_sieve *t = nb_xcalloc(1, sizeof *t);
    t->n = n;
    t->odd = nb_xcalloc_large(n / 2 + 1, sizeof *t->odd);
    /* the primes up to the root, and their indices, by a small sieve of its own */
    uint8_t *composite = nb_xcalloc(root + 2, 1);
    uint32_t *small = nb_xmalloc((root / 2 + 2) * sizeof *small), nsmall = 0;
    for (uint64_t m = 3; m <= root; m += 2)
        if (!composite[m]) {
            small[nsmall++] = (uint32_t)m;
            for (uint64_t j = m * m; j <= root; j += 2 * m)
                composite[j] = 1;
        }
    /* each prime's index k + 2 (2 is the first prime), the request's budget looked at
     * before each */
    for (uint32_t k = nsmall; k-- > 0 && !nb_budget_spent_now(need->budget);) {
        uint64_t p = small[k];
        for (uint64_t j = p * p; j < n; j += 2 * p)
            t->odd[j / 2] = k + 2;
    }
    free(small);
    free(composite);
    t->primes = nb_xmalloc((n / 4 + 16) * sizeof *t->primes);
    t->primes[t->nprimes = 1] = 2;
    /* the numbering, the budget looked at first and then every 2^15 odd numbers */
    for (uint64_t m = 3; m < n; m += 2) {
        if ((m - 3) % 65536 == 0 && nb_budget_spent_now(need->budget))
            break;
        if (!t->odd[m / 2]) {
            t->odd[m / 2] = (uint32_t)++t->nprimes;
            t->primes[t->nprimes] = (uint32_t)m;
        }
    }
    if (nb_budget_spent(need->budget)) {
        nb_budget_drop(need->budget, peak);
        sieve_destroy(&t->base);
        return nb_budget_fail(need->budget, err);
    }
    t->primes = nb_xrealloc(t->primes, (t->nprimes + 2) * sizeof *t->primes);
    t->base = (nb_cached){.bytes = sizeof *t + (n / 2 + 1) * sizeof *t->odd +
                                   (t->nprimes + 2) * sizeof *t->primes,
                          .destroy = sieve_destroy};
    nb_budget_drop(need->budget, peak); /* the caller holds the table as it comes out */
    *out = &t->base;
    return NB_OK;
}

const nb_cache_kind nb_sieve_kind = {.covers = sieve_covers, .build = sieve_build};
