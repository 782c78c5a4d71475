/* nb_cram.c - Cram by its regions, whose values XOR (the SG theorem: a domino lies in one
 * orthogonally connected region of empty cells, and what it leaves of that region splits
 * into regions again). The cheap regions first: fewer than two cells is 0; a straight
 * line of n cells is Dawson's Kayles, the octal game 0.07 (a domino takes two adjacent
 * cells of the row and may split it: Winning Ways ch. 4, OEIS A002187), valued at any
 * length by its proved period; a region that a half turn maps onto itself with no cell
 * on its own image and no cell beside it is 0 (the mirror strategy: the second player
 * answers each domino with its image, which is disjoint from it and still empty, so the
 * second player always has a move; Gardner, after Winning Ways ch. 22 on even x even
 * boards), at any size. Any other region whose bounding box holds at most 64 cells is
 * searched: a small one's value is the mex over its dominoes of the XOR of the regions
 * left, a large one's found by Lemoine and Viennot's nimber search (below), memoised by
 * the region's canonical form under the eight symmetries of the square (a region and its
 * images are the same game), within max_states entries a request; the
 * regions a large search valued go to the cache's table (nb_cramtable.c), which later
 * requests read first, so a search stopped at a limit goes on from where it stopped. */
#include "games/cram/nb_cram.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_split_search.h"
#include "games/cram/nb_cramtable.h"
#include "theory/nb_octable.h"

static const nb_cram_params *params_of(const nb_game *g) { return g->params; }

static bool empty_at(const uint64_t *state, size_t i) { return state[i / 64] >> (i % 64) & 1; }

/* --- frames: a region of at most 64 cells in its bounding box, bit r * w + c ---------- */

typedef struct frame {
    uint64_t bits;
    unsigned h, w;
} frame;

static uint64_t full_mask(unsigned cells) { return cells >= 64 ? ~0ULL : (1ULL << cells) - 1; }

/* The cells of column 0, and of column w - 1. */
static uint64_t column_mask(unsigned h, unsigned w, unsigned c)
{
    uint64_t m = 0;
    for (unsigned r = 0; r < h; r++)
        m |= 1ULL << (r * w + c);
    return m;
}

/* The connected part of `set` (cells of a frame h x w) that holds its lowest cell: grown
 * by the cells beside it, the column masks made once. */
static uint64_t flood(uint64_t set, unsigned h, unsigned w)
{
    uint64_t first = column_mask(h, w, 0), last = first << (w - 1);
    uint64_t comp = set & -set, before = 0;
    while (comp != before) {
        before = comp;
        comp |= (((comp & ~last) << 1) | ((comp & ~first) >> 1) | (comp << w) | (comp >> w)) & set;
    }
    return comp;
}

/* The cells of `set` (within a frame w wide) in a frame of their own bounding box. */
static frame shrink(uint64_t set, unsigned h, unsigned w)
{
    unsigned top = h, bottom = 0;
    uint64_t cols = 0, row_mask = full_mask(w);
    for (unsigned r = 0; r < h; r++) {
        uint64_t row = set >> (r * w) & row_mask;
        if (row) {
            top = top < r ? top : r;
            bottom = r;
            cols |= row;
        }
    }
    if (!cols)
        return (frame){0, 0, 0};
    unsigned left = (unsigned)__builtin_ctzll(cols), right = 63 - (unsigned)__builtin_clzll(cols);
    frame f = {0, bottom - top + 1, right - left + 1};
    for (unsigned r = top; r <= bottom; r++)
        f.bits |= (set >> (r * w + left) & full_mask(f.w)) << ((r - top) * f.w);
    return f;
}

static uint64_t reverse_bits(uint64_t x)
{
    x = (x >> 1 & 0x5555555555555555ULL) | (x & 0x5555555555555555ULL) << 1;
    x = (x >> 2 & 0x3333333333333333ULL) | (x & 0x3333333333333333ULL) << 2;
    x = (x >> 4 & 0x0F0F0F0F0F0F0F0FULL) | (x & 0x0F0F0F0F0F0F0F0FULL) << 4;
    return __builtin_bswap64(x);
}

/* The half turn: cell i goes to h * w - 1 - i. */
static uint64_t half_turn(frame f) { return reverse_bits(f.bits) >> (64 - f.h * f.w); }

