/* nb_quotient.c - misère quotients of take-and-break games (and of tokens on an acyclic
 * graph, whose nodes serve as heaps: nb_quotient_graph): the answers a quotient gives
 * (an element, its word, a verdict), the cache kind, the counters; the growth, its
 * certificate and its file are the three files beside this one (nb_quotient_internal.h).
 *
 * The theory (Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5
 * (2005); Plambeck and Siegel, "Misère quotients for impartial games", arXiv
 * math/0609825): positions G, H of a game are indistinguishable when G + X and H + X have
 * the same misère outcome for every position X; the classes form a commutative monoid Q,
 * the P-portion is the set of classes of lost positions, and a position is lost exactly
 * when the product of its heaps' elements lies in the P-portion.
 *
 * How it is grown here. A candidate is an unreduced monoid M: the direct product of one
 * cyclic monoid a generator, <g | g^(c+2) = g^c> (every element x of a finite misère
 * quotient has x^(c+2) = x^c for some c), with every other heap mapped to an element of M.
 * The P-portion of M is read from a lightest position of each element (a Dijkstra search
 * by weight, a heap weighing more than any of its options' parts together: every option
 * of that position is lighter, so its element is labelled first); M is then reduced (x
 * and y merged when x z and y z agree on the P-portion for every z: the coarsest
 * congruence that keeps the P-portion, found by refining classes under each generator's
 * action), which is the quotient when the candidate is right.
 * Heap n first tries each element of the reduced quotient; when none passes, n becomes a
 * generator (c = 0 to 3). When that fails too, the candidate is recalibrated as
 * MisereSolver does (Siegel; see recalibrate): the reduced quotient is kept for every heap
 * but a few of the failed position's, which become free generators again, until a
 * candidate is certified; the candidates stay near the quotient's order (Dawson's Kayles
 * to heap 33, order 638, where free products of every generator passed 4 million
 * elements at heap 30). When no recalibration moves on, the failed position names the
 * heaps that were mapped too soon (positions that heaps below n could not tell apart, but
 * n can), and the growth starts again with them as generators. A growth asked for more
 * than a partial version covers (one a budget stopped, in the cache or read from the
 * store) starts from that version's quotient, every heap it covers mapped to its element,
 * certified again before it goes on.
 *
 * Tables. A quotient of up to NB_QUOTIENT_DENSE elements keeps its whole table (two bytes
 * an entry); past it, a growth holds each monoid (the reduced quotient, a recalibrated
 * candidate's base) by its generators alone: each element times each generator, and a
 * breadth-first tree that gives each element a word (qmon), so x y walks y's word from x;
 * order x generators words where the table took order^2 (Dawson's Kayles' candidates at
 * heap 34 pass 30,000 elements: 1.8 GB a table, a few MB by generators). Elements are then
 * four bytes. The certificate multiplies by columns instead (x y for every x, for the few
 * elements its heap records hold), so it never needs the whole table either, and a record
 * lists its options' elements (a bit set of the order would take 23 KB a record at
 * 187,000 elements). A version of that size keeps the generators' action too
 * (nb_quotient.act: not packed, so not stored), and is certified without its table:
 * generators whose actions commute, and a word leading to each element, make a
 * commutative monoid (acts_form_monoid says why).
 *
 * Why an answer is right: certification. A record of a position is (its element, the set
 * of its options' elements); the record of G + H is (g h, A h + g B) from the records
 * (g, A) and (h, B). The records of every position are the closure of the heaps' records
 * under sums, a finite set. When each is parity-correct (its element is in the P-portion
 * exactly when it has an option and none of its options' elements is), induction on the
 * position shows that a position is lost exactly when its element is in the P-portion,
 * whatever the candidate was; no candidate is used until it passes. While a heap's element
 * is tried in the same quotient, the certified closure is extended, not closed again: the
 * closure of the old heap records already holds every sum of them, so only the sums with
 * the new heap record (of old records, and of new ones with every heap record) are added.
 *
 * Periods (the periodicity theorem for misère quotients, Plambeck and Siegel, after the
 * normal-play theorem of Guy and Smith): for a finite code whose moves take at most t
 * counters and leave at most k heaps, if the heaps' records (element, option elements)
 * repeat with period p from n0 on over every heap below N with k n0 + k p + t + 1 <= N,
 * then they repeat for ever, and the quotient of heaps below N is the whole game's. */
