/* nb_notaktotable.c - every Notakto board of one size, solved at once. A board's options
 * hold one X more, so going through the masks from the full board down meets every
 * option before its board: its normal-play value is the mex of its options' and it is
 * lost alone under misère play exactly when none of its options is (a dead board has no
 * move: value 0, and won alone under misère play, its player having no move).
 *
 * The misère quotient (Plambeck and Siegel's, which nb_quotient.c grows for any parts
 * closed under options; Plambeck and Whitehead, "The secrets of Notakto: winning at X-only
 * tic-tac-toe", arXiv 1301.1672, found the 3 x 3 one of order 18): a sum of boards is a
 * sum of parts, one a live board up to the square's symmetries (a board and its images
 * are the same game), numbered with the fullest first so that every option's part is
 * numbered below its board's; a dead board is part 0, the empty position. */
#include "games/notakto/nb_notaktotable.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

/* The cell (r, c) goes to under symmetry s of the square (s = 0 .. 7). */
static unsigned image_cell(unsigned k, unsigned s, unsigned r, unsigned c)
{
    unsigned rr = r, cc = c;
    if (s & 4) /* transpose */
        rr = c, cc = r;
    if (s & 1)
        cc = k - 1 - cc;
    if (s & 2)
        rr = k - 1 - rr;
    return rr * k + cc;
}

uint32_t nb_notakto_canonical(unsigned k, uint32_t board)
{
    uint32_t best = board;
    for (unsigned s = 1; s < 8; s++) {
        uint32_t image = 0;
        for (uint32_t x = board; x; x &= x - 1) {
            unsigned i = (unsigned)__builtin_ctz(x);
            image |= 1u << image_cell(k, s, i / k, i % k);
        }
        best = image < best ? image : best;
    }
    return best;
}

bool nb_notakto_dead(const uint32_t *lines, unsigned nlines, uint32_t board)
{
    for (unsigned i = 0; i < nlines; i++)
        if ((board & lines[i]) == lines[i])
            return true;
    return false;
}

static bool dead(const nb_notaktotable *t, uint32_t board)
{
    return nb_notakto_dead(t->lines, t->nlines, board);
}

bool nb_notakto_element(const nb_notaktotable *t, uint32_t board, uint32_t *element)
{
    if (!t->q)
        return false;
    uint32_t p = t->part[board];
    if (p >= t->q->n)
        return false;
    *element = t->q->phi[p];
    return true;
}

nb_key nb_notaktotable_key(unsigned k)
{
    nb_key key = {0};
    nb_key_add(&key, "notakto:%u", k);
    return key;
}

static void table_destroy(nb_cached *c)
{
    nb_notaktotable *t = (nb_notaktotable *)c;
    if (t->q)
        t->q->base.destroy(&t->q->base);
    free(t->board);
    free(t->options);
    free(t->lost_with);
    free(t->part);
    free(t->part_board);
    free(t->off);
    free(t->succ);
    free(t);
}

static bool table_covers(const nb_cached *c, const void *need)
{
    const nb_notaktotable *t = (const nb_notaktotable *)c;
    (void)need;
    return !t->q || t->q->n == t->parts || !t->q->stop || strcmp(t->q->stop, "budget");
}

unsigned nb_notakto_lines(unsigned k, uint32_t lines[2 * NB_NOTAKTO_MAX_SIDE + 2])
{
    unsigned n = 0;
    uint32_t diag = 0, anti = 0;
    for (unsigned i = 0; i < k; i++) {
        uint32_t row = 0, col = 0;
        for (unsigned j = 0; j < k; j++)
            row |= 1u << (i * k + j), col |= 1u << (j * k + i);
        lines[n++] = row;
        lines[n++] = col;
        diag |= 1u << (i * k + i), anti |= 1u << (i * k + k - 1 - i);
    }
    lines[n++] = diag;
    lines[n++] = anti;
    return n;
}

/* The value and the misère outcome alone of every board, fullest first. */
static bool solve_boards(nb_notaktotable *t, nb_budget *budget)
{
    uint32_t all = (uint32_t)((1ULL << t->cells) - 1);
    t->board = nb_xmalloc((size_t)all + 1);
    for (uint32_t m = all;; m--) {
        if ((m & 0xFFFF) == 0 && nb_budget_spent_now(budget))
            return false;
        uint8_t byte = 0;
        if (!dead(t, m)) {
            uint32_t seen = 0; /* values are below 26 */
            bool some_lost = false;
            for (uint32_t empty = ~m & all; empty; empty &= empty - 1) {
                uint8_t child = t->board[m | (empty & -empty)];
                seen |= 1u << (child & 127u);
                some_lost |= child >> 7;
            }
            byte = (uint8_t)((unsigned)__builtin_ctz(~seen) | (some_lost ? 0u : 128u));
        }
        t->board[m] = byte;
        if (!m)
            break;
    }
    return true;
}

static int fullest_first(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    int px = __builtin_popcount(x), py = __builtin_popcount(y);
    return px != py ? py - px : (x > y) - (x < y);
}