/* Each row reversed (c -> w - 1 - c). */
static uint64_t mirror_rows(frame f)
{
    uint64_t out = 0;
    for (unsigned r = 0; r < f.h; r++)
        out |= (reverse_bits(f.bits >> (r * f.w) & full_mask(f.w)) >> (64 - f.w)) << (r * f.w);
    return out;
}

static frame transpose(frame f)
{
    frame t = {0, f.w, f.h};
    for (uint64_t x = f.bits; x; x &= x - 1) {
        unsigned i = (unsigned)__builtin_ctzll(x), r = i / f.w, c = i % f.w;
        t.bits |= 1ULL << (c * t.w + r);
    }
    return t;
}

/* The least of a frame's images under the symmetries of the square, among those no
 * taller than wide: the same game, one key. */
static frame canonical(frame f)
{
    if (f.h > f.w)
        f = transpose(f);
    frame best = f;
    for (int t = 0; t < (f.h == f.w ? 2 : 1); t++) {
        frame g = t ? transpose(f) : f;
        uint64_t turned = half_turn(g), rows = mirror_rows(g);
        frame images[4] = {g, {turned, g.h, g.w}, {rows, g.h, g.w},
                           {half_turn((frame){rows, g.h, g.w}), g.h, g.w}};
        for (int k = 0; k < 4; k++)
            if (images[k].bits < best.bits)
                best = images[k];
    }
    return best;
}

/* Whether the mirror strategy shows the region is 0: a half turn maps it onto itself, no
 * cell is its own image (the centre of an odd x odd box) and none is beside its image
 * (the two middle cells of the middle column or row of an even x odd box). */
static bool mirrored(frame f)
{
    if (half_turn(f) != f.bits)
        return false;
    if (f.h % 2 && f.w % 2)
        return !(f.bits >> (f.h * f.w / 2) & 1);
    if (f.h % 2 == 0 && f.w % 2)
        return !(f.bits >> ((f.h / 2 - 1) * f.w + f.w / 2) & 1);
    if (f.h % 2 && f.w % 2 == 0)
        return !(f.bits >> (f.h / 2 * f.w + f.w / 2 - 1) & 1);
    return true;
}

/* --- the regions of a board ----------------------------------------------------------- */

typedef enum { CR_NONE, CR_LINE, CR_MIRROR, CR_SEARCH, CR_LARGE } cr_kind;

typedef struct cr_part {
    size_t start, k;        /* its cells, board indices ascending: members[start .. start + k) */
    size_t top, left, h, w; /* its bounding box */
    cr_kind kind;
    frame f;                /* its frame, when h * w <= 64 */
} cr_part;

typedef struct cr_split {
    uint32_t *members;
    cr_part *parts;
    size_t nparts;
} cr_split;

static void split_free(cr_split *s)
{
    free(s->members);
    free(s->parts);
    memset(s, 0, sizeof *s);
}

