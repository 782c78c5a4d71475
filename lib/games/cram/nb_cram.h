/* nb_cram.h - Cram (impartial Domineering): place a domino on two orthogonally adjacent
 * empty cells of a board. State = bit r * cols + c of the words is cell (r, c), 1 while it
 * is empty; a move is {r1, c1, r2, c2}, the first cell the upper or the left one. Field 0
 * is the board. */
#ifndef NB_CRAM_H
#define NB_CRAM_H

#include "engine/nb_solver.h"

enum { NB_CRAM_FIELD_BOARD };

/* The most cells a region's bounding box may hold to be searched (a straight line of
 * cells is valued at any length). */
#define NB_CRAM_SEARCH_CELLS 64

typedef struct nb_cram_memo nb_cram_memo;

/* The board's size; the memo is prepare's, freed by release. */
typedef struct nb_cram_params {
    size_t rows, cols;
    size_t forget_slots; /* a search's table past this many slots forgets what it only
                            ruled out before it grows (0: 2^24, 256 MiB) */
    nb_cram_memo *memo;
    uint64_t searched;    /* regions the last search valued (set by release) */
    uint64_t table_bytes; /* the memory its table of regions held (set by release) */
} nb_cram_params;

extern const nb_ruleset nb_cram;

#endif
