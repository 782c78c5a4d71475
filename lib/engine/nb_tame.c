/* nb_tame.c - misère play of heap games, of games of several piles or pairs and of sums
 * across rulesets by Conway's theory of tame games (On Numbers and Games ch. 12; Winning
 * Ways ch. 13, "Survival in the Lost World").
 *
 * The theorem, in the form used here. Label every position of a game fickle or firm
 * (a fickle position has SG value 0 or 1) so that, with g its value and v = g ^ 1:
 *   T0  a position without options is fickle (its value is 0);
 *   F1  a fickle position has no firm option of value v;
 *   F2  a fickle position with options has a fickle option of value v;
 *   R1  a firm position of value 0 or 1 has no fickle option of value v;
 *   R2  a firm position of value 1 has a firm option of value 0 or a fickle one of value 1;
 *   R3  a firm position of value 2 or more has a firm option of value 0 or a fickle one of
 *       value 1, and a firm option of value 1 or a fickle one of value 0.
 * Then a sum of such positions is lost under misère play for the player to move exactly
 * when it is lost in misère Nim played on the SG values with the fickle parts as the
 * heaps of 0 and 1: when every part is fickle and the values' XOR is 1, or some part is
 * firm and the XOR is 0 (Bouton's misère Nim, whose heaps obey T0..R3 with heaps of 0 and
 * 1 fickle).
 * Proof, by induction on the sum. From a sum claimed lost, each move changes one part:
 * fickle to fickle flips the XOR's last bit (all fickle: XOR 1 becomes 0, claimed won);
 * fickle to firm leaves XOR 1 ^ g ^ g' != 0 by F1 (claimed won); with a firm part and XOR
 * 0 a move changes the XOR, and if it leaves every part fickle, the others XOR to g and
 * R1 keeps the new XOR from being 1. From a sum claimed won: every part fickle with XOR 0
 * (not the empty sum, which wins at once): a part with options moves by F2 to XOR 1. Two
 * firm parts or more: Nim's move to XOR 0 leaves a firm part. One firm part G, the others
 * fickle of XOR y != g: g = 0 (y = 1) a fickle part of value 1 moves to 0 by F2; g = 1
 * (y = 0) R2 gives the move; g >= 2 R3 gives it for y = 0 and y = 1. Each lands on a sum
 * claimed lost. The two labels exclude each other (F2 against R1), so the label a
 * position gets from its options is unique; a position with a wild option is wild.
 * These are Conway's tame genera: fickle 0 and 1 are 0^120 and 1^031, firm the rest.
 * Each rule is checked against the exhaustive search in tests/test_misere.c.
 * The labels come from a heap ruleset's closed forms or tables (misere_heap), and for a
 * sum's component of another ruleset (or each part of it, where its ruleset's parts are
 * games alone: Wythoff's piles, Euclid's pairs) from a normal-play search of that part's
 * own positions (nb_search labels every state from its followers): the sum's parts are
 * then searched one at a time, their positions added rather than multiplied. */
#include "engine/nb_tame.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_search.h"

void nb_tame_offer(nb_tame_options *o, uint64_t value, nb_tame label)
{
    o->any = true;
    if (label == NB_TAME_WILD)
        o->wild = true;
    else if (value <= 1)
        (label == NB_TAME_FICKLE ? o->fickle : o->firm)[value] = true;
}

nb_tame nb_tame_label(const nb_tame_options *o, uint64_t value)
{
    if (o->wild)
        return NB_TAME_WILD;
    if (!o->any)
        return NB_TAME_FICKLE; /* T0 */
    if (value >= 2) /* R3 */
        return (o->firm[0] || o->fickle[1]) && (o->firm[1] || o->fickle[0]) ? NB_TAME_FIRM
                                                                             : NB_TAME_WILD;
    unsigned v = (unsigned)value ^ 1;
    if (!o->firm[v] && o->fickle[v]) /* F1, F2 */
        return NB_TAME_FICKLE;
    if (!o->fickle[v] && (value == 0 || o->firm[0] || o->fickle[1])) /* R1, R2 */
        return NB_TAME_FIRM;
    return NB_TAME_WILD;
}

/* Lost under misère play: misère Nim on the values, fickle parts as heaps of 0 and 1. */
static bool sum_lost(size_t firm, uint64_t x)
{
    return firm ? x == 0 : x == 1;
}

