/* nb_loopy.h - games on directed graphs that may have cycles: the generalized
 * Sprague-Grundy function of every node, and one token's win, loss or draw with its
 * remoteness. Both take the graph as predecessor lists: the predecessors of v are
 * pred[off[v] .. off[v+1]), one entry per edge (parallel edges repeat). */
#ifndef NB_LOOPY_H
#define NB_LOOPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/nb_analysis.h"
#include "core/nb_budget.h"

#define NB_GAMMA_INFINITE UINT32_MAX /* γ(v) = ∞(K), K the finite values of v's followers */

/* The generalized Sprague-Grundy function γ (Smith 1966; Fraenkel and Yesha, JCTA 43,
 * 1986) of every node into gamma[0..n): a finite value or NB_GAMMA_INFINITE; and into
 * counter[0..n) Smith's counter function for the finite nodes: the order in which they
 * were labelled, which grows with γ and falls along every reversal (see nb_loopy.c).
 * Each round of the labelling costs O(n + m) and there are at most max γ + 2 rounds;
 * false when the work would pass max_work or `budget` (may be NULL) is spent, checked
 * each round (the arrays are then undefined). */
bool nb_gamma(size_t n, const uint32_t *off, const uint32_t *pred, uint32_t *gamma,
              uint32_t *counter, uint64_t max_work, nb_budget *budget);

/* Retrograde analysis of a graph of positions in O(n + m): the outcome for the player to
 * move from each node into outcome[0..n) (an nb_verdict) and the remoteness into
 * remoteness[0..n) (moves to the end with best play: the winner hurries, the loser
 * delays; 0 for a draw). A node with no move has outcome `at_end` (NB_LOSE under normal
 * play, NB_WIN under misère); a node marked in wins_now (NULL: none) is won in one move.
 * One token on a graph, or the whole state graph of a search. */
void nb_retrograde(size_t n, const uint32_t *off, const uint32_t *pred, nb_verdict at_end,
                   const uint8_t *wins_now, uint8_t *outcome, uint32_t *remoteness);

#endif
