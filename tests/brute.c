/* brute.c - the tests' brute-force solver: options from the rules, memoized recursion. */
#include "brute.h"

#include <stdlib.h>
#include <string.h>

typedef struct opts {
    brute_state *items;
    bool *wins;
    size_t len, cap;
} opts;

static void add(opts *o, const brute_state *s, bool wins_now)
{
    if (o->len == o->cap) {
        o->cap = o->cap ? o->cap * 2 : 16;
        o->items = realloc(o->items, o->cap * sizeof *o->items);
        o->wins = realloc(o->wins, o->cap * sizeof *o->wins);
    }
    o->items[o->len] = *s;
    o->wins[o->len++] = wins_now;
}

/* Options of one component occupying words [from, from+len) of s. */
static void component_options(const nb_game *g, const brute_state *s, size_t from, size_t len,
                              opts *o);

static void heap_options(const brute_state *s, size_t from, size_t len, const uint64_t *takes,
                         size_t ntakes, bool any, opts *o)
{
    for (size_t i = from; i < from + len; i++) {
        for (uint64_t t = 1; t <= s->w[i]; t++) {
            bool ok = any;
            for (size_t j = 0; j < ntakes && !ok; j++)
                ok = takes[j] == t;
            if (!ok)
                continue;
            brute_state a = *s;
            a.w[i] -= t;
            add(o, &a, false);
        }
    }
}

/* Moore: recursively choose a reduction (0 = none) for every heap, 1..k of them non-zero. */
static void moore_rec(const brute_state *s, brute_state *cur, size_t i, size_t end,
                      size_t chosen, uint64_t k, opts *o)
{
    if (i == end) {
        if (chosen >= 1)
            add(o, cur, false);
        return;
    }
    moore_rec(s, cur, i + 1, end, chosen, k, o);
    if (chosen == k)
        return;
    for (uint64_t t = 1; t <= s->w[i]; t++) {
        cur->w[i] = s->w[i] - t;
        moore_rec(s, cur, i + 1, end, chosen + 1, k, o);
    }
    cur->w[i] = s->w[i];
}

static bool coin(const brute_state *s, size_t from, size_t c)
{
    return s->w[from + (c - 1) / 64] >> ((c - 1) % 64) & 1;
}

static void turn(brute_state *s, size_t from, size_t c)
{
    s->w[from + (c - 1) / 64] ^= 1ULL << ((c - 1) % 64);
}

static void cutting_options(const brute_state *s, size_t from, size_t len, opts *o)
{
    for (size_t p = 0; p < len / 2; p++) {
        uint64_t w = s->w[from + 2 * p], h = s->w[from + 2 * p + 1];
        for (int dir = 0; dir < 2; dir++) {
            uint64_t side = dir ? h : w;
            for (uint64_t at = 1; at < side; at++) {
                brute_state a = {.len = s->len + 2};
                memcpy(a.w, s->w, (from + 2 * p) * sizeof *a.w);
                uint64_t *q = a.w + from + 2 * p;
                q[0] = dir ? w : at, q[1] = dir ? at : h;
                q[2] = dir ? w : w - at, q[3] = dir ? h - at : h;
                memcpy(q + 4, s->w + from + 2 * p + 2,
                       (s->len - from - 2 * p - 2) * sizeof *a.w);
                bool wins = (q[0] == 1 && q[1] == 1) || (q[2] == 1 && q[3] == 1);
                add(o, &a, wins);
            }
        }
    }
}

