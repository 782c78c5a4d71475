/* nb_strength.h - an opponent of a chosen strength: perfect play, or play that now and
 * then, by a seeded draw, gives a win away. */
#ifndef NB_STRENGTH_H
#define NB_STRENGTH_H

#include "engine/nb_solver.h"

/* How well nb_play_at plays. perfect: nb_play's move. strong and casual: nb_play's move,
 * except that with probability 1/10 (strong) or 2/5 (casual) a move drawn uniformly among
 * the legal moves that do not win (when the position has some; from a lost position every
 * move loses, and the perfect one makes the game longest). random: a move drawn uniformly
 * among every legal move. */
typedef enum nb_strength { NB_PERFECT, NB_STRONG, NB_CASUAL, NB_RANDOM } nb_strength;

/* Its name in requests and answers ("perfect", "strong", "casual", "random"). */
const char *nb_strength_name(nb_strength strength);

/* Per hundred moves, how many the strength draws instead of playing perfectly. */
unsigned nb_strength_misses(nb_strength strength);

/* One move for the player to move at that strength, the draws made from `seed` (the same
 * seed, position and strength give the same move). The verdict is the position's, as
 * nb_play gives it. Among at most NB_PLAY_SCAN legal moves. Caller owns out->move. */
nb_status nb_play_at(nb_solver *s, nb_game *g, nb_convention conv, nb_strength strength,
                     uint64_t seed, nb_play_result *out, nb_err *err);

#endif
