/* nb_moore.c - Moore's Nim_k: the player to move loses iff every bit column holds a
 * multiple of k+1 ones. Winning moves follow the constructive proof of the seed notes;
 * inside a sum, where a value is needed, the SG value comes from exhaustive search. */
#include "games/moore/nb_moore.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "engine/nb_search.h"
#include "engine/nb_legal.h"

#define BITS 63 /* heaps are below 2^63 */
#define MISERE_CANDIDATES 256 /* normal-play winning moves tried as misère ones */

static uint64_t moore_k(const nb_game *g) { return ((const nb_moore_params *)g->params)->k; }

static nb_status moore_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (moore_k(g) < 1)
        return nb_fail_field(err, NB_EINVAL, 1, NB_NO_INDEX, NB_NO_INDEX, "must be an integer of at least 1");
    return nb_heaps_check(g, s, err);
}

/* A move under construction: the heaps changed so far ("free" heaps, whose lower bits
 * may be set at will) and their new sizes. */
typedef struct builder {
    const nb_game *g;
    uint64_t *size;        /* new size of every heap */
    bool *is_free;
    size_t *free_list, nfree;
    uint64_t nonfree_ones[BITS]; /* ones per column among heaps not free */
} builder;

/* Frees heap h at column b: b cleared, every lower bit set (to be cleared as needed). */
static void make_free(builder *bd, size_t h, int b)
{
    uint64_t a = bd->g->state[h];
    bd->size[h] = (a & ~((2ULL << b) - 1)) | ((1ULL << b) - 1);
    bd->is_free[h] = true;
    bd->free_list[bd->nfree++] = h;
    for (int j = 0; j <= b; j++)
        bd->nonfree_ones[j] -= a >> j & 1;
}

/* Completes the move below column `top` and pushes it; false once the list is full. */
static bool finish_move(builder *bd, int top, nb_movelist *out)
{
    uint64_t mod = moore_k(bd->g) + 1;
    const nb_game *g = bd->g;
    for (int b = top - 1; b >= 0; b--) {
        uint64_t w = bd->nfree, x = (bd->nonfree_ones[b] + w) % mod;
        if (w >= x) { /* clear this bit in x free heaps */
            for (size_t f = 0; f < x; f++)
                bd->size[bd->free_list[f]] &= ~(1ULL << b);
            continue;
        }
        for (size_t f = 0; f < w; f++)
            bd->size[bd->free_list[f]] &= ~(1ULL << b);
        uint64_t more = x - w; /* free that many heaps that have this bit */
        for (size_t h = 0; h < g->len && more; h++)
            if (!bd->is_free[h] && (g->state[h] >> b & 1))
                make_free(bd, h, b), more--;
    }
    uint64_t *takes = nb_xmalloc(2 * bd->nfree * sizeof *takes);
    size_t n = 0;
    for (size_t h = 0; h < g->len; h++)
        if (bd->is_free[h]) {
            takes[n++] = h;
            takes[n++] = g->state[h] - bd->size[h];
        }
    bool pushed = nb_movelist_push(out, &(nb_move){.len = n, .w = takes});
    free(takes);
    return pushed;
}

/* Winning moves: at the highest column whose count is not a multiple of k+1, every
 * choice of x = count mod (k+1) heaps with that bit starts a different move. */