#include "theory/nb_quotient_internal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

/* The process's counters (nb_quotient_get_stats). */
const char *const nb_quotient_end_names[NB_QUOTIENT_ENDS] = {"proved", "covered", "budget",
                                                             "max_work", "max_quotient",
                                                             "memory"};
static atomic_ullong growths[NB_QUOTIENT_ENDS], restarts, resumes, files_served, files_refused;

nb_quotient_stats nb_quotient_get_stats(void)
{
    nb_quotient_stats s = {.restarts = atomic_load(&restarts),
                           .resumes = atomic_load(&resumes),
                           .files_served = atomic_load(&files_served),
                           .files_refused = atomic_load(&files_refused)};
    for (int i = 0; i < NB_QUOTIENT_ENDS; i++)
        s.growths[i] = atomic_load(&growths[i]);
    return s;
}

/* Counts a growth that ended as q says. */
void nb_quotient_count_growth(const nb_quotient *q)
{
    int end = q->proved ? 0 : 1;
    for (int i = 2; q->stop && !q->proved && i < NB_QUOTIENT_ENDS; i++)
        if (!strcmp(q->stop, nb_quotient_end_names[i]))
            end = i;
    atomic_fetch_add(&growths[end], 1);
}

void nb_quotient_count_restart(void) { atomic_fetch_add(&restarts, 1); }

void nb_quotient_count_resume(void) { atomic_fetch_add(&resumes, 1); }

void nb_quotient_count_file(bool served)
{
    atomic_fetch_add(served ? &files_served : &files_refused, 1);
}

void nb_quotient_destroy(nb_cached *c)
{
    nb_quotient *q = (nb_quotient *)c;
    free(q->packed), free(q->lost), free(q->phi), free(q->gen_heap), free(q->word);
    free(q->act), free(q->parent), free(q->via), free(q);
}

uint64_t nb_quotient_least_preperiod(const uint32_t *phi, uint64_t n, uint64_t n0, uint64_t p)
{
    while (n0 > 0 && n0 - 1 + p < n && phi[n0 - 1] == phi[n0 - 1 + p])
        n0--;
    return n0;
}

bool nb_quotient_phi(const nb_quotient *q, uint64_t h, uint32_t *element)
{
    if (h >= q->n) {
        if (!q->proved)
            return false;
        h = q->preperiod + (h - q->preperiod) % q->period;
    }
    *element = q->phi[h];
    return true;
}

uint32_t nb_quotient_p_size(const nb_quotient *q)
{
    uint32_t n = 0;
    for (uint32_t x = 0; x < q->order; x++)
        n += q->lost[x];
    return n;
}

/* Tame: the quotient is T_0 = {1, a}, a^2 = 1, P = {a} (every
 * heap a nim heap of 0 or 1), or T_n for n >= 1: the identity, an a with a^2 = 1, and an
 * elementary abelian 2-group R of the other 2^n elements (an ideal), P = {a, the identity
 * of R} (Plambeck and Siegel: the tame quotients are those of misère Nim, the fickle
 * positions 1 and a, the firm ones R by their nim-sum, its identity the firm P-position). */
