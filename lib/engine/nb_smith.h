/* nb_smith.h - Smith's rule for positions whose parts may be loopy: the verdict of a
 * position from its parts' generalized Sprague-Grundy values, and of the position after
 * a move in one part. */
#ifndef NB_SMITH_H
#define NB_SMITH_H

#include "engine/nb_game.h"

/* What the rule needs of a position: its loopy parts (the sets K of the first two), the
 * XOR of its finite parts, and the parts that win at once (NB_SG_WIN_NOW: whoever is to
 * move with one wins). Borrows g and sg (the parts' values); owns the sets K: free with
 * nb_smith_free. */
typedef struct nb_smith {
    const nb_game *g;
    const uint64_t *sg;
    size_t win_now;    /* how many parts win at once */
    size_t loopy;      /* how many parts are loopy */
    size_t part[2];    /* the first two of them */
    uint64_t *k[2];    /* their sets K, ascending */
    size_t nk[2];
    uint64_t x;        /* the XOR of the finite parts */
} nb_smith;

void nb_smith_init(nb_smith *sm, const nb_game *g, const uint64_t *sg);
void nb_smith_free(nb_smith *sm);
/* The verdict of the position for the player to move. */
nb_verdict nb_smith_verdict(const nb_smith *sm);
/* The verdict, for the player then to move, of the position after move m of part p,
 * which leaves that part the value v: lost when m wins at once, won when a part that wins
 * at once is left, else by the rule; *has_sg and *sg say the position's SG value when
 * every part is finite after it. Costs a copy of the state when v is loopy. */
nb_verdict nb_smith_after(const nb_smith *sm, size_t p, const nb_move *m, uint64_t v,
                          bool *has_sg, uint64_t *sg);

#endif
