/* brute.c - the tests' brute-force solver: a ruleset's own moves, the reachable states'
 * graph solved by retrograde analysis. */
#include "brute.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

struct brute {
    nb_game game; /* rules and params; state unused */
    bool misere;
    uint64_t *keys; /* the states met, end to end */
    size_t nkeys, kcap;
    size_t *start, *len; /* state i is keys[start[i] .. start[i] + len[i]) */
    size_t n, cap;
    size_t *slots; /* index + 1; 0 = empty */
    size_t nslots;
    /* the explored graph: state i's children are child[first[i] .. first[i+1]) */
    size_t *first, *child, nchild, ccap, explored;
    bool *wins_now;   /* some move of the state wins at once */
    nb_verdict *outcome;
    uint64_t *remoteness, *value;
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
    free(b->slots);
    free(b->first);
    free(b->child);
    free(b->wins_now);
    free(b->outcome);
    free(b->remoteness);
    free(b->value);
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

/* The index of a state, added (unexplored) when new. */
static size_t intern(brute *b, const uint64_t *w, size_t len)
{
    size_t *slot = slot_of(b, w, len);
    if (*slot)
        return *slot - 1;
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 256;
        b->start = realloc(b->start, b->cap * sizeof *b->start);
        b->len = realloc(b->len, b->cap * sizeof *b->len);
        b->first = realloc(b->first, (b->cap + 1) * sizeof *b->first);
        b->wins_now = realloc(b->wins_now, b->cap * sizeof *b->wins_now);
    }
    if (b->nkeys + len >= b->kcap) {
        b->kcap = 2 * (b->nkeys + len) + 256;
        b->keys = realloc(b->keys, b->kcap * sizeof *b->keys);
    }
    memcpy(b->keys + b->nkeys, w, len * sizeof *w);
    b->start[b->n] = b->nkeys;
    b->len[b->n] = len;
    b->nkeys += len;
    *slot = ++b->n;
    if (2 * b->n > b->nslots) {
        free(b->slots);
        b->nslots *= 2;
        b->slots = calloc(b->nslots, sizeof *b->slots);
        for (size_t i = 0; i < b->n; i++)
            *slot_of(b, b->keys + b->start[i], b->len[i]) = i + 1;
    }
    return b->n - 1;
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

/* Every state reachable from the new ones, in the order met (a state whose player wins
 * at once under normal play is not looked past), then the outcome, remoteness and value of every state met so far:
 * retrograde analysis of the whole explored graph (it may have cycles), the values by
 * mex in reverse topological order where no cycle is reachable. */
static void explore(brute *b)
{
    for (; b->explored < b->n; b->explored++) {
        size_t i = b->explored;
        uint64_t *copy = malloc((b->len[i] + 1) * sizeof *copy);
        memcpy(copy, b->keys + b->start[i], b->len[i] * sizeof *copy);
        nb_game view = nb_game_view(&b->game, copy, b->len[i]);
        children c = {0};
        b->game.rules->each_move(&view, collect, &c);
        b->wins_now[i] = c.wins_now;
        b->first[i] = b->nchild;
        for (size_t k = 0, at = 0; k < c.n && (b->misere || !c.wins_now); at += c.len[k++]) {
            size_t child = intern(b, c.words + at, c.len[k]);
            if (b->nchild == b->ccap) {
                b->ccap = b->ccap ? 2 * b->ccap : 1024;
                b->child = realloc(b->child, b->ccap * sizeof *b->child);
            }
            b->child[b->nchild++] = child;
        }
        b->first[i + 1] = b->nchild;
        free(c.words);
        free(c.len);
        free(copy);
    }
    size_t n = b->n;
    b->outcome = realloc(b->outcome, (n + 1) * sizeof *b->outcome);
    b->remoteness = realloc(b->remoteness, (n + 1) * sizeof *b->remoteness);
    b->value = realloc(b->value, (n + 1) * sizeof *b->value);
    size_t *left = calloc(n + 1, sizeof *left), *queue = malloc((n + 1) * sizeof *queue);
    size_t *pcount = calloc(n + 2, sizeof *pcount), *parents = malloc((b->nchild + 1) * sizeof *parents);
    for (size_t e = 0; e < b->nchild; e++)
        pcount[b->child[e] + 2]++;
    for (size_t i = 0; i < n; i++)
        pcount[i + 2] += pcount[i + 1];
    for (size_t i = 0; i < n; i++)
        for (size_t e = b->first[i]; e < b->first[i + 1]; e++)
            parents[pcount[b->child[e] + 1]++] = i;
    /* parents of i: parents[pcount[i] .. pcount[i+1]) */
    size_t tail = 0;
    for (size_t i = 0; i < n; i++) {
        left[i] = b->first[i + 1] - b->first[i];
        b->remoteness[i] = 0;
        b->outcome[i] = NB_DRAW;
        bool now = !b->misere && b->wins_now[i];
        if (!left[i] || now) {
            b->outcome[i] = now || b->misere ? NB_WIN : NB_LOSE;
            b->remoteness[i] = now;
            queue[tail++] = i;
        }
    }
    bool *done = calloc(n + 1, sizeof *done);
    for (size_t i = 0; i < tail; i++)
        done[queue[i]] = true;
    for (size_t head = 0; head < tail; head++) {
        size_t v = queue[head];
        for (size_t e = pcount[v]; e < pcount[v + 1]; e++) {
            size_t p = parents[e];
            if (done[p] || (b->outcome[v] == NB_WIN && --left[p]))
                continue;
            b->outcome[p] = b->outcome[v] == NB_LOSE ? NB_WIN : NB_LOSE;
            b->remoteness[p] = b->remoteness[v] + 1;
            done[p] = true;
            queue[tail++] = p;
        }
    }
    /* values: a state is valued once all its children are (Kahn's order) */
    for (size_t i = 0; i < n; i++) {
        left[i] = b->first[i + 1] - b->first[i];
        b->value[i] = BRUTE_LOOPY;
    }
    tail = 0;
    for (size_t i = 0; i < n; i++)
        if (!left[i] || (!b->misere && b->wins_now[i]))
            queue[tail++] = i;
    for (size_t head = 0; head < tail; head++) {
        size_t v = queue[head];
        if (!b->misere && b->wins_now[v]) {
            b->value[v] = BRUTE_WIN_NOW;
        } else {
            size_t deg = b->first[v + 1] - b->first[v];
            bool *seen = calloc(deg + 2, sizeof *seen);
            for (size_t e = b->first[v]; e < b->first[v + 1]; e++)
                if (b->value[b->child[e]] <= deg)
                    seen[b->value[b->child[e]]] = true;
            uint64_t m = 0;
            while (seen[m])
                m++;
            free(seen);
            b->value[v] = b->misere ? b->outcome[v] == NB_WIN : m;
        }
        for (size_t e = pcount[v]; e < pcount[v + 1]; e++) {
            size_t p = parents[e];
            if (b->value[p] == BRUTE_LOOPY && !--left[p] && (b->misere || !b->wins_now[p]))
                queue[tail++] = p;
        }
    }
    free(done);
    free(parents);
    free(pcount);
    free(queue);
    free(left);
}

/* The index of a state, explored and solved. */
static size_t solved(brute *b, const uint64_t *state, size_t len)
{
    size_t i = intern(b, state, len);
    if (b->explored < b->n)
        explore(b);
    return i;
}

void brute_add(brute *b, const uint64_t *state, size_t len)
{
    intern(b, state, len);
}

/* (solving may move the arrays: the index first) */
uint64_t brute_value(brute *b, const uint64_t *state, size_t len)
{
    size_t i = solved(b, state, len);
    return b->value[i];
}

nb_verdict brute_outcome(brute *b, const uint64_t *state, size_t len)
{
    size_t i = solved(b, state, len);
    return b->outcome[i];
}

uint64_t brute_remoteness(brute *b, const uint64_t *state, size_t len)
{
    size_t i = solved(b, state, len);
    return b->remoteness[i];
}

bool brute_wins(brute *b, const uint64_t *state, size_t len)
{
    return brute_outcome(b, state, len) == NB_WIN;
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

/* What the move leads to, for the player who makes it. */
static nb_verdict for_mover(bool misere, const nb_move *m, nb_verdict after)
{
    if (!misere && m->wins_now)
        return NB_WIN;
    return after == NB_LOSE ? NB_WIN : after == NB_WIN ? NB_LOSE : NB_DRAW;
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
    nb_verdict verdict = brute_outcome(b, g->state, g->len);
    every_move em = {0};
    nb_movelist_init(&em.moves, SIZE_MAX);
    g->rules->each_move(g, keep_move, &em);
    size_t nmoves = em.moves.len;
    nb_verdict *outcome = calloc(nmoves + 1, sizeof *outcome);
    uint64_t *after_value = calloc(nmoves + 1, sizeof *after_value);
    uint64_t *after_remoteness = calloc(nmoves + 1, sizeof *after_remoteness);
    size_t count[3] = {0};
    nb_state applied = {0};
    for (size_t i = 0, at = 0; i < nmoves; at += em.after.len[i++])
        intern(b, em.after.words + at, em.after.len[i]); /* then all solved at once */
    for (size_t i = 0, at = 0; i < nmoves; at += em.after.len[i++]) {
        nb_move m = nb_movelist_at(&em.moves, i);
        const uint64_t *after = em.after.words + at;
        g->rules->apply(g, &m, &applied);
        ck_assert_msg(applied.len == em.after.len[i] &&
                          !memcmp(applied.w, after, applied.len * sizeof *applied.w),
                      "%s: move %zu applied differs from the state each_move gave", what, i);
        outcome[i] = for_mover(misere, &m, brute_outcome(b, after, em.after.len[i]));
        after_value[i] = m.wins_now ? BRUTE_WIN_NOW : brute_value(b, after, em.after.len[i]);
        after_remoteness[i] = brute_remoteness(b, after, em.after.len[i]);
        count[outcome[i]]++;
    }
    uint64_t remoteness = brute_remoteness(b, g->state, g->len);
    free(applied.w);
    brute_free(b);
    nb_game_close(s, g);

    ck_assert_msg(a.verdict == verdict, "%s: verdict %d, brute %d", what, a.verdict, verdict);
    if (a.has_sg) {
        ck_assert_msg(!misere, "%s: an SG value under misère play", what);
        ck_assert_msg(a.sg == value || (value == BRUTE_LOOPY && (a.sg == 0) == (verdict == NB_LOSE)),
                      "%s: sg %llu, brute %llu", what, (unsigned long long)a.sg,
                      (unsigned long long)value);
    } else {
        ck_assert_msg(misere || value == BRUTE_WIN_NOW || value == BRUTE_LOOPY ||
                          g->rules->analyse_normal,
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
    if (a.has_remoteness)
        ck_assert_msg(a.remoteness == remoteness, "%s: remoteness %llu, brute %llu", what,
                      (unsigned long long)a.remoteness, (unsigned long long)remoteness);
    /* the winning moves, or in a draw the drawing ones: each legal, listed once, of its
     * kind; all of them when the list says it is complete */
    bool draw = a.verdict == NB_DRAW;
    const nb_movelist *listed_kind = draw ? &a.drawing : &a.moves;
    nb_verdict kind = draw ? NB_DRAW : NB_WIN;
    if (draw)
        ck_assert_msg(a.moves.len == 0, "%s: a drawn position lists winning moves", what);
    bool *listed = calloc(nmoves + 1, sizeof *listed);
    for (size_t i = 0; i < listed_kind->len; i++) {
        nb_move m = nb_movelist_at(listed_kind, i);
        size_t j = find_move(&em, &m);
        ck_assert_msg(j != SIZE_MAX, "%s: listed move %zu is not legal", what, i);
        ck_assert_msg(outcome[j] == kind, "%s: listed move %zu leads to %d, not %d", what, i,
                      outcome[j], kind);
        ck_assert_msg(!listed[j], "%s: listed move %zu is listed twice", what, i);
        listed[j] = true;
    }
    if (verdict != NB_LOSE && nmoves) /* (a misère position with no move is won with none) */
        ck_assert_msg(listed_kind->len > 0, "%s: no move of its kind listed", what);
    if (a.complete)
        ck_assert_msg(listed_kind->len == count[kind], "%s: %zu moves listed of %zu", what,
                      listed_kind->len, count[kind]);
    else
        ck_assert_msg(misere ? g->rules->analyse_misere != NULL : g->rules->analyse_normal != NULL,
                      "%s: the list is incomplete, though no rule made it", what);
    bool delays = verdict == NB_LOSE && a.has_remoteness; /* play must delay the loss most */
    nb_analysis_free(&a);

    /* every legal move, in each_move's order, each with what it leads to */
    nb_movelist listed_moves;
    nb_move_outcome *outcomes;
    bool complete;
    st = nb_moves(s, g, conv, 1 << 20, &listed_moves, &outcomes, &complete, &err);
    ck_assert_msg(st == NB_OK, "%s moves: %s", what, err.msg);
    ck_assert_msg(complete && listed_moves.len == nmoves, "%s: %zu moves listed of %zu", what,
                  listed_moves.len, nmoves);
    for (size_t i = 0; i < listed_moves.len; i++) {
        nb_move m = nb_movelist_at(&listed_moves, i), legal = nb_movelist_at(&em.moves, i);
        ck_assert_msg(same_move(&m, &legal), "%s: move %zu is not each_move's", what, i);
        ck_assert_msg(outcomes[i].outcome == outcome[i], "%s: move %zu's outcome %d, brute %d",
                      what, i, outcomes[i].outcome, outcome[i]);
        if (outcomes[i].has_sg)
            ck_assert_msg(!misere && (outcomes[i].sg == after_value[i] ||
                                      after_value[i] == BRUTE_LOOPY),
                          "%s: move %zu's sg %llu, brute %llu", what, i,
                          (unsigned long long)outcomes[i].sg, (unsigned long long)after_value[i]);
        else
            ck_assert_msg(misere || after_value[i] == BRUTE_WIN_NOW ||
                              after_value[i] == BRUTE_LOOPY || g->rules->analyse_normal ||
                              m.wins_now,
                          "%s: move %zu has no sg", what, i);
        if (outcomes[i].has_remoteness)
            ck_assert_msg(outcomes[i].remoteness == after_remoteness[i],
                          "%s: move %zu's remoteness %llu, brute %llu", what, i,
                          (unsigned long long)outcomes[i].remoteness,
                          (unsigned long long)after_remoteness[i]);
    }
    nb_movelist_free(&listed_moves);
    free(outcomes);
    free(after_value);

    nb_play_result play;
    st = nb_play(s, g, conv, &play, &err);
    ck_assert_msg(st == NB_OK, "%s play: %s", what, err.msg);
    ck_assert_msg(play.has_move == (nmoves > 0), "%s: play has a move", what);
    if (play.has_move) {
        nb_move m = nb_movelist_at(&play.move, 0);
        size_t j = find_move(&em, &m);
        ck_assert_msg(j != SIZE_MAX, "%s: the move played is not legal", what);
        ck_assert_msg(verdict == NB_LOSE || outcome[j] == verdict,
                      "%s: the move played leads to %d from %d", what, outcome[j], verdict);
        if (delays)
            ck_assert_msg(after_remoteness[j] + 1 == remoteness, "%s: the move played from a "
                          "loss in %llu leaves a win in %llu", what,
                          (unsigned long long)remoteness, (unsigned long long)after_remoteness[j]);
    }
    nb_movelist_free(&play.move);
    nb_movelist_free(&em.moves);
    free(em.after.words);
    free(em.after.len);
    free(outcome);
    free(after_remoteness);
    free(listed);
}
