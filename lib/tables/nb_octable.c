/* nb_octable.c - take-and-break SG sequences: values by the sparse-space method, periods by
 * the octal periodicity theorem.
 *
 * Sparse space (Winning Ways, ch. 4, "Sparse space spells speed"; Gangolli and Plambeck;
 * Flammenkamp): for a mask m call a value rare when v & m has an even number of bits, else
 * common. The parity of v & m is linear over XOR, so a split's value G(a) ^ G(b) is common
 * only when exactly one of G(a), G(b) is rare. With a good mask few heaps hold rare values,
 * so every common option of a heap comes from the pairs through the rare heaps (listed),
 * and only the rare values below the mex need the other pairs, each search ending at its
 * first hit. Any mask gives the exact mex; the mask only sets the speed (mask 0 makes every
 * value rare: the naive method). The mask is chosen afresh, as the one that leaves the
 * fewest rare heaps, each time the table doubles.
 *
 * Periods (Guy and Smith; Winning Ways, ch. 4, the periodicity theorem for octal games): if
 * a game's moves take at most t counters, i >= 1, and G(n + p) = G(n) for all
 * i <= n < 2i + p + t, then G(n + p) = G(n) for all n >= i. Each time the table doubles,
 * the prefix function of the reversed table gives every suffix's least period in one
 * linear pass, and the longest suffix that meets the theorem's bound proves the period.
 * The theorem's proof maps a split a + b to a + (b - p), which can break "unequal": it says
 * nothing about Grundy's game, whose values come from the table only. */
#include "tables/nb_octable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

#define FIRST_GROWTH 1024
#define FIRST_PROOF 256
#define MASK_BITS 10 /* masks over the low bits: 2^10 candidates, each over 2^10 values */

/* The state of one computation: the values so far, the mask and its rare heaps, and the
 * options seen for the heap being valued (stamp[v] == n + 1). */
typedef struct grower {
    const nb_octal_rule *rule;
    uint32_t *values;
    uint64_t n, cap;
    uint32_t mask, top; /* top: the largest value so far */
    uint32_t *rare;     /* heaps >= 1 whose values are rare, ascending */
    size_t nrare, rare_cap;
    uint32_t *stamp;
    size_t nstamp;
    uint64_t work; /* pair tests made */
    nb_budget *budget; /* may be NULL */
    uint64_t held;     /* what the values hold of the budget */
} grower;

static bool is_rare(uint32_t mask, uint32_t v) { return !(__builtin_popcount(v & mask) & 1); }

static void mark(grower *g, uint32_t v)
{
    if (v >= g->nstamp) {
        size_t grown = 2 * (size_t)v + 64;
        g->stamp = nb_xrealloc(g->stamp, grown * sizeof *g->stamp);
        memset(g->stamp + g->nstamp, 0, (grown - g->nstamp) * sizeof *g->stamp);
        g->nstamp = grown;
    }
    g->stamp[v] = (uint32_t)g->n + 1;
}

static bool marked(const grower *g, uint32_t v)
{
    return v < g->nstamp && g->stamp[v] == (uint32_t)g->n + 1;
}

/* G(n): the options that leave no heap or one, and the splits through a rare heap, mark
 * their values. Then c, the least common value not marked, is not had (a common value
 * comes only from a split through a rare heap, all marked); the mex is c unless a rare
 * value below c is had by no split. One pass over the other splits marks those rare
 * values, ending as soon as none is left unmarked (usually after a few pairs). c is at
 * most the number of options, a bound on the mex (with mask 0 every value is rare, and
 * this is the naive method). */
static uint32_t next_value(grower *g)
{
    const nb_octal_rule *r = g->rule;
    const uint32_t *G = g->values;
    uint64_t n = g->n, options = 0; /* the mex is at most the number of options */
    for (size_t j = 0; j <= r->last && j <= n; j++) {
        uint8_t d = r->digit[j];
        if ((d & 1) && n == j)
            mark(g, 0), options++;
        if ((d & 2) && n > j)
            mark(g, G[n - j]), options++;
        if (!(d & 4) || n < j + 2)
            continue;
        uint64_t m = n - j;
        options += m / 2 - (r->unequal && m % 2 == 0);
        for (size_t k = 0; k < g->nrare && g->rare[k] < m; k++) {
            uint64_t a = g->rare[k];
            if (r->unequal && 2 * a == m)
                continue;
            g->work++;
            mark(g, G[a] ^ G[m - a]);
        }
    }
    uint32_t c = 0, left = 0; /* left: rare values below c not marked */
    for (; c < options && (marked(g, c) || is_rare(g->mask, c)); c++)
        left += !marked(g, c);
    for (size_t j = 0; j <= r->last && j + 2 <= n && left; j++) {
        if (!(r->digit[j] & 4))
            continue;
        uint64_t m = n - j;
        for (uint64_t a = 1; 2 * a <= m && left; a++) {
            if (r->unequal && 2 * a == m)
                break;
            g->work++;
            uint32_t v = G[a] ^ G[m - a];
            if (v < c && !marked(g, v)) { /* rare: every common value below c is marked */
                mark(g, v);
                left--;
            }
        }
    }
    uint32_t v = 0;
    while (v < c && marked(g, v))
        v++;
    return v;
}

