/* nb_octable.c - take-and-break SG sequences: values by the sparse-space method (or the
 * general one), periods by the periodicity theorem.
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
 * The general method, for what sparse space does not cover (a split into three heaps,
 * whose value is common when one or three of its parts are: no few heaps hold the common
 * options; a repeating code, whose takes are unbounded): the options of one and two heaps
 * are marked, and the mex is the least value neither marked nor the value of a three-heap
 * split. A split a + b + c of m has that value v exactly when G(b) ^ G(c) = v ^ G(a) for
 * its smallest part a <= m / 3, and the table keeps, for every x, the set of values
 * G(b) ^ G(x - b) as a bit set: one lookup a smallest part, so a value costs O(m) lookups
 * where listing the splits costs O(m^2).
 *
 * Periods (Guy and Smith; Winning Ways, ch. 4, the periodicity theorem for octal games,
 * here for moves that leave up to k heaps): if every move takes at most t counters, i >= 1,
 * and G(n + p) = G(n) for all i <= n < k i + (k - 1) p + t, then G(n + p) = G(n) for all
 * n >= i. By induction on n past that bound: a split of n + p - j (j <= t) into at most k
 * heaps has a largest heap of at least (n + p - j) / k >= i + p, and taking p from it is a
 * split of n - j of the same value (the heap and the heap less p are both at least i and
 * below n + p: their values agree); adding p to the largest heap of a split of n - j is
 * the converse. Each time the table doubles, the prefix function of the reversed table
 * gives every suffix's least period in one linear pass, and the longest suffix that meets
 * the bound (k i + k p + t values, the last checked pair n + p included) proves the period.
 * The theorem says nothing of a code whose splits carry a mark (taking p from a heap can
 * make two heaps equal, or unequal: Grundy's game) or whose takes are unbounded (a
 * repeating code): their values come from the table, or from an arithmetic period that
 * theory/nb_arith.c proves. */