static int by_number(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* mirrored() for a region too large for a frame: its cells (ascending) and box on the
 * board; `mark` (a byte a cell, all 1 for the region's cells and others seen before, 0
 * elsewhere) tells whether a cell's image is one of them, as bsearch confirms. */
static bool mirrored_on_board(const nb_cram_params *p, const uint32_t *cells, size_t k,
                              const cr_part *part, const uint8_t *mark)
{
    size_t rows2 = 2 * part->top + part->h - 1, cols2 = 2 * part->left + part->w - 1;
    for (size_t i = 0; i < k; i++) {
        size_t r = cells[i] / p->cols, c = cells[i] % p->cols;
        size_t ir = rows2 - r, ic = cols2 - c, image = ir * p->cols + ic;
        size_t dr = 2 * r > rows2 ? 2 * r - rows2 : rows2 - 2 * r;
        size_t dc = 2 * c > cols2 ? 2 * c - cols2 : cols2 - 2 * c;
        if (dr + dc <= 1 || !mark[image]) /* its own image, beside it, or not a cell */
            return false;
        uint32_t want = (uint32_t)image;
        if (!bsearch(&want, cells, k, sizeof *cells, by_number))
            return false;
    }
    return true;
}

/* The regions of the empty cells of state, in the order of their first cells. */
static void split(const nb_cram_params *p, const uint64_t *state, cr_split *s)
{
    size_t n = p->rows * p->cols, cap = 0, used = 0;
    s->members = nb_xmalloc((n + 1) * sizeof *s->members);
    s->parts = NULL;
    s->nparts = 0;
    uint8_t *seen = nb_xcalloc(n + 1, 1);
    for (size_t i = 0; i < n; i++) {
        if (!empty_at(state, i) || seen[i])
            continue;
        size_t start = used, top = p->rows, bottom = 0, left = p->cols, right = 0;
        s->members[used++] = (uint32_t)i;
        seen[i] = 1;
        for (size_t at = start; at < used; at++) { /* breadth first */
            size_t v = s->members[at], r = v / p->cols, c = v % p->cols;
            top = r < top ? r : top, bottom = r > bottom ? r : bottom;
            left = c < left ? c : left, right = c > right ? c : right;
            size_t next[4] = {c ? v - 1 : n, c + 1 < p->cols ? v + 1 : n,
                              r ? v - p->cols : n, r + 1 < p->rows ? v + p->cols : n};
            for (int d = 0; d < 4; d++)
                if (next[d] < n && empty_at(state, next[d]) && !seen[next[d]])
                    seen[next[d]] = 1, s->members[used++] = (uint32_t)next[d];
        }
        size_t k = used - start;
        qsort(s->members + start, k, sizeof *s->members, by_number);
        nb_reserve((void **)&s->parts, &cap, s->nparts + 1, sizeof *s->parts);
        cr_part *part = &s->parts[s->nparts++];
        *part = (cr_part){.start = start, .k = k, .top = top, .left = left,
                          .h = bottom - top + 1, .w = right - left + 1};
        if (part->h * part->w <= NB_CRAM_SEARCH_CELLS) {
            part->f = (frame){0, (unsigned)part->h, (unsigned)part->w};
            for (size_t j = start; j < used; j++) {
                size_t v = s->members[j];
                part->f.bits |= 1ULL << ((v / p->cols - top) * part->w + (v % p->cols - left));
            }
        }
        part->kind = k < 2 ? CR_NONE
                   : part->h == 1 || part->w == 1 ? CR_LINE
                   : part->h * part->w > NB_CRAM_SEARCH_CELLS
                       ? (mirrored_on_board(p, s->members + start, k, part, seen) ? CR_MIRROR
                                                                                 : CR_LARGE)
                   : mirrored(part->f) ? CR_MIRROR : CR_SEARCH;
    }
    free(seen);
}

/* --- values --------------------------------------------------------------------------- */

struct nb_cram_memo {
    nb_split_search ss; /* Dawson's Kayles' table, the state split, the search's stop */
    cr_split split;     /* of ss.state, when made */
    nb_cram_regions found;          /* the regions this request valued (and met) */
    nb_cram_regions excluded;       /* canonical regions' nimbers ruled out (the search) */
    const nb_cramtable *shared;     /* the cache's: the regions earlier requests valued */
    bool limited;     /* a search stopped by max_states (its regions are kept even if few) */
};

static nb_cram_memo *memo_of(const nb_game *g) { return params_of(g)->memo; }

/* Dawson's Kayles on a line of n cells. */
static uint64_t dawson(nb_cram_memo *m, uint64_t n) { return nb_split_search_line(&m->ss, n); }

static uint16_t shape_of(frame f) { return (uint16_t)(f.h << 8 | f.w); }

/* A region's value byte (nb_cramtable.h): this request's, else the cache's; 0: unknown. */
static uint8_t known(const nb_cram_memo *m, frame f)
{
    uint8_t v = nb_cram_regions_find(&m->found, f.bits, shape_of(f));
    if (!v && m->shared)
        v = nb_cram_regions_find(&m->shared->regions, f.bits, shape_of(f));
    return v;
}

/* Doubles a table of the memo, its memory held from the request's budget (false, nothing
 * changed, when the budget has no room). */
static bool memo_grow(nb_cram_memo *m, nb_cram_regions *t)
{
    size_t old = t->slots, next = old ? 2 * old : 1024;
    if (!nb_budget_hold(m->ss.budget, (next - old) * NB_CRAM_SLOT_BYTES))
        return false;
    m->ss.held += (next - old) * NB_CRAM_SLOT_BYTES;
    nb_cram_regions_resize(t, next);
    return true;
}

/* Room for one more entry in a table of the memo (else the status says why not). */
static bool memo_room(nb_cram_memo *m, nb_cram_regions *t)
{
    if (4 * (t->used + 1) <= 3 * t->slots || memo_grow(m, t))
        return true;
    m->ss.status = NB_ECANCELLED; /* the budget says which */
    return false;
}

/* Keeps a frame's value: a canonical form's, or a region's as the search met it. */
static void remember(nb_cram_memo *m, frame f, uint64_t value, bool canonical)
{
    if (memo_room(m, &m->found))
        nb_cram_regions_put(&m->found, f.bits, shape_of(f),
                            (uint8_t)((value + 1) | (canonical ? NB_CRAM_CANONICAL : 0)));
}

static uint64_t frame_value(nb_cram_memo *m, frame f);

/* The XOR of the values of the regions of `set`, cells of a frame h x w. */
static uint64_t rest_value(nb_cram_memo *m, uint64_t set, unsigned h, unsigned w)
{
    uint64_t x = 0;
    while (set && m->ss.status == NB_OK) {
        uint64_t comp = flood(set, h, w);
        x ^= frame_value(m, shrink(comp, h, w));
        set &= ~comp;
    }
    return x;
}

/* The dominoes of a frame: bit i of *across has the domino on i and i + 1, of *down the
 * one on i and i + w. */
static void dominoes(frame f, uint64_t *across, uint64_t *down)
{
    uint64_t last = column_mask(f.h, f.w, f.w - 1);
    *across = f.bits & ~last & f.bits >> 1;
    *down = f.bits & f.bits >> f.w;
}

/* --- the nimber search (Lemoine and Viennot) ---------------------------------------------
 * A large region's nimber is found without the nimbers of all its options. It is the
 * least x for which the region beside a Nim heap of x is a second-player win (the SG
 * theorem: a sum is lost for the player to move exactly when its values XOR to 0), and
 * each such question needs one winning move where the answer is yes. Where a domino
 * splits the region, the smaller parts are valued and only the largest is asked about,
 * against the XOR of the others' values and x. The moves whose parts are all known or
 * small are tried first. A question answered no names the nimber; one answered yes rules
 * x out for the region, a bit of its byte in `excluded`. (Lemoine and Viennot, "Nimbers
 * are inevitable", Theoretical Computer Science 462 (2012), for Cram.) */

#define SEARCH_CELLS 12  /* a smaller region is valued by the mex of its options */
#define SEARCH_NIMBERS 7 /* nimbers asked about are below this (a bit each of a byte) */

static bool wins(nb_cram_memo *m, frame f, unsigned x);

/* Whether the regions of `set` (cells of a frame h x w) beside a heap of x are a
 * P-position: every region but the largest hard one valued, that one asked about. With
 * `shallow` a hard region is not asked about: *deep is set to its cells and false
 * returned; *value is set to the regions' value where none is hard (else left). */
static bool rest_loses(nb_cram_memo *m, uint64_t set, unsigned h, unsigned w, uint64_t x,
                       bool shallow, unsigned *deep, uint64_t *value)
{
    uint64_t asked = x;
    frame largest = {0, 0, 0};
    unsigned most = 0;
    while (set && m->ss.status == NB_OK) {
        uint64_t comp = flood(set, h, w);
        set &= ~comp;
        frame c = shrink(comp, h, w);
        unsigned k = (unsigned)__builtin_popcountll(comp);
        bool hard = k >= SEARCH_CELLS && c.h > 1 && c.w > 1 && !mirrored(c) && !known(m, c);
        if (hard && k > most) {
            if (most)
                x ^= frame_value(m, largest);
            largest = c, most = k;
        } else {
            x ^= frame_value(m, c);
        }
    }
    if (m->ss.status != NB_OK)
        return false;
    if (!most) {
        *value = x ^ asked;
        return x == 0;
    }
    if (shallow) {
        *deep = most;
        return false;
    }
    if (x >= SEARCH_NIMBERS)
        return frame_value(m, largest) == x;
    return !wins(m, canonical(largest), (unsigned)x);
}

/* Rules x out as the nimber of canonical f: true. */
static bool rule_out(nb_cram_memo *m, frame f, unsigned x)
{
    if (memo_room(m, &m->excluded))
        nb_cram_regions_or(&m->excluded, f.bits, shape_of(f), (uint8_t)(0x80 | 1u << x));
    return true;
}

/* Whether canonical f beside a heap of x < SEARCH_NIMBERS is won by the player to move,
 * that is, whether f's nimber is not x (false also when the search stopped: the status
 * says so). A false answer keeps x as f's value. */
static bool wins(nb_cram_memo *m, frame f, unsigned x)
{
    uint8_t v = known(m, f);
    if (v)
        return (unsigned)((v & ~NB_CRAM_CANONICAL) - 1u) != x;
    if (nb_cram_regions_find(&m->excluded, f.bits, shape_of(f)) >> x & 1)
        return true;
    for (unsigned j = 0; j < x; j++) { /* the heap's moves: f beside *j is lost for j = f's */
        bool won = wins(m, f, j);
        if (m->ss.status != NB_OK)
            return false;
        if (!won)
            return rule_out(m, f, x);
    }
    if (m->found.used + m->excluded.used >= m->ss.max_states) {
        m->ss.status = NB_ELIMIT, m->limited = true;
        return false;
    }
    if (nb_budget_spent_after(m->ss.budget, (uint64_t)__builtin_popcountll(f.bits))) {
        m->ss.status = NB_ECANCELLED; /* the budget says which */
        return false;
    }
    /* the dominoes whose parts are all known or small first; then the others, those that
     * leave the smallest hard part first (its question is the cheapest) */
    uint64_t moves[2];
    dominoes(f, &moves[0], &moves[1]);
    if ((unsigned)__builtin_popcountll(moves[0]) + (unsigned)__builtin_popcountll(moves[1]) < x)
        return rule_out(m, f, x); /* a nimber is at most the number of options */
    uint32_t later[112]; /* (cells of the hard part) << 8 | dir << 7 | first cell */
    size_t nlater = 0;
    for (int dir = 0; dir < 2; dir++)
        for (uint64_t y = moves[dir]; y; y &= y - 1) {
            unsigned i = (unsigned)__builtin_ctzll(y), j = dir ? i + f.w : i + 1, deep = 0;
            uint64_t value = UINT64_MAX;
            bool lost = rest_loses(m, f.bits & ~(1ULL << i | 1ULL << j), f.h, f.w, x, true,
                                   &deep, &value);
            if (m->ss.status != NB_OK)
                return false;
            if (lost)
                return rule_out(m, f, x);
            if (deep)
                later[nlater++] = deep << 8 | (unsigned)dir << 7 | i;
            else if (value < SEARCH_NIMBERS) /* an option's value is never f's */
                rule_out(m, f, (unsigned)value);
        }
    qsort(later, nlater, sizeof *later, by_number);
    for (size_t t = 0; t < nlater; t++) {
        unsigned i = later[t] & 127, j = later[t] >> 7 & 1 ? i + f.w : i + 1, deep = 0;
        uint64_t value = UINT64_MAX;
        bool lost = rest_loses(m, f.bits & ~(1ULL << i | 1ULL << j), f.h, f.w, x, false, &deep,
                               &value);
        if (m->ss.status != NB_OK)
            return false;
        if (lost)
            return rule_out(m, f, x);
    }
    remember(m, f, x, true); /* no move wins: f beside *x is a P-position */
    return false;
}

/* The value of a connected region: the closed forms first, then the memo, then the
 * nimber search for a large region, else the mex of its options. */
static uint64_t frame_value(nb_cram_memo *m, frame f)
{
    unsigned k = (unsigned)__builtin_popcountll(f.bits);
    if (k < 2)
        return 0;
    if (f.h == 1 || f.w == 1)
        return dawson(m, k);
    if (mirrored(f))
        return 0;
    uint8_t v = known(m, f); /* as it stands: most are met again so */
    if (v)
        return (v & ~NB_CRAM_CANONICAL) - 1u;
    frame as_met = f;
    f = canonical(f);
    v = known(m, f);
    if (v) {
        remember(m, as_met, (v & ~NB_CRAM_CANONICAL) - 1u, false);
        return (v & ~NB_CRAM_CANONICAL) - 1u;
    }
    if (m->found.used + m->excluded.used >= m->ss.max_states) {
        m->ss.status = NB_ELIMIT, m->limited = true;
        return 0;
    }
    if (nb_budget_spent_after(m->ss.budget, k)) {
        m->ss.status = NB_ECANCELLED; /* the budget says which */
        return 0;
    }
    if (k >= SEARCH_CELLS)
        for (unsigned x = 0; x < SEARCH_NIMBERS; x++) {
            bool won = wins(m, f, x);
            if (m->ss.status != NB_OK)
                return 0;
            if (!won) {
                if (as_met.bits != f.bits || as_met.h != f.h)
                    remember(m, as_met, x, false);
                return m->ss.status == NB_OK ? x : 0;
            }
        }
    uint64_t seen[2] = {0, 0}; /* at most 112 dominoes: the mex is below 128 */
    uint64_t across, down;
    dominoes(f, &across, &down);
    for (int dir = 0; dir < 2 && m->ss.status == NB_OK; dir++)
        for (uint64_t x = dir ? down : across; x && m->ss.status == NB_OK; x &= x - 1) {
            unsigned i = (unsigned)__builtin_ctzll(x), j = dir ? i + f.w : i + 1;
            uint64_t v = rest_value(m, f.bits & ~(1ULL << i | 1ULL << j), f.h, f.w);
            if (v < 128)
                seen[v / 64] |= 1ULL << (v % 64);
        }
    if (m->ss.status != NB_OK)
        return 0;
    uint64_t mex = ~seen[0] ? (uint64_t)__builtin_ctzll(~seen[0])
                            : 64 + (uint64_t)__builtin_ctzll(~seen[1]);
    remember(m, f, mex, true);
    if (as_met.bits != f.bits || as_met.h != f.h)
        remember(m, as_met, mex, false);
    return m->ss.status == NB_OK ? mex : 0;
}

/* The split of g's state, made once per state. */
static const cr_split *split_of(const nb_game *g)
{
    nb_cram_memo *m = memo_of(g);
    if (!nb_split_search_same(&m->ss, g->state)) {
        split_free(&m->split);
        split(params_of(g), g->state, &m->split);
    }
    return &m->split;
}

static nb_status fail_search(const nb_game *g, nb_solver *s, nb_err *err)
{
    return nb_split_search_fail(&memo_of(g)->ss, s, "a line of cells is past Dawson's "
                                "Kayles's table", NB_CRAM_FIELD_BOARD, "makes regions whose "
                                "search values", "regions", err);
}

static nb_status fail_large(const nb_cram_params *p, const cr_split *sp, const cr_part *part,
                            nb_err *err)
{
    size_t first = sp->members[part->start];
    return nb_fail_field(err, NB_ELIMIT, NB_CRAM_FIELD_BOARD, first / p->cols, NB_NO_INDEX,
                         "holds a region of %zu empty cells (from column %zu of this row) "
                         "in a %zu x %zu box, past the search's limit of %d cells in a "
                         "region's box (a straight line is valued at any length, a mirrored "
                         "region's value at any size)", part->k,
                         first % p->cols, part->h, part->w, NB_CRAM_SEARCH_CELLS);
}

/* The value of what is left of a part after the domino on board cells a < b (both in it),
 * or of the part whole (a == SIZE_MAX). */
static uint64_t part_value(const nb_game *g, const cr_part *part, size_t a, size_t b)
{
    const nb_cram_params *p = params_of(g);
    nb_cram_memo *m = memo_of(g);
    bool whole = a == SIZE_MAX;
    switch (part->kind) {
    case CR_NONE:
        return 0;
    case CR_LINE: {
        if (whole)
            return dawson(m, part->k);
        size_t along = part->h == 1 ? a % p->cols - part->left : a / p->cols - part->top;
        return dawson(m, along) ^ dawson(m, part->k - along - 2);
    }
    default: { /* a mirrored region is 0, and its options are searched as any */
        if (whole)
            return part->kind == CR_MIRROR ? 0 : frame_value(m, part->f);
        unsigned ia = (unsigned)((a / p->cols - part->top) * part->w + a % p->cols - part->left);
        unsigned ib = (unsigned)((b / p->cols - part->top) * part->w + b % p->cols - part->left);
        return rest_value(m, part->f.bits & ~(1ULL << ia | 1ULL << ib), part->f.h, part->f.w);
    }
    }
}

/* --- the ruleset ---------------------------------------------------------------------- */

static nb_status cram_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    const nb_cram_params *p = params_of(g);
    if (p->rows > s->limits.max_side || p->cols > s->limits.max_side)
        return nb_fail_field(err, NB_ELIMIT, NB_CRAM_FIELD_BOARD, NB_NO_INDEX, NB_NO_INDEX,
                             "is %zu x %zu, a side over the limit max_side=%llu", p->rows,
                             p->cols, (unsigned long long)s->limits.max_side);
    return NB_OK;
}

