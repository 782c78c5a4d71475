/* nb_search.c - the whole state graph of a position, its states held compactly
 * (nb_stateset), solved from its ends. Depth first, with each state's moves generated once
 * and none kept: a state is settled when all its followers are (outcome, remoteness, and
 * under normal play its SG value and Every-SG steps), so a state costs some twenty bytes.
 * A move back onto the path shows a cycle: then the graph is taken again breadth-first
 * with every move kept, and solved by retrograde analysis (draws) and, for SG values and
 * steps, in Kahn's order. O(states + moves) besides the mex sorts. */
#include "engine/nb_search.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_mex.h"
#include "core/nb_util.h"
#include "engine/nb_loopy.h"
#include "engine/nb_stateset.h"
#include "engine/nb_tame.h"

/* Moves kept per state on average at most, breadth-first. */
#define NB_SEARCH_EDGES_PER_STATE 32

#define SG_NONE UINT32_MAX /* a cycle is reachable: no SG value */
#define SG_WIN_NOW (UINT32_MAX - 1)
#define STEPS_NONE UINT32_MAX
/* Marks in `outcome` while depth-first, before a state is settled. */
#define FRESH 0xff   /* found as a follower, its moves not yet generated */
#define ON_PATH 0xfe /* its followers are being settled */

/* A state on the depth-first path: its followers are edges[kids ..), the next one to look
 * at edges[next]. */
typedef struct frame {
    uint32_t state, kids, next;
    bool wins_now;
} frame;

struct nb_search {
    nb_game game;         /* rules and params of the root; state unused */
    nb_convention conv;
    nb_stateset set;
    size_t max_states, max_edges;
    size_t cap;           /* states the arrays below have room for */
    uint8_t *outcome;     /* nb_verdict (FRESH or ON_PATH while depth-first) */
    uint32_t *remote;
    uint32_t *sg;         /* under normal play only, as are the steps and labels */
    uint32_t *steps;
    uint8_t *tame;        /* nb_tame */
    /* Depth-first, a stack of the followers of the states on the path; breadth-first,
     * every state's followers: state i's are edges[first[i] .. first[i + 1]). */
    uint32_t *edges;
    size_t nedges, ecap;
    frame *path;
    size_t pcap;
    uint32_t *first;      /* breadth-first only, as is wins_now */
    size_t fcap;
    uint8_t *wins_now;    /* the state has a move that wins at once */
    bool move_wins_now;   /* the state being expanded has one */
    nb_state scratch, current;
    nb_mexset mex;
    bool over;
    nb_budget *budget; /* borrowed; spent: the expansion stops */
    uint64_t held;     /* what the search holds of the budget's memory */
    bool out_of_budget;
};

/* Bytes the search holds, from its capacities; breadth-first also what solving adds
 * (predecessor starts and lists, the retrograde analysis's counts and queue). */
