/* api_heaps.h - what the JSON of the heap games shares (nim, bash, subtraction, Moore's
 * Nim_k, the take-and-break codes, Grundy's game): the "heaps" and "k" fields, the
 * {"heap","take"} move, and /v1/table's answer by a closed form or from a ruleset's
 * sequence of values. */
#ifndef API_HEAPS_H
#define API_HEAPS_H

#include "api_position.h"
#include "api_types.h"

/* "heaps": integers 0..2^63-1, as the game's state. */
int api_heaps_decode(json_t *obj, const char *base, api_game *g, api_problem *p);
/* "k" >= 1 into *k. */
int api_k_decode(json_t *obj, const char *base, uint64_t *k, api_problem *p);

/* "heap":h,"take":t */
void api_put_take(api_buf *b, uint64_t heap, uint64_t take);
/* A move {heap, take} as "heap":h,"take":t (a type's write_move). */
void api_take_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                    api_buf *b);

/* Reads {"heap":h,"take":t} into words {h, t} (a type's read_move). */
int api_take_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                  api_problem *p);
/* The words of a {heap, take} move (a type's move_words). */
extern const char *const api_take_words[];

/* The table of a closed form: value n, or n mod `modulus` (proved period) when it is not
 * 0. */
int api_closed_table(const api_game *g, json_t *req, const api_limits *lim, json_t **out,
                     api_problem *p, uint64_t modulus);

/* Values from..up_to of a ruleset whose params the game holds, as the library's sequence
 * function of that ruleset gives them. */
typedef nb_status api_sequence_fn(nb_solver *s, void *params, uint64_t from, uint64_t up_to,
                                  nb_sequence *out, nb_err *err);
int api_sequence_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                       api_sequence_fn *values, json_t **out, api_problem *p);

#endif
