/* nb_rulesets.h - every ruleset libnimber knows, the parameters each one takes, the words
 * of its moves and the numbers of its fields (for nb_err: 0 is always the position, the
 * state; then the rules in the order given). A game's params pointer points at the
 * struct named beside its ruleset. */
#ifndef NB_RULESETS_H
#define NB_RULESETS_H

#include "nb_solver.h"

/* The heap games (nim, bash, subtraction): state = heaps; a move is {heap, take}. */

/* nim: params unused (NULL). */
extern const nb_ruleset nb_nim;

/* bash: field 1 is k. */
typedef struct nb_bash_params {
    uint64_t k; /* take 1..k, k >= 1 */
} nb_bash_params;
extern const nb_ruleset nb_bash;

/* subtraction: field 1 is the set. */
#define NB_SUBTRACTION_MAX_SET 64
#define NB_SUBTRACTION_MAX_VALUE 1000000
typedef struct nb_subtable nb_subtable;
typedef struct nb_subtraction_params {
    size_t nset;                          /* may pass the limit: check says so */
    uint64_t set[NB_SUBTRACTION_MAX_SET]; /* the first values given; checked distinct and
                                             in range */
    const nb_subtable *table;             /* attached by prepare, released by release */
    struct nb_submisere *misere;          /* owned: built by the first misère analysis
                                             that can, freed by release */
} nb_subtraction_params;
extern const nb_ruleset nb_subtraction;

/* octal (and Grundy's game): state = heaps. digit[j] (j = 0..last) says what taking j
 * counters from a heap may leave: bit 1 no heap, bit 2 one heap, bit 4 two non-empty heaps
 * (digit 0 is 0 or 4: a split that takes nothing); `unequal` (Grundy's game) allows only
 * splits into two unequal heaps. A move is {heap, take, count, a, b}: the heap is replaced
 * in place by `count` heaps (none; a; a <= b). Field 1 is the code. */
#define NB_OCTAL_MAX_DIGITS 32
typedef struct nb_octal_rule {
    uint8_t digit[NB_OCTAL_MAX_DIGITS + 1];
    size_t last;  /* the last nonzero digit's index (t of the periodicity theorem) */
    bool unequal; /* Grundy's game */
} nb_octal_rule;
typedef struct nb_octable nb_octable;
typedef struct nb_octal_params {
    nb_octal_rule rule;
    const nb_octable *table; /* attached by prepare, released by release */
} nb_octal_params;
extern const nb_ruleset nb_octal;
/* Reads a code "d0.d1d2...dk": d0 0 or 4, then 1..32 octal digits (trailing zeros
 * allowed). Errors blame field 1. */
nb_status nb_octal_parse(const char *code, nb_octal_rule *rule, nb_err *err);
/* Grundy's game: split a heap into two unequal heaps. */
nb_octal_rule nb_octal_grundy(void);

/* beans (the splitting game): state[i] = beans in bottle i; a move is {bottle, j, k}:
 * one bean leaves bottle i, one goes into j and one into k, i < j <= k. params unused. */
extern const nb_ruleset nb_beans;
/* The value of one bean with d bottles right of it (the d-th odious number; 0 for d = 0). */
uint64_t nb_beans_value(uint64_t d);

/* moore (Nim_k): state = heaps; field 1 is k; a move is {heap, take} pairs, one per heap
 * it takes from, in increasing heap order. */
typedef struct nb_search nb_search;
typedef struct nb_moore_params {
    uint64_t k;        /* take from 1..k heaps at once, k >= 1 */
    nb_search *search; /* kept from first use (values inside a sum) until release */
} nb_moore_params;
extern const nb_ruleset nb_moore;

/* staircase: state[i-1] = coins on stair i; a move is {stair (1-based), count}. params
 * unused. */
extern const nb_ruleset nb_staircase;

/* coins (turning turtles): state = bit i-1 of the words is coin i, 1 = heads; a move is
 * {coin, also}: the head turned and the coin left of it also turned (0: none), 1-based. */
typedef struct nb_coins_params {
    size_t ncoins;
} nb_coins_params;
extern const nb_ruleset nb_coins;

/* cutting: state = w0,h0,w1,h1,...; a move is {piece, direction (NB_CUT_*), at}: the
 * piece is replaced in place by its two parts, the `at` part first. A cut that leaves a
 * 1x1 piece wins at once (nb_move.wins_now). */
enum { NB_CUT_VERTICAL, NB_CUT_HORIZONTAL };
typedef struct nb_cuttable nb_cuttable;
typedef struct nb_cutting_params {
    const nb_cuttable *table; /* attached by prepare, released by release */
} nb_cutting_params;
extern const nb_ruleset nb_cutting;