static void component_options(const nb_game *g, const brute_state *s, size_t from, size_t len,
                              opts *o)
{
    const nb_ruleset *r = g->rules;
    if (r == &nb_nim) {
        heap_options(s, from, len, NULL, 0, true, o);
    } else if (r == &nb_bash) {
        uint64_t k = ((nb_bash_params *)g->params)->k, takes[64];
        size_t n = 0;
        for (uint64_t t = 1; t <= k && n < 64; t++)
            takes[n++] = t;
        heap_options(s, from, len, takes, n, false, o);
    } else if (r == &nb_subtraction) {
        nb_subtraction_params *p = g->params;
        heap_options(s, from, len, p->set, p->nset, false, o);
    } else if (r == &nb_moore) {
        brute_state cur = *s;
        moore_rec(s, &cur, from, from + len, 0, ((nb_moore_params *)g->params)->k, o);
    } else if (r == &nb_staircase) {
        for (size_t i = 0; i < len; i++)
            for (uint64_t c = 1; c <= s->w[from + i]; c++) {
                brute_state a = *s;
                a.w[from + i] -= c;
                if (i > 0)
                    a.w[from + i - 1] += c;
                add(o, &a, false);
            }
    } else if (r == &nb_coins) {
        size_t n = ((nb_coins_params *)g->params)->ncoins;
        for (size_t c = 1; c <= n; c++) {
            if (!coin(s, from, c))
                continue;
            brute_state a = *s;
            turn(&a, from, c);
            add(o, &a, false);
            for (size_t d = 1; d < c; d++) {
                brute_state b = a;
                turn(&b, from, d);
                add(o, &b, false);
            }
        }
    } else if (r == &nb_cutting) {
        cutting_options(s, from, len, o);
    } else if (r == &nb_dag) {
        nb_dag_params *p = g->params;
        for (size_t t = 0; t < len; t++)
            for (size_t e = 0; e < p->nedges; e++)
                if (p->edges[2 * e] == s->w[from + t]) {
                    brute_state a = *s;
                    a.w[from + t] = p->edges[2 * e + 1];
                    add(o, &a, false);
                }
    } else if (r == &nb_sum) {
        nb_sum_params *p = g->params;
        /* Components keep their offsets only while no cutting component grows; the tests
         * put a cutting component last in a sum, so earlier offsets stay fixed. */
        for (size_t c = 0; c < p->count; c++) {
            size_t start = from + p->state_offsets[c];
            size_t clen = c + 1 == p->count ? s->len - start : p->state_offsets[c + 1] -
                                                                   p->state_offsets[c];
            nb_game sub = p->games[c];
            component_options(&sub, s, start, clen, o);
        }
    }
}

size_t brute_options(const nb_game *g, const brute_state *s, brute_state **out, bool **wins_now)
{
    opts o = {0};
    component_options(g, s, 0, s->len, &o);
    *out = o.items;
    *wins_now = o.wins;
    return o.len;
}

brute_state brute_of(const nb_game *g)
{
    brute_state s = {.len = g->len};
    memcpy(s.w, g->state, g->len * sizeof *s.w);
    return s;
}

/* Component c's word range in a sum state (the last one takes the rest). */
static void sum_range(const nb_game *g, const brute_state *s, size_t c, size_t *from, size_t *len)
{
    nb_sum_params *p = g->params;
    *from = p->state_offsets[c];
    *len = c + 1 == p->count ? s->len - *from : p->state_offsets[c + 1] - *from;
}

static void apply_in(const nb_game *g, brute_state *a, size_t from, const nb_move *m)
{
    const nb_ruleset *r = g->rules;
    if (r == &nb_nim || r == &nb_bash || r == &nb_subtraction) {
        a->w[from + m->u.take.heap] -= m->u.take.take;
    } else if (r == &nb_moore) {
        for (size_t i = 0; i < m->ntakes; i++)
            a->w[from + m->takes[i].heap] -= m->takes[i].take;
    } else if (r == &nb_staircase) {
        size_t i = m->u.stair.stair - 1;
        a->w[from + i] -= m->u.stair.count;
        if (i > 0)
            a->w[from + i - 1] += m->u.stair.count;
    } else if (r == &nb_coins) {
        turn(a, from, m->u.flip.coin);
        if (m->u.flip.also)
            turn(a, from, m->u.flip.also);
    } else if (r == &nb_cutting) {
        size_t at = from + 2 * m->u.cut.piece;
        uint64_t w = a->w[at], h = a->w[at + 1], k = m->u.cut.at;
        memmove(a->w + at + 4, a->w + at + 2, (a->len - at - 2) * sizeof *a->w);
        a->len += 2;
        bool v = m->u.cut.dir == NB_CUT_VERTICAL;
        a->w[at] = v ? k : w, a->w[at + 1] = v ? h : k;
        a->w[at + 2] = v ? w - k : w, a->w[at + 3] = v ? h : h - k;
    } else if (r == &nb_dag) {
        a->w[from + m->u.slide.token] = m->u.slide.to;
    } else if (r == &nb_sum) {
        size_t cf, cl;
        sum_range(g, a, m->component, &cf, &cl);
        nb_sum_params *p = g->params;
        apply_in(&p->games[m->component], a, cf, m);
    }
}

