/* nb_analysis.h - moves, bounded move lists, growing states, part values and the
 * analysis of a position: what the solver answers, in the lib's own terms. */
#ifndef NB_ANALYSIS_H
#define NB_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One move: words whose meaning its ruleset gives (each ruleset's header in games/ says).
 * `component` is the sum component that holds it (0 outside sums); `wins_now`
 * says the move ends the game at once, won by the player who made it (cutting out a 1x1).
 * The words are borrowed: from the nb_movelist holding the move, or, for a move handed
 * to a callback, for the call only. */
typedef struct nb_move {
    size_t component;
    bool wins_now;
    size_t len;
    const uint64_t *w;
} nb_move;

/* A list of moves that holds at most `limit` of them; pushing past the limit sets
 * `truncated` instead. `incomplete`: a ruleset left moves out (a work limit), though the
 * list has room. Owns copies of the moves' words. Read items with nb_movelist_at. */
typedef struct nb_movelist {
    struct nb_move_slot {
        size_t component, at, len; /* the words are words[at .. at+len) */
        bool wins_now;
    } *items;
    uint64_t *words;
    size_t nwords, wcap;
    size_t len, cap, limit;
    bool truncated, incomplete;
} nb_movelist;

void nb_movelist_init(nb_movelist *list, size_t limit);
/* Appends a copy of *move; false (and truncated set) once the list is full. */
bool nb_movelist_push(nb_movelist *list, const nb_move *move);
/* Item i; its words are valid until the list changes. */
nb_move nb_movelist_at(const nb_movelist *list, size_t i);
void nb_movelist_free(nb_movelist *list);

/* A state that grows: `w` holds `len` words (room for `cap`). Owned by whoever made it
 * (start as {0}); free(w) when done. */
typedef struct nb_state {
    uint64_t *w;
    size_t len, cap;
} nb_state;

/* Makes room for `len` words and sets the length. */
void nb_state_resize(nb_state *s, size_t len);

/* Part values a ruleset may give besides finite SG values. */
#define NB_SG_WIN_NOW UINT64_MAX       /* the player to move wins at once (a thin piece) */
#define NB_SG_LOOPY (UINT64_MAX - 1)   /* infinite (a loopy part): see loopy_followers */

typedef enum nb_verdict { NB_LOSE, NB_WIN, NB_DRAW } nb_verdict;

/* How a verdict or a part's value was decided: the SG theorem over independent parts; a
 * formula proved for the ruleset; a table and its proved period; a table; Bouton's
 * misère Nim (and the SJ theorem); Conway's genus theory of tame games; a misère
 * quotient; retrograde analysis of a graph with cycles; an exhaustive search. */
typedef enum nb_method {
    NB_METHOD_UNSET,
    NB_METHOD_SG_THEOREM,
    NB_METHOD_CLOSED_FORM,
    NB_METHOD_PERIOD,
    NB_METHOD_TABLE,
    NB_METHOD_MISERE_NIM,
    NB_METHOD_GENUS,
    NB_METHOD_MISERE_QUOTIENT,
    NB_METHOD_RETROGRADE,
    NB_METHOD_SEARCH,
    NB_METHOD_ARITHMETIC_PERIOD, /* a proved arithmetic period: g(n + p) = g(n) + s */
} nb_method;

/* Its name in answers ("sg-theorem", "closed-form", ...); "" for NB_METHOD_UNSET. */
const char *nb_method_name(nb_method m);
typedef enum nb_convention { NB_NORMAL, NB_MISERE } nb_convention;

/* The value of one independent part of a position: finite (has_sg), infinite with the
 * set K of the finite values among its followers (loopy: the generalized Sprague-Grundy
 * value of Smith and Fraenkel), or none known (neither). Owns `followers`. */
typedef struct nb_component {
    bool has_sg;
    uint64_t sg;
    bool loopy;
    uint64_t *followers; /* K, ascending, when loopy */
    size_t nfollowers;
    nb_method method;    /* how its value was found */
    bool has_steps;      /* Every-SG: the length of its play, its winner stretching it */
    uint64_t steps;
} nb_component;

/* The answer for one position. Owns `components`, `moves`, `drawing` and `element`: free
 * with nb_analysis_free. */
typedef struct nb_analysis {
    nb_verdict verdict;
    bool has_sg;
    uint64_t sg;
    bool has_remoteness;      /* moves to the end with best play (the winner hurries) */
    uint64_t remoteness;
    nb_component *components; /* NULL when the game has no independent parts to list */
    size_t ncomponents;
    nb_movelist moves;        /* winning moves, at most the limit asked for */
    nb_movelist drawing;      /* in a drawn position, the moves that keep it drawn */
    bool complete;            /* moves (drawing, in a draw) holds every such move */
    nb_method method;         /* how the verdict was decided */
    char *element;            /* misère play through a quotient: the position's element as a
                               * word in the quotient's generators ("ab^2"), else NULL */
} nb_analysis;

void nb_analysis_free(nb_analysis *a);

/* An nb_option_fn that appends to `out` the moves whose value is `target`. */
typedef struct nb_target_filter {
    uint64_t target;
    nb_movelist *out;
} nb_target_filter;
bool nb_keep_if_target(void *filter, const nb_move *move, uint64_t value);

#endif
