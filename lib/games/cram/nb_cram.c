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

#include <pthread.h>
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
 * by the cells beside it until it stops growing, and rightwards along each run of cells
 * at once: adding the part's cells to the run cells that have a cell to their right
 * carries through each run from its first cell of the part to its end. */
static uint64_t flood(uint64_t set, unsigned h, unsigned w)
{
    uint64_t first = column_mask(h, w, 0), last = first << (w - 1), runs = set & ~last;
    uint64_t comp = set & -set, before = 0;
    while (comp != before) {
        before = comp;
        uint64_t seeds = comp & runs, along = ((runs + seeds) ^ runs) | seeds;
        comp |= (along | ((comp & ~first) >> 1) | (comp << w) | (comp >> w)) & set;
    }
    return comp;
}

/* i / w rounded down for i < 64 and 1 <= w <= 64, without a division: i * (2^16 / w + 1)
 * / 2^16 exceeds i / w by less than 64 / 2^16 < 1 / w, and the fraction of i / w is at
 * most 1 - 1 / w, so the whole part is the same. */
#define RECIP(w) (65536u / (w) + 1)
#define RECIP8(b) RECIP(b + 1), RECIP(b + 2), RECIP(b + 3), RECIP(b + 4), RECIP(b + 5), \
                  RECIP(b + 6), RECIP(b + 7), RECIP(b + 8)
static const uint32_t recip[65] = {0, RECIP8(0), RECIP8(8), RECIP8(16), RECIP8(24),
                                   RECIP8(32), RECIP8(40), RECIP8(48), RECIP8(56)};

static unsigned row_of(unsigned i, unsigned w) { return i * recip[w] >> 16; }

/* The cells of `set` (within a frame w wide) in a frame of their own bounding box: its
 * rows from those of its first and last cells, its columns from the rows ORed. */
