/* nb_search.c - the whole state graph of a position, found breadth-first with an
 * interning hash table (states of any length), then solved backwards from its ends:
 * outcomes and remoteness by retrograde analysis (states never decided are draws), and
 * under normal play SG values by mex in the same backward order (Kahn's algorithm), where
 * no cycle is reachable. O(states + moves) besides the mex sorts. */
#include "engine/nb_search.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_mex.h"
#include "core/nb_util.h"
#include "engine/nb_loopy.h"

/* Words of state kept at most, whatever the state limit (256 MiB of states). */
#define NB_SEARCH_MAX_WORDS (1ULL << 25)
/* Moves stored per state on average at most. */
#define NB_SEARCH_EDGES_PER_STATE 32

#define SG_NONE UINT64_MAX       /* a cycle is reachable: no SG value */
#define SG_WIN_NOW (UINT64_MAX - 1)

struct nb_search {
    nb_game game;         /* rules and params of the root; state unused */
    nb_convention conv;
    uint64_t *words;      /* the states end to end */
    size_t nwords, wcap;
    size_t *start;        /* state i is words[start[i] .. start[i+1]) */
    size_t nstates, cap, max_states;
    uint32_t *first;      /* state i's moves are edges[first[i] .. first[i+1]) */
    uint32_t *edges;      /* the state each move leads to */
    size_t nedges, ecap, max_edges;
    uint8_t *wins_now;    /* the state has a move that wins at once */
    uint64_t *slots;      /* open addressing: the state's tag | its index + 1; 0 = empty */
    size_t nslots;
    uint8_t *outcome;     /* nb_verdict */
    uint32_t *remote;
    uint64_t *sg;
    nb_state scratch;
    bool over;
    nb_budget *budget; /* borrowed; spent: the expansion stops */
    uint64_t held;     /* what the search holds of the budget's memory */
    bool out_of_budget;
};

/* Bytes the search holds once solved, from its capacities: each state's start, flag,
 * moves' start, and what solve() adds (predecessor starts, outcome, remoteness, value);
 * each word, slot, and move with its predecessor entry. */
static uint64_t search_bytes(const nb_search *s)
{
    return (uint64_t)s->cap * (sizeof *s->start + 1 + 4 + 4 + 1 + 4 + 8) +
           (uint64_t)s->wcap * sizeof *s->words + (uint64_t)s->nslots * sizeof *s->slots +
           (uint64_t)s->ecap * (sizeof *s->edges + 4);
}

/* Holds what the search has grown to since it last looked; false when the budget has no
 * room for it. */
static bool hold_growth(nb_search *s)
{
    uint64_t now = search_bytes(s);
    if (now <= s->held)
        return true;
    if (!nb_budget_hold(s->budget, now - s->held))
        return false;
    s->held = now;
    return true;
}

static uint64_t hash_words(const uint64_t *w, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ w[i]) * 0xff51afd7ed558ccdULL;
        h = (h << 31) | (h >> 33);
    }
    h ^= h >> 33; /* murmur3's finalizer: every input bit reaches the low bits */
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

static const uint64_t *state_at(const nb_search *s, size_t i) { return s->words + s->start[i]; }
static size_t state_len(const nb_search *s, size_t i) { return s->start[i + 1] - s->start[i]; }

/* A slot holds a state's index + 1 in its low 32 bits (states stay under 2^25, by
 * NB_SEARCH_MAX_WORDS) and its hash's high 32 bits above them, so that a probe reads the
 * state itself, a likely cache miss, only when the tags match. */
#define SLOT_INDEX 0xffffffffULL
_Static_assert(NB_SEARCH_MAX_WORDS < SLOT_INDEX, "every state's index + 1 fits a slot's low half");
static uint64_t slot_tag(uint64_t hash) { return hash & ~SLOT_INDEX; }

static void rehash(nb_search *s)
{
    size_t n = s->nslots ? s->nslots * 2 : 1024;
    uint64_t *slots = nb_xcalloc(n, sizeof *slots);
    for (size_t i = 0; i < s->nstates; i++) {
        uint64_t hash = hash_words(state_at(s, i), state_len(s, i));
        size_t h = hash & (n - 1);
        while (slots[h])
            h = (h + 1) & (n - 1);
        slots[h] = slot_tag(hash) | (i + 1);
    }
    free(s->slots);
    s->slots = slots;
    s->nslots = n;
}

