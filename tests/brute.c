/* brute.c - the tests' brute-force solver: a ruleset's own moves, memoized recursion. */
#include "brute.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

struct brute {
    nb_game game; /* rules and params; state unused */
    bool misere;
    uint64_t *keys; /* the memoized states end to end */
    size_t nkeys, kcap;
    size_t *start, *len; /* state i is keys[start[i] .. start[i] + len[i]) */
    uint64_t *value;
    size_t n, cap;
    size_t *slots; /* index + 1; 0 = empty */
    size_t nslots;
};

static uint64_t hash(const uint64_t *w, size_t len)
{
    uint64_t h = 1469598103934665603ULL ^ len;
    for (size_t i = 0; i < len; i++)
        h = (h ^ w[i]) * 1099511628211ULL + (h >> 29);
    return h;
}

brute *brute_new(const nb_game *g, bool misere)
{
    brute *b = calloc(1, sizeof *b);
    b->game = *g;
    b->misere = misere;
    b->nslots = 1024;
    b->slots = calloc(b->nslots, sizeof *b->slots);
    return b;
}

void brute_free(brute *b)
{
    free(b->keys);
    free(b->start);
    free(b->len);
    free(b->value);
    free(b->slots);
    free(b);
}

static size_t *slot_of(brute *b, const uint64_t *w, size_t len)
{
    size_t h = hash(w, len) & (b->nslots - 1);
    for (; b->slots[h]; h = (h + 1) & (b->nslots - 1)) {
        size_t i = b->slots[h] - 1;
        if (b->len[i] == len && !memcmp(b->keys + b->start[i], w, len * sizeof *w))
            break;
    }
    return &b->slots[h];
}

static void remember(brute *b, const uint64_t *w, size_t len, uint64_t value)
{
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 256;
        b->start = realloc(b->start, b->cap * sizeof *b->start);
        b->len = realloc(b->len, b->cap * sizeof *b->len);
        b->value = realloc(b->value, b->cap * sizeof *b->value);
    }
    if (b->nkeys + len >= b->kcap) {
        b->kcap = 2 * (b->nkeys + len) + 256;
        b->keys = realloc(b->keys, b->kcap * sizeof *b->keys);
    }
    memcpy(b->keys + b->nkeys, w, len * sizeof *w);
    b->start[b->n] = b->nkeys;
    b->len[b->n] = len;
    b->value[b->n] = value;
    b->nkeys += len;
    *slot_of(b, w, len) = ++b->n;
    if (2 * b->n > b->nslots) {
        free(b->slots);
        b->nslots *= 2;
        b->slots = calloc(b->nslots, sizeof *b->slots);
        for (size_t i = 0; i < b->n; i++)
            *slot_of(b, b->keys + b->start[i], b->len[i]) = i + 1;
    }
}

/* A state's moves: the states after them, end to end, and whether any wins at once. */
typedef struct children {
    uint64_t *words;
    size_t nwords, *len, n, cap, wcap;
    bool wins_now;
} children;

static bool collect(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    children *c = ctx;
    c->wins_now |= m->wins_now;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 16;
        c->len = realloc(c->len, c->cap * sizeof *c->len);
    }
    if (c->nwords + len >= c->wcap) {
        c->wcap = 2 * (c->nwords + len) + 64;
        c->words = realloc(c->words, c->wcap * sizeof *c->words);
    }
    memcpy(c->words + c->nwords, after, len * sizeof *after);
    c->nwords += len;
    c->len[c->n++] = len;
    return true;
}

