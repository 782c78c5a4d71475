/* nb_chomp.h - Chomp: state = the row lengths of a Young diagram, non-increasing, each at
 * least 1 (the poisoned cell is row 0, column 0); a move is {row, column} (0-based), the
 * cell chomped with every cell right of it and below it. */
#ifndef NB_CHOMP_H
#define NB_CHOMP_H

#include "engine/nb_solver.h"
#include "games/chomp/nb_chomptable.h"

/* Field numbers: the rows. */
enum { NB_CHOMP_FIELD_ROWS };

/* The table prepare() attaches, held from the cache until release() (NULL for a single
 * row or column, valued in closed form). */
typedef struct nb_chomp_params {
    const nb_chomptable *table;
} nb_chomp_params;

extern const nb_ruleset nb_chomp;

#endif
