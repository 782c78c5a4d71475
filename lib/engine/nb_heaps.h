/* nb_heaps.h - plumbing shared by rulesets whose parts are heaps (state = heap sizes), or pairs. */
#ifndef NB_HEAPS_H
#define NB_HEAPS_H

#include "engine/nb_solver.h"

/* Largest heap a client may give: 2^63-1. */
#define NB_HEAP_MAX ((uint64_t)INT64_MAX)

/* Heap count within max_parts and every heap within NB_HEAP_MAX. */
nb_status nb_heaps_check(const nb_game *g, const nb_solver *s, nb_err *err);
size_t nb_heaps_part_count(const nb_game *g);
/* Sorts the heaps: positions equal up to the order of heaps are one state. */
void nb_heaps_canonicalize(const nb_game *g, uint64_t *state, size_t len);
/* For rulesets whose parts are pairs (state a0,b0,a1,b1,...) that a pair's order does
 * not change (Euclid's pairs, Wythoff's piles): each pair smaller first, the pairs
 * sorted. */
void nb_pairs_canonicalize(const nb_game *g, uint64_t *state, size_t len);
/* Sorts a state of pairs by pair (first numbers, then second), each pair kept as it is. */
void nb_pairs_sort(uint64_t *state, size_t len);
/* The state after a {heap, take} move. */
void nb_heaps_apply(const nb_game *g, const nb_move *m, nb_state *after);
/* What every {heap, take} move needs (a heap that exists, 1 <= take <= its size): NB_OK,
 * or NB_EINVAL as nb_illegal says; the rulesets' legal members add their own rule. */
nb_status nb_heaps_legal_take(const nb_game *g, const nb_move *m, nb_err *err);


/* Every-SG's steps of one heap of a game that takes 1..period-1 from it (Bash; Nim with
 * period UINT64_MAX): the `steps` member of nb_ruleset, false for several heaps. */
bool nb_heaps_take_steps(const nb_game *g, uint64_t period, uint64_t *steps, bool *won,
                         nb_movelist *move);
/* Largest heap of the position (0 when none). */
uint64_t nb_heaps_max(const nb_game *g);

/* What tells one heap game from another. */
typedef struct nb_heap_rule {
    /* The i-th amount one may take from a heap of n (i = 0, 1, ...), in ascending order;
     * 0 when there is no i-th amount. Amounts above n are skipped by the caller. */
    uint64_t (*take)(const nb_game *g, uint64_t n, uint64_t i);
    /* SG value of one heap of n (the game is prepared). */
    uint64_t (*value)(const nb_game *g, uint64_t n);
} nb_heap_rule;

void nb_heaps_values(const nb_game *g, const nb_heap_rule *rule, uint64_t *sg);
/* Moves of heap `part` with the heap's value after each, in ascending take. */
void nb_heaps_options(const nb_game *g, const nb_heap_rule *rule, size_t part,
                      nb_option_fn fn, void *ctx);
/* Every move of every heap with the state after it. */
void nb_heaps_each_move(const nb_game *g, const nb_heap_rule *rule, nb_move_fn fn, void *ctx);

#endif