/* A part of a game or of a sum's components: a heap of a game whose ruleset labels its
 * heaps (`heap`: the heap is state[part]), or a game of another ruleset labelled by the
 * search of its own positions (`whole`, owned unless `equal` names the earlier part equal
 * to it whose search it is; its root is g's position): a whole component, or one part of
 * a component whose parts are games alone (`named`: g is that part alone, and its moves
 * name `part` in their first word). The game holding it, its component's number (0 in a
 * game alone), what the labels say of it, and whether it has a winning move (once the
 * sum's moves are listed). */
typedef struct tame_part {
    const nb_game *g;
    nb_tame_heap_fn *heap;
    nb_search *whole;
    const struct tame_part *equal;
    bool named;
    size_t component, part;
    uint64_t value;
    nb_tame label;
    bool lost_alone, winning;
} tame_part;

/* Labels into *into heap h less `take` counters (h itself with 0, the heap a move leaves
 * with its take), the rest of h kept: false when h's ruleset does not know that heap. A
 * searched part (take 0) takes its root's value and label. */
static bool label_less(const tame_part *h, nb_solver *s, uint64_t take, tame_part *into)
{
    if (into != h)
        *into = *h;
    if (h->whole) {
        into->value = nb_search_sg(h->whole, 0);
        into->label = nb_search_tame(h->whole, 0);
        return nb_search_has_sg(h->whole, 0);
    }
    uint64_t n = h->g->state[h->part] - take;
    return h->heap(h->g, s, n, &into->value, &into->label, &into->lost_alone);
}

/* The moves of a searched part (a whole component, or one part of it alone) to value
 * `target` whose position after has a label that fits, as push_fitting gives a heap's;
 * a part's move named in the words of the game holding it. */
typedef struct fitting_ctx {
    const tame_part *h;
    uint64_t target;
    nb_tame fits;
    nb_movelist *out;
    nb_state words; /* a move's words with its part named */
    size_t moves;   /* looked at */
} fitting_ctx;

static bool push_if_fits(void *ctx_, const nb_move *move, const uint64_t *after, size_t len)
{
    fitting_ctx *c = ctx_;
    c->moves++;
    size_t i = nb_search_find(c->h->whole, after, len); /* every follower was searched */
    if (i == SIZE_MAX || nb_search_sg(c->h->whole, i) != c->target ||
        (c->fits != NB_TAME_WILD && nb_search_tame(c->h->whole, i) != c->fits))
        return true;
    nb_move m = *move;
    m.component = c->h->component;
    if (c->h->named) {
        nb_state_resize(&c->words, m.len);
        memcpy(c->words.w, m.w, m.len * sizeof *m.w);
        c->words.w[0] = c->h->part;
        m.w = c->words.w;
    }
    return nb_movelist_push(c->out, &m);
}

/* Pushes the moves of heap h to value `target` whose heap after has a label that `fits`
 * (NB_TAME_WILD: any label), each naming h's component. NB_EDECLINED when a heap after
 * a move cannot be labelled; stops quietly once out is full; the budget's error once it
 * is spent. */
static nb_status push_fitting(const tame_part *h, nb_solver *s, uint64_t target, nb_tame fits,
                              nb_movelist *out, nb_err *err)
{
    if (h->whole) {
        fitting_ctx c = {h, target, fits, out, {0}, 0};
        h->g->rules->each_move(h->g, push_if_fits, &c);
        free(c.words.w);
        return nb_budget_spent_after(s->budget, c.moves) ? nb_budget_fail(s->budget, err) : NB_OK;
    }
    nb_movelist found;
    nb_movelist_init(&found, SIZE_MAX);
    nb_status st = h->g->rules->moves_to(h->g, s, h->part, target, &found, err);
    out->incomplete |= found.incomplete; /* the ruleset listed only some */
    for (size_t i = 0; i < found.len && st == NB_OK && !out->truncated; i++) {
        nb_move m = nb_movelist_at(&found, i);
        tame_part after;
        if (fits != NB_TAME_WILD && !label_less(h, s, m.w[1], &after)) {
            st = NB_EDECLINED;
        } else if (fits == NB_TAME_WILD || after.label == fits) {
            m.component = h->component;
            nb_movelist_push(out, &m);
        }
    }
    if (st == NB_OK && nb_budget_spent_after(s->budget, found.len))
        st = nb_budget_fail(s->budget, err);
    nb_movelist_free(&found);
    return st;
}

