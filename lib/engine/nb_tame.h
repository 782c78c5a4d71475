/* nb_tame.h - misère play of heap games, of games of several piles or pairs, and of sums
 * by Conway's theory of tame games: each part (a heap, or a pile, pair or component
 * searched alone) labelled fickle or firm from its options, a sum decided as misère Nim
 * decides it. */
#ifndef NB_TAME_H
#define NB_TAME_H

#include "engine/nb_solver.h"

/* The options of a position as far as its label goes. Starts zeroed. */
typedef struct nb_tame_options {
    bool any;                 /* it has an option */
    bool wild;                /* some option is wild */
    bool fickle[2], firm[2];  /* it has a fickle (firm) option of value 0, of value 1 */
} nb_tame_options;

/* Notes an option of SG value `value` and label `label`. */
void nb_tame_offer(nb_tame_options *o, uint64_t value, nb_tame label);
/* The label of a position of SG value `value` with those options. */
nb_tame nb_tame_label(const nb_tame_options *o, uint64_t value);

/* Misère analysis of a heap game (moves {heap, take}) whose rules give moves_to and
 * options: by the tame theory when every heap is tame, by the single-heap table when one
 * heap is not empty, else NB_EDECLINED (the caller searches instead). Every winning move
 * is listed (out->moves holds them up to its limit). */
nb_status nb_tame_analyse(const nb_game *g, nb_solver *s, nb_tame_heap_fn *heap,
                          nb_analysis *out, nb_err *err);

/* Misère analysis of a sum of games of any rulesets: the heaps of those that label them
 * (misere_heap) labelled so, every other component (which must have each_move) labelled
 * by a search of its own positions within max_states (past it, or the budget, the
 * search's error: the sum has more positions still), each of its parts alone where its
 * ruleset says they are games alone (part_width). A game of several such parts is the sum
 * of one component. By the tame theory when every part is tame, by the heap's own table
 * when one heap is not empty and no other part is, else NB_EDECLINED. Each winning move
 * names its component, its words the component's own. */
nb_status nb_tame_analyse_sum(const nb_game *games, size_t count, nb_solver *s,
                              nb_analysis *out, nb_err *err);

/* An analyse_misere for a ruleset whose parts are games alone (part_width): a game of
 * several parts as a sum of one component (above); one part NB_EDECLINED (the search). */
nb_status nb_tame_analyse_parts(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err);

#endif