static void rebuild_rare(grower *g)
{
    g->nrare = 0;
    for (uint64_t a = 1; a < g->n; a++)
        if (is_rare(g->mask, g->values[a])) {
            nb_reserve((void **)&g->rare, &g->rare_cap, g->nrare + 1, sizeof *g->rare);
            g->rare[g->nrare++] = (uint32_t)a;
        }
}

/* The mask over the low MASK_BITS bits that leaves the fewest heaps rare. */
static void choose_mask(grower *g)
{
    enum { SIZE = 1 << MASK_BITS };
    uint64_t *count = nb_xcalloc(SIZE, sizeof *count);
    uint32_t span = 1;
    for (uint64_t a = 1; a < g->n; a++)
        count[g->values[a] & (SIZE - 1)]++;
    while (span < SIZE && span <= g->top)
        span *= 2;
    uint64_t best = UINT64_MAX;
    for (uint32_t m = 0; m < span; m++) {
        uint64_t rare = 0;
        for (uint32_t v = 0; v < span; v++)
            rare += is_rare(m, v) ? count[v] : 0;
        if (rare < best)
            best = rare, g->mask = m;
    }
    free(count);
    rebuild_rare(g);
}

static void grower_push(grower *g, uint32_t v)
{
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : FIRST_GROWTH;
        g->values = nb_xrealloc(g->values, g->cap * sizeof *g->values);
    }
    g->values[g->n++] = v;
    if (v > g->top)
        g->top = v;
    if (g->n >= 64 && !(g->n & (g->n - 1)))
        choose_mask(g);
    else if (g->n > 1 && is_rare(g->mask, v)) {
        nb_reserve((void **)&g->rare, &g->rare_cap, g->nrare + 1, sizeof *g->rare);
        g->rare[g->nrare++] = (uint32_t)(g->n - 1);
    }
}

/* Whether the budget has room for the values' next growth (then held). */
static bool room_to_grow(grower *g)
{
    uint64_t more = (g->cap ? g->cap : FIRST_GROWTH) * sizeof *g->values;
    if (!nb_budget_hold(g->budget, more))
        return false;
    g->held += more;
    return true;
}

/* Values until n reaches target, the pair tests pass max_work or the budget is spent. */
static void grow(grower *g, uint64_t target, uint64_t max_work)
{
    while (g->n < target && g->work <= max_work && !nb_budget_spent(g->budget) &&
           (g->n < g->cap || room_to_grow(g)))
        grower_push(g, next_value(g));
}

static void grower_free(grower *g)
{
    free(g->rare);
    free(g->stamp);
}

void nb_octal_sparse(const nb_octal_rule *rule, uint64_t n, uint32_t *values)
{
    grower g = {.rule = rule};
    grow(&g, n, UINT64_MAX);
    memcpy(values, g.values, n * sizeof *values);
    free(g.values);
    grower_free(&g);
}

void nb_octal_naive(const nb_octal_rule *rule, uint64_t n, uint32_t *values)
{
    grower g = {.rule = rule, .values = values, .cap = n};
    for (; g.n < n; g.n++) {
        for (size_t j = 0; j <= rule->last && j <= g.n; j++) {
            uint8_t d = rule->digit[j];
            if ((d & 1) && g.n == j)
                mark(&g, 0);
            if ((d & 2) && g.n > j)
                mark(&g, values[g.n - j]);
            for (uint64_t m = g.n - j, a = 1; (d & 4) && 2 * a <= m; a++)
                if (!(rule->unequal && 2 * a == m))
                    mark(&g, values[a] ^ values[m - a]);
        }
        uint32_t v = 0;
        while (marked(&g, v))
            v++;
        values[g.n] = v;
    }
    grower_free(&g);
}

/* The period of values[0..n) by the theorem, into t (proved, period, preperiod). */
static void prove(nb_octable *t)
{
    uint64_t n = t->n;
    uint32_t *pi = nb_xmalloc_large(n * sizeof *pi);
    const uint32_t *v = t->values;
    pi[0] = 0; /* over the reversed table r[k] = v[n - 1 - k] */
    for (uint64_t k = 1; k < n; k++) {
        uint32_t q = pi[k - 1];
        while (q && v[n - 1 - k] != v[n - 1 - q])
            q = pi[q - 1];
        pi[k] = q + (v[n - 1 - k] == v[n - 1 - q]);
    }
    for (uint64_t len = n; len >= 1; len--) { /* the suffix v[n - len .. n) */
        uint64_t i = n - len, p = len - pi[len - 1];
        if (i >= 1 && 2 * i + 2 * p + t->rule.last <= n) {
            while (i > 0 && v[i - 1] == v[i - 1 + p])
                i--;
            t->proved = true, t->period = p, t->preperiod = i;
            break;
        }
    }
    free(pi);
}

