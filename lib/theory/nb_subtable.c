/* nb_subtable.c - subtraction SG sequences: mex over a 128-bit mask per value, and the
 * period proof. For n >= L = max(set) the value at n depends only on the window
 * W(n) = values[n-L..n-1], and W(n+1) only on W(n); so W(i) == W(i+p) proves the
 * sequence periodic with period p from i - L on. Brent's algorithm finds the first
 * repeat with O(1) window comparisons per value, each a rolling-hash comparison
 * confirmed by memcmp; the whole proof is linear in the values computed. */
#include "theory/nb_subtable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

#define HASH_MOD ((1ULL << 61) - 1)
#define HASH_BASE 1000003ULL
#define FIRST_GROWTH 4096

static uint64_t mulmod(uint64_t a, uint64_t b)
{
    unsigned __int128 p = (unsigned __int128)a * b;
    uint64_t lo = (uint64_t)(p & HASH_MOD), hi = (uint64_t)(p >> 61);
    uint64_t r = lo + hi;
    return r >= HASH_MOD ? r - HASH_MOD : r;
}

static uint64_t addmod(uint64_t a, uint64_t b)
{
    uint64_t r = a + b;
    return r >= HASH_MOD ? r - HASH_MOD : r;
}

static uint64_t window_len(const nb_subtable *t) { return t->set[t->nset - 1]; }

/* B^L mod HASH_MOD. */
static uint64_t base_pow(uint64_t len)
{
    uint64_t r = 1, b = HASH_BASE;
    for (; len; len >>= 1, b = mulmod(b, b))
        if (len & 1)
            r = mulmod(r, b);
    return r;
}

/* Hash of W(m) = values[m-L..m-1]. */
static uint64_t window_hash(const nb_subtable *t, uint64_t m)
{
    uint64_t h = 0, len = window_len(t);
    for (uint64_t j = m - len; j < m; j++)
        h = addmod(mulmod(h, HASH_BASE), t->values[j] + 1ULL);
    return h;
}

/* Hash of W(m+1) from the hash of W(m). */
static uint64_t roll(const nb_subtable *t, uint64_t h, uint64_t m, uint64_t top)
{
    uint64_t out = mulmod(t->values[m - window_len(t)] + 1ULL, top);
    return addmod(addmod(mulmod(h, HASH_BASE), HASH_MOD - out), t->values[m] + 1ULL);
}

static bool windows_equal(const nb_subtable *t, uint64_t a, uint64_t b)
{
    uint64_t len = window_len(t);
    return !memcmp(t->values + a - len, t->values + b - len, len);
}

/* Phase two of Brent: the first i >= L with W(i) == W(i+lam), then the preperiod moved
 * down over the values below L that also repeat. */
static void settle_period(nb_subtable *t)
{
    uint64_t len = window_len(t), lam = t->lam, top = base_pow(len);
    uint64_t i = len, ha = window_hash(t, i), hb = window_hash(t, i + lam);
    while (!(ha == hb && windows_equal(t, i, i + lam))) {
        ha = roll(t, ha, i, top);
        hb = roll(t, hb, i + lam, top);
        i++;
    }
    uint64_t pre = i - len;
    while (pre > 0 && t->values[pre - 1] == t->values[pre - 1 + lam])
        pre--;
    t->proved = true;
    t->period = lam;
    t->preperiod = pre;
}

_Static_assert(NB_SUBTRACTION_MAX_SET < 128, "a value is at most the set's size: it fits the mask");

static uint8_t next_value(const nb_subtable *t, uint64_t n)
{
    uint64_t seen[2] = {0, 0};
    for (size_t k = 0; k < t->nset && t->set[k] <= n; k++) {
        unsigned v = t->values[n - t->set[k]];
        nb_bit_set(seen, v);
    }
    return (uint8_t)nb_mex128(seen);
}

/* Computes values up to `target` (exclusive), stopping early once the period is proved
 * or the budget is spent: its time, or its memory, which holds what the values take. */
static void extend(nb_subtable *t, uint64_t target, size_t *cap, nb_budget *budget)
{
    uint64_t len = window_len(t), top = base_pow(len);
    while (t->n < target && !t->proved && !nb_budget_spent(budget)) {
        if (t->n == *cap) {
            size_t grown = *cap * 2 < t->limit ? *cap * 2 : t->limit;
            if (!nb_budget_hold(budget, grown - *cap))
                break;
            t->values = nb_xrealloc(t->values, grown);
            *cap = grown;
        }
        t->values[t->n] = next_value(t, t->n);
        t->n++;
        uint64_t m = t->n; /* W(m) is now known */
        if (m < len)
            continue;
        if (m == len) {
            t->hash_newest = window_hash(t, m);
            t->tortoise = m;
            t->hash_tortoise = t->hash_newest;
            t->power = 1;
            t->lam = 0;
            continue;
        }
        t->hash_newest = roll(t, t->hash_newest, m - 1, top);
        t->lam++;
        if (t->hash_newest == t->hash_tortoise && windows_equal(t, t->tortoise, m)) {
            settle_period(t);
            break;
        }
        if (t->power == t->lam) {
            t->tortoise = m;
            t->hash_tortoise = t->hash_newest;
            t->power *= 2;
            t->lam = 0;
        }
    }
}

