/* nb_nodekayles.h - Node-Kayles: pick a vertex of a simple undirected graph; it and its
 * neighbours go. State = bit v of the words is vertex v, 1 while it stands; a move is
 * {node}. Field 0 is the edges, 1 the vertices gone, 2 the node count. */
#ifndef NB_NODEKAYLES_H
#define NB_NODEKAYLES_H

#include "engine/nb_solver.h"

enum { NB_NODEKAYLES_FIELD_EDGES, NB_NODEKAYLES_FIELD_GONE, NB_NODEKAYLES_FIELD_NODES };

/* The largest component searched vertex set by vertex set (paths, cycles and complete
 * graphs are valued at any size). */
#define NB_NODEKAYLES_SEARCH_MAX 64

typedef struct nb_nodekayles_memo nb_nodekayles_memo;

/* The graph: edges borrowed; the adjacency (neighbours of v: adj[first[v] .. first[v+1]))
 * owned, made by nb_nodekayles_init (edges with an end past `nodes` are left out of it:
 * check refuses them) and freed by nb_nodekayles_free; the memo is prepare's, freed by
 * release. */
typedef struct nb_nodekayles_params {
    size_t nodes, nedges;
    const uint32_t *edges; /* nedges pairs u,v */
    size_t *first;
    uint32_t *adj;
    nb_nodekayles_memo *memo;
    uint64_t searched; /* vertex sets the last search valued (set by release) */
} nb_nodekayles_params;

void nb_nodekayles_init(nb_nodekayles_params *p, size_t nodes, const uint32_t *edges,
                        size_t nedges);
void nb_nodekayles_free(nb_nodekayles_params *p);

extern const nb_ruleset nb_nodekayles;

#endif