/* Every part tame: the sum's verdict and every move to a lost sum. A part equal to an
 * earlier one has the same moves to the same values and labels: none where that one had
 * none (a thousand equal parts beside one that wins are not each looked through). */
static nb_status analyse_tame(tame_part *parts, size_t n, nb_solver *s, nb_analysis *out,
                              nb_err *err)
{
    size_t firm = 0;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        firm += parts[i].label == NB_TAME_FIRM;
        x ^= parts[i].value;
    }
    out->method = NB_METHOD_GENUS;
    out->verdict = sum_lost(firm, x) ? NB_LOSE : NB_WIN;
    nb_status st = NB_OK;
    for (size_t i = 0; i < n && out->verdict == NB_WIN && st == NB_OK && !out->moves.truncated;
         i++) {
        if (parts[i].equal && !parts[i].equal->winning)
            continue;
        size_t firm_rest = firm - (parts[i].label == NB_TAME_FIRM), listed = out->moves.len;
        uint64_t rest = x ^ parts[i].value;
        if (firm_rest) { /* any heap left here: the XOR must be 0 */
            st = push_fitting(&parts[i], s, rest, NB_TAME_WILD, &out->moves, err);
        } else { /* a fickle heap for XOR 1, or a firm one for XOR 0 */
            st = push_fitting(&parts[i], s, rest ^ 1, NB_TAME_FICKLE, &out->moves, err);
            if (st == NB_OK && !out->moves.truncated)
                st = push_fitting(&parts[i], s, rest, NB_TAME_FIRM, &out->moves, err);
        }
        parts[i].winning = out->moves.len > listed || out->moves.truncated;
    }
    return st;
}

typedef struct alone_ctx {
    const tame_part *h;
    nb_solver *s;
    nb_movelist *out;
    bool unknown; /* a heap after a move could not be labelled */
} alone_ctx;

static bool push_if_lost_alone(void *ctx_, const nb_move *move, uint64_t value)
{
    (void)value;
    alone_ctx *c = ctx_;
    tame_part after;
    if (!label_less(c->h, c->s, move->w[1], &after))
        return c->unknown = true, false;
    nb_move m = *move;
    m.component = c->h->component;
    return !after.lost_alone || nb_movelist_push(c->out, &m);
}

/* Whether part h has a move (a searched part: its search found more than its root). */
static bool has_move(const tame_part *h)
{
    return h->whole ? nb_search_states(h->whole) > 1 : h->g->state[h->part] != 0;
}

/* The parts labelled: the theory when all are tame, the lone heap's table when one heap
 * is not empty and nothing else is, else NB_EDECLINED. */
static nb_status analyse_parts(tame_part *parts, size_t n, nb_solver *s, nb_analysis *out,
                               nb_err *err)
{
    size_t wild = 0, nonempty = 0, last = 0;
    for (size_t i = 0; i < n; i++) {
        if (nb_budget_spent(s->budget))
            return nb_budget_fail(s->budget, err);
        if (!label_less(&parts[i], s, 0, &parts[i]))
            return NB_EDECLINED;
        wild += parts[i].label == NB_TAME_WILD;
        if (has_move(&parts[i]))
            nonempty++, last = i;
    }
    if (!wild)
        return analyse_tame(parts, n, s, out, err);
    if (nonempty > 1 || parts[last].whole)
        return NB_EDECLINED;
    out->method = NB_METHOD_TABLE; /* one heap: its own misère table */
    out->verdict = nonempty && parts[last].lost_alone ? NB_LOSE : NB_WIN;
    if (!nonempty || out->verdict == NB_LOSE)
        return NB_OK;
    alone_ctx c = {&parts[last], s, &out->moves, false};
    const nb_game *g = parts[last].g;
    nb_status st = g->rules->options(g, s, parts[last].part, push_if_lost_alone, &c, err);
    return st == NB_OK && c.unknown ? NB_EDECLINED : st;
}

nb_status nb_tame_analyse(const nb_game *g, nb_solver *s, nb_tame_heap_fn *heap,
                          nb_analysis *out, nb_err *err)
{
    tame_part *parts = nb_xmalloc((g->len + 1) * sizeof *parts);
    for (size_t i = 0; i < g->len; i++)
        parts[i] = (tame_part){.g = g, .heap = heap, .part = i};
    nb_status st = analyse_parts(parts, g->len, s, out, err);
    free(parts);
    return st;
}