/* Index of a canonical state, or SIZE_MAX; *slot gets where it would go and *tag its tag. */
static size_t lookup(const nb_search *s, const uint64_t *state, size_t len, size_t *slot,
                     uint64_t *tag)
{
    uint64_t hash = hash_words(state, len);
    size_t h = hash & (s->nslots - 1);
    *tag = slot_tag(hash);
    for (; s->slots[h]; h = (h + 1) & (s->nslots - 1)) {
        size_t i = (s->slots[h] & SLOT_INDEX) - 1;
        if (slot_tag(s->slots[h]) == *tag && state_len(s, i) == len &&
            !memcmp(state_at(s, i), state, len * sizeof *state))
            return i;
    }
    *slot = h;
    return SIZE_MAX;
}

static size_t intern(nb_search *s, const uint64_t *state, size_t len)
{
    size_t slot;
    uint64_t tag;
    size_t found = lookup(s, state, len, &slot, &tag);
    if (found != SIZE_MAX)
        return found;
    if (s->nstates >= s->max_states || s->nwords + len > NB_SEARCH_MAX_WORDS) {
        s->over = true;
        return SIZE_MAX;
    }
    if (s->nstates + 1 >= s->cap) {
        s->cap = s->cap ? s->cap * 2 : 1024;
        s->start = nb_xrealloc(s->start, s->cap * sizeof *s->start);
        s->wins_now = nb_xrealloc(s->wins_now, s->cap * sizeof *s->wins_now);
    }
    nb_reserve((void **)&s->words, &s->wcap, s->nwords + len + 1, sizeof *s->words);
    size_t i = s->nstates++;
    memcpy(s->words + s->nwords, state, len * sizeof *state);
    s->start[i] = s->nwords;
    s->nwords += len;
    s->start[i + 1] = s->nwords;
    s->wins_now[i] = 0;
    s->slots[slot] = tag | (i + 1);
    if (2 * s->nstates > s->nslots)
        rehash(s);
    return i;
}

/* The canonical form of a state, in s->scratch. */
static void canonical(nb_search *s, const uint64_t *state, size_t len)
{
    nb_state_resize(&s->scratch, len);
    memcpy(s->scratch.w, state, len * sizeof *state);
    if (s->game.rules->canonicalize) {
        nb_game view = nb_game_view(&s->game, s->scratch.w, len);
        s->game.rules->canonicalize(&view, s->scratch.w, len);
    }
}

typedef struct expand_ctx {
    nb_search *s;
    size_t from;
} expand_ctx;

static bool add_child(void *ctx_, const nb_move *move, const uint64_t *after, size_t len)
{
    expand_ctx *ec = ctx_;
    nb_search *s = ec->s;
    if (nb_budget_spent_after(s->budget, len)) { /* a large state's moves take long */
        s->out_of_budget = true;
        return false;
    }
    if (move->wins_now) {
        s->wins_now[ec->from] = 1;
        return true;
    }
    canonical(s, after, len);
    size_t child = intern(s, s->scratch.w, len);
    if (child == SIZE_MAX || s->nedges >= s->max_edges) {
        s->over = true;
        return false;
    }
    nb_reserve((void **)&s->edges, &s->ecap, s->nedges + 1, sizeof *s->edges);
    s->edges[s->nedges++] = (uint32_t)child;
    return true;
}

/* Every state reachable from the root, breadth-first: a state's moves are found when its
 * turn comes, so the states in index order are also the order of expansion. */
static void expand(nb_search *s)
{
    nb_state current = {0};
    size_t cap = 0;
    for (size_t i = 0; i < s->nstates && !s->over; i++) {
        if (nb_budget_spent(s->budget) || !hold_growth(s)) {
            s->out_of_budget = true;
            break;
        }
        nb_reserve((void **)&s->first, &cap, i + 2, sizeof *s->first);
        s->first[i] = (uint32_t)s->nedges;
        size_t len = state_len(s, i);
        nb_state_resize(&current, len);
        memcpy(current.w, state_at(s, i), len * sizeof *current.w);
        nb_game view = nb_game_view(&s->game, current.w, len);
        expand_ctx ec = {s, i};
        s->game.rules->each_move(&view, add_child, &ec);
    }
    nb_reserve((void **)&s->first, &cap, s->nstates + 2, sizeof *s->first);
    s->first[s->nstates] = (uint32_t)s->nedges;
    free(current.w);
}