static void cram_release(nb_game *g, nb_solver *s);

/* A request that valued at least this many regions adds them to the cache's table when it
 * ends (smaller searches are cheaper than the copy a new version takes). */
#define PUBLISH_REGIONS 4096

/* Whether the regions a request valued go to the cache's table, for the requests after
 * it: a large search's, and any search a limit stopped (max_states, the request's time,
 * its client gone), which the next request then goes on from; not when memory stopped it
 * (the copy would take more) or the server is stopping. */
static bool worth_publishing(nb_cram_memo *m)
{
    if (!m->found.used)
        return false;
    if (!nb_budget_spent(m->ss.budget))
        return m->found.used >= PUBLISH_REGIONS || m->limited;
    return m->ss.budget->spent == NB_BUDGET_DEADLINE || m->ss.budget->spent == NB_BUDGET_GONE;
}

/* Dawson's Kayles: 0.07. */
static const nb_octal_rule dawson_rule = {.digit = {0, 0, 7}, .last = 2};

static nb_status cram_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_cram_params *p = g->params;
    nb_cram_memo *m = nb_xcalloc(1, sizeof *m);
    nb_status st = nb_split_search_begin(&m->ss, s, &dawson_rule,
                                         p->rows > p->cols ? p->rows : p->cols, g->len, err);
    if (st != NB_OK) {
        free(m);
        return st;
    }
    const nb_cached *c;
    nb_key shared_key = nb_key_of(NB_CRAMTABLE_KEY);
    if (nb_table_acquire(s, &shared_key, &nb_cramtable_kind, &(nb_cramtable_need){NULL}, &c,
                         err) == NB_OK)
        m->shared = (const nb_cramtable *)c;
    nb_err_clear(err); /* without it (no room in the budget), the search starts afresh */
    p->memo = m;
    if (!memo_grow(m, &m->found) || !memo_grow(m, &m->excluded)) {
        cram_release(g, s);
        return nb_budget_fail(s->budget, err);
    }
    return NB_OK;
}