#include "theory/nb_octable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "theory/nb_arith.h"

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
    uint64_t held;     /* what the values (and pairs) hold of the budget */
    bool general;      /* the general method (three-heap splits, a repeating code) */
    bool triples;      /* a digit leaves three heaps that may be equal: pairs are kept */
    uint64_t *pairs;   /* row x < n: the values of the splits of x into two (words each) */
    size_t words;      /* a power of two: every value, and so every XOR, is below 64 words */
    uint64_t pair_cap; /* rows the pairs have room for */
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
        bool unequal = r->mark[j] != NB_MARK_NONE; /* '!' or '?': on two heaps the same */
        if ((d & 1) && n == j)
            mark(g, 0), options++;
        if ((d & 2) && n > j)
            mark(g, G[n - j]), options++;
        if (!(d & 4) || n < j + 2)
            continue;
        uint64_t m = n - j;
        if (r->mark[j] == NB_MARK_EQUAL) { /* two equal halves: the value 0 */
            if (m % 2 == 0)
                mark(g, 0), options++;
            continue;
        }
        options += m / 2 - (unequal && m % 2 == 0);
        for (size_t k = 0; k < g->nrare && g->rare[k] < m; k++) {
            uint64_t a = g->rare[k];
            if (unequal && 2 * a == m)
                continue;
            g->work++;
            mark(g, G[a] ^ G[m - a]);
        }
    }
    uint32_t c = 0, left = 0; /* left: rare values below c not marked */
    for (; c < options && (marked(g, c) || is_rare(g->mask, c)); c++)
        left += !marked(g, c);
    for (size_t j = 0; j <= r->last && j + 2 <= n && left; j++) {
        if (!(r->digit[j] & 4) || r->mark[j] == NB_MARK_EQUAL)
            continue;
        uint64_t m = n - j;
        for (uint64_t a = 1; 2 * a <= m && left; a++) {
            if (r->mark[j] != NB_MARK_NONE && 2 * a == m)
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

/* Whether v is the value of a three-heap split of m (its parts possibly equal), by the
 * pairs' rows: v ^ G(a) among the splits of m - a into two, a the smallest part. */
static bool triple_has(grower *g, uint64_t m, uint32_t v)
{
    for (uint64_t a = 1; 3 * a <= m; a++) {
        uint64_t w = v ^ g->values[a];
        g->work++;
        if (w < 64 * g->words && nb_bit_test(g->pairs + (m - a) * g->words, w))
            return true;
    }
    return false;
}

/* Marks the values of the splits of m into three heaps a <= b <= c that a mark allows
 * (every one: O(m^2), where the unmarked splits take the pairs' rows). */
static void mark_marked_triples(grower *g, uint64_t m, uint8_t mk)
{
    const uint32_t *G = g->values;
    for (uint64_t a = 1; 3 * a <= m; a++)
        for (uint64_t b = a; 2 * b <= m - a; b++) {
            g->work++;
            if (nb_octal_leaves(mk, 3, a, b, m - a - b))
                mark(g, G[a] ^ G[b] ^ G[m - a - b]);
        }
}

/* G(n) by the general method: the options of no heap, one heap, two heaps and three heaps
 * under a mark marked; then the least value neither marked nor an unmarked three-heap
 * split's. */
static uint32_t next_value_general(grower *g)
{
    const nb_octal_rule *r = g->rule;
    const uint32_t *G = g->values;
    uint64_t n = g->n;
    for (uint64_t j = 0; j <= nb_octal_reach(r, n); j++) {
        uint8_t d = nb_octal_digit(r, j), mk = nb_octal_mark(r, j);
        uint64_t m = n - j;
        if ((d & 1) && m == 0)
            mark(g, 0);
        if ((d & 2) && m > 0)
            mark(g, G[m]);
        for (uint64_t a = 1; (d & 4) && 2 * a <= m; a++) {
            g->work++;
            if (nb_octal_leaves(mk, 2, a, m - a, 0))
                mark(g, G[a] ^ G[m - a]);
        }
        if ((d & 8) && mk != NB_MARK_NONE)
            mark_marked_triples(g, m, mk);
    }
    for (uint32_t v = 0;; v++) {
        if (marked(g, v))
            continue;
        bool had = false;
        for (uint64_t j = 0; g->triples && !had && j <= nb_octal_reach(r, n); j++)
            if ((nb_octal_digit(r, j) & 8) && !nb_octal_mark(r, j) && n >= j + 3)
                had = triple_has(g, n - j, v);
        if (!had)
            return v;
    }
}

/* Row x of the pairs: the values of the splits of x into two. */
static void fill_pair_row(grower *g, uint64_t x)
{
    uint64_t *row = g->pairs + x * g->words;
    memset(row, 0, g->words * sizeof *row);
    for (uint64_t a = 1; 2 * a <= x; a++) {
        g->work++;
        nb_bit_set(row, g->values[a] ^ g->values[x - a]);
    }
}

/* Room for `rows` rows of the pairs at `words` words a row (a power of two, at least the
 * old width), held on the budget; the rows made are laid out anew at a new width (their
 * values all lie below the old one's bound). False, nothing changed, when the budget has
 * no room. */
static bool reserve_pairs(grower *g, uint64_t rows, size_t words)
{
    uint64_t had = g->pair_cap * g->words * sizeof *g->pairs;
    uint64_t want = rows * words * sizeof *g->pairs;
    if (want > had && !nb_budget_hold(g->budget, want - had))
        return false;
    g->held += want > had ? want - had : 0;
    size_t old = g->words;
    g->pairs = nb_xrealloc(g->pairs, want ? want : sizeof *g->pairs);
    for (uint64_t x = g->n; old != words && x-- > 0;) {
        memmove(g->pairs + x * words, g->pairs + x * old, old * sizeof *g->pairs);
        memset(g->pairs + x * words + old, 0, (words - old) * sizeof *g->pairs);
    }
    g->words = words, g->pair_cap = rows;
    return true;
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

/* Words a pairs' row needs for values up to top: a power of two, so that the XOR of two
 * values stays inside. */
static size_t words_for(uint32_t top)
{
    size_t words = 1;
    while (64 * words <= top)
        words *= 2;
    return words;
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
    if (g->triples) /* the row of the splits of n - 1, whose parts are all known now */
        fill_pair_row(g, g->n - 1);
    if (g->general)
        return;
    if (g->n >= 64 && !(g->n & (g->n - 1)))
        choose_mask(g);
    else if (g->n > 1 && is_rare(g->mask, v)) {
        nb_reserve((void **)&g->rare, &g->rare_cap, g->nrare + 1, sizeof *g->rare);
        g->rare[g->nrare++] = (uint32_t)(g->n - 1);
    }
}

/* Whether the budget has room for the values' next growth, and their pairs' rows (then
 * held; the pairs made room for). */
static bool room_to_grow(grower *g)
{
    uint64_t rows = g->cap ? 2 * g->cap : FIRST_GROWTH, more = (rows - g->cap) * sizeof *g->values;
    if (!nb_budget_hold(g->budget, more))
        return false;
    g->held += more;
    return !g->triples || reserve_pairs(g, rows, g->words);
}

/* A unit of work for the budget: this many pair tests (a few ns each), so that its
 * clock is read about every 16,384. */
#define TESTS_PER_UNIT 64

/* Values until n reaches target or the budget is spent; past `must` values, also once
 * the pair tests pass max_work. The budget is told each value's work (a value of the
 * general method may take millions of pair tests), so that a slow value is looked at as
 * soon as many quick ones. */
static void grow(grower *g, uint64_t target, uint64_t must, uint64_t max_work)
{
    uint64_t last_work = 0;
    while (g->n < target && (g->n < must || g->work <= max_work) &&
           !nb_budget_spent_after(g->budget, last_work / TESTS_PER_UNIT) &&
           (g->n < g->cap || room_to_grow(g))) {
        uint64_t before = g->work;
        uint32_t v = g->general ? next_value_general(g) : next_value(g);
        last_work = g->work - before;
        size_t words = words_for(v > g->top ? v : g->top);
        if (g->triples && words != g->words && !reserve_pairs(g, g->pair_cap, words))
            return; /* no room for rows that wide */
        grower_push(g, v);
    }
}

static void grower_free(grower *g)
{
    free(g->rare);
    free(g->stamp);
}

/* A grower for the rule, by the method its code needs. */
static grower grower_for(const nb_octal_rule *rule)
{
    grower g = {.rule = rule, .general = rule->tail > 0, .words = 1};
    for (size_t j = 0; j <= rule->last; j++) {
        g.general |= (rule->digit[j] & 8) != 0;
        g.triples |= (rule->digit[j] & 8) && !rule->mark[j];
    }
    return g;
}

void nb_octal_sparse(const nb_octal_rule *rule, uint64_t n, uint32_t *values)
{
    grower g = grower_for(rule);
    grow(&g, n, n, UINT64_MAX);
    memcpy(values, g.values, n * sizeof *values);
    free(g.values);
    free(g.pairs);
    grower_free(&g);
}

void nb_octal_naive(const nb_octal_rule *rule, uint64_t n, uint32_t *values)
{
    grower g = {.rule = rule, .values = values, .cap = n};
    for (; g.n < n; g.n++) {
        for (uint64_t j = 0; j <= nb_octal_reach(rule, g.n); j++) {
            uint8_t d = nb_octal_digit(rule, j), mk = nb_octal_mark(rule, j);
            uint64_t m = g.n - j;
            if ((d & 1) && m == 0)
                mark(&g, 0);
            if ((d & 2) && m > 0)
                mark(&g, values[m]);
            for (uint64_t a = 1; (d & 4) && 2 * a <= m; a++)
                if (nb_octal_leaves(mk, 2, a, m - a, 0))
                    mark(&g, values[a] ^ values[m - a]);
            for (uint64_t a = 1; (d & 8) && 3 * a <= m; a++)
                for (uint64_t b = a; 2 * b <= m - a; b++)
                    if (nb_octal_leaves(mk, 3, a, b, m - a - b))
                        mark(&g, values[a] ^ values[b] ^ values[m - a - b]);
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
    uint64_t n = t->n, k = nb_octal_parts(&t->rule);
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
        if (i >= 1 && k * (i + p) + t->rule.last <= n) {
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
    nb_store_unload(t->file);
    free(t->values);
    free(t->pairs);
    free(t);
}

/* Whether growing the table may still prove its period: by the periodicity theorem (to
 * max_table), or an arithmetic period (its certificate's search, NB_ARITH_SEARCH). */
static bool may_prove(const nb_octable *t)
{
    return nb_octal_provable(&t->rule) ||
           (nb_arith_theorem_of(&t->rule) != NB_ARITH_NONE && t->n < NB_ARITH_SEARCH);
}

static bool octable_covers(const nb_cached *c, const void *need_)
{
    const nb_octable *t = (const nb_octable *)c;
    const nb_octable_need *need = need_;
    if (t->proved || t->n >= t->limit)
        return true;
    return !(need->want_period && may_prove(t)) && need->heap < t->n;
}

/* The period of values[0..n) by the rule's arithmetic theorem, when it proves one. */
static void prove_arithmetic(nb_octable *t)
{
    nb_arith a;
    if (nb_arith_prove(&t->rule, t->values, t->n, &a))
        t->proved = true, t->period = a.period, t->preperiod = a.preperiod, t->saltus = a.saltus;
}

static nb_status octable_build(const nb_cached *old_, const void *need_, nb_cached **out,
                               nb_err *err)
{
    (void)err;
    const nb_octable *old = (const nb_octable *)old_;
    const nb_octable_need *need = need_;
    nb_octable *t = nb_xmalloc(sizeof *t);
    nb_cached_copy(&t->base, &old->base, sizeof *t);
    t->file = NULL;
    bool provable = nb_octal_provable(&t->rule);
    bool arithmetic = nb_arith_theorem_of(&t->rule) != NB_ARITH_NONE;
    grower g = grower_for(&t->rule);
    g.n = g.cap = old->n, g.mask = old->mask, g.budget = need->budget;
    uint64_t seed = old->n * (sizeof *g.values + old->pair_words * sizeof *g.pairs);
    if (nb_budget_hold(g.budget, seed)) /* no room: grow() stops */
        g.held = seed;
    g.values = nb_xmalloc((old->n + 1) * sizeof *g.values);
    if (old->file) /* read from a file, in its width */
        for (uint64_t a = 0; a < old->n; a++)
            g.values[a] = nb_image_value(&old->file->image, a);
    else if (old->n) /* the seed has no values */
        memcpy(g.values, old->values, old->n * sizeof *g.values);
    for (uint64_t a = 0; a < g.n; a++)
        g.top = g.values[a] > g.top ? g.values[a] : g.top;
    if (g.triples) { /* the rows grow with the values: the old version keeps its own */
        g.words = old->pair_words ? old->pair_words : 1;
        g.pair_cap = old->n;
        g.pairs = nb_xmalloc((old->n + 1) * g.words * sizeof *g.pairs);
        if (old->n)
            memcpy(g.pairs, old->pairs, old->n * g.words * sizeof *g.pairs);
    }
    if (!g.general && old->file && g.n >= 64)
        choose_mask(&g); /* a file keeps no mask */
    else if (!g.general)
        rebuild_rare(&g);
    uint64_t target = need->heap + 1 > 2 * old->n ? need->heap + 1 : 2 * old->n;
    if (need->want_period && provable)
        target = t->limit;
    else if (need->want_period && arithmetic && target < NB_ARITH_SEARCH)
        target = NB_ARITH_SEARCH;
    target = target < FIRST_GROWTH ? FIRST_GROWTH : target;
    target = target > t->limit ? t->limit : target;
    /* the values asked for grow within the budget alone; the search for a period past
     * them stops at max_work pair tests too */
    uint64_t must = need->heap + 1 < target ? need->heap + 1 : target;
    while (g.n < target && (g.n < must || g.work <= need->max_work) && !t->proved &&
           !nb_budget_spent(need->budget)) {
        uint64_t stop = t->next_proof < target ? t->next_proof : target;
        grow(&g, stop, must, need->max_work);
        t->values = g.values, t->n = g.n;
        if (g.n >= t->next_proof) {
            if (provable)
                prove(t);
            else if (arithmetic)
                prove_arithmetic(t);
            t->next_proof *= 2;
        }
    }
    t->values = g.values, t->n = g.n, t->mask = g.mask;
    if (!t->proved && provable && t->n == t->limit && t->n >= FIRST_PROOF)
        prove(t); /* the last chance: the table will not grow */
    if (!t->proved && arithmetic && t->n >= FIRST_PROOF)
        prove_arithmetic(t); /* on every value grown */
    grower_free(&g);
    nb_budget_drop(need->budget, g.held); /* the caller holds the table as it comes out */
    if (t->proved && t->n > t->preperiod + t->period) /* the rest follows by the period */
        t->n = t->preperiod + t->period;
    t->values = nb_xrealloc(t->values, (t->n + 1) * sizeof *t->values);
    t->pairs = NULL, t->pair_words = 0;
    if (g.triples && !t->proved) { /* rows a later growth starts from */
        t->pairs = nb_xrealloc(g.pairs, (t->n + 1) * g.words * sizeof *g.pairs);
        t->pair_words = g.words;
    } else {
        free(g.pairs);
    }
    t->base = (nb_cached){.bytes = sizeof *t + t->n * (sizeof *t->values +
                                                      t->pair_words * sizeof *t->pairs),
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

/* A file holds the values and the proved period. A rule with three-heap splits is stored
 * only once its period is proved: growing it further needs the pairs' rows, which a file
 * does not keep. */
static bool octable_image(const nb_cached *c, nb_table_image *out)
{
    const nb_octable *t = (const nb_octable *)c;
    if (t->file) {
        *out = t->file->image;
        return false; /* it is in the store already */
    }
    *out = (nb_table_image){.kind = NB_STORE_OCTAL, .values = t->values, .width = 4,
                            .count = t->n, .period = t->proved ? t->period : 0,
                            .preperiod = t->proved ? t->preperiod : 0};
    /* an arithmetic period is proved again from the values (the file keeps no saltus) */
    if (t->proved && !nb_octal_provable(&t->rule))
        return false;
    return t->n > 0 && (t->proved || !t->pair_words);
}

static nb_cached *octable_from_store(nb_stored *f, const void *need_)
{
    const nb_octable_need *need = need_;
    const nb_table_image *im = &f->image;
    grower probe = grower_for(need->rule);
    bool provable = nb_octal_provable(need->rule);
    uint64_t limit = need->limit < UINT32_MAX ? need->limit : UINT32_MAX - 1;
    bool period_whole = im->preperiod + im->period == im->count;
    if ((probe.triples && !im->period) || (im->period && (!provable || !period_whole)) ||
        im->count == 0) {
        nb_store_unload(f); /* not a table this rule's growth could have left */
        return NULL;
    }
    nb_octable *t = nb_xcalloc(1, sizeof *t);
    /* a table baked past this process's max_table is exact all the same: it is used */
    t->rule = *need->rule, t->limit = limit > im->count ? limit : im->count;
    t->n = im->count, t->file = f;
    t->proved = im->period != 0, t->period = im->period, t->preperiod = im->preperiod;
    t->next_proof = FIRST_PROOF;
    while (t->next_proof <= t->n)
        t->next_proof *= 2;
    t->base = (nb_cached){.bytes = sizeof *t + f->bytes, .destroy = octable_destroy};
    return &t->base;
}

const nb_cache_kind nb_octable_kind = {octable_covers, octable_build_or_seed, NB_STORE_OCTAL,
                                       octable_image, octable_from_store};

unsigned nb_octal_parts(const nb_octal_rule *r)
{
    for (size_t j = 0; j <= r->last; j++)
        if (r->digit[j] & 8)
            return 3;
    return 2;
}

bool nb_octal_provable(const nb_octal_rule *r)
{
    for (size_t j = 0; j <= r->last; j++)
        if (r->mark[j] && (r->digit[j] & 12))
            return false;
    return r->tail == 0;
}

void nb_octal_code(const nb_octal_rule *r, char code[NB_OCTAL_CODE_MAX])
{
    static const char hex[] = "0123456789ABCDEF";
    size_t used = 0;
    for (size_t j = 0; j <= r->last || j < 2; j++) {
        if (r->tail && j == r->tail)
            code[used++] = '[';
        code[used++] = hex[r->digit[j] & 15];
        if (r->mark[j])
            code[used++] = " !?="[r->mark[j]];
        if (j == 0)
            code[used++] = '.';
    }
    if (r->tail)
        code[used++] = ']';
    code[used] = '\0';
}

nb_key nb_octable_key(const nb_octal_rule *rule)
{
    char code[NB_OCTAL_CODE_MAX];
    nb_octal_code(rule, code);
    nb_key k = {0};
    nb_key_add(&k, "octal:%s", code);
    return k;
}

bool nb_octable_value(const nb_octable *t, uint64_t n, uint64_t *value)
{
    if (n >= t->n && !t->proved)
        return false;
    uint64_t periods = 0;
    if (n >= t->n) {
        periods = (n - t->preperiod) / t->period;
        n = t->preperiod + (n - t->preperiod) % t->period;
    }
    *value = (t->values ? t->values[n] : nb_image_value(&t->file->image, n)) +
             periods * t->saltus;
    return true;
}