static nb_status moore_analyse(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    (void)s, (void)err;
    uint64_t mod = moore_k(g) + 1, ones[BITS] = {0};
    for (size_t h = 0; h < g->len; h++)
        for (int b = 0; b < BITS; b++)
            ones[b] += g->state[h] >> b & 1;
    int top = BITS - 1;
    while (top >= 0 && ones[top] % mod == 0)
        top--;
    out->verdict = top >= 0 ? NB_WIN : NB_LOSE;
    out->complete = top < 0;
    if (top < 0)
        return NB_OK;
    size_t nwith = 0, *with = nb_xmalloc(g->len * sizeof *with);
    for (size_t h = 0; h < g->len; h++)
        if (g->state[h] >> top & 1)
            with[nwith++] = h;
    size_t x = (size_t)(ones[top] % mod);
    size_t *pick = nb_xmalloc(x * sizeof *pick); /* indices into `with`, ascending */
    for (size_t i = 0; i < x; i++)
        pick[i] = i;
    builder bd = {.g = g};
    bd.size = nb_xmalloc(g->len * sizeof *bd.size);
    bd.is_free = nb_xmalloc(g->len * sizeof *bd.is_free);
    bd.free_list = nb_xmalloc(g->len * sizeof *bd.free_list);
    for (;;) {
        memcpy(bd.size, g->state, g->len * sizeof *bd.size);
        memset(bd.is_free, 0, g->len * sizeof *bd.is_free);
        memcpy(bd.nonfree_ones, ones, sizeof ones);
        bd.nfree = 0;
        for (size_t i = 0; i < x; i++)
            make_free(&bd, with[pick[i]], top);
        if (!finish_move(&bd, top, &out->moves))
            break;
        /* next x-combination of nwith */
        size_t i = x;
        while (i > 0 && pick[i - 1] == nwith - x + i - 1)
            i--;
        if (i == 0)
            break;
        pick[i - 1]++;
        for (size_t j = i; j < x; j++)
            pick[j] = pick[j - 1] + 1;
    }
    free(bd.size);
    free(bd.is_free);
    free(bd.free_list);
    free(pick);
    free(with);
    return NB_OK;
}

/* Heaps of 2 or more, and heaps of 1, in a state. */
static void count_sizes(const uint64_t *state, size_t len, size_t *big, size_t *ones)
{
    *big = *ones = 0;
    for (size_t h = 0; h < len; h++) {
        *big += state[h] > 1;
        *ones += state[h] == 1;
    }
}

/* Moore's misère Nim_k (Moore 1910, the misère part of his theorem): when every heap is 0
 * or 1 the player to move loses iff the number of 1s is 1 mod k+1; otherwise exactly as
 * in normal play, iff every bit column holds a multiple of k+1 ones. */
static bool misere_lost(const uint64_t *state, size_t len, uint64_t k)
{
    size_t big, ones;
    count_sizes(state, len, &big, &ones);
    if (!big)
        return ones % (k + 1) == 1;
    for (int b = 0; b < BITS; b++) {
        uint64_t column = 0;
        for (size_t h = 0; h < len; h++)
            column += state[h] >> b & 1;
        if (column % (k + 1))
            return false;
    }
    return true;
}

/* Pushes m when the state after it is lost under misère play; false once out is full. */
static bool push_if_misere_lost(const nb_game *g, const nb_move *m, uint64_t *scratch,
                                nb_movelist *out)
{
    memcpy(scratch, g->state, g->len * sizeof *scratch);
    for (size_t i = 0; i + 1 < m->len; i += 2)
        scratch[m->w[i]] -= m->w[i + 1];
    return !misere_lost(scratch, g->len, moore_k(g)) || nb_movelist_push(out, m);
}

/* The moves that leave only heaps of 0 and 1, with 1 mod k+1 ones: the heaps of 2 or
 * more (at most k of them) go to 0 for the first `zeroed` of them, to 1 for the rest, and
 * `emptied` heaps of 1 go to 0, within k heaps in all. */