uint64_t brute_value(brute *b, const uint64_t *state, size_t len)
{
    size_t *slot = slot_of(b, state, len);
    if (*slot)
        return b->value[*slot - 1];
    uint64_t *copy = malloc((len + 1) * sizeof *copy);
    memcpy(copy, state, len * sizeof *copy);
    nb_game view = nb_game_view(&b->game, copy, len);
    children c = {0};
    b->game.rules->each_move(&view, collect, &c);
    uint64_t value;
    if (b->misere) {
        value = c.n == 0;
        for (size_t i = 0, at = 0; i < c.n && !value; at += c.len[i++])
            value = brute_value(b, c.words + at, c.len[i]) == 0;
    } else if (c.wins_now) {
        value = BRUTE_WIN_NOW;
    } else {
        bool *seen = calloc(c.n + 2, sizeof *seen);
        for (size_t i = 0, at = 0; i < c.n; at += c.len[i++]) {
            uint64_t v = brute_value(b, c.words + at, c.len[i]);
            if (v <= c.n)
                seen[v] = true;
        }
        for (value = 0; seen[value]; value++)
            ;
        free(seen);
    }
    free(c.words);
    free(c.len);
    free(copy);
    remember(b, state, len, value);
    return value;
}

bool brute_wins(brute *b, const uint64_t *state, size_t len)
{
    uint64_t v = brute_value(b, state, len);
    return b->misere ? v == 1 : v != 0;
}

/* Every legal move with the state after it, copied. */
typedef struct every_move {
    nb_movelist moves;
    children after;
} every_move;

static bool keep_move(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    every_move *em = ctx;
    nb_movelist_push(&em->moves, m);
    return collect(&em->after, m, after, len);
}

static bool same_move(const nb_move *a, const nb_move *b)
{
    return a->component == b->component && a->wins_now == b->wins_now && a->len == b->len &&
           !memcmp(a->w, b->w, a->len * sizeof *a->w);
}

/* Index of move m among the legal moves, or SIZE_MAX. */
static size_t find_move(const every_move *em, const nb_move *m)
{
    for (size_t i = 0; i < em->moves.len; i++) {
        nb_move legal = nb_movelist_at(&em->moves, i);
        if (same_move(&legal, m))
            return i;
    }
    return SIZE_MAX;
}

