/* nb_dag.h - a token game on a directed graph, cycles allowed; state = the nodes the
 * tokens stand on; fields 1 and 2 are the node count and the edges; a move is {token,
 * from, to}. */
#ifndef NB_DAG_H
#define NB_DAG_H

#include "engine/nb_solver.h"

/* The edges are borrowed. prepare builds `sg` (the generalized SG value of every node,
 * NB_GAMMA_INFINITE for ∞), the predecessor lists (pred_off, pred) and has_move; on a graph
 * with a cycle (`loopy`) also `counter` (Smith's counter of the finite nodes); the
 * one-token analysis (outcome, remoteness) and the successor lists (offsets, targets: a
 * CSR) come on first use, the latter for the nodes in the bitset succ_of (NULL: every
 * node). release frees them all. */
typedef struct nb_dag_params {
    size_t nodes, nedges;
    const uint32_t *edges; /* nedges pairs u,v */
    uint32_t *offsets, *targets, *sg, *counter, *pred_off, *pred, *remoteness;
    uint8_t *outcome;
    uint64_t *succ_of, *has_move; /* has_move: a bit per node with an edge out */
    bool loopy;
    uint64_t held; /* what prepare holds of the request's memory budget for all of them */
} nb_dag_params;
extern const nb_ruleset nb_dag;

#endif