/* The mex of a state's children's values, all known (a child that wins at once for the
 * opponent is never an option worth a value: it is left out, as in the cutting game). */
static uint64_t mex_of_children(const nb_search *s, size_t i, nb_mexset *set)
{
    nb_mexset_start(set, s->first[i + 1] - s->first[i]);
    for (uint32_t e = s->first[i]; e < s->first[i + 1]; e++)
        if (s->sg[s->edges[e]] != SG_WIN_NOW)
            nb_mexset_add(set, s->sg[s->edges[e]]);
    return nb_mexset_mex(set);
}

/* SG values backwards from the ends: a state is valued once all its children are; the
 * states from which a cycle is reachable never are. */
static void grundy(nb_search *s, const uint32_t *pred_first, const uint32_t *pred)
{
    size_t n = s->nstates, tail = 0;
    uint32_t *left = nb_xmalloc((n + 1) * sizeof *left), *queue = nb_xmalloc((n + 1) * sizeof *queue);
    nb_mexset set = {0};
    for (size_t i = 0; i < n; i++) {
        left[i] = s->first[i + 1] - s->first[i];
        s->sg[i] = s->wins_now[i] ? SG_WIN_NOW : left[i] ? SG_NONE : 0;
        if (s->sg[i] != SG_NONE)
            queue[tail++] = (uint32_t)i;
    }
    for (size_t head = 0; head < tail; head++) {
        uint32_t v = queue[head];
        for (uint32_t e = pred_first[v]; e < pred_first[v + 1]; e++) {
            uint32_t u = pred[e];
            if (s->sg[u] == SG_NONE && --left[u] == 0) {
                s->sg[u] = mex_of_children(s, u, &set);
                queue[tail++] = u;
            }
        }
    }
    nb_mexset_free(&set);
    free(left);
    free(queue);
}

/* The predecessor lists (a CSR of the reversed moves), then the backward passes. */
static void predecessors(const nb_search *s, uint32_t **first_out, uint32_t **pred_out);

static void solve(nb_search *s)
{
    size_t n = s->nstates;
    uint32_t *pred_first, *pred;
    predecessors(s, &pred_first, &pred);
    s->outcome = nb_xmalloc(n + 1);
    s->remote = nb_xmalloc((n + 1) * sizeof *s->remote);
    nb_retrograde(n, pred_first, pred, s->conv == NB_MISERE ? NB_WIN : NB_LOSE, s->wins_now,
                  s->outcome, s->remote);
    if (s->conv == NB_NORMAL) {
        s->sg = nb_xmalloc((n + 1) * sizeof *s->sg);
        grundy(s, pred_first, pred);
    }
    free(pred_first);
    free(pred);
}

/* The predecessor lists: a CSR of the reversed moves (both malloc'ed). */
static void predecessors(const nb_search *s, uint32_t **first_out, uint32_t **pred_out)
{
    size_t n = s->nstates;
    uint32_t *pred_first = nb_xcalloc(n + 2, sizeof *pred_first);
    uint32_t *pred = nb_xmalloc((s->nedges + 1) * sizeof *pred);
    for (size_t e = 0; e < s->nedges; e++)
        pred_first[s->edges[e] + 2]++;
    for (size_t i = 0; i < n; i++)
        pred_first[i + 2] += pred_first[i + 1];
    for (size_t i = 0; i < n; i++)
        for (uint32_t e = s->first[i]; e < s->first[i + 1]; e++)
            pred[pred_first[s->edges[e] + 1]++] = (uint32_t)i;
    *first_out = pred_first;
    *pred_out = pred;
}