static void cram_release(nb_game *g, nb_solver *s)
{
    nb_cram_params *p = g->params;
    nb_cram_memo *m = p->memo;
    if (!m)
        return;
    if (m->shared)
        nb_table_release(s, &m->shared->base);
    p->searched = m->found.used;
    if (worth_publishing(m)) {
        nb_key key = nb_key_of(NB_CRAMTABLE_KEY);
        const nb_cached *c;
        nb_err err = {0};
        if (nb_table_acquire(s, &key, &nb_cramtable_kind, &(nb_cramtable_need){&m->found}, &c,
                             &err) == NB_OK)
            nb_table_release(s, c);
    }
    nb_split_search_end(&m->ss, s);
    split_free(&m->split);
    nb_cram_regions_free(&m->found);
    nb_cram_regions_free(&m->excluded);
    free(m);
    p->memo = NULL;
}

static size_t cram_part_count(const nb_game *g) { return split_of(g)->nparts; }

static nb_status cram_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    const cr_split *sp = split_of(g);
    for (size_t i = 0; i < sp->nparts; i++) {
        const cr_part *part = &sp->parts[i];
        if (part->kind == CR_LARGE)
            return fail_large(params_of(g), sp, part, err);
        sg[i] = part_value(g, part, SIZE_MAX, SIZE_MAX);
        if (memo_of(g)->ss.status != NB_OK)
            return fail_search(g, s, err);
    }
    return NB_OK;
}

