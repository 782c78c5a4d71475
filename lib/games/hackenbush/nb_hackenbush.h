/* nb_hackenbush.h - Green Hackenbush on an undirected multigraph (loops and parallel edges
 * allowed): a move deletes one edge, and every edge no longer joined to the ground falls.
 * State = the indices of the standing edges, ascending (edges not joined to the ground at
 * the start have already fallen and take no part); field 0 is the edges, 1 the node count,
 * 2 the ground; a move is {edge}. */
#ifndef NB_HACKENBUSH_H
#define NB_HACKENBUSH_H

#include "engine/nb_solver.h"

/* The edges are borrowed. */
typedef struct nb_hackenbush_params {
    size_t nodes, nedges;
    const uint32_t *edges; /* nedges pairs u,v */
    uint64_t ground;
} nb_hackenbush_params;
extern const nb_ruleset nb_hackenbush;

/* The edges of state that stand joined to the ground, ascending, into *out (the caller
 * owns out->w). The state must have passed check. */
void nb_hackenbush_grounded(const nb_game *g, const uint64_t *state, size_t len, nb_state *out);

#endif
