/* nb_search.c - iterative depth-first solving of a game's whole state graph with an
 * interning hash table; games here always end, so the state graph is acyclic. */
#include "nb_search.h"

#include <stdlib.h>
#include <string.h>

#include "nb_util.h"

/* Words of state kept at most, whatever the state limit (256 MiB of states). */
#define NB_SEARCH_MAX_WORDS (1ULL << 25)
/* Moves stored per state on average at most. */
#define NB_SEARCH_EDGES_PER_STATE 32

enum { ST_NEW, ST_OPEN, ST_DONE };

struct nb_search {
    nb_game game;     /* rules and params of the root; state unused */
    nb_convention conv;
    size_t len;
    uint64_t *states; /* nstates * len words */
    size_t nstates, cap, max_states;
    uint8_t *status;
    uint64_t *value, *remote;
    size_t *first, *count; /* children: edges[first .. first+count) */
    size_t *edges;
    size_t nedges, ecap, max_edges;
    uint64_t *slots;  /* open addressing: the state's tag | its index + 1; 0 = empty */
    size_t nslots;
    uint64_t *scratch;
    bool over;
};

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

static const uint64_t *state_at(const nb_search *s, size_t i) { return s->states + i * s->len; }

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
        uint64_t hash = hash_words(state_at(s, i), s->len);
        size_t h = hash & (n - 1);
        while (slots[h])
            h = (h + 1) & (n - 1);
        slots[h] = slot_tag(hash) | (i + 1);
    }
    free(s->slots);
    s->slots = slots;
    s->nslots = n;
}

/* Index of a canonical state, or SIZE_MAX; *slot gets where it would go and *tag its
 * tag. */
static size_t lookup(const nb_search *s, const uint64_t *state, size_t *slot, uint64_t *tag)
{
    uint64_t hash = hash_words(state, s->len);
    size_t h = hash & (s->nslots - 1);
    *tag = slot_tag(hash);
    for (; s->slots[h]; h = (h + 1) & (s->nslots - 1)) {
        size_t i = (s->slots[h] & SLOT_INDEX) - 1;
        if (slot_tag(s->slots[h]) == *tag &&
            !memcmp(state_at(s, i), state, s->len * sizeof *state))
            return i;
    }
    *slot = h;
    return SIZE_MAX;
}

static size_t intern(nb_search *s, const uint64_t *state)
{
    size_t slot;
    uint64_t tag;
    size_t found = lookup(s, state, &slot, &tag);
    if (found != SIZE_MAX)
        return found;
    if (s->nstates >= s->max_states) {
        s->over = true;
        return SIZE_MAX;
    }
    if (s->nstates == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        s->states = nb_xrealloc(s->states, cap * (s->len ? s->len : 1) * sizeof *s->states);
        s->status = nb_xrealloc(s->status, cap * sizeof *s->status);
        s->value = nb_xrealloc(s->value, cap * sizeof *s->value);
        s->remote = nb_xrealloc(s->remote, cap * sizeof *s->remote);
        s->first = nb_xrealloc(s->first, cap * sizeof *s->first);
        s->count = nb_xrealloc(s->count, cap * sizeof *s->count);
        s->cap = cap;
    }
    size_t i = s->nstates++;
    memcpy(s->states + i * s->len, state, s->len * sizeof *state);
    s->status[i] = ST_NEW;
    s->slots[slot] = tag | (i + 1);
    if (2 * s->nstates > s->nslots)
        rehash(s);
    return i;
}

static bool add_child(void *ctx, const nb_move *move, const uint64_t *after)
{
    nb_search *s = ctx;
    (void)move;
    memcpy(s->scratch, after, s->len * sizeof *after);
    if (s->game.rules->canonicalize) {
        nb_game view = nb_game_view(&s->game, s->scratch);
        s->game.rules->canonicalize(&view, s->scratch);
    }
    size_t child = intern(s, s->scratch);
    if (child == SIZE_MAX || s->nedges >= s->max_edges) {
        s->over = true;
        return false;
    }
    nb_reserve((void **)&s->edges, &s->ecap, s->nedges + 1, sizeof *s->edges);
    s->edges[s->nedges++] = child;
    return true;
}