static void push_to_ones(const nb_game *g, size_t big, size_t ones, uint64_t *scratch,
                         nb_movelist *out)
{
    uint64_t k = moore_k(g);
    uint64_t *takes = nb_xmalloc(2 * (g->len + 1) * sizeof *takes);
    for (size_t zeroed = 0; zeroed <= big; zeroed++) {
        /* the one count of emptied heaps below k+1 that leaves 1 mod k+1 ones */
        uint64_t emptied = (ones + big - zeroed + k) % (k + 1);
        if (emptied <= ones && big + emptied <= k && big + emptied > 0) {
            size_t n = 0, z = 0, e = 0;
            for (size_t h = 0; h < g->len; h++) {
                uint64_t a = g->state[h];
                if (a > 1)
                    takes[n++] = h, takes[n++] = z++ < zeroed ? a : a - 1;
                else if (a == 1 && e < emptied)
                    takes[n++] = h, takes[n++] = 1, e++;
            }
            if (!push_if_misere_lost(g, &(nb_move){.len = n, .w = takes}, scratch, out))
                break;
        }
    }
    free(takes);
}

/* Misère play: the verdict by Moore's rule; winning moves from the normal-play ones that
 * leave a heap of 2 or more, and those that leave only 0s and 1s. NB_EDECLINED when
 * neither finds one (the search then lists them). */
static nb_status moore_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    size_t big, ones;
    count_sizes(g->state, g->len, &big, &ones);
    out->verdict = misere_lost(g->state, g->len, moore_k(g)) ? NB_LOSE : NB_WIN;
    out->complete = false;
    if (out->verdict == NB_LOSE || !big + !ones == 2) /* lost, or no move: nothing to list */
        return NB_OK;
    uint64_t *scratch = nb_xmalloc((g->len + 1) * sizeof *scratch);
    nb_analysis normal = {0};
    nb_movelist_init(&normal.moves, MISERE_CANDIDATES);
    nb_status st = big ? moore_analyse(g, s, &normal, err) : NB_OK;
    for (size_t i = 0; i < normal.moves.len && st == NB_OK; i++) {
        nb_move m = nb_movelist_at(&normal.moves, i);
        if (!push_if_misere_lost(g, &m, scratch, &out->moves))
            break;
    }
    nb_analysis_free(&normal);
    if (big <= moore_k(g))
        push_to_ones(g, big, ones, scratch, &out->moves);
    free(scratch);
    return st == NB_OK && !out->moves.len && out->moves.limit ? NB_EDECLINED : st;
}

static size_t moore_part_count(const nb_game *g)
{
    (void)g;
    return 1;
}

/* Every legal move: subsets of 1..k non-empty heaps by size, then every take vector. */
static void moore_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    size_t n = 0, *nonempty = nb_xmalloc((g->len + 1) * sizeof *nonempty);
    for (size_t h = 0; h < g->len; h++)
        if (g->state[h])
            nonempty[n++] = h;
    uint64_t *after = nb_xmalloc((g->len + 1) * sizeof *after);
    size_t *pick = nb_xmalloc((n + 1) * sizeof *pick);
    uint64_t *takes = nb_xmalloc((2 * n + 1) * sizeof *takes); /* heap, take pairs */
    bool go_on = true;
    uint64_t kmax = moore_k(g) < n ? moore_k(g) : n;
    for (size_t size = 1; size <= kmax && go_on; size++) {
        for (size_t i = 0; i < size; i++)
            pick[i] = i;
        for (;;) {
            for (size_t i = 0; i < size; i++) {
                takes[2 * i] = nonempty[pick[i]];
                takes[2 * i + 1] = 1;
            }
            for (;;) { /* every take vector for this subset */
                memcpy(after, g->state, g->len * sizeof *after);
                for (size_t i = 0; i < size; i++)
                    after[takes[2 * i]] -= takes[2 * i + 1];
                nb_move m = {.len = 2 * size, .w = takes};
                if (!(go_on = fn(ctx, &m, after, g->len)))
                    break;
                size_t i = 0;
                while (i < size && takes[2 * i + 1] == g->state[takes[2 * i]])
                    takes[2 * i++ + 1] = 1;
                if (i == size)
                    break;
                takes[2 * i + 1]++;
            }
            size_t i = size;
            while (go_on && i > 0 && pick[i - 1] == n - size + i - 1)
                i--;
            if (!go_on || i == 0)
                break;
            pick[i - 1]++;
            for (size_t j = i; j < size; j++)
                pick[j] = pick[j - 1] + 1;
        }
    }
    free(takes);
    free(pick);
    free(after);
    free(nonempty);
}

