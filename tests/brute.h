/* brute.h - an independent brute-force solver for the tests: it enumerates every option
 * of a whole position from the rules alone (no closed forms, no SG theorem) and solves
 * by memoized mex or outcome search. Positions use libnimber's nb_game as a container. */
#ifndef BRUTE_H
#define BRUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nb_rulesets.h"

#define BRUTE_MAX_LEN 24

typedef struct brute_state {
    size_t len;
    uint64_t w[BRUTE_MAX_LEN];
} brute_state;

/* Every option of g (all components when g is a sum): the state after, and whether the
 * move wins at once (cuts out a 1x1). Returns the count; *out is malloc'ed (caller frees). */
size_t brute_options(const nb_game *g, const brute_state *s, brute_state **out, bool **wins_now);

/* The state after a move libnimber reported, applied from the rules by the tests. */
brute_state brute_apply(const nb_game *g, const brute_state *s, const nb_move *m);

brute_state brute_of(const nb_game *g);

/* SG value by mex over options (no cutting inside). */
uint64_t brute_sg(const nb_game *g, const brute_state *s);
/* True when the player to move wins: normal play with immediate wins, or misère. */
bool brute_wins(const nb_game *g, const brute_state *s, bool misere);

/* SG value of one w x h cutting piece by its recurrence (both sides >= 2: mex over the
 * cuts that keep both sides >= 2), written from the rules independently of libnimber. */
uint64_t brute_piece_sg(uint64_t w, uint64_t h);

/* Forgets every memoized value (call between games with other rules). */
void brute_reset(void);

#endif