/* Backwards from the ends, as grundy(): a state's steps once all its moves' are known. */
uint64_t *nb_search_steps(const nb_search *s)
{
    size_t n = s->nstates, tail = 0;
    uint32_t *pred_first, *pred;
    predecessors(s, &pred_first, &pred);
    uint64_t *steps = nb_xmalloc((n + 1) * sizeof *steps);
    uint32_t *left = nb_xmalloc((n + 1) * sizeof *left), *queue = nb_xmalloc((n + 1) * sizeof *queue);
    for (size_t i = 0; i < n; i++) {
        left[i] = s->first[i + 1] - s->first[i];
        steps[i] = UINT64_MAX;
        if (!left[i] && !s->wins_now[i])
            steps[i] = 0, queue[tail++] = (uint32_t)i;
    }
    for (size_t head = 0; head < tail; head++) {
        uint32_t v = queue[head];
        for (uint32_t e = pred_first[v]; e < pred_first[v + 1]; e++) {
            uint32_t u = pred[e];
            if (s->wins_now[u] || --left[u])
                continue;
            bool won = s->outcome[u] == NB_WIN;
            uint64_t best = won ? 0 : UINT64_MAX;
            for (uint32_t c = s->first[u]; c < s->first[u + 1]; c++) {
                uint64_t t = steps[s->edges[c]];
                if (won && s->outcome[s->edges[c]] == NB_LOSE && t > best)
                    best = t;
                else if (!won && t < best)
                    best = t;
            }
            steps[u] = best + 1;
            queue[tail++] = u;
        }
    }
    free(pred_first);
    free(pred);
    free(left);
    free(queue);
    return steps;
}

nb_status nb_search_run(const nb_game *g, nb_convention conv, uint64_t max_states,
                        nb_budget *budget, nb_search **out, nb_err *err)
{
    nb_search *s = nb_xcalloc(1, sizeof *s);
    s->game = *g;
    s->conv = conv;
    s->budget = budget;
    s->max_states = (size_t)(max_states < NB_SEARCH_MAX_WORDS ? max_states : NB_SEARCH_MAX_WORDS);
    if (s->max_states < 1)
        s->max_states = 1;
    s->max_edges = s->max_states * NB_SEARCH_EDGES_PER_STATE;
    rehash(s);
    canonical(s, g->state, g->len);
    intern(s, s->scratch.w, g->len);
    expand(s);
    if (s->out_of_budget) {
        nb_search_free(s);
        nb_status st = nb_budget_fail(budget, err);
        if (st == NB_ELIMIT) /* the deadline: this position's search passed it */
            nb_err_blame(err, 0, NB_NO_INDEX, NB_NO_INDEX);
        return st;
    }
    if (s->over) {
        nb_search_free(s);
        nb_fail(err, NB_ELIMIT,
                "an exhaustive search of this position visits more than the limit "
                "max_states=%zu positions",
                (size_t)(max_states < NB_SEARCH_MAX_WORDS ? max_states : NB_SEARCH_MAX_WORDS));
        nb_err_blame(err, 0, NB_NO_INDEX, NB_NO_INDEX); /* the position as a whole */
        return NB_ELIMIT;
    }
    solve(s);
    *out = s;
    return NB_OK;
}

size_t nb_search_find(nb_search *s, const uint64_t *state, size_t len)
{
    size_t slot;
    uint64_t tag;
    canonical(s, state, len);
    return lookup(s, s->scratch.w, len, &slot, &tag);
}

nb_verdict nb_search_outcome(const nb_search *s, size_t index) { return s->outcome[index]; }

uint64_t nb_search_remoteness(const nb_search *s, size_t index) { return s->remote[index]; }

bool nb_search_has_sg(const nb_search *s, size_t index)
{
    return s->sg && s->sg[index] < SG_WIN_NOW;
}

uint64_t nb_search_sg(const nb_search *s, size_t index)
{
    return nb_search_has_sg(s, index) ? s->sg[index] : 0;
}

void nb_search_free(nb_search *s)
{
    if (!s)
        return;
    nb_budget_drop(s->budget, s->held);
    free(s->words);
    free(s->start);
    free(s->first);
    free(s->edges);
    free(s->wins_now);
    free(s->slots);
    free(s->outcome);
    free(s->remote);
    free(s->sg);
    free(s->scratch.w);
    free(s);
}