brute_state brute_apply(const nb_game *g, const brute_state *s, const nb_move *m)
{
    brute_state a = *s;
    apply_in(g, &a, 0, m);
    return a;
}

/* Memo: open addressing on the state words, one table per kind of value. */
typedef struct memo_entry {
    brute_state s;
    uint64_t value;
    unsigned generation; /* valid when it is the current generation */
} memo_entry;

static unsigned generation = 1;

#define MEMO_SIZE (1 << 17)
static memo_entry *memo[3];

static uint64_t hash_state(const brute_state *s)
{
    uint64_t h = s->len * 0x9e3779b97f4a7c15ULL;
    for (size_t i = 0; i < s->len; i++)
        h = (h ^ s->w[i]) * 0xff51afd7ed558ccdULL, h ^= h >> 29;
    return h;
}

static memo_entry *slot(int kind, const brute_state *s)
{
    if (!memo[kind])
        memo[kind] = calloc(MEMO_SIZE, sizeof *memo[kind]);
    size_t i = hash_state(s) & (MEMO_SIZE - 1);
    while (memo[kind][i].generation == generation && (memo[kind][i].s.len != s->len ||
                                  memcmp(memo[kind][i].s.w, s->w, s->len * sizeof *s->w)))
        i = (i + 1) & (MEMO_SIZE - 1);
    return &memo[kind][i];
}

void brute_reset(void) { generation++; }

uint64_t brute_sg(const nb_game *g, const brute_state *s)
{
    memo_entry *e = slot(0, s);
    if (e->generation == generation)
        return e->value;
    brute_state *o;
    bool *wins;
    size_t n = brute_options(g, s, &o, &wins);
    uint64_t mex = 0;
    for (bool found = true; found; ) {
        found = false;
        for (size_t i = 0; i < n && !found; i++)
            found = brute_sg(g, &o[i]) == mex;
        if (found)
            mex++;
    }
    free(o);
    free(wins);
    e = slot(0, s); /* the table did not move, but recursion may have filled our slot */
    e->s = *s;
    e->generation = generation;
    e->value = mex;
    return mex;
}

bool brute_wins(const nb_game *g, const brute_state *s, bool misere)
{
    int kind = misere ? 2 : 1;
    memo_entry *e = slot(kind, s);
    if (e->generation == generation)
        return e->value;
    brute_state *o;
    bool *wins;
    size_t n = brute_options(g, s, &o, &wins);
    bool win = misere && n == 0;
    for (size_t i = 0; i < n && !win; i++) /* immediate wins first: no need to look deeper */
        win = !misere && wins[i];
    for (size_t i = 0; i < n && !win; i++)
        win = !brute_wins(g, &o[i], misere);
    free(o);
    free(wins);
    e = slot(kind, s);
    e->s = *s;
    e->generation = generation;
    e->value = win;
    return win;
}

uint64_t brute_piece_sg(uint64_t w, uint64_t h)
{
    static uint64_t memo_sg[64][64];
    static bool known[64][64];
    if (w < 2 || h < 2)
        return 0;
    if (known[w][h])
        return memo_sg[w][h];
    bool seen[256] = {0};
    for (uint64_t a = 2; a + 2 <= w; a++)
        seen[brute_piece_sg(a, h) ^ brute_piece_sg(w - a, h)] = true;
    for (uint64_t b = 2; b + 2 <= h; b++)
        seen[brute_piece_sg(w, b) ^ brute_piece_sg(w, h - b)] = true;
    uint64_t mex = 0;
    while (seen[mex])
        mex++;
    known[w][h] = true;
    return memo_sg[w][h] = mex;
}