static nb_method cram_method(const nb_game *g, size_t part)
{
    switch (split_of(g)->parts[part].kind) {
    case CR_LINE:
        return NB_METHOD_PERIOD;
    case CR_SEARCH:
        return NB_METHOD_SEARCH;
    default:
        return NB_METHOD_CLOSED_FORM;
    }
}

/* Calls fn for each domino of the part (first cells ascending, across before down). */
static nb_status cram_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                              void *ctx, nb_err *err)
{
    const nb_cram_params *p = params_of(g);
    const cr_split *sp = split_of(g);
    const cr_part *pt = &sp->parts[part];
    if (pt->kind == CR_LARGE || (pt->kind == CR_MIRROR && pt->h * pt->w > NB_CRAM_SEARCH_CELLS))
        return fail_large(p, sp, pt, err); /* its options are not searched */
    for (size_t i = 0; i < pt->k; i++) {
        size_t a = sp->members[pt->start + i], r = a / p->cols, c = a % p->cols;
        size_t ends[2] = {c + 1 < p->cols ? a + 1 : SIZE_MAX,
                          r + 1 < p->rows ? a + p->cols : SIZE_MAX};
        for (int d = 0; d < 2; d++) {
            size_t b = ends[d];
            if (b == SIZE_MAX || !empty_at(g->state, b))
                continue;
            uint64_t value = part_value(g, pt, a, b);
            if (memo_of(g)->ss.status != NB_OK)
                return fail_search(g, s, err);
            uint64_t w[4] = {r, c, b / p->cols, b % p->cols};
            if (!fn(ctx, &(nb_move){.len = 4, .w = w}, value))
                return NB_OK;
        }
    }
    return NB_OK;
}