static void subtable_destroy(nb_cached *c)
{
    nb_subtable *t = (nb_subtable *)c;
    if (t->file)
        nb_store_unload(t->file);
    else
        free(t->values);
    free(t);
}

static bool subtable_covers(const nb_cached *c, const void *need_)
{
    const nb_subtable *t = (const nb_subtable *)c;
    const nb_subtable_need *need = need_;
    if (t->proved || t->n >= t->limit)
        return true;
    return !need->want_period && need->heap < t->n;
}

static nb_status subtable_build(const nb_cached *old_, const void *need_, nb_cached **out,
                                nb_err *err)
{
    (void)err;
    const nb_subtable *old = (const nb_subtable *)old_;
    const nb_subtable_need *need = need_;
    nb_subtable *t = nb_xmalloc(sizeof *t);
    nb_cached_copy(&t->base, &old->base, sizeof *t);
    size_t cap = old->n > FIRST_GROWTH ? old->n : FIRST_GROWTH;
    if (cap > t->limit)
        cap = t->limit;
    t->values = nb_xmalloc(cap);
    if (old->n)
        memcpy(t->values, old->values, old->n);
    uint64_t target = t->limit;
    if (!need->want_period) {
        target = need->heap + 1 > 2 * old->n ? need->heap + 1 : 2 * old->n;
        if (target < FIRST_GROWTH)
            target = FIRST_GROWTH;
        if (target > t->limit)
            target = t->limit;
    }
    /* while it grows the table counts against the request's memory (no room even for the
     * copy: extend() stops at once); the caller then holds it as it comes out */
    size_t first = cap;
    bool held = nb_budget_hold(need->budget, first);
    extend(t, target, &cap, need->budget);
    nb_budget_drop(need->budget, cap - first + (held ? first : 0));
    if (t->proved && t->n > t->preperiod + t->period) /* the rest follows by the period */
        t->n = t->preperiod + t->period;
    t->values = nb_xrealloc(t->values, t->n);
    t->base = (nb_cached){.bytes = sizeof *t + t->n, .destroy = subtable_destroy};
    *out = &t->base;
    return NB_OK;
}

/* The first build (old == NULL) starts from an empty table made from the need. */
static nb_status subtable_build_or_seed(const nb_cached *old, const void *need_, nb_cached **out,
                                        nb_err *err)
{
    if (old)
        return subtable_build(old, need_, out, err);
    const nb_subtable_need *need = need_;
    nb_subtable empty = {.nset = need->nset, .limit = need->limit};
    memcpy(empty.set, need->set, need->nset * sizeof *need->set);
    return subtable_build(&empty.base, need_, out, err);
}

/* A file holds a table whose period is proved: one still growing is cheaper to compute
 * again (its values are bytes, found in a pass) than the search state it would need. */
static bool subtable_image(const nb_cached *c, nb_table_image *out)
{
    const nb_subtable *t = (const nb_subtable *)c;
    *out = (nb_table_image){.kind = NB_STORE_SUBTRACTION, .values = t->values, .width = 1,
                            .count = t->n, .period = t->proved ? t->period : 0,
                            .preperiod = t->proved ? t->preperiod : 0};
    return t->proved && !t->file;
}

static nb_cached *subtable_from_store(nb_stored *f, const void *need_)
{
    const nb_subtable_need *need = need_;
    const nb_table_image *im = &f->image;
    if (im->width != 1 || !im->period || im->preperiod + im->period != im->count) {
        nb_store_unload(f);
        return NULL;
    }
    nb_subtable *t = nb_xcalloc(1, sizeof *t);
    t->nset = need->nset, t->limit = need->limit;
    memcpy(t->set, need->set, need->nset * sizeof *need->set);
    t->n = im->count, t->file = f, t->values = (uint8_t *)im->values;
    t->proved = true, t->period = im->period, t->preperiod = im->preperiod;
    t->base = (nb_cached){.bytes = sizeof *t + f->bytes, .destroy = subtable_destroy};
    return &t->base;
}

const nb_cache_kind nb_subtable_kind = {subtable_covers, subtable_build_or_seed,
                                        NB_STORE_SUBTRACTION, subtable_image,
                                        subtable_from_store};

nb_key nb_subtable_key(const uint32_t *set, size_t nset)
{
    nb_key k = {0};
    nb_key_add(&k, "subtraction:");
    for (size_t i = 0; i < nset; i++)
        nb_key_add(&k, i ? ",%u" : "%u", set[i]);
    return k;
}

bool nb_subtable_value(const nb_subtable *t, uint64_t n, uint64_t *value)
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
