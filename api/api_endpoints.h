/* api_endpoints.h - what each endpoint computes, from a parsed body to a JSON answer's
 * text: no HTTP here. Each returns the HTTP status; on 200 the answer is appended to
 * *out (the caller owns it), otherwise p says what went wrong and *out is unchanged. */
#ifndef API_ENDPOINTS_H
#define API_ENDPOINTS_H

#include <stdbool.h>

#include "api_types.h"

#define API_MAX_MOVES_DEFAULT 16
#define API_MAX_MOVES_LIMIT 1000

typedef struct api_context {
    nb_solver *solver;       /* borrowed */
    const api_limits *limits;
} api_context;

int api_analyze(const api_context *ctx, json_t *body, size_t max_moves, api_buf *out,
                api_problem *p);
/* {"positions":[...]} -> {"results":[...]}: each result an analysis or a problem object. */
int api_batch(const api_context *ctx, json_t *body, size_t max_moves, api_buf *out,
              api_problem *p);
int api_play(const api_context *ctx, json_t *body, api_buf *out, api_problem *p);
int api_table(const api_context *ctx, json_t *body, api_buf *out, api_problem *p);

/* GET /v1/games: every registered type with fields, limits and a working example. */
json_t *api_catalog(const api_limits *limits);

/* Whether a request may take long (tables to build, searches, big graphs), so that the
 * server runs it off its I/O threads. Cheap: looks at the body's shape only. */
bool api_is_heavy(const char *route, json_t *body);

#endif
