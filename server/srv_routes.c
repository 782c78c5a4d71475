/* srv_routes.c - the route table. */
#include "srv_routes.h"

#include <stdbool.h>
#include <string.h>

static const char *const analysis_query[] = {"max_moves", "components", "positions", NULL};
static const char *const moves_query[] = {"max_moves", "positions", NULL};
static const char *const play_query[] = {"positions", NULL};
static const char *const page_query[] = {"type", NULL}; /* the game type it opens on */

static const srv_route routes[] = {
#define POST "POST", "POST, OPTIONS"
#define GET "GET", "GET, HEAD, OPTIONS"
    {"/v1/analyze", POST, SRV_ANALYZE, api_analyze, api_game_is_heavy, analysis_query},
    {"/v1/analyze/batch", POST, SRV_BATCH, api_batch, api_batch_is_heavy, analysis_query},
    {"/v1/play", POST, SRV_PLAY, api_play, api_game_is_heavy, play_query},
    {"/v1/moves", POST, SRV_MOVES, api_moves, api_game_is_heavy, moves_query},
    {"/v1/table", POST, SRV_TABLE, api_table, api_always_heavy, NULL},
    {"/v1/games", GET, SRV_GAMES, NULL, NULL, NULL},
    {"/healthz", GET, SRV_HEALTHZ, NULL, NULL, NULL},
    {"/readyz", GET, SRV_READYZ, NULL, NULL, NULL},
    {"/metrics", GET, SRV_METRICS, NULL, NULL, NULL},
    {"/openapi.yaml", GET, SRV_FILE, NULL, NULL, NULL},
    {"/", GET, SRV_FILE, NULL, NULL, page_query},
    {"/nimber.js", GET, SRV_FILE, NULL, NULL, NULL},
    {"/nimber.css", GET, SRV_FILE, NULL, NULL, NULL},
    {"/nimber.svg", GET, SRV_FILE, NULL, NULL, NULL},
    {"/problems/", GET, SRV_PROBLEM, NULL, NULL, NULL},
#undef POST
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
