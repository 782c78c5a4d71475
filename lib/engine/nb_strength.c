/* nb_strength.c - play at a strength: the perfect move, or one drawn by a seeded
 * generator (nb_splitmix64) among the moves that do not win, or among all. */
#include "engine/nb_strength.h"

#include <stdlib.h>

#include "core/nb_util.h"
#include "engine/nb_moves.h"

static const char *const names[] = {"perfect", "strong", "casual", "random"};
static const unsigned misses[] = {0, 10, 40, 100};

const char *nb_strength_name(nb_strength strength) { return names[strength]; }

unsigned nb_strength_misses(nb_strength strength) { return misses[strength]; }

/* Replaces out's move by one drawn among the legal moves that do not win (every legal
 * move when `any`); keeps it when there is none such, or when listing them fails. */
static nb_status draw_move(nb_solver *s, nb_game *g, nb_convention conv, bool any, uint64_t *x,
                           nb_play_result *out, nb_err *err)
{
    nb_movelist moves;
    nb_move_outcome *outcomes;
    bool complete;
    nb_status st = nb_moves(s, g, conv, NB_PLAY_SCAN, &moves, &outcomes, &complete, err);
    if (st != NB_OK)
        return st;
    size_t count = 0, pick;
    for (size_t i = 0; i < moves.len; i++)
        count += any || outcomes[i].outcome != NB_WIN;
    if (count) {
        pick = (size_t)(nb_splitmix64(x) % count);
        for (size_t i = 0; i < moves.len; i++)
            if ((any || outcomes[i].outcome != NB_WIN) && pick-- == 0) {
                nb_movelist_free(&out->move);
                nb_movelist_init(&out->move, 1);
                nb_move m = nb_movelist_at(&moves, i);
                nb_movelist_push(&out->move, &m);
                break;
            }
    }
    nb_movelist_free(&moves);
    free(outcomes);
    return NB_OK;
}

nb_status nb_play_at(nb_solver *s, nb_game *g, nb_convention conv, nb_strength strength,
                     uint64_t seed, nb_play_result *out, nb_err *err)
{
    nb_status st = nb_play(s, g, conv, out, err);
    uint64_t x = seed;
    if (st != NB_OK || !out->has_move || nb_splitmix64(&x) % 100 >= misses[strength])
        return st;
    if (draw_move(s, g, conv, strength == NB_RANDOM, &x, out, err) != NB_OK)
        nb_err_clear(err); /* the moves past a limit: the perfect move stands */
    return NB_OK;
}
