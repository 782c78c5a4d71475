/* nb_token_quotient.h - misère play of tokens on an acyclic graph through the misère
 * quotient of the tokens the position can reach. */
#ifndef NB_TOKEN_QUOTIENT_H
#define NB_TOKEN_QUOTIENT_H

#include "engine/nb_solver.h"

/* A token graph as a successor CSR: node u moves to targets[offsets[u] .. offsets[u+1]),
 * distinct, and no cycle is reachable from the tokens (all borrowed). */
typedef struct nb_token_graph {
    size_t nodes;
    const uint32_t *offsets, *targets;
} nb_token_graph;

/* Decides the misère position of tokens (len nodes) through the quotient of the tokens on
 * the nodes they reach: out->verdict, method misere-quotient, out->element, and every
 * winning move as {token, from, to} (as many as out->moves takes). NB_EDECLINED (nothing
 * filled) when the quotient does not cover every node within the solver's limits, or
 * within `slice` steps of its growth (0: no such bound): the caller then searches. */
nb_status nb_token_quotient(const nb_token_graph *graph, const uint64_t *tokens, size_t len,
                            uint64_t slice, nb_solver *s, nb_analysis *out, nb_err *err);

#endif
