/* nb_notaktotable.c - every Notakto board of one size, solved at once. A board's options
 * hold one X more, so going through the masks from the full board down meets every
 * option before its board: its normal-play value is the mex of its options' and it is
 * lost alone under misère play exactly when none of its options is (a dead board has no
 * move: value 0, and won alone under misère play, its player having no move).
 *
 * The misère quotient (Plambeck and Siegel's, which nb_quotient.c grows for any parts
 * closed under options; Plambeck and Whitehead, "The secrets of Notakto: winning at X-only
 * tic-tac-toe", arXiv 1301.1672, found the 3 x 3 one of order 18): a sum of boards is a
 * sum of parts, one a live board up to the symmetries of its lines (below: a board and its
 * images are the same game), numbered with the fullest first so that every option's part is
 * numbered below its board's; a dead board is part 0, the empty position. */
#include "games/notakto/nb_notaktotable.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

/* The symmetries of each side's lines, made once: cell i goes to symmetry[k][s][i], and
 * the cells of byte j of a board (cells 8 j to 8 j + 7, the bits of x) to the cells of
 * byte_image[k][s][j][x]. */
#define BOARD_BYTES 4 /* at most 25 cells */
static uint8_t symmetry[NB_NOTAKTO_MAX_SIDE + 1][NB_NOTAKTO_SYMMETRIES]
                      [NB_NOTAKTO_MAX_SIDE * NB_NOTAKTO_MAX_SIDE];
static uint32_t byte_image[NB_NOTAKTO_MAX_SIDE + 1][NB_NOTAKTO_SYMMETRIES][BOARD_BYTES][256];
static unsigned nsymmetries[NB_NOTAKTO_MAX_SIDE + 1];
static pthread_once_t symmetries_made = PTHREAD_ONCE_INIT;

/* The order after p[0 .. k) (lexicographically) into p: false after the last. */
static bool next_order(unsigned *p, unsigned k)
{
    unsigned i = k - 1;
    while (i && p[i - 1] > p[i])
        i--;
    if (!i)
        return false;
    unsigned j = k - 1;
    while (p[j] < p[i - 1])
        j--;
    unsigned t = p[i - 1];
    p[i - 1] = p[j], p[j] = t;
    for (unsigned a = i, b = k - 1; a < b; a++, b--)
        t = p[a], p[a] = p[b], p[b] = t;
    return true;
}

/* A permutation of the cells that maps the lines onto the lines maps every board onto the
 * same game (dead exactly when its image is, their moves matching one to one). These are:
 * rows and columns both reordered by one order s that commutes with the reversal r (i ->
 * k - 1 - i), the columns then reversed or not, the board then transposed or not (a row
 * goes to a row, a column to a column, the diagonal {(i, i)} to itself or, reversed, to
 * the other, since s r = r s). For 3 x 3 they are the square's eight symmetries; for 4 x 4
 * and 5 x 5 there are 32 (s: 8 orders), which take the 4,961 live 4 x 4 boards up to the
 * square's symmetries to 1,452. */
static void make_symmetries(void)
{
    for (unsigned k = NB_NOTAKTO_MIN_SIDE; k <= NB_NOTAKTO_MAX_SIDE; k++) {
        unsigned s[NB_NOTAKTO_MAX_SIDE], n = 0;
        for (unsigned i = 0; i < k; i++)
            s[i] = i;
        do {
            bool commutes = true;
            for (unsigned i = 0; i < k; i++)
                commutes &= s[k - 1 - i] == k - 1 - s[i];
            for (unsigned g = 0; commutes && g < 4; g++, n++)
                for (unsigned i = 0; i < k * k; i++) {
                    unsigned r = i / k, c = i % k;
                    if (g & 2) /* transpose */
                        r = i % k, c = i / k;
                    r = s[r], c = g & 1 ? k - 1 - s[c] : s[c];
                    symmetry[k][n][i] = (uint8_t)(r * k + c);
                    for (unsigned x = 0; x < 256; x++)
                        byte_image[k][n][i / 8][x] |= (uint32_t)(x >> i % 8 & 1) << (r * k + c);
                }
        } while (next_order(s, k));
        nsymmetries[k] = n;
    }
}

unsigned nb_notakto_symmetries(unsigned k, const uint8_t (**images)[NB_NOTAKTO_MAX_SIDE *
                                                                     NB_NOTAKTO_MAX_SIDE])
{
    pthread_once(&symmetries_made, make_symmetries);
    *images = symmetry[k];
    return nsymmetries[k];
}

uint32_t nb_notakto_canonical(unsigned k, uint32_t board)
{
    pthread_once(&symmetries_made, make_symmetries);
    unsigned n = nsymmetries[k], bytes = (k * k + 7) / 8;
    uint32_t best = board;
    for (unsigned s = 1; s < n; s++) { /* 0: the identity */
        uint32_t image = 0;
        for (unsigned j = 0; j < bytes; j++)
            image |= byte_image[k][s][j][board >> 8 * j & 255];
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