/* The search of the whole game, run once and kept until release: every state it reached
 * is solved, so it answers the values, the options and the moves of any of them. */
static nb_status searched(const nb_game *g, nb_solver *s, nb_search **out, nb_err *err)
{
    nb_moore_params *p = g->params;
    if (!p->search || nb_search_find(p->search, g->state, g->len) == SIZE_MAX) {
        nb_search_free(p->search);
        p->search = NULL;
        nb_status st = nb_search_run(g, NB_NORMAL, s->limits.max_states, s->budget, &p->search,
                                      err);
        if (st != NB_OK)
            return st;
    }
    *out = p->search;
    return NB_OK;
}

static void moore_release(nb_game *g, nb_solver *s)
{
    (void)s;
    nb_moore_params *p = g->params;
    nb_search_free(p->search);
    p->search = NULL;
}

static nb_status moore_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    nb_search *search;
    nb_status st = searched(g, s, &search, err);
    if (st == NB_OK)
        sg[0] = nb_search_sg(search, nb_search_find(search, g->state, g->len));
    return st;
}

typedef struct option_ctx {
    nb_search *search;
    nb_option_fn fn;
    void *ctx;
} option_ctx;

static bool forward_option(void *ctx_, const nb_move *move, const uint64_t *after, size_t len)
{
    option_ctx *oc = ctx_;
    size_t i = nb_search_find(oc->search, after, len);
    return oc->fn(oc->ctx, move, nb_search_sg(oc->search, i));
}

/* Moves in the order of each_move, with values from the search of the whole game. */
static nb_status moore_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                               void *ctx, nb_err *err)
{
    (void)part;
    option_ctx oc = {NULL, fn, ctx};
    nb_status st = searched(g, s, &oc.search, err);
    if (st == NB_OK)
        moore_each_move(g, forward_option, &oc);
    return st;
}

static nb_status moore_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                                nb_movelist *out, nb_err *err)
{
    nb_target_filter filter = {target, out};
    return moore_options(g, s, part, nb_keep_if_target, &filter, err);
}

/* Every {heap, take} pair of the move taken off its heap. */
static void moore_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    for (size_t i = 0; i + 1 < m->len; i += 2)
        after->w[m->w[i]] -= m->w[i + 1];
}

/* 1..k {heap, take} pairs, heaps ascending, each take within its heap. */
static nb_status moore_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    size_t pairs = m->len / 2;
    if (pairs < 1)
        return nb_illegal(err, NB_NO_INDEX, "a move takes from at least one heap");
    if (pairs > moore_k(g))
        return nb_illegal(err, NB_NO_INDEX, "a move takes from at most k=%llu heaps",
                          (unsigned long long)moore_k(g));
    for (size_t i = 0; i < pairs; i++) {
        nb_move one = {.len = 2, .w = m->w + 2 * i};
        nb_status st = nb_heaps_legal_take(g, &one, err);
        if (st != NB_OK) {
            err->index[0] += 2 * i;
            return st;
        }
        if (i && m->w[2 * i] <= m->w[2 * i - 2])
            return nb_illegal(err, 2 * i, "the heaps a move takes from are listed once each, "
                              "in ascending order");
    }
    return NB_OK;
}

const nb_ruleset nb_moore = {
    .name = "moore",
    .check = moore_check,
    .apply = moore_apply,
    .release = moore_release,
    .part_count = moore_part_count,
    .part_values = moore_values,
    .moves_to = moore_moves_to,
    .options = moore_options,
    .legal = moore_legal,
    .each_move = moore_each_move,
    .canonicalize = nb_heaps_canonicalize,
    .analyse_normal = moore_analyse,
    .analyse_misere = moore_misere,
};
