/* nb_tame.h - misère play of heap games by Conway's theory of tame games: each heap
 * labelled fickle or firm from its options, a sum decided as misère Nim decides it. */
#ifndef NB_TAME_H
#define NB_TAME_H

#include "engine/nb_solver.h"

/* What a position is to the theory. Fickle: plays like a Nim heap of 0 or 1 (genus
 * 0^120 or 1^031); firm: like a heap of 2 or more, or *2+*2, *2+*3 (genus a^(a,a^2),
 * 0^02, 1^13); wild: neither can be shown, and the theory says nothing. */
typedef enum nb_tame { NB_TAME_WILD = 0, NB_TAME_FICKLE, NB_TAME_FIRM } nb_tame;

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

/* What a heap ruleset knows of one heap of n under misère play: its SG value, its label,
 * and whether the heap alone is lost for the player to move. False: not known (past what
 * was computed); the theory then declines. */
typedef bool nb_tame_heap_fn(const nb_game *g, uint64_t n, uint64_t *value, nb_tame *label,
                             bool *lost_alone);

/* Misère analysis of a heap game (moves {heap, take}) whose rules give moves_to and
 * options: by the tame theory when every heap is tame, by the single-heap table when one
 * heap is not empty, else NB_EDECLINED (the caller searches instead). Every winning move
 * is listed (out->moves holds them up to its limit). */
nb_status nb_tame_analyse(const nb_game *g, nb_solver *s, nb_tame_heap_fn *heap,
                          nb_analysis *out, nb_err *err);

#endif
