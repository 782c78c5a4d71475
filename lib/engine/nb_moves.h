/* nb_moves.h - every legal move of a position with what it leads to: the outcome for the
 * player who makes it, the SG value after it where defined, the remoteness where known. */
#ifndef NB_MOVES_H
#define NB_MOVES_H

#include "engine/nb_solver.h"

/* What a legal move leads to, for the player who makes it. */
typedef struct nb_move_outcome {
    nb_verdict outcome;       /* NB_WIN: it leaves a lost position (or wins at once) */
    bool has_sg;              /* the SG value of the position after it (normal play) */
    uint64_t sg;
    bool has_remoteness;      /* moves to the end after it, with best play */
    uint64_t remoteness;
} nb_move_outcome;

/* Every legal move of g, in the order of its ruleset's each_move, at most max_moves of
 * them, with what each leads to. On success the caller owns *moves (nb_movelist_free) and
 * *outcomes (free; one per move); *complete says the list holds every legal move. */
nb_status nb_moves(nb_solver *s, nb_game *g, nb_convention conv, size_t max_moves,
                   nb_movelist *moves, nb_move_outcome **outcomes, bool *complete, nb_err *err);

#endif