bool nb_quotient_is_tame(const nb_quotient *q)
{
    uint32_t n = q->order;
    if (n < 2 || q->lost[0])
        return false;
    uint32_t a = UINT32_MAX, f = UINT32_MAX; /* a: the lost unit; f: R's identity */
    for (uint32_t x = 1; x < n; x++)
        if (q->lost[x] && nb_quotient_mul(q, x, x) == 0)
            a = a == UINT32_MAX ? x : UINT32_MAX - 1;
    if (a >= UINT32_MAX - 1)
        return false;
    if (n == 2)
        return true;
    if (n < 4 || ((n - 2) & (n - 3)))
        return false; /* |R| = n - 2 must be a power of two */
    for (uint32_t x = 1; x < n; x++)
        if (x != a && q->lost[x])
            f = f == UINT32_MAX ? x : UINT32_MAX - 1;
    if (f >= UINT32_MAX - 1 || nb_quotient_mul(q, f, f) != f)
        return false;
    for (uint32_t x = 1; x < n; x++) {
        if (x == a)
            continue;
        if (nb_quotient_mul(q, x, x) != f || nb_quotient_mul(q, x, f) != x ||
            nb_quotient_mul(q, x, a) == 0 || nb_quotient_mul(q, x, a) == a)
            return false;
        for (uint32_t y = 1; y < n; y++)
            if (y != a && (nb_quotient_mul(q, x, y) == 0 || nb_quotient_mul(q, x, y) == a))
                return false;
    }
    return nb_quotient_mul(q, a, f) != f;
}

uint32_t nb_quotient_rests(const nb_quotient *q, const uint32_t *e, size_t len, uint32_t *rest)
{
    uint32_t all = 0, after = 0;
    for (size_t i = 0; i < len; i++)
        rest[i] = all, all = nb_quotient_mul(q, all, e[i]);
    for (size_t i = len; i-- > 0;)
        rest[i] = nb_quotient_mul(q, rest[i], after), after = nb_quotient_mul(q, after, e[i]);
    return all;
}

void nb_quotient_decide(const nb_quotient *q, uint32_t all, nb_analysis *out)
{
    out->verdict = q->lost[all] ? NB_LOSE : NB_WIN;
    out->method = NB_METHOD_MISERE_QUOTIENT;
    free(out->element);
    out->element = nb_quotient_word(q, all);
}

/* The most bytes one generator takes in a word: "g" and 20 digits, "^" and 3. */
#define WORD_LETTER_MAX 25

char *nb_quotient_exponents_word(const uint8_t *e, size_t gens)
{
    size_t size = gens * WORD_LETTER_MAX + 2, len = 0;
    char *buf = nb_xmalloc(size);
    for (size_t k = 0; k < gens; k++) {
        if (!e[k])
            continue;
        if (k < 26)
            buf[len++] = (char)('a' + k);
        else
            len += (size_t)sprintf(buf + len, "g%zu", k);
        if (e[k] > 1)
            len += (size_t)sprintf(buf + len, "^%u", e[k]);
    }
    if (!len)
        buf[len++] = '1';
    buf[len] = '\0';
    return buf;
}

char *nb_quotient_word(const nb_quotient *q, uint32_t x)
{
    return nb_quotient_exponents_word(q->word + (size_t)x * q->gens, q->gens);
}

/* ---- the cache kind ---- */

nb_key nb_quotient_key(const nb_octal_rule *rule)
{
    char code[NB_OCTAL_CODE_MAX];
    nb_octal_code(rule, code);
    nb_key k = {0};
    nb_key_add(&k, "quotient:%s", code);
    return k;
}

static bool quotient_covers(const nb_cached *c, const void *need_)
{
    const nb_quotient *q = (const nb_quotient *)c;
    const nb_quotient_need *need = need_;
    /* a growth that stopped at a limit of its own (not the asker's budget) stops there
     * again: the version is final */
    bool final = q->stop && strcmp(q->stop, "budget");
    return q->proved || final || (need->heap != UINT64_MAX && need->heap < q->n);
}

static nb_status quotient_build(const nb_cached *old, const void *need, nb_cached **out,
                                nb_err *err)
{
    nb_quotient *q; /* a partial version (in memory or from the store) grows on */
    nb_status st = nb_quotient_grow(need, (const nb_quotient *)old, &q, err);
    if (st == NB_OK)
        *out = &q->base;
    return st;
}

const nb_cache_kind nb_quotient_kind = {quotient_covers, quotient_build, NB_STORE_QUOTIENT,
                                        nb_quotient_image, nb_quotient_from_store};

