/* nb_chomptable.c - every diagram inside a shape in lexicographic order of its rows, each
 * valued by the mex of its options. A chomp leaves a diagram inside the one it was taken
 * from, hence lexicographically smaller: its value is known when it is needed. The rank of
 * a diagram is additive over its rows (the diagrams that agree with it before row i and
 * are shorter at row i number cnt(i+1, 0) + ... + cnt(i+1, len[i] - 1), cnt(i, b) counting
 * the completions from row i on with len[i] <= b), so the rank of an option costs one
 * addition per row it shortens. */
#include "games/chomp/nb_chomptable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

static uint64_t add_capped(uint64_t a, uint64_t b, uint64_t cap)
{
    return a > cap || b > cap - a ? cap + 1 : a + b;
}

/* Fills step (when not NULL; offsets as the table's) and returns the count, capped. */
static uint64_t count_steps(const uint64_t *shape, size_t nrows, uint64_t cap,
                            const size_t *offset, uint64_t *step)
{
    size_t width = (size_t)shape[0] + 1;
    uint64_t *below = nb_xmalloc(width * sizeof *below), *here = nb_xmalloc(width * sizeof *here);
    for (size_t b = 0; b < width; b++)
        below[b] = 1; /* past the last row: the empty completion */
    for (size_t i = nrows; i-- > 0;) {
        uint64_t sum = 0; /* cnt(i+1, 0) + ... + cnt(i+1, l - 1) */
        for (size_t l = 0; l <= shape[i]; l++) {
            if (step)
                step[offset[i] + l] = sum;
            here[l] = add_capped(sum, below[l], cap);
            sum = here[l];
        }
        for (size_t b = (size_t)shape[i] + 1; b < width; b++)
            here[b] = here[shape[i]];
        uint64_t *t = below;
        below = here, here = t;
    }
    uint64_t count = below[shape[0]];
    free(below);
    free(here);
    return count;
}

uint64_t nb_chomp_count(const uint64_t *shape, size_t nrows, uint64_t cap)
{
    return count_steps(shape, nrows, cap, NULL, NULL);
}

nb_key nb_chomp_key(const uint64_t *shape, size_t nrows)
{
    nb_key k = {0};
    nb_key_add(&k, "chomp:");
    for (size_t i = 0; i < nrows;) {
        size_t run = 1;
        while (i + run < nrows && shape[i + run] == shape[i])
            run++;
        nb_key_add(&k, "%s%llux%zu", i ? "," : "", (unsigned long long)shape[i], run);
        i += run;
    }
    return k;
}

static void chomptable_destroy(nb_cached *c)
{
    nb_chomptable *t = (nb_chomptable *)c;
    free(t->shape);
    free(t->offset);
    free(t->step);
    free(t->values);
    free(t->misere_lost);
    free(t);
}

static bool chomptable_covers(const nb_cached *c, const void *need)
{
    (void)c, (void)need; /* one shape per key */
    return true;
}

/* The next diagram inside the shape in lexicographic order; false after the last. */
static bool next_diagram(const uint64_t *shape, size_t nrows, uint64_t *len)
{
    for (size_t i = nrows; i-- > 0;) {
        uint64_t most = i ? (len[i - 1] < shape[i] ? len[i - 1] : shape[i]) : shape[0];
        if (len[i] < most) {
            len[i]++;
            memset(len + i + 1, 0, (nrows - i - 1) * sizeof *len);
            return true;
        }
    }
    return false;
}

