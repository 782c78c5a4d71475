/* nb_legal.h - whether a move is one its ruleset gives: by the ruleset's own test where it
 * has one (a heap of 2^63-1 has too many moves to list), else by listing the moves. */
#ifndef NB_LEGAL_H
#define NB_LEGAL_H

#include "engine/nb_solver.h"

/* Whether m is a move that g's each_move gives. On NB_OK, out (a list with room) holds
 * the ruleset's own copy of it (wins_now set as the ruleset sets it); on NB_EINVAL err
 * says why in a sentence and blames NB_FIELD_MOVE, index[0] the word of m at fault
 * (NB_NO_INDEX: the move as a whole); where the moves were listed, the sentence is empty
 * and the word blamed is the first no legal move shares with m after the words before it. Opens and closes g. Listing the moves looks at the
 * solver's budget (NB_ECANCELLED). */
nb_status nb_move_legal(nb_solver *s, nb_game *g, const nb_move *m, nb_movelist *out,
                        nb_err *err);

/* *any: whether g has a move at all (the first its each_move gives), the game opened
 * for it and closed; a problem of check or prepare otherwise. */
nb_status nb_has_move(nb_solver *s, nb_game *g, bool *any, nb_err *err);

/* For the rulesets' legal members: NB_EINVAL, the sentence, and the blame on word `word`
 * of the move. */
nb_status nb_illegal(nb_err *err, size_t word, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Whether the part a move's word 0 names exists, the state holding `stride` words a part
 * (pairs: 2), the part called `noun` in the sentence. */
nb_status nb_part_exists(const nb_game *g, const nb_move *m, size_t stride, const char *noun,
                         nb_err *err);

#endif
