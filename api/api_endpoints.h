/* api_endpoints.h - what each endpoint computes, from a parsed body to a JSON answer's
 * text: no HTTP here. Each returns the HTTP status; on 200 the answer is appended to
 * *out (the caller owns it), otherwise p says what went wrong and *out is unchanged. */
#ifndef API_ENDPOINTS_H
#define API_ENDPOINTS_H

#include <stdbool.h>
#include <stdint.h>

#include "api_tables.h"
#include "api_types.h"
#include "engine/nb_strength.h"

#define API_MAX_MOVES_DEFAULT 16
#define API_MAX_MOVES_LIMIT 1000

typedef struct api_context {
    nb_solver *solver;       /* borrowed */
    const api_limits *limits;
    nb_method *decided_by;   /* borrowed (NULL: unused): where /v1/analyze notes how its
                              * analysis was decided (for the request log) */
} api_context;

/* What the query string asks of an answer; a route takes only the parameters it honours
 * (the server refuses the others). */
typedef struct api_query {
    size_t max_moves;       /* moves an answer lists (/v1/analyze, batch, moves) */
    size_t max_components;  /* components an analysis lists (/v1/analyze, batch): SIZE_MAX all */
    api_positions positions; /* how a listed move gives its position (/v1/analyze, batch,
                              * moves, play) */
    size_t request_bytes;   /* the request's body, which bounds its answer (not a
                             * parameter: the server sets it) */
    nb_strength strength;   /* how well play plays (play) */
    bool has_seed;          /* the draws of a weaker strength come from `seed` (play); */
    uint64_t seed;          /* else from a seed of the moment */
    size_t from, limit;     /* the first item of a listing and how many (GET /v1/tables) */
    bool with_table;        /* the multiplication table too (quotient: table=1) */
    bool int64_strings;     /* int64 fields as strings of digits (int64=string) */
    bool reply;             /* the computer's reply after the move, at `strength` (move:
                             * reply=S) */
} api_query;

/* At most how many times its source text jansson's compact text of a parsed value is: a
 * real number is the one value that grows (its shortest source, "0.1", is 3 bytes; "%.17g"
 * writes at most 24, "-1.0000000000000001e-308"); strings, integers and whitespace shrink
 * or stay. An answer's size is first bounded by it. */
#define API_DUMP_GROWTH 8

/* The query of a request that gives no parameters. */
#define API_QUERY_DEFAULT                                                                   \
    ((api_query){API_MAX_MOVES_DEFAULT, SIZE_MAX, API_POSITIONS_FULL, 0, NB_PERFECT, false, 0, \
                 0, API_TABLES_LIMIT_DEFAULT, false, false, false})

/* A computing endpoint: the parsed body and the query in, the status out. */
typedef int api_endpoint(const api_context *ctx, json_t *body, const api_query *q, api_buf *out,
                         api_problem *p);

api_endpoint api_analyse;
/* {"positions":[...]} -> {"results":[...]}: each result an analysis or a problem object. */
api_endpoint api_batch;
api_endpoint api_play;
/* {"moves":[{move..., "position", "outcome", "sg"?, "remoteness"?}], "complete"}: every
 * legal move in the ruleset's order, at most max_moves of them. */
api_endpoint api_moves;
api_endpoint api_table;
/* GET /v1/games: every registered type with fields, limits and a working example (its
 * int64 members as strings when int64_strings, for ?int64=string). */
json_t *api_catalog(const api_limits *limits, bool int64_strings);

/* Whether a request may take long (tables to build, searches, big graphs), so that the
 * server runs it off its I/O threads. Cheap: looks at the body's shape only. */
typedef bool api_cost(json_t *body);

api_cost api_game_is_heavy;  /* a game object (/v1/analyze, play) */
api_cost api_batch_is_heavy; /* {"positions":[...]} */
api_cost api_always_heavy;   /* a table */

#endif