/* The parts a component of a sum counts: its heaps, or the parts its ruleset says are
 * games alone, else 1 (itself). */
static size_t parts_of(const nb_game *g)
{
    size_t width = g->rules->part_width;
    return g->rules->misere_heap ? g->len : width && g->len > width ? g->len / width : 1;
}

/* Orders a component's parts apart by their words (the view's state), equal ones by
 * their place, so that the first of equal parts is the one analyse_tame looks through
 * first: qsort_r's comparison, its context the part width. */
static int by_words(const void *a, const void *b, void *width)
{
    const tame_part *x = *(tame_part *const *)a, *y = *(tame_part *const *)b;
    int c = memcmp(x->g->state, y->g->state, *(size_t *)width * sizeof *x->g->state);
    return c ? c : (x->part > y->part) - (x->part < y->part);
}

/* Labels the k parts apart of one component (their views made, at parts[0 .. k)) by
 * searches of their positions, one for each distinct part: an equal part borrows it (a
 * game of a thousand piles of one size is searched once). `order` has room for k. */
static nb_status search_apart(tame_part *parts, tame_part **order, size_t k, nb_solver *s,
                              nb_err *err)
{
    size_t width = parts[0].g->len;
    for (size_t i = 0; i < k; i++)
        order[i] = &parts[i];
    qsort_r(order, k, sizeof *order, by_words, &width);
    nb_status st = NB_OK;
    for (size_t i = 0; i < k && st == NB_OK; i++) {
        tame_part *p = order[i], *first = i ? order[i - 1] : NULL;
        if (first && !memcmp(p->g->state, first->g->state, width * sizeof *p->g->state)) {
            p->equal = first->equal ? first->equal : first;
            p->whole = first->whole;
            continue;
        }
        st = nb_search_run(p->g, NB_NORMAL, s->limits.max_states, s->budget, &p->whole, err);
    }
    return st;
}

nb_status nb_tame_analyse_sum(const nb_game *games, size_t count, nb_solver *s,
                              nb_analysis *out, nb_err *err)
{
    size_t n = 0, apart = 0;
    for (size_t c = 0; c < count; c++) {
        if (!games[c].rules->misere_heap && !games[c].rules->each_move)
            return NB_EDECLINED;
        size_t k = parts_of(&games[c]);
        n += k;
        apart += !games[c].rules->misere_heap && k > 1 ? k : 0;
    }
    /* the parts, the views of the parts apart and their order: the request's memory */
    uint64_t bytes = (n + 1) * sizeof(tame_part) + (apart + 1) * (sizeof(nb_game) +
                                                                  sizeof(tame_part *));
    if (!nb_budget_hold(s->budget, bytes))
        return nb_budget_fail(s->budget, err);
    tame_part *parts = nb_xcalloc(n + 1, sizeof *parts), *at = parts;
    nb_game *alone = nb_xcalloc(apart + 1, sizeof *alone), *view = alone;
    tame_part **order = nb_xmalloc((apart + 1) * sizeof *order);
    nb_status st = NB_OK;
    for (size_t c = 0; c < count && st == NB_OK; c++) {
        const nb_game *g = &games[c];
        size_t k = parts_of(g);
        if (g->rules->misere_heap) {
            for (size_t i = 0; i < k; i++)
                *at++ = (tame_part){.g = g, .heap = g->rules->misere_heap, .component = c,
                                    .part = i};
        } else if (k == 1) {
            *at = (tame_part){.g = g, .component = c};
            st = nb_search_run(g, NB_NORMAL, s->limits.max_states, s->budget, &at->whole, err);
            at++;
        } else { /* each part of several searched alone */
            size_t width = g->rules->part_width;
            for (size_t i = 0; i < k; i++) {
                *view = nb_game_view(g, g->state + i * width, width);
                at[i] = (tame_part){.g = view++, .component = c, .part = i, .named = true};
            }
            st = search_apart(at, order, k, s, err);
            at += k;
        }
    }
    if (st == NB_OK)
        st = analyse_parts(parts, n, s, out, err);
    for (size_t i = 0; i < n; i++)
        if (!parts[i].equal)
            nb_search_free(parts[i].whole);
    free(parts);
    free(alone);
    free(order);
    nb_budget_drop(s->budget, bytes);
    return st;
}

nb_status nb_tame_analyse_parts(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    return g->len > g->rules->part_width ? nb_tame_analyse_sum(g, 1, s, out, err)
                                         : NB_EDECLINED;
}