static nb_status cram_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                               nb_movelist *out, nb_err *err)
{
    nb_target_filter f = {target, out};
    return cram_options(g, s, part, nb_keep_if_target, &f, err);
}

static void cram_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    const nb_cram_params *p = params_of(g);
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    size_t a = (size_t)(m->w[0] * p->cols + m->w[1]), b = (size_t)(m->w[2] * p->cols + m->w[3]);
    after->w[a / 64] &= ~(1ULL << (a % 64));
    after->w[b / 64] &= ~(1ULL << (b % 64));
}

/* Every domino of the board, region by region (the order of the parts' options): first
 * cells ascending, across before down. */
static void cram_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    const nb_cram_params *p = params_of(g);
    cr_split sp;
    split(p, g->state, &sp);
    nb_state_offer o = {.g = g, .fn = fn, .ctx = ctx};
    for (size_t i = 0; i < sp.nparts && !o.stopped; i++)
        for (size_t j = 0; j < sp.parts[i].k && !o.stopped; j++) {
            size_t a = sp.members[sp.parts[i].start + j], r = a / p->cols, c = a % p->cols;
            if (c + 1 < p->cols && empty_at(g->state, a + 1))
                nb_offer_state(&o, &(nb_move){.len = 4, .w = (uint64_t[]){r, c, r, c + 1}}, 0);
            if (r + 1 < p->rows && empty_at(g->state, a + p->cols) && !o.stopped)
                nb_offer_state(&o, &(nb_move){.len = 4, .w = (uint64_t[]){r, c, r + 1, c}}, 0);
        }
    free(o.after.w);
    split_free(&sp);
}