/* Values the diagram len (rank `rank`, rows 0..k-1 not empty) from its options. */
static bool value_diagram(nb_chomptable *t, const uint64_t *len, size_t k, uint64_t rank,
                          uint64_t *prefix, uint64_t *suffix, uint32_t *stamp)
{
    prefix[0] = 0;
    for (size_t i = 0; i < k; i++)
        prefix[i + 1] = prefix[i] + t->step[t->offset[i] + len[i]];
    suffix[k] = 0;
    for (size_t i = k; i-- > 0;)
        suffix[i] = suffix[i + 1] + t->step[t->offset[i] + len[i]];
    uint32_t mark = (uint32_t)rank; /* ranks rise: a fresh mark for each diagram */
    bool some_lost = false, any = false;
    for (size_t r = 0; r < k; r++)
        for (uint64_t c = r ? 0 : 1; c < len[r]; c++) { /* the cell (r, c) and all right-below */
            uint64_t option = prefix[r];
            size_t i = r;
            for (; i < k && len[i] > c; i++)
                option += t->step[t->offset[i] + c];
            option += suffix[i];
            stamp[t->values[option]] = mark;
            some_lost |= nb_chomp_misere_lost(t, option);
            any = true;
        }
    uint32_t mex = 0;
    while (stamp[mex] == mark)
        mex++;
    if (mex > UINT16_MAX)
        return false;
    t->values[rank] = (uint16_t)mex;
    if (any && !some_lost) /* no option leaves the opponent lost; the last cell wins */
        t->misere_lost[rank / 64] |= 1ULL << (rank % 64);
    return true;
}

static nb_status chomptable_build(const nb_cached *old, const void *need_, nb_cached **out,
                                  nb_err *err)
{
    (void)old;
    const nb_chomptable_need *need = need_;
    size_t n = need->nrows, steps = 0;
    uint64_t cells = 0;
    nb_chomptable *t = nb_xcalloc(1, sizeof *t);
    t->nrows = n;
    t->shape = nb_xmalloc(n * sizeof *t->shape);
    memcpy(t->shape, need->shape, n * sizeof *t->shape);
    t->offset = nb_xmalloc(n * sizeof *t->offset);
    for (size_t i = 0; i < n; i++) {
        t->offset[i] = steps;
        steps += (size_t)t->shape[i] + 1;
        cells += t->shape[i];
    }
    t->step = nb_xmalloc(steps * sizeof *t->step);
    t->count = count_steps(t->shape, n, UINT64_MAX - 1, t->offset, t->step);
    /* the values are held while they are computed (the request's memory budget) */
    uint64_t bytes = t->count * sizeof *t->values + (t->count + 63) / 64 * sizeof *t->misere_lost;
    if (!nb_budget_hold(need->budget, bytes)) {
        chomptable_destroy(&t->base);
        return nb_budget_fail(need->budget, err);
    }
    t->values = nb_xcalloc((size_t)t->count, sizeof *t->values);
    t->misere_lost = nb_xcalloc((size_t)(t->count + 63) / 64, sizeof *t->misere_lost);
    uint64_t *len = nb_xcalloc(n, sizeof *len), *prefix = nb_xmalloc((n + 1) * sizeof *prefix),
             *suffix = nb_xmalloc((n + 1) * sizeof *suffix);
    uint32_t *stamp = nb_xcalloc((size_t)cells + 2, sizeof *stamp);
    nb_status st = NB_OK;
    size_t k = 0; /* rows not empty */
    for (uint64_t rank = 1; st == NB_OK && next_diagram(t->shape, n, len); rank++) {
        while (k < n && len[k])
            k++;
        while (k > 0 && !len[k - 1])
            k--;
        if (nb_budget_spent_after(need->budget, cells))
            st = nb_budget_fail(need->budget, err);
        else if (!value_diagram(t, len, k, rank, prefix, suffix, stamp))
            st = nb_fail(err, NB_ELIMIT, "a Chomp value past 65535");
    }
    free(len);
    free(prefix);
    free(suffix);
    free(stamp);
    nb_budget_drop(need->budget, bytes); /* the cache's acquirer holds the table now */
    if (st != NB_OK) {
        chomptable_destroy(&t->base);
        return st;
    }
    t->base = (nb_cached){.bytes = sizeof *t + n * (sizeof *t->shape + sizeof *t->offset) +
                                   steps * sizeof *t->step + t->count * sizeof *t->values +
                                   (t->count + 63) / 64 * sizeof *t->misere_lost,
                          .destroy = chomptable_destroy};
    *out = &t->base;
    return NB_OK;
}

const nb_cache_kind nb_chomptable_kind = {.covers = chomptable_covers,
                                          .build = chomptable_build};