static frame shrink(uint64_t set, unsigned w)
{
    if (!set)
        return (frame){0, 0, 0};
    unsigned top = row_of((unsigned)__builtin_ctzll(set), w);
    unsigned h = row_of(63 - (unsigned)__builtin_clzll(set), w) - top + 1;
    uint64_t rows = set >> (top * w), cols = 0;
    for (unsigned r = 0; r < h; r++)
        cols |= rows >> (r * w);
    cols &= full_mask(w);
    unsigned left = (unsigned)__builtin_ctzll(cols);
    frame f = {0, h, 64 - (unsigned)__builtin_clzll(cols) - left};
    if (f.w == w)
        return (frame){rows, h, w};
    for (unsigned r = 0; r < h; r++)
        f.bits |= (rows >> (r * w + left) & full_mask(f.w)) << (r * f.w);
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

/* The rows in reverse order (r -> h - 1 - r); after a half turn, each row reversed. */
static uint64_t flip_rows(frame f)
{
    uint64_t out = 0, row_mask = full_mask(f.w);
    for (unsigned r = 0; r < f.h; r++)
        out |= (f.bits >> (r * f.w) & row_mask) << ((f.h - 1 - r) * f.w);
    return out;
}

/* A frame's images under the symmetries that keep its shape: itself, its half turn, its
 * rows in reverse order and each row reversed. */
static void four_images(frame f, uint64_t out[4])
{
    uint64_t turned = half_turn(f);
    out[0] = f.bits, out[1] = turned;
    out[2] = flip_rows(f), out[3] = flip_rows((frame){turned, f.h, f.w});
}

static frame transpose(frame f)
{
    frame t = {0, f.w, f.h};
    uint64_t row_mask = full_mask(f.w);
    for (unsigned r = 0; r < f.h; r++)
        for (uint64_t x = f.bits >> (r * f.w) & row_mask; x; x &= x - 1)
            t.bits |= 1ULL << ((unsigned)__builtin_ctzll(x) * t.w + r);
    return t;
}

/* The least of a frame's images under the symmetries that keep its shape (the square's
 * eight when it is square, else four). */
static frame least_image(frame f)
{
    frame best = f;
    for (int t = 0; t < (f.h == f.w ? 2 : 1); t++) {
        uint64_t images[4];
        four_images(t ? transpose(f) : f, images);
        for (int k = 0; k < 4; k++)
            if (images[k] < best.bits)
                best.bits = images[k];
    }
    return best;
}

/* The least of a frame's images under the symmetries of the square, among those no
 * taller than wide: the same game, one key. */
static frame canonical(frame f) { return least_image(f.h > f.w ? transpose(f) : f); }

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

/* The cells of `set` (a frame h x w) with cells left out that change no value (normal
 * play). A tuft is a cell with one neighbour, its star. (1) Of the tufts of one star all
 * but one go: a domino on the star and any of its tufts leaves the same live cells (the
 * others isolated), and a tuft takes no other domino, so the options are the same. (2) A
 * cell that is neither a tuft nor a star and whose neighbours are all stars goes: a
 * domino on it and a star s leaves what the domino on s and s's tuft leaves in the set
 * without it (the tuft isolated, the cell gone), and every other move keeps it so placed,
 * by induction the same game. (These are the reductions of Beling's Cram solver,
 * beling/impartial-games; the arguments above are ours.) Repeated until none applies. */
static uint64_t reduce(uint64_t set, unsigned h, unsigned w)
{
    uint64_t first = column_mask(h, w, 0), last = first << (w - 1);
    for (;;) {
        uint64_t right = set & ~last & set >> 1, left = set & ~first & set << 1;
        uint64_t down = set & set >> w, up = set & set << w;
        uint64_t some = right | left | down | up;
        uint64_t two = (right & (left | down | up)) | (left & (down | up)) | (down & up);
        uint64_t tufts = some & ~two;
        /* each tuft's star, by the side the tuft is on; a star met again loses that tuft */
        uint64_t stars = (tufts & right) << 1, gone = 0, more;
        more = (tufts & left) >> 1;
        gone |= (more & stars) << 1, stars |= more;
        more = (tufts & down) << w;
        gone |= (more & stars) >> w, stars |= more;
        more = (tufts & up) >> w;
        gone |= (more & stars) << w, stars |= more;
        uint64_t rest = set & ~tufts & ~stars;
        uint64_t beside = ((rest & ~last) << 1) | ((rest & ~first) >> 1) | rest << w | rest >> w;
        gone |= rest & ~beside & some;
        if (!gone)
            return set;
        set &= ~gone;
    }
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
    nb_cram_regions found;      /* the regions this request met: values, nimbers ruled out */
    const nb_cramtable *shared; /* the cache's: the regions earlier requests valued */
    size_t valued;              /* the regions of `found` with a value */
    size_t forget_slots;        /* see memo_make_room */
    bool limited;     /* a search stopped by max_states (its regions are kept even if few) */
};

static nb_cram_memo *memo_of(const nb_game *g) { return params_of(g)->memo; }

/* Dawson's Kayles on a line of n cells. */
static uint64_t dawson(nb_cram_memo *m, uint64_t n) { return nb_split_search_line(&m->ss, n); }

static uint16_t shape_of(frame f) { return (uint16_t)(f.h << 8 | f.w); }

/* What the memo knows of region f: its value + 1 (this request's, else the cache's; 0:
 * unknown), and into *out the nimbers a search ruled out (bit x: not x). */
static unsigned recall(const nb_cram_memo *m, frame f, uint8_t *out)
{
    const nb_cram_slot *e = nb_cram_regions_find(&m->found, f.bits, shape_of(f));
    *out = e ? e->excluded : 0;
    if (!(e && e->value) && m->shared)
        e = nb_cram_regions_find(&m->shared->regions, f.bits, shape_of(f));
    return e ? e->value & ~NB_CRAM_CANONICAL : 0;
}

/* Region f's value + 1, or 0 when unknown. */
static unsigned known(const nb_cram_memo *m, frame f)
{
    uint8_t out;
    return recall(m, f, &out);
}

/* The nimbers a search ruled out for canonical f (bit x: not x). */
static uint8_t excluded(const nb_cram_memo *m, frame f)
{
    const nb_cram_slot *e = nb_cram_regions_find(&m->found, f.bits, shape_of(f));
    return e ? e->excluded : 0;
}

/* Doubles the memo's table, its memory held from the request's budget (false, nothing
 * changed, when the budget has no room). */
static bool memo_grow(nb_cram_memo *m)
{
    size_t old = m->found.slots, next = old ? 2 * old : 1024;
    if (!nb_budget_hold(m->ss.budget, (next - old) * NB_CRAM_SLOT_BYTES))
        return false;
    m->ss.held += (next - old) * NB_CRAM_SLOT_BYTES;
    nb_cram_regions_resize(&m->found, next);
    return true;
}

/* Room for one more entry in a full table. Past forget_slots slots the entries that only
 * rule nimbers out (seven in eight of a large search's) are dropped first, while they are
 * most of it: a search asked again finds those facts again, and a table kept within the
 * processor's reach of pages is looked up faster than a larger one (a 5 x 10 search that
 * keeps them holds 8 GiB after 12 minutes, and spends half its time in lookups; 5 x 9 is
 * valued as fast in 256 MiB as in 512). The table doubles when its values alone would
 * fill it past a quarter, and from LARGE_TABLE_SLOTS on only past a half (a cold 5 x 10,
 * 53.7 M regions valued: 2 GiB and 1535 s, against 4 GiB and 1594 s doubling at a
 * quarter). */
#define LARGE_TABLE_SLOTS ((size_t)1 << 27) /* 2 GiB of slots */
static bool memo_make_room(nb_cram_memo *m)
{
    size_t most_valued = m->found.slots / (m->found.slots < LARGE_TABLE_SLOTS ? 4 : 2);
    if (m->found.slots < m->forget_slots || m->valued >= most_valued)
        return memo_grow(m);
    uint64_t aside = m->valued * NB_CRAM_SLOT_BYTES; /* the values, copied out meanwhile */
    if (!nb_budget_hold(m->ss.budget, aside))
        return false;
    nb_cram_regions_keep_valued(&m->found);
    nb_budget_drop(m->ss.budget, aside);
    return true;
}

/* f's slot in the memo's table, made when new; NULL when the budget leaves no room for
 * it (the status says so). */
static nb_cram_slot *memo_slot(nb_cram_memo *m, frame f)
{
    if (4 * (m->found.used + 1) > 3 * m->found.slots && !memo_make_room(m)) {
        m->ss.status = NB_ECANCELLED; /* the budget says which */
        return NULL;
    }
    return nb_cram_regions_add(&m->found, f.bits, shape_of(f));
}

/* Keeps a frame's value: a canonical form's, or a small region's as the search met it. */
static void remember(nb_cram_memo *m, frame f, uint64_t value, bool canonical)
{
    nb_cram_slot *e = memo_slot(m, f);
    if (e && !e->value) {
        e->value = (uint8_t)((value + 1) | (canonical ? NB_CRAM_CANONICAL : 0));
        m->valued++;
    }
}

static uint64_t frame_value(nb_cram_memo *m, frame f);

/* The XOR of the values of the regions of `set`, cells of a frame h x w. */
static uint64_t rest_value(nb_cram_memo *m, uint64_t set, unsigned h, unsigned w)
{
    uint64_t x = 0;
    set = reduce(set, h, w);
    while (set && m->ss.status == NB_OK) {
        uint64_t comp = flood(set, h, w);
        x ^= frame_value(m, shrink(comp, w));
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
 * x out for the region, a bit of its slot's `excluded`. Asked whether its nimber is x (up
 * to 3), a region looks first for an option valued x (its move to a P-position beside the
 * heap), as a search of the sum itself would, and asks about the nimbers below x only
 * when none is. (Lemoine and Viennot, "Nimbers are inevitable", Theoretical Computer
 * Science 462 (2012), for Cram.) A region's options are sorted once for all the questions
 * asked of it in turn. Large regions are kept by canonical form only (looked up as met,
 * they are seldom found). */

#define SEARCH_CELLS 12  /* a smaller region is valued by the mex of its options */
#define SEARCH_NIMBERS 7 /* nimbers asked about are below this (a bit each of a byte) */
#define OPTION_FIRST_MOST 3 /* asked whether it is *x, a region looks first for an option
                               valued x up to this x (first_lost) */
#define MAX_DOMINOES 112 /* on at most 64 cells */
#define MAX_HARD (64 / SEARCH_CELLS)

/* What a domino leaves: its hard parts' cells (0 when every part is valued), the
 * canonical form of the largest and how many there are, and the XOR of the other parts'
 * values. */
typedef struct cr_option {
    uint64_t hard, value;
    frame deep;
    unsigned nhard;
} cr_option;

/* A domino's option before its large parts are looked up: the XOR of its small parts'
 * values, and its large parts' cells and canonical forms. */
typedef struct cr_formed {
    uint64_t value;
    size_t nlarge;
    uint64_t cells[MAX_HARD];
    frame form[MAX_HARD];
} cr_formed;

/* A region's options as far as they are sorted, for the questions asked of it in turn:
 * its dominoes in the order to look at them (todo[next ..] not yet formed), the next
 * option formed ahead, the options with every part valued, and those with hard parts, by
 * the cells of their largest hard part once all are in (fewest first: its question is
 * the cheapest). */
typedef struct cr_options {
    uint8_t todo[MAX_DOMINOES]; /* dir << 7 | first cell */
    size_t ntodo, next;
    cr_formed ahead; /* when has_ahead */
    bool has_ahead;
    cr_option valued[MAX_DOMINOES], later[MAX_DOMINOES];
    uint16_t order[MAX_DOMINOES]; /* of later, once sorted */
    size_t nvalued, nlater;
    bool sorted;
} cr_options;

static bool wins(nb_cram_memo *m, frame f, unsigned x);

/* Whether region c of k cells is one the nimber search values: large, not a line, not
 * mirrored (the others have closed forms or are valued by the mex of their options). */
static bool searched(frame c, unsigned k)
{
    return k >= SEARCH_CELLS && c.h > 1 && c.w > 1 && !mirrored(c);
}

/* Whether region c of k cells is hard, asked about rather than valued: searched and not
 * known. Sets *canon to its canonical form when it is, else XORs its value into *value. */
static bool hard(nb_cram_memo *m, frame c, unsigned k, frame *canon, uint64_t *value)
{
    if (!searched(c, k)) {
        *value ^= frame_value(m, c);
        return false;
    }
    *canon = canonical(c);
    unsigned v = known(m, *canon);
    *value ^= v ? v - 1 : 0;
    return !v;
}

/* Whether the regions of `set` (cells of a frame h x w) beside a heap of x are a
 * P-position: every region but the largest hard one valued, that one asked about. */
static bool rest_loses(nb_cram_memo *m, uint64_t set, unsigned h, unsigned w, uint64_t x)
{
    frame largest = {0, 0, 0}, c;
    unsigned most = 0;
    while (set && m->ss.status == NB_OK) {
        uint64_t comp = flood(set, h, w);
        set &= ~comp;
        unsigned k = (unsigned)__builtin_popcountll(comp);
        if (hard(m, shrink(comp, w), k, &c, &x)) {
            if (k <= most) {
                x ^= frame_value(m, c);
                continue;
            }
            if (most)
                x ^= frame_value(m, largest);
            largest = c, most = k;
        }
    }
    if (m->ss.status != NB_OK)
        return false;
    if (!most)
        return x == 0;
    if (x >= SEARCH_NIMBERS)
        return frame_value(m, largest) == x;
    return !wins(m, largest, (unsigned)x);
}

/* Rules x out as the nimber of canonical f: true. */
static bool rule_out(nb_cram_memo *m, frame f, unsigned x)
{
    nb_cram_slot *e = memo_slot(m, f);
    if (e)
        e->excluded |= (uint8_t)(1u << x);
    return true;
}

/* Sorts a few keys ascending (at most MAX_DOMINOES: insertion is quickest). */
static void sort_keys(uint16_t *key, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        uint16_t k = key[i];
        size_t j = i;
        for (; j && key[j - 1] > k; j--)
            key[j] = key[j - 1];
        key[j] = k;
    }
}

/* Forms f's next domino's option into *out: its small parts valued, its large ones in
 * canonical form, their slots asked of the processor ahead of the lookup; false when no
 * domino is left or the search stopped. */
static bool form_next(nb_cram_memo *m, frame f, cr_options *opts, cr_formed *out)
{
    if (opts->next == opts->ntodo)
        return false;
    unsigned code = opts->todo[opts->next++], i = code & 127, j = code >> 7 ? i + f.w : i + 1;
    uint64_t set = reduce(f.bits & ~(1ULL << i | 1ULL << j), f.h, f.w);
    out->value = 0, out->nlarge = 0;
    while (set && m->ss.status == NB_OK) {
        uint64_t comp = flood(set, f.h, f.w);
        set &= ~comp;
        frame c = shrink(comp, f.w);
        if (!searched(c, (unsigned)__builtin_popcountll(comp))) {
            out->value ^= frame_value(m, c);
        } else {
            c = canonical(c);
            nb_cram_regions_prefetch(&m->found, c.bits, shape_of(c));
            out->cells[out->nlarge] = comp, out->form[out->nlarge++] = c;
        }
    }
    return m->ss.status == NB_OK;
}

/* Sorts f's next domino into *opts, the parts that are not hard valued (an option valued
 * below SEARCH_NIMBERS rules its value out for f); returns the option, NULL when none is
 * left or the search stopped. The option after it is formed before its large parts are
 * looked up, so that the table's reads overlap the work. Two hard parts of one canonical
 * form XOR to 0 (G + G = 0): neither is asked about. */
static const cr_option *sort_next(nb_cram_memo *m, frame f, cr_options *opts)
{
    if (!opts->has_ahead && !form_next(m, f, opts, &opts->ahead))
        return NULL;
    cr_formed now = opts->ahead; /* looked up while the next one is formed */
    opts->has_ahead = form_next(m, f, opts, &opts->ahead);
    if (m->ss.status != NB_OK)
        return NULL;
    cr_option o = {0, now.value, {0, 0, 0}, 0};
    uint64_t cells[MAX_HARD];
    frame form[MAX_HARD];
    for (size_t l = 0; l < now.nlarge; l++) {
        frame c = now.form[l];
        unsigned v = known(m, c);
        if (v) {
            o.value ^= v - 1;
            continue;
        }
        size_t twin = 0;
        while (twin < o.nhard && !(form[twin].bits == c.bits && form[twin].h == c.h &&
                                   form[twin].w == c.w))
            twin++;
        if (twin < o.nhard)
            o.nhard--, cells[twin] = cells[o.nhard], form[twin] = form[o.nhard];
        else
            cells[o.nhard] = now.cells[l], form[o.nhard++] = c;
    }
    unsigned most = 0;
    for (size_t t = 0; t < o.nhard; t++) {
        unsigned k = (unsigned)__builtin_popcountll(cells[t]);
        o.hard |= cells[t];
        if (k > most)
            most = k, o.deep = form[t];
    }
    if (o.nhard) {
        opts->order[opts->nlater] = (uint16_t)(most << 8 | opts->nlater);
        opts->later[opts->nlater++] = o;
        return &opts->later[opts->nlater - 1];
    }
    if (o.value < SEARCH_NIMBERS) /* an option's value is never f's */
        rule_out(m, f, (unsigned)o.value);
    opts->valued[opts->nvalued++] = o;
    return &opts->valued[opts->nvalued - 1];
}

/* Whether option o beside a heap of x is a P-position. */
static bool option_loses(nb_cram_memo *m, frame f, const cr_option *o, uint64_t x)
{
    x ^= o->value;
    if (o->nhard > 1)
        return rest_loses(m, o->hard, f.h, f.w, x);
    if (x >= SEARCH_NIMBERS)
        return frame_value(m, o->deep) == x;
    return !wins(m, o->deep, (unsigned)x);
}

/* Whether some option of canonical f is valued x < SEARCH_NIMBERS (beside a heap of x it
 * is a P-position), which rules x out for f: the options valued whole are tried first
 * (those sorted already, then the rest as they are sorted), then those with hard parts,
 * the cheapest question first. False also when the search stopped (the status says so). */
static bool option_valued(nb_cram_memo *m, frame f, cr_options *opts, unsigned x)
{
    for (size_t t = 0; t < opts->nvalued; t++)
        if (opts->valued[t].value == x)
            return rule_out(m, f, x);
    for (const cr_option *o; (o = sort_next(m, f, opts));)
        if (!o->nhard && o->value == x)
            return rule_out(m, f, x);
    if (m->ss.status != NB_OK)
        return false;
    if (!opts->sorted)
        sort_keys(opts->order, opts->nlater), opts->sorted = true;
    for (size_t t = 0; t < opts->nlater; t++) {
        bool lost = option_loses(m, f, &opts->later[opts->order[t] & 0xFF], x);
        if (m->ss.status != NB_OK)
            return false;
        if (lost)
            return rule_out(m, f, x);
    }
    return false;
}

/* Whether canonical f beside a heap of x < SEARCH_NIMBERS is won by the player to move,
 * every nimber below x already asked about (won) with the options in *opts: some option
 * is valued x. A false answer keeps x as f's value. */
static bool option_wins(nb_cram_memo *m, frame f, cr_options *opts, unsigned x)
{
    if (excluded(m, f) >> x & 1)
        return true;
    if (option_valued(m, f, opts, x))
        return true;
    if (m->ss.status != NB_OK)
        return false;
    remember(m, f, x, true); /* no move wins: f beside *x is a P-position */
    return false;
}

/* The dominoes of a full h x w box (dir << 7 | first cell), those nearest the middle
 * first (they split a region most often), for every box of 2 to 32 rows and columns and
 * at most 64 cells, made once. */
static uint8_t middle_first[33][33][MAX_DOMINOES];
static pthread_once_t middle_first_made = PTHREAD_ONCE_INIT;

static void make_middle_first(void)
{
    for (unsigned h = 2; h <= 32; h++)
        for (unsigned w = 2; w <= 32 && h * w <= 64; w++) {
            uint16_t key[MAX_DOMINOES];
            size_t n = 0;
            for (unsigned dir = 0; dir < 2; dir++)
                for (unsigned r = 0; r + dir < h; r++)
                    for (unsigned c = 0; c + !dir < w; c++) {
                        int dr = 4 * (int)r + 2 * (int)dir - 2 * ((int)h - 1);
                        int dc = 4 * (int)c + 2 * (int)!dir - 2 * ((int)w - 1);
                        unsigned far = (unsigned)abs(dr) + (unsigned)abs(dc);
                        key[n++] = (uint16_t)(far << 8 | dir << 7 | (r * w + c));
                    }
            sort_keys(key, n);
            for (size_t t = 0; t < n; t++)
                middle_first[h][w][t] = (uint8_t)key[t];
        }
}

/* f's dominoes into todo (dir << 7 | first cell), those nearest the middle first.
 * Returns how many. */
static unsigned order_dominoes(frame f, uint8_t *todo)
{
    uint64_t moves[2];
    unsigned n = 0, all = (2 * f.h * f.w - f.h - f.w);
    pthread_once(&middle_first_made, make_middle_first);
    dominoes(f, &moves[0], &moves[1]);
    for (unsigned t = 0; t < all; t++) { /* without a branch: the dominoes present are random */
        uint8_t code = middle_first[f.h][f.w][t];
        todo[n] = code;
        n += (unsigned)(moves[code >> 7] >> (code & 127) & 1);
    }
    return n;
}

/* Whether the search may go on into another region of k cells (else the status says
 * why not). */
static bool may_search(nb_cram_memo *m, unsigned k)
{
    if (m->found.used >= m->ss.max_states) {
        m->ss.status = NB_ELIMIT, m->limited = true;
        return false;
    }
    if (nb_budget_spent_after(m->ss.budget, k)) {
        m->ss.status = NB_ECANCELLED; /* the budget says which */
        return false;
    }
    return true;
}

/* Asks canonical f, whose value the memo does not know and `out` of whose nimbers are
 * ruled out, beside a heap of 0, 1, ... in turn, up to `upto` (< SEARCH_NIMBERS): the
 * first whose answer is no is f's nimber, returned; `upto` + 1 when every answer was yes
 * (or the search stopped: the status says so). With `asked`, the question is whether f's
 * nimber is `upto`, and for `upto` up to OPTION_FIRST_MOST an option valued `upto`
 * answers it first (no, without the nimbers below: `upto` + 1 returned); the nimbers
 * below are asked about only when no option has it. Looking for that one option first,
 * rather than for options valued 0, 1, ... in turn, halves the regions a large board's
 * search meets (4 x 11: 1,217,075 to 606,877; 5 x 9: 3,750,901 to 2,100,308). Options
 * valued higher are few, and a search for one mostly fails: 6 x 7 (*5) takes 5,354,726
 * regions so (107 s), 9,500,316 looking first up to 2, 46,621,789 at every nimber. */
static unsigned first_lost(nb_cram_memo *m, frame f, uint8_t out, unsigned upto, bool asked)
{
    unsigned x = 0;
    while (x <= upto && out >> x & 1)
        x++;
    if (x > upto || !may_search(m, (unsigned)__builtin_popcountll(f.bits)))
        return upto + 1;
    cr_options opts; /* its arrays filled as it is sorted */
    opts.nvalued = opts.nlater = 0, opts.sorted = opts.has_ahead = false;
    unsigned options = order_dominoes(f, opts.todo);
    opts.ntodo = options, opts.next = 0;
    if (asked && x < upto && upto <= OPTION_FIRST_MOST && option_valued(m, f, &opts, upto))
        return upto + 1;
    for (; x <= upto && m->ss.status == NB_OK; x++) {
        if (options < x) { /* a nimber is at most the number of options */
            rule_out(m, f, x);
            continue;
        }
        bool won = option_wins(m, f, &opts, x);
        if (m->ss.status != NB_OK)
            return upto + 1;
        if (!won)
            return x;
    }
    return upto + 1;
}

/* Whether canonical f beside a heap of x < SEARCH_NIMBERS is won by the player to move,
 * that is, whether f's nimber is not x (false also when the search stopped: the status
 * says so). */
static bool wins(nb_cram_memo *m, frame f, unsigned x)
{
    uint8_t out;
    unsigned v = recall(m, f, &out);
    if (v)
        return v - 1 != x;
    if (out >> x & 1)
        return true; /* without asking the nimbers below x first */
    return first_lost(m, f, out, x, true) != x;
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
    bool large = k >= SEARCH_CELLS;
    unsigned v = large ? 0 : known(m, f); /* a small one as it stands: most are met so */
    if (v)
        return v - 1;
    frame as_met = f;
    f = canonical(f);
    uint8_t out;
    v = recall(m, f, &out);
    bool moved = as_met.bits != f.bits || as_met.h != f.h;
    if (v) {
        if (!large && moved)
            remember(m, as_met, v - 1, false);
        return v - 1;
    }
    if (!may_search(m, k))
        return 0;
    if (large) {
        unsigned x = first_lost(m, f, out, SEARCH_NIMBERS - 1, false);
        if (m->ss.status != NB_OK)
            return 0;
        if (x < SEARCH_NIMBERS)
            return x;
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
    if (!large && moved)
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

/* Board cell a's bit in a part's frame. */
static unsigned frame_bit(const nb_cram_params *p, const cr_part *part, size_t a)
{
    return (unsigned)((a / p->cols - part->top) * part->w + a % p->cols - part->left);
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
    default: /* a mirrored region is 0, and its options are searched as any */
        if (whole)
            return part->kind == CR_MIRROR ? 0 : frame_value(m, part->f);
        return rest_value(m, part->f.bits & ~(1ULL << frame_bit(p, part, a) |
                                              1ULL << frame_bit(p, part, b)),
                          part->f.h, part->f.w);
    }
}

/* Whether what is left of a part after the domino on a < b has value `target`: for a
 * searched part the nimber search's question (is it beside a heap of target a
 * P-position?), cheaper than its value. */
static bool part_value_is(const nb_game *g, const cr_part *part, size_t a, size_t b,
                          uint64_t target)
{
    if (part->kind == CR_NONE || part->kind == CR_LINE || target >= SEARCH_NIMBERS)
        return part_value(g, part, a, b) == target;
    const nb_cram_params *p = params_of(g);
    uint64_t set = part->f.bits & ~(1ULL << frame_bit(p, part, a) | 1ULL << frame_bit(p, part, b));
    return rest_loses(memo_of(g), reduce(set, part->f.h, part->f.w), part->f.h, part->f.w,
                      target);
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
    if (!m->valued)
        return false;
    if (!nb_budget_spent(m->ss.budget))
        return m->valued >= PUBLISH_REGIONS || m->limited;
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
    m->forget_slots = p->forget_slots ? p->forget_slots : (size_t)1 << 24;
    p->memo = m;
    if (!memo_grow(m)) {
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
    p->searched = m->valued;
    p->table_bytes = m->found.slots * NB_CRAM_SLOT_BYTES;
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

/* Calls fn for each domino of the part (first cells ascending, across before down) with
 * its value; with `target` < UINT64_MAX only for those of that value. */
static nb_status each_option(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                             nb_option_fn fn, void *ctx, nb_err *err)
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
            uint64_t value = target;
            bool offered = target == UINT64_MAX ? (value = part_value(g, pt, a, b), true)
                                                : part_value_is(g, pt, a, b, target);
            if (memo_of(g)->ss.status != NB_OK)
                return fail_search(g, s, err);
            uint64_t w[4] = {r, c, b / p->cols, b % p->cols};
            if (offered && !fn(ctx, &(nb_move){.len = 4, .w = w}, value))
                return NB_OK;
        }
    }
    return NB_OK;
}

static nb_status cram_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                              void *ctx, nb_err *err)
{
    return each_option(g, s, part, UINT64_MAX, fn, ctx, err);
}

static nb_status cram_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                               nb_movelist *out, nb_err *err)
{
    nb_target_filter f = {target, out};
    return each_option(g, s, part, target, nb_keep_if_target, &f, err);
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
    state[0] = least_image((frame){state[0], (unsigned)p->rows, (unsigned)p->cols}).bits;
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