/* A board of at most 64 cells in the least of its images under the board's symmetries
 * (the square's eight when it is square, else the four that keep its shape): the search
 * of a misère position then meets each position once. Larger boards stay as they are. */
static void cram_canonicalize(const nb_game *g, uint64_t *state, size_t len)
{
    const nb_cram_params *p = params_of(g);
    if (len != 1 || p->rows * p->cols > 64 || !p->rows || !p->cols)
        return;
    frame f = {state[0], (unsigned)p->rows, (unsigned)p->cols};
    uint64_t best = f.bits;
    for (int t = 0; t < (f.h == f.w ? 2 : 1); t++) {
        frame s = t ? transpose(f) : f;
        uint64_t rows = mirror_rows(s);
        uint64_t images[4] = {s.bits, half_turn(s), rows, half_turn((frame){rows, s.h, s.w})};
        for (int k = 0; k < 4; k++)
            best = images[k] < best ? images[k] : best;
    }
    state[0] = best;
}

const nb_ruleset nb_cram = {
    .name = "cram",
    .check = cram_check,
    .prepare = cram_prepare,
    .release = cram_release,
    .apply = cram_apply,
    .part_count = cram_part_count,
    .part_values = cram_values,
    .part_method = cram_method,
    .moves_to = cram_moves_to,
    .options = cram_options,
    .each_move = cram_each_move,
    .canonicalize = cram_canonicalize,
    .components = nb_components_per_part,
};