static void octable_destroy(nb_cached *c)
{
    nb_octable *t = (nb_octable *)c;
    free(t->values);
    free(t);
}

static bool octable_covers(const nb_cached *c, const void *need_)
{
    const nb_octable *t = (const nb_octable *)c;
    const nb_octable_need *need = need_;
    if (t->proved || t->n >= t->limit)
        return true;
    return !(need->want_period && !t->rule.unequal) && need->heap < t->n;
}

static nb_status octable_build(const nb_cached *old_, const void *need_, nb_cached **out,
                               nb_err *err)
{
    (void)err;
    const nb_octable *old = (const nb_octable *)old_;
    const nb_octable_need *need = need_;
    nb_octable *t = nb_xmalloc(sizeof *t);
    *t = *old;
    grower g = {.rule = &t->rule, .n = old->n, .cap = old->n, .mask = old->mask,
                .budget = need->budget};
    if (nb_budget_hold(g.budget, old->n * sizeof *g.values)) /* no room: grow() stops */
        g.held = old->n * sizeof *g.values;
    g.values = nb_xmalloc((old->n + 1) * sizeof *g.values);
    if (old->n) /* the seed has no values */
        memcpy(g.values, old->values, old->n * sizeof *g.values);
    for (uint64_t a = 0; a < g.n; a++)
        g.top = g.values[a] > g.top ? g.values[a] : g.top;
    rebuild_rare(&g);
    uint64_t target = need->heap + 1 > 2 * old->n ? need->heap + 1 : 2 * old->n;
    if (need->want_period && !t->rule.unequal)
        target = t->limit;
    target = target < FIRST_GROWTH ? FIRST_GROWTH : target;
    target = target > t->limit ? t->limit : target;
    while (g.n < target && g.work <= need->max_work && !t->proved &&
           !nb_budget_spent(need->budget)) {
        uint64_t stop = t->next_proof < target ? t->next_proof : target;
        grow(&g, stop, need->max_work);
        t->values = g.values, t->n = g.n;
        if (g.n >= t->next_proof) {
            if (!t->rule.unequal)
                prove(t);
            t->next_proof *= 2;
        }
    }
    t->values = g.values, t->n = g.n, t->mask = g.mask;
    if (!t->proved && !t->rule.unequal && t->n == t->limit && t->n >= FIRST_PROOF)
        prove(t); /* the last chance: the table will not grow */
    grower_free(&g);
    nb_budget_drop(need->budget, g.held); /* the caller holds the table as it comes out */
    if (t->proved && t->n > t->preperiod + t->period) /* the rest follows by the period */
        t->n = t->preperiod + t->period;
    t->values = nb_xrealloc(t->values, (t->n + 1) * sizeof *t->values);
    t->base = (nb_cached){.bytes = sizeof *t + t->n * sizeof *t->values,
                          .destroy = octable_destroy};
    *out = &t->base;
    return NB_OK;
}

/* The first build (old == NULL) starts from an empty table made from the need. */
static nb_status octable_build_or_seed(const nb_cached *old, const void *need_, nb_cached **out,
                                       nb_err *err)
{
    if (old)
        return octable_build(old, need_, out, err);
    const nb_octable_need *need = need_;
    nb_octable empty = {.rule = *need->rule, .next_proof = FIRST_PROOF,
                        .limit = need->limit < UINT32_MAX ? need->limit : UINT32_MAX - 1};
    return octable_build(&empty.base, need_, out, err);
}

const nb_cache_kind nb_octable_kind = {octable_covers, octable_build_or_seed};

void nb_octable_key(const nb_octal_rule *rule, char *buf, size_t size)
{
    if (rule->unequal) {
        snprintf(buf, size, "grundy");
        return;
    }
    size_t used = (size_t)snprintf(buf, size, "octal:%u.", rule->digit[0]);
    for (size_t j = 1; j <= rule->last && used < size; j++)
        used += (size_t)snprintf(buf + used, size - used, "%u", rule->digit[j]);
}

bool nb_octable_value(const nb_octable *t, uint64_t n, uint64_t *value)
{
    if (n < t->n) {
        *value = t->values[n];
        return true;
    }
    if (!t->proved)
        return false;
    *value = t->values[t->preperiod + (n - t->preperiod) % t->period];
    return true;
}
