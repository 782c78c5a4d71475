/* nb_notakto.h - Notakto (X-only tic-tac-toe on several k x k boards): a move puts an X
 * on an empty cell of a board without a line of k X's. State = one word a board, bit
 * r k + c set when cell (r, c) holds an X; a move is {board, cell}. Field 0 is the
 * boards. */
#ifndef NB_NOTAKTO_H
#define NB_NOTAKTO_H

#include "engine/nb_solver.h"
#include "games/notakto/nb_notaktotable.h"

enum { NB_NOTAKTO_FIELD_BOARDS };

/* The side of every board; the table is prepare's, released by release. */
typedef struct nb_notakto_params {
    unsigned k;
    const nb_notaktotable *table;
} nb_notakto_params;

extern const nb_ruleset nb_notakto;

#endif
