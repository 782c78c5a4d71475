/* srv_routes.c - the route table. */
#include "srv_routes.h"

#include <string.h>

static const srv_route routes[] = {
#define POST "POST", "POST, OPTIONS"
#define GET "GET", "GET, OPTIONS"
    {"/v1/analyze", POST, SRV_ANALYZE}, {"/v1/analyze/batch", POST, SRV_BATCH},
    {"/v1/play", POST, SRV_PLAY},       {"/v1/table", POST, SRV_TABLE},
    {"/v1/games", GET, SRV_GAMES},      {"/healthz", GET, SRV_HEALTHZ},
    {"/readyz", GET, SRV_READYZ},       {"/metrics", GET, SRV_METRICS},
    {"/openapi.yaml", GET, SRV_OPENAPI},
#undef POST
#undef GET
};

const srv_route *srv_route_find(const char *path)
{
    for (size_t i = 0; i < sizeof routes / sizeof *routes; i++)
        if (!strcmp(routes[i].path, path))
            return &routes[i];
    return NULL;
}

const char *srv_route_label(srv_route_id id)
{
    for (size_t i = 0; i < sizeof routes / sizeof *routes; i++)
        if (routes[i].id == id)
            return routes[i].path;
    return "other";
}