static uint64_t search_bytes(const nb_search *s)
{
    uint64_t per_state = sizeof *s->outcome + sizeof *s->remote +
                         (s->sg ? sizeof *s->sg + sizeof *s->steps + sizeof *s->tame : 0);
    uint64_t bytes = nb_stateset_bytes(&s->set) + (uint64_t)s->cap * per_state +
                     (uint64_t)s->ecap * sizeof *s->edges + (uint64_t)s->pcap * sizeof *s->path;
    if (s->first)
        bytes += (uint64_t)s->fcap * sizeof *s->first + (uint64_t)s->cap * (1 + 4 + 4 + 4) +
                 (uint64_t)s->ecap * 4;
    return bytes;
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

/* Room in the per-state arrays for every state of the set; new states are FRESH. */
static void make_room(nb_search *s)
{
    if (s->set.n <= s->cap)
        return;
    size_t cap = s->cap ? s->cap * 2 : 1024;
    s->outcome = nb_xrealloc(s->outcome, cap * sizeof *s->outcome);
    memset(s->outcome + s->cap, FRESH, cap - s->cap);
    s->remote = nb_xrealloc(s->remote, cap * sizeof *s->remote);
    if (s->conv == NB_NORMAL) {
        s->sg = nb_xrealloc(s->sg, cap * sizeof *s->sg);
        s->steps = nb_xrealloc(s->steps, cap * sizeof *s->steps);
        s->tame = nb_xrealloc(s->tame, cap * sizeof *s->tame);
    }
    if (s->first)
        s->wins_now = nb_xrealloc(s->wins_now, cap * sizeof *s->wins_now);
    s->cap = cap;
}

/* The canonical form of a state, in s->scratch. */
static void canonical(nb_search *s, const uint64_t *state, size_t len)
{
    nb_state_resize(&s->scratch, len);
    if (len) /* an empty state may come as NULL */
        memcpy(s->scratch.w, state, len * sizeof *state);
    if (s->game.rules->canonicalize) {
        nb_game view = nb_game_view(&s->game, s->scratch.w, len);
        s->game.rules->canonicalize(&view, s->scratch.w, len);
    }
}

/* The index of a state, added when new; SIZE_MAX past max_states (s->over). */
static size_t intern(nb_search *s, const uint64_t *state, size_t len)
{
    canonical(s, state, len);
    bool added;
    size_t i = nb_stateset_add(&s->set, s->scratch.w, len, s->max_states, &added);
    if (i == SIZE_MAX)
        s->over = true;
    else if (added)
        make_room(s);
    return i;
}

/* One move of the state being expanded: its follower's index onto the edges. */
static bool add_child(void *ctx, const nb_move *move, const uint64_t *after, size_t len)
{
    nb_search *s = ctx;
    if (nb_budget_spent_after(s->budget, len)) { /* a large state's moves take long */
        s->out_of_budget = true;
        return false;
    }
    if (move->wins_now) {
        s->move_wins_now = true;
        return true;
    }
    size_t child = intern(s, after, len);
    if (child == SIZE_MAX || s->nedges >= s->max_edges) {
        s->over = true;
        return false;
    }
    nb_reserve((void **)&s->edges, &s->ecap, s->nedges + 1, sizeof *s->edges);
    if (!hold_growth(s)) { /* one state's moves may bring many long states */
        s->out_of_budget = true;
        return false;
    }
    s->edges[s->nedges++] = (uint32_t)child;
    return true;
}

/* State i's followers appended to the edges (s->move_wins_now says whether a move wins at
 * once); false when the search must stop (over a limit, or the budget spent). */
static bool expand(nb_search *s, size_t i)
{
    if (nb_budget_spent(s->budget) || !hold_growth(s)) {
        s->out_of_budget = true;
        return false;
    }
    nb_stateset_get(&s->set, i, &s->current);
    nb_game view = nb_game_view(&s->game, s->current.w, s->current.len);
    s->move_wins_now = false;
    s->game.rules->each_move(&view, add_child, s);
    return !s->over && !s->out_of_budget;
}

/* The SG value of a state from its followers' (a follower that wins at once for the
 * opponent is never an option worth a value: it is left out, as in the cutting game). */
static uint32_t mex_of(nb_search *s, const uint32_t *kids, size_t n)
{
    nb_mexset_start(&s->mex, n);
    for (size_t k = 0; k < n; k++)
        if (s->sg[kids[k]] != SG_WIN_NOW)
            nb_mexset_add(&s->mex, s->sg[kids[k]]);
    return (uint32_t)nb_mexset_mex(&s->mex);
}

/* Every-SG's steps of a state from its followers', which are all known. */
static uint32_t steps_of(const nb_search *s, const uint32_t *kids, size_t n, bool won)
{
    if (!n)
        return 0;
    uint32_t best = won ? 0 : STEPS_NONE - 1;
    for (size_t k = 0; k < n; k++) {
        uint32_t t = s->steps[kids[k]];
        if (t == STEPS_NONE)
            return STEPS_NONE;
        if (won ? s->outcome[kids[k]] == NB_LOSE && t > best : t < best)
            best = t;
    }
    return best + 1;
}

/* The tame label of a state of SG value g from its followers' values and labels (wild
 * when a follower wins at once: the theory has no such positions). */
static nb_tame tame_of(const nb_search *s, const uint32_t *kids, size_t n, uint32_t g)
{
    nb_tame_options o = {0};
    for (size_t k = 0; k < n; k++) {
        if (s->sg[kids[k]] == SG_WIN_NOW)
            return NB_TAME_WILD;
        nb_tame_offer(&o, s->sg[kids[k]], (nb_tame)s->tame[kids[k]]);
    }
    return nb_tame_label(&o, g);
}

/* Settles state i from its followers kids[0..n), all settled: a win when a move wins at
 * once or leads to a loss (the winner hurries: the nearest loss), else a loss (the loser
 * delays: the farthest win); with no move, the convention's end. */
static void settle(nb_search *s, size_t i, const uint32_t *kids, size_t n, bool wins_now)
{
    uint32_t nearest_loss = UINT32_MAX, farthest = 0;
    for (size_t k = 0; k < n; k++) {
        uint32_t r = s->remote[kids[k]];
        if (s->outcome[kids[k]] == NB_LOSE && r < nearest_loss)
            nearest_loss = r;
        if (r > farthest)
            farthest = r;
    }
    if (wins_now)
        s->outcome[i] = NB_WIN, s->remote[i] = 1;
    else if (!n)
        s->outcome[i] = s->conv == NB_MISERE ? NB_WIN : NB_LOSE, s->remote[i] = 0;
    else if (nearest_loss != UINT32_MAX)
        s->outcome[i] = NB_WIN, s->remote[i] = nearest_loss + 1;
    else
        s->outcome[i] = NB_LOSE, s->remote[i] = farthest + 1;
    if (s->sg) {
        s->sg[i] = wins_now ? SG_WIN_NOW : mex_of(s, kids, n);
        s->steps[i] = wins_now ? STEPS_NONE : steps_of(s, kids, n, s->outcome[i] == NB_WIN);
        s->tame[i] = (uint8_t)(wins_now ? NB_TAME_WILD : tame_of(s, kids, n, s->sg[i]));
    }
}

/* State i onto the path, its followers onto the edges. */
static bool push(nb_search *s, size_t *depth, size_t i)
{
    nb_reserve((void **)&s->path, &s->pcap, *depth + 1, sizeof *s->path);
    s->path[(*depth)++] = (frame){(uint32_t)i, (uint32_t)s->nedges, (uint32_t)s->nedges, false};
    s->outcome[i] = ON_PATH;
    if (!expand(s, i))
        return false;
    s->path[*depth - 1].wins_now = s->move_wins_now;
    return true;
}

/* Every state reachable from the root, settled in postorder; false on a cycle (a move
 * onto the path), or when the search must stop (s->over, s->out_of_budget). */
static bool depth_first(nb_search *s)
{
    size_t depth = 0;
    if (!push(s, &depth, 0))
        return false;
    while (depth) {
        frame *f = &s->path[depth - 1];
        if (f->next < s->nedges) {
            uint32_t c = s->edges[f->next++];
            if (s->outcome[c] == ON_PATH)
                return false;
            if (s->outcome[c] == FRESH && !push(s, &depth, c))
                return false;
            continue;
        }
        settle(s, f->state, s->edges + f->kids, s->nedges - f->kids, f->wins_now);
        s->nedges = f->kids;
        depth--;
    }
    return true;
}

/* Every state with all its moves, in index order from the root (a state's moves are
 * generated when its turn comes, so every state found is expanded in turn). */
static bool breadth_first(nb_search *s)
{
    s->nedges = 0;
    s->fcap = 0;
    s->first = nb_xmalloc(sizeof *s->first);
    s->wins_now = nb_xmalloc(s->cap * sizeof *s->wins_now);
    for (size_t i = 0; i < s->set.n; i++) {
        nb_reserve((void **)&s->first, &s->fcap, i + 2, sizeof *s->first);
        s->first[i] = (uint32_t)s->nedges;
        if (!expand(s, i))
            return false;
        s->wins_now[i] = s->move_wins_now;
    }
    s->first[s->set.n] = (uint32_t)s->nedges;
    if (!hold_growth(s))
        s->out_of_budget = true;
    return !s->out_of_budget;
}

/* The predecessor lists: a CSR of the reversed moves (both malloc'ed). */
static void predecessors(const nb_search *s, uint32_t **first_out, uint32_t **pred_out)
{
    size_t n = s->set.n;
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

/* SG values and steps backwards from the ends, in Kahn's order: a state once all its
 * followers are known; the states from which a cycle is reachable never are. */
static void kahn(nb_search *s, const uint32_t *pred_first, const uint32_t *pred)
{
    size_t n = s->set.n, tail = 0;
    uint32_t *left = nb_xmalloc((n + 1) * sizeof *left);
    uint32_t *queue = nb_xmalloc((n + 1) * sizeof *queue);
    for (size_t i = 0; i < n; i++) {
        left[i] = s->first[i + 1] - s->first[i];
        s->sg[i] = s->wins_now[i] ? SG_WIN_NOW : left[i] ? SG_NONE : 0;
        s->steps[i] = s->wins_now[i] || left[i] ? STEPS_NONE : 0;
        if (s->sg[i] != SG_NONE)
            queue[tail++] = (uint32_t)i;
    }
    for (size_t head = 0; head < tail; head++) {
        uint32_t v = queue[head];
        for (uint32_t e = pred_first[v]; e < pred_first[v + 1]; e++) {
            uint32_t u = pred[e];
            if (s->sg[u] != SG_NONE || --left[u])
                continue;
            const uint32_t *kids = s->edges + s->first[u];
            size_t k = s->first[u + 1] - s->first[u];
            s->sg[u] = mex_of(s, kids, k);
            s->steps[u] = steps_of(s, kids, k, s->outcome[u] == NB_WIN);
            queue[tail++] = u;
        }
    }
    free(left);
    free(queue);
}

/* The graph with its cycles: outcomes and remoteness by retrograde analysis, then under
 * normal play SG values and steps (every state labelled wild: the tame theory is of games
 * that end). */
static void solve_graph(nb_search *s)
{
    uint32_t *pred_first, *pred;
    predecessors(s, &pred_first, &pred);
    nb_retrograde(s->set.n, pred_first, pred, s->conv == NB_MISERE ? NB_WIN : NB_LOSE,
                  s->wins_now, s->outcome, s->remote);
    if (s->sg) {
        kahn(s, pred_first, pred);
        memset(s->tame, NB_TAME_WILD, s->set.n * sizeof *s->tame);
    }
    free(pred_first);
    free(pred);
}

uint64_t *nb_search_steps(const nb_search *s)
{
    uint64_t *steps = nb_xmalloc((s->set.n + 1) * sizeof *steps);
    for (size_t i = 0; i < s->set.n; i++)
        steps[i] = s->steps && s->steps[i] != STEPS_NONE ? s->steps[i] : UINT64_MAX;
    return steps;
}

nb_status nb_search_run(const nb_game *g, nb_convention conv, uint64_t max_states,
                        nb_budget *budget, nb_search **out, nb_err *err)
{
    nb_search *s = nb_xcalloc(1, sizeof *s);
    s->game = *g;
    s->conv = conv;
    s->budget = budget;
    s->max_states = (size_t)(max_states < NB_STATESET_MAX_STATES ? max_states
                                                                 : NB_STATESET_MAX_STATES);
    if (s->max_states < 1)
        s->max_states = 1;
    s->max_edges = s->max_states * NB_SEARCH_EDGES_PER_STATE;
    if (s->max_edges > UINT32_MAX - 1)
        s->max_edges = UINT32_MAX - 1;
    /* Never NULL, so that a terminal root's empty follower list is edges + 0. */
    nb_reserve((void **)&s->edges, &s->ecap, 1, sizeof *s->edges);
    intern(s, g->state, g->len);
    bool solved = depth_first(s);
    if (!solved && !s->over && !s->out_of_budget) { /* a cycle */
        solved = breadth_first(s);
        if (solved)
            solve_graph(s);
    }
    free(s->path);
    s->path = NULL;
    s->pcap = 0;
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
                (size_t)(max_states < NB_STATESET_MAX_STATES ? max_states
                                                             : NB_STATESET_MAX_STATES));
        nb_err_blame(err, 0, NB_NO_INDEX, NB_NO_INDEX); /* the position as a whole */
        return NB_ELIMIT;
    }
    *out = s;
    return NB_OK;
}

size_t nb_search_find(nb_search *s, const uint64_t *state, size_t len)
{
    canonical(s, state, len);
    return nb_stateset_find(&s->set, s->scratch.w, len);
}

size_t nb_search_states(const nb_search *s) { return s->set.n; }

void nb_search_state(const nb_search *s, size_t index, nb_state *out)
{
    nb_stateset_get(&s->set, index, out);
}

uint64_t nb_search_bytes(const nb_search *s) { return s->held; }

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

nb_tame nb_search_tame(const nb_search *s, size_t index)
{
    return s->tame ? (nb_tame)s->tame[index] : NB_TAME_WILD;
}

void nb_search_free(nb_search *s)
{
    if (!s)
        return;
    nb_budget_drop(s->budget, s->held);
    nb_stateset_free(&s->set);
    free(s->outcome);
    free(s->remote);
    free(s->sg);
    free(s->steps);
    free(s->tame);
    free(s->edges);
    free(s->path);
    free(s->first);
    free(s->wins_now);
    free(s->scratch.w);
    free(s->current.w);
    nb_mexset_free(&s->mex);
    free(s);
}