static int by_number(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The parts (live boards up to symmetry, fullest first) and their options. */
static void number_parts(nb_notaktotable *t)
{
    uint32_t all = (uint32_t)((1ULL << t->cells) - 1);
    uint32_t *canon = nb_xmalloc(((size_t)all + 1) * sizeof *canon);
    size_t live = 0;
    for (uint32_t m = 0;; m++) {
        canon[m] = nb_notakto_canonical(t->k, m);
        live += canon[m] == m && !dead(t, m);
        if (m == all)
            break;
    }
    t->parts = (uint32_t)live + 1;
    t->part_board = nb_xcalloc(t->parts, sizeof *t->part_board);
    for (uint32_t m = 0, n = 1;; m++) {
        if (canon[m] == m && !dead(t, m))
            t->part_board[n++] = m;
        if (m == all)
            break;
    }
    qsort(t->part_board + 1, live, sizeof *t->part_board, fullest_first);
    t->part = nb_xcalloc((size_t)all + 1, sizeof *t->part);
    for (uint32_t p = 1; p < t->parts; p++)
        t->part[t->part_board[p]] = p;
    for (uint32_t m = 0;; m++) {
        t->part[m] = t->part[canon[m]]; /* 0 for a dead board */
        if (m == all)
            break;
    }
    free(canon);
    t->off = nb_xmalloc(((size_t)t->parts + 1) * sizeof *t->off);
    t->succ = nb_xmalloc(((size_t)live * t->cells + 1) * sizeof *t->succ);
    t->off[0] = t->off[1] = 0;
    for (uint32_t p = 1, used = 0; p < t->parts; p++) {
        uint32_t m = t->part_board[p], from = used;
        for (uint32_t empty = ~m & all; empty; empty &= empty - 1)
            t->succ[used++] = t->part[m | (empty & -empty)];
        qsort(t->succ + from, used - from, sizeof *t->succ, by_number);
        uint32_t kept = from;
        for (uint32_t i = from; i < used; i++)
            if (i == from || t->succ[i] != t->succ[kept - 1])
                t->succ[kept++] = t->succ[i];
        used = kept;
        t->off[p + 1] = used;
    }
    t->graph = (nb_quotient_graph){t->parts, t->off, t->succ, NULL};
}

/* The masks of the options' elements of every covered board, and of the elements each
 * element makes lost. */
static void option_masks(nb_notaktotable *t)
{
    const nb_quotient *q = t->q;
    if (q->order > 64)
        return;
    uint32_t all = (uint32_t)((1ULL << t->cells) - 1);
    t->options = nb_xcalloc((size_t)all + 1, sizeof *t->options);
    t->lost_with = nb_xcalloc(q->order, sizeof *t->lost_with);
    for (uint32_t m = 0;; m++) {
        uint32_t e;
        if (!dead(t, m) && nb_notakto_element(t, m, &e))
            for (uint32_t empty = ~m & all; empty; empty &= empty - 1)
                if (nb_notakto_element(t, m | (empty & -empty), &e))
                    t->options[m] |= 1ULL << e;
        if (m == all)
            break;
    }
    for (uint32_t x = 0; x < q->order; x++)
        for (uint32_t y = 0; y < q->order; y++)
            if (q->lost[nb_quotient_mul(q, x, y)])
                t->lost_with[x] |= 1ULL << y;
}

static nb_status table_build(const nb_cached *old, const void *need_, nb_cached **out,
                             nb_err *err)
{
    (void)old;
    const nb_notaktotable_need *need = need_;
    nb_notaktotable *t = nb_xcalloc(1, sizeof *t);
    t->base = (nb_cached){.destroy = table_destroy};
    t->k = need->k, t->cells = need->k * need->k;
    t->nlines = nb_notakto_lines(t->k, t->lines);
    if (!solve_boards(t, need->budget)) {
        table_destroy(&t->base);
        return nb_budget_fail(need->budget, err);
    }
    size_t masks = (size_t)1 << t->cells;
    t->base.bytes = sizeof *t + masks;
    if (t->k > 4) {
        t->no_quotient = "the boards of this size, up to symmetry, are more than the "
                         "quotient's parts may be";
    } else {
        number_parts(t);
        nb_quotient_need qn = {t->parts - 1u, NB_QUOTIENT_MAX_ORDER, need->max_work, NULL,
                               need->budget, &t->graph, NULL};
        nb_status st = nb_quotient_build(&qn, &t->q, err);
        if (st != NB_OK) {
            table_destroy(&t->base);
            return st;
        }
        if (t->q->n < t->parts)
            t->no_quotient = t->q->stop ? t->q->stop : "max_work";
        option_masks(t);
        t->base.bytes += masks * (sizeof *t->part + (t->options ? 8 : 0)) + t->q->base.bytes +
                         (size_t)t->parts * 2 * sizeof *t->off + t->off[t->parts] * sizeof *t->succ;
    }
    *out = &t->base;
    return NB_OK;
}

const nb_cache_kind nb_notaktotable_kind = {.covers = table_covers, .build = table_build};
