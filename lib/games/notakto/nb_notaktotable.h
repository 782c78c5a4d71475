/* nb_notaktotable.h - every k x k Notakto board at once (k = 3, 4 or 5): its normal-play
 * value and its misère outcome alone, for all 2^(k k) boards, and for k <= 4 the misère
 * quotient of every sum of boards, the boards up to the symmetries of their lines as its parts;
 * cached under one key a size. */
#ifndef NB_NOTAKTOTABLE_H
#define NB_NOTAKTOTABLE_H

#include <stdint.h>

#include "cache/nb_cache.h"
#include "core/nb_budget.h"
#include "theory/nb_quotient.h"

/* The sides a board may have. */
#define NB_NOTAKTO_MIN_SIDE 3
#define NB_NOTAKTO_MAX_SIDE 5

/* A board is a mask of its k k cells, bit r k + c set when (r, c) holds an X. */

/* A cached version (immutable once built; the cache owns it and every array). */
typedef struct nb_notaktotable {
    nb_cached base;
    unsigned k, cells;
    unsigned nlines;
    uint32_t lines[2 * NB_NOTAKTO_MAX_SIDE + 2]; /* rows, columns, the two diagonals */
    uint8_t *board;     /* 2^cells: a board's normal-play value (bits 0-6; 0 when dead), and
                         * bit 7 set when it is lost alone under misère play */
    /* The quotient (k <= 4; else NULL, and no_quotient says why): */
    uint32_t *part;     /* 2^cells: the part of a board's least image (0: dead) */
    uint32_t parts;     /* live boards up to symmetry, + 1 for part 0 */
    uint32_t *part_board; /* parts: each part's least image (0 for part 0) */
    uint32_t *off, *succ; /* the parts' options (nb_quotient_graph) */
    nb_quotient_graph graph;
    nb_quotient *q;     /* covers parts below q->n (every part when q->n == parts) */
    /* When the quotient has at most 64 elements: bit y of options[b] is set when board b
     * (covered) has an option of element y, bit y of lost_with[x] when x y is in the
     * P-portion; a board has a winning move beside others of product x exactly when
     * options[b] & lost_with[x] is not 0. Else NULL. */
    uint64_t *options, *lost_with;
    const char *no_quotient; /* why there is no quotient, or why it stops short (static) */
} nb_notaktotable;

/* What a caller needs: the boards of side k, the quotient grown within max_work and the
 * budget (a quotient cut short by the budget is grown again by the next caller). */
typedef struct nb_notaktotable_need {
    unsigned k;
    uint64_t max_work;
    nb_budget *budget; /* the asking request's (may be NULL) */
} nb_notaktotable_need;

extern const nb_cache_kind nb_notaktotable_kind;

/* The cache key of side k's table ("notakto:3"). */
nb_key nb_notaktotable_key(unsigned k);

/* The lines of side k (rows, columns, the two diagonals) into lines[]; returns how many. */
unsigned nb_notakto_lines(unsigned k, uint32_t lines[2 * NB_NOTAKTO_MAX_SIDE + 2]);

/* Whether a board holds one of the lines. */
bool nb_notakto_dead(const uint32_t *lines, unsigned nlines, uint32_t board);

/* A board's normal-play value, and whether it is lost alone under misère play. */
static inline uint64_t nb_notakto_value(const nb_notaktotable *t, uint32_t board)
{
    return t->board[board] & 127u;
}
static inline bool nb_notakto_lost_alone(const nb_notaktotable *t, uint32_t board)
{
    return t->board[board] >> 7;
}

/* The symmetries of side k's lines (permutations of the cells that map the lines onto the
 * lines: the same game): how many (8 for k = 3, 32 for 4 and 5; the first the identity),
 * and into *images a static table of them, cell i going to images[s][i]. */
#define NB_NOTAKTO_SYMMETRIES 32
unsigned nb_notakto_symmetries(unsigned k, const uint8_t (**images)[NB_NOTAKTO_MAX_SIDE *
                                                                     NB_NOTAKTO_MAX_SIDE]);

/* The least of a board's images under the symmetries of its lines. */
uint32_t nb_notakto_canonical(unsigned k, uint32_t board);

/* A board's element of the quotient: false when the quotient does not cover it. */
bool nb_notakto_element(const nb_notaktotable *t, uint32_t board, uint32_t *element);

#endif