/* Value and remoteness of a state whose children are all solved. */
static void settle(nb_search *s, size_t i, uint64_t *buf)
{
    size_t n = s->count[i];
    const size_t *kids = n ? s->edges + s->first[i] : NULL; /* no edges yet: NULL */
    bool wins;
    if (s->conv == NB_MISERE) {
        wins = n == 0;
        for (size_t k = 0; k < n && !wins; k++)
            wins = s->value[kids[k]] == 0;
        s->value[i] = wins;
    } else {
        for (size_t k = 0; k < n; k++)
            buf[k] = s->value[kids[k]];
        if (n)
            qsort(buf, n, sizeof *buf, nb_cmp_u64);
        uint64_t mex = 0;
        for (size_t k = 0; k < n && buf[k] <= mex; k++)
            if (buf[k] == mex)
                mex++;
        s->value[i] = mex;
        wins = mex != 0;
    }
    uint64_t best = 0;
    bool any = false;
    for (size_t k = 0; k < n; k++) {
        uint64_t r = s->remote[kids[k]];
        if (wins && s->value[kids[k]] != 0)
            continue; /* a winner only moves to losing states */
        if (!any || (wins ? r < best : r > best))
            best = r;
        any = true;
    }
    s->remote[i] = n ? best + 1 : 0;
}

static nb_status solve(nb_search *s, nb_err *err, const char *limit_name)
{
    size_t *stack = NULL, depth = 0, stack_cap = 0;
    uint64_t *buf = NULL;
    size_t buf_cap = 0;
    nb_reserve((void **)&stack, &stack_cap, 1, sizeof *stack);
    stack[depth++] = 0;
    while (depth && !s->over) {
        size_t i = stack[depth - 1];
        if (s->status[i] == ST_DONE) {
            depth--;
        } else if (s->status[i] == ST_NEW) {
            s->status[i] = ST_OPEN;
            s->first[i] = s->nedges;
            memcpy(s->scratch + s->len, state_at(s, i), s->len * sizeof *s->scratch);
            nb_game view = nb_game_view(&s->game, s->scratch + s->len);
            s->game.rules->each_move(&view, add_child, s);
            s->count[i] = s->nedges - s->first[i];
            for (size_t k = 0; k < s->count[i] && !s->over; k++) {
                size_t child = s->edges[s->first[i] + k];
                if (s->status[child] == ST_NEW) {
                    nb_reserve((void **)&stack, &stack_cap, depth + 1, sizeof *stack);
                    stack[depth++] = child;
                }
            }
        } else {
            nb_reserve((void **)&buf, &buf_cap, s->count[i], sizeof *buf);
            settle(s, i, buf);
            s->status[i] = ST_DONE;
            depth--;
        }
    }
    free(stack);
    free(buf);
    if (s->over)
        return nb_fail(err, NB_ELIMIT, NULL,
                       "exhaustive search of this position passes %zu states (limit %s)",
                       s->max_states, limit_name);
    return NB_OK;
}

nb_status nb_search_run(const nb_game *g, nb_convention conv, uint64_t max_states,
                        const char *limit_name, nb_search **out, nb_err *err)
{
    nb_search *s = nb_xcalloc(1, sizeof *s);
    s->game = *g;
    s->conv = conv;
    s->len = g->len;
    uint64_t by_memory = NB_SEARCH_MAX_WORDS / (g->len ? g->len : 1);
    s->max_states = (size_t)(max_states < by_memory ? max_states : by_memory);
    if (s->max_states < 1)
        s->max_states = 1;
    s->max_edges = s->max_states * NB_SEARCH_EDGES_PER_STATE;
    s->scratch = nb_xmalloc(2 * (s->len ? s->len : 1) * sizeof *s->scratch);
    rehash(s);
    memcpy(s->scratch, g->state, s->len * sizeof *s->scratch);
    if (g->rules->canonicalize) {
        nb_game view = nb_game_view(g, s->scratch);
        g->rules->canonicalize(&view, s->scratch);
    }
    intern(s, s->scratch);
    nb_status st = solve(s, err, limit_name);
    if (st != NB_OK) {
        nb_search_free(s);
        return st;
    }
    *out = s;
    return NB_OK;
}

size_t nb_search_find(nb_search *s, const uint64_t *state)
{
    size_t slot;
    memcpy(s->scratch, state, s->len * sizeof *state);
    if (s->game.rules->canonicalize) {
        nb_game view = nb_game_view(&s->game, s->scratch);
        s->game.rules->canonicalize(&view, s->scratch);
    }
    uint64_t tag;
    return lookup(s, s->scratch, &slot, &tag);
}

uint64_t nb_search_value(const nb_search *s, size_t index) { return s->value[index]; }

uint64_t nb_search_remoteness(const nb_search *s, size_t index) { return s->remote[index]; }

void nb_search_free(nb_search *s)
{
    if (!s)
        return;
    free(s->states);
    free(s->status);
    free(s->value);
    free(s->remote);
    free(s->first);
    free(s->count);
    free(s->edges);
    free(s->slots);
    free(s->scratch);
    free(s);
}

