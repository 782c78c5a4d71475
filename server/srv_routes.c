/* srv_routes.c - the route table. */
#include "srv_routes.h"

#include <stdbool.h>
#include <string.h>

/* int64=string: every route that answers JSON writes its int64 fields as strings */
static const char *const analysis_query[] = {"max_moves", "components", "positions", "int64",
                                             NULL};
/* the routes a GET reaches too: `game` (GET alone) first */
static const char *const analyse_query[] = {"game", "max_moves", "components", "positions",
                                            "int64", NULL};
static const char *const moves_query[] = {"game", "max_moves", "positions", "int64", NULL};
static const char *const play_query[] = {"positions", "strength", "seed", "int64", NULL};
static const char *const move_query[] = {"max_moves", "components", "positions", "reply",
                                         "seed", "int64", NULL};
static const char *const page_query[] = {"type", NULL}; /* the game type it opens on */
static const char *const tables_query[] = {"from", "limit", "int64", NULL};
static const char *const quotient_query[] = {"table", "int64", NULL};
static const char *const json_query[] = {"int64", NULL};

static const srv_route routes[] = {
#define POST "POST", "POST, OPTIONS"
#define POST_GET "POST", "GET, HEAD, POST, OPTIONS"
#define GET "GET", "GET, HEAD, OPTIONS"
    {"/v1/analyze", POST_GET, SRV_ANALYSE, api_analyse, api_game_is_heavy, true, analyse_query},
    {"/v1/analyze/batch", POST, SRV_BATCH, api_batch, api_batch_is_heavy, false, analysis_query},
    {"/v1/play", POST, SRV_PLAY, api_play, api_game_is_heavy, false, play_query},
    {"/v1/move", POST, SRV_MOVE, api_move, api_move_is_heavy, false, move_query},
    {"/v1/moves", POST_GET, SRV_MOVES, api_moves, api_game_is_heavy, true, moves_query},
    {"/v1/table", POST, SRV_TABLE, api_table, api_always_heavy, false, json_query},
    {"/v1/quotient", POST, SRV_QUOTIENT, api_quotient, api_always_heavy, false, quotient_query},
    {"/v1/tables", GET, SRV_TABLES, NULL, NULL, false, tables_query},
    {"/v1/games", GET, SRV_GAMES, NULL, NULL, false, json_query},
    {"/healthz", GET, SRV_HEALTHZ, NULL, NULL, false, json_query},
    {"/readyz", GET, SRV_READYZ, NULL, NULL, false, json_query},
    {"/metrics", GET, SRV_METRICS, NULL, NULL, false, NULL},
    {"/openapi.yaml", GET, SRV_FILE, NULL, NULL, false, NULL},
    {"/", GET, SRV_FILE, NULL, NULL, false, page_query},
    {"/nimber.css", GET, SRV_FILE, NULL, NULL, false, NULL},
    {"/nimber.svg", GET, SRV_FILE, NULL, NULL, false, NULL},
    {"/js/", GET, SRV_FILE, NULL, NULL, false, NULL}, /* the page's modules */
    {"/docs", GET, SRV_FILE, NULL, NULL, false, NULL},
    {"/docs/", GET, SRV_FILE, NULL, NULL, false, NULL},
    {"/problems/", GET, SRV_PROBLEM, NULL, NULL, false, NULL},
#undef POST
#undef POST_GET
#undef GET
};

const srv_route *srv_route_find(const char *path)
{
    for (size_t i = 0; i < sizeof routes / sizeof *routes; i++) {
        size_t n = strlen(routes[i].path);
        bool prefix = n > 1 && routes[i].path[n - 1] == '/';
        if (prefix ? !strncmp(routes[i].path, path, n) && path[n] : !strcmp(routes[i].path, path))
            return &routes[i];
    }
    return NULL;
}

const char *srv_route_label(srv_route_id id)
{
    for (size_t i = 0; i < sizeof routes / sizeof *routes; i++)
        if (routes[i].id == id)
            return routes[i].path;
    return "other";
}
