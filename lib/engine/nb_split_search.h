/* nb_split_search.h - what the games share whose positions split into parts valued by a
 * table or a search (Cram's regions, Node-Kayles' components): the line table their
 * straight parts read (an octal code's values), the state the split was last made for,
 * the search's limits, and why it stopped. */
#ifndef NB_SPLIT_SEARCH_H
#define NB_SPLIT_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/nb_solver.h"
#include "theory/nb_octable.h"

/* Part of a game's memo, set up by nb_split_search_begin in its prepare and ended by
 * nb_split_search_end in its release. The line table and the state are its own. */
typedef struct nb_split_search {
    const nb_octable *line; /* held from the cache */
    uint64_t *state;        /* words of the state the split was made for */
    size_t words;
    bool made;
    uint64_t max_states;
    nb_budget *budget;      /* the request's, borrowed */
    uint64_t held;          /* of the budget's memory: the game's memo */
    nb_status status;       /* NB_OK, or why the search stopped: */
    bool past_table;        /* a line past its table (else max_states, or the budget) */
} nb_split_search;

/* The line table of `rule` grown to `longest` (its period proved where it can be), and
 * room for a state of `words` words. */
nb_status nb_split_search_begin(nb_split_search *ss, nb_solver *s, const nb_octal_rule *rule,
                                uint64_t longest, size_t words, nb_err *err);
/* Releases the table, gives the memory held back to the budget, frees the state. */
void nb_split_search_end(nb_split_search *ss, nb_solver *s);

/* A line of n: its value in the table (past it: 0, and the search stops as past_table). */
uint64_t nb_split_search_line(nb_split_search *ss, uint64_t n);

/* True when the split was made for `state`; else `state` is kept as the one the caller now
 * makes the split for, and false. */
bool nb_split_search_same(nb_split_search *ss, const uint64_t *state);

/* The problem of a stopped search (the status cleared for the next): the budget's, the
 * line table's limit ("<line>, the limit max_table=N"), or max_states on `field`
 * ("<what> more than the limit max_states=N <units>"). */
nb_status nb_split_search_fail(nb_split_search *ss, nb_solver *s, const char *line, int field,
                               const char *what, const char *units, nb_err *err);

#endif