/* dag: a directed graph, cycles allowed; state = the nodes the tokens stand on; fields 1
 * and 2 are the node count and the edges; a move is {token, from, to}. The edges are
 * borrowed. prepare builds `sg` (the generalized SG value of every node,
 * NB_GAMMA_INFINITE for ∞), the predecessor lists (pred_off, pred) and has_move; on a graph with a
 * cycle (`loopy`) also `counter` (Smith's counter of the finite nodes); the one-token
 * analysis (outcome, remoteness) and the successor lists (offsets, targets: a CSR) come
 * on first use, the latter for the nodes in the bitset succ_of (NULL: every node).
 * release frees them all. */
typedef struct nb_dag_params {
    size_t nodes, nedges;
    const uint32_t *edges; /* nedges pairs u,v */
    uint32_t *offsets, *targets, *sg, *counter, *pred_off, *pred, *remoteness;
    uint8_t *outcome;
    uint64_t *succ_of, *has_move; /* has_move: a bit per node with an edge out */
    bool loopy;
} nb_dag_params;
extern const nb_ruleset nb_dag;

/* sum: state = for each component its state's length, then its state (a component's
 * length may change with a move); field 0 is the components; a move is its component's
 * own move with `component` set, and an error in a component says so in nb_err.component.
 * `games[i].state` is ignored; the components' rules and params are borrowed, one params
 * struct per component (prepare writes into them, so two components never share one).
 * part_offsets and state_offsets are set by prepare, freed by release. Sums do not nest. */
typedef struct nb_sum_params {
    size_t count;
    nb_game *games;
    size_t *part_offsets;  /* count + 1 entries: component c's first part */
    size_t *state_offsets; /* count entries: where component c's length word stands */
} nb_sum_params;
extern const nb_ruleset nb_sum;

/* A sum's state from its components' states (games[c].state, .len): *len words,
 * malloc'ed (caller frees). */
uint64_t *nb_sum_state(const nb_sum_params *p, size_t *len);

/* A table from the solver's cache (nb_cache_acquire) that counts against the request's
 * memory budget while it is held (NB_ELIMIT naming max_request_mb, nothing held, when it
 * would pass it). Release it with nb_table_release (NULL: nothing). */
nb_status nb_table_acquire(const nb_solver *s, const char *key, const nb_cache_kind *kind,
                           const void *need, const nb_cached **out, nb_err *err);
void nb_table_release(const nb_solver *s, const nb_cached *t);

/* A table of single-heap SG values with its proved period, if any. Owned by the caller:
 * free `values` with free(). */
typedef struct nb_sequence {
    uint64_t *values; /* values[n] for n = 0..count-1 */
    size_t count;
    bool has_period;
    uint64_t period, preperiod;
} nb_sequence;

/* NB_ELIMIT naming max_table (blaming up_to) when a table to up_to would pass it. */
nb_status nb_sequence_bound(const nb_solver *s, uint64_t up_to, nb_err *err);

/* The value of heap n a cached table knows; false where it does not reach n. */
typedef bool nb_table_value_fn(const void *table, uint64_t n, uint64_t *value);

/* *out: the values of 0..up_to that `table` gives (malloc'ed, caller frees; held against
 * `budget`, which may be NULL), with the period when `period` is nonzero; false, *out
 * empty, where the table does not reach or the budget has no room for them. */
bool nb_sequence_fill(nb_sequence *out, nb_budget *budget, uint64_t up_to, nb_table_value_fn *value,
                      const void *table, uint64_t period, uint64_t preperiod);

/* SG values of one heap of 0..up_to in the subtraction game on `set` (params as above,
 * table not attached), proving the period when it can within max_table. */
nb_status nb_subtraction_sequence(nb_solver *s, nb_subtraction_params *p, uint64_t up_to,
                                  nb_sequence *out, nb_err *err);

/* SG values of heaps 0..up_to of an octal rule (params as above, table not attached),
 * proving the period when the theorem applies and max_table and max_work allow. */
nb_status nb_octal_sequence(nb_solver *s, nb_octal_params *p, uint64_t up_to, nb_sequence *out,
                            nb_err *err);

/* SG values of pieces 0..max_w by 0..max_h: values[w*(max_h+1)+h], NB_SG_WIN_NOW where a
 * side is 1 or 0 (no SG value). Caller frees *values. */
nb_status nb_cutting_grid(nb_solver *s, uint64_t max_w, uint64_t max_h, uint64_t **values,
                          nb_err *err);

#endif