void brute_check(nb_solver *s, nb_game *g, nb_convention conv, const char *what)
{
    bool misere = conv == NB_MISERE;
    nb_analysis a;
    nb_err err = {0};
    nb_status st = nb_analyse(s, g, conv, 1 << 20, &a, &err);
    ck_assert_msg(st == NB_OK, "%s: %s", what, err.msg);

    ck_assert(nb_game_open(s, g, &err) == NB_OK);
    brute *b = brute_new(g, misere);
    uint64_t value = brute_value(b, g->state, g->len);
    bool wins = brute_wins(b, g->state, g->len);
    every_move em = {0};
    nb_movelist_init(&em.moves, SIZE_MAX);
    g->rules->each_move(g, keep_move, &em);
    bool *winning = calloc(em.moves.len + 1, sizeof *winning);
    uint64_t *after_value = calloc(em.moves.len + 1, sizeof *after_value);
    size_t nwinning = 0;
    nb_state applied = {0};
    for (size_t i = 0, at = 0; i < em.moves.len; at += em.after.len[i++]) {
        nb_move m = nb_movelist_at(&em.moves, i);
        g->rules->apply(g, &m, &applied);
        ck_assert_msg(applied.len == em.after.len[i] &&
                          !memcmp(applied.w, em.after.words + at, applied.len * sizeof *applied.w),
                      "%s: move %zu applied differs from the state each_move gave", what, i);
        winning[i] = (!misere && m.wins_now) || !brute_wins(b, em.after.words + at, em.after.len[i]);
        after_value[i] = m.wins_now ? BRUTE_WIN_NOW : brute_value(b, em.after.words + at, em.after.len[i]);
        nwinning += winning[i];
    }
    free(applied.w);
    brute_free(b);
    nb_game_close(s, g);

    ck_assert_msg(a.verdict != NB_DRAW && (a.verdict == NB_WIN) == wins, "%s: verdict %d, brute %d",
                  what, a.verdict, wins);
    if (a.has_sg) {
        ck_assert_msg(!misere, "%s: an SG value under misère play", what);
        ck_assert_msg(a.sg == value, "%s: sg %llu, brute %llu", what, (unsigned long long)a.sg,
                      (unsigned long long)value);
    } else {
        ck_assert_msg(misere || value == BRUTE_WIN_NOW || g->rules->analyse_normal,
                      "%s: no SG value given", what);
    }
    if (a.has_sg && a.components) {
        uint64_t x = 0;
        for (size_t i = 0; i < a.ncomponents; i++) {
            ck_assert_msg(a.components[i].has_sg, "%s: component %zu has no value", what, i);
            x ^= a.components[i].sg;
        }
        ck_assert_msg(x == a.sg, "%s: the components' XOR is not the SG value", what);
    }
    bool *listed = calloc(em.moves.len + 1, sizeof *listed);
    for (size_t i = 0; i < a.moves.len; i++) {
        nb_move m = nb_movelist_at(&a.moves, i);
        size_t j = find_move(&em, &m);
        ck_assert_msg(j != SIZE_MAX, "%s: winning move %zu is not legal", what, i);
        ck_assert_msg(winning[j], "%s: winning move %zu does not win", what, i);
        ck_assert_msg(!listed[j], "%s: winning move %zu is listed twice", what, i);
        listed[j] = true;
    }
    if (wins && em.moves.len) /* (a misère position with no move is won with none) */
        ck_assert_msg(a.moves.len > 0, "%s: a won position lists no winning move", what);
    if (a.complete)
        ck_assert_msg(a.moves.len == nwinning, "%s: %zu winning moves listed of %zu", what,
                      a.moves.len, nwinning);
    else
        ck_assert_msg(g->rules->analyse_normal && !misere, "%s: the list is incomplete", what);
    nb_analysis_free(&a);

    /* every legal move, in each_move's order, each with what it leads to */
    nb_movelist listed_moves;
    nb_move_outcome *outcomes;
    bool complete;
    st = nb_moves(s, g, conv, 1 << 20, &listed_moves, &outcomes, &complete, &err);
    ck_assert_msg(st == NB_OK, "%s moves: %s", what, err.msg);
    ck_assert_msg(complete && listed_moves.len == em.moves.len, "%s: %zu moves listed of %zu",
                  what, listed_moves.len, em.moves.len);
    for (size_t i = 0; i < listed_moves.len; i++) {
        nb_move m = nb_movelist_at(&listed_moves, i), legal = nb_movelist_at(&em.moves, i);
        ck_assert_msg(same_move(&m, &legal), "%s: move %zu is not each_move's", what, i);
        ck_assert_msg((outcomes[i].outcome == NB_WIN) == winning[i] &&
                          outcomes[i].outcome != NB_DRAW,
                      "%s: move %zu's outcome", what, i);
        if (outcomes[i].has_sg)
            ck_assert_msg(!misere && outcomes[i].sg == after_value[i], "%s: move %zu's sg %llu, "
                          "brute %llu", what, i, (unsigned long long)outcomes[i].sg,
                          (unsigned long long)after_value[i]);
        else
            ck_assert_msg(misere || after_value[i] == BRUTE_WIN_NOW || g->rules->analyse_normal ||
                              m.wins_now,
                          "%s: move %zu has no sg", what, i);
    }
    nb_movelist_free(&listed_moves);
    free(outcomes);
    free(after_value);

    nb_play_result play;
    st = nb_play(s, g, conv, &play, &err);
    ck_assert_msg(st == NB_OK, "%s play: %s", what, err.msg);
    ck_assert_msg(play.has_move == (em.moves.len > 0), "%s: play has a move", what);
    if (play.has_move) {
        nb_move m = nb_movelist_at(&play.move, 0);
        size_t j = find_move(&em, &m);
        ck_assert_msg(j != SIZE_MAX, "%s: the move played is not legal", what);
        ck_assert_msg(!wins || winning[j], "%s: the move played does not win", what);
    }
    nb_movelist_free(&play.move);
    nb_movelist_free(&em.moves);
    free(em.after.words);
    free(em.after.len);
    free(winning);
    free(listed);
}
