/* srv_routes.h - the paths nimberd answers: the method each allows, and for the computing
 * routes the api endpoint that answers and how to tell whether a request is heavy. */
#ifndef SRV_ROUTES_H
#define SRV_ROUTES_H

#include "api_endpoints.h"
#include "api_move.h"
#include "api_quotient.h"

typedef enum srv_route_id {
    SRV_ANALYSE, SRV_BATCH, SRV_PLAY, SRV_MOVE, SRV_MOVES, SRV_TABLE, SRV_QUOTIENT, SRV_TABLES, SRV_GAMES, SRV_HEALTHZ,
    SRV_READYZ,
    SRV_METRICS, SRV_FILE, SRV_PROBLEM, SRV_UNKNOWN, SRV_ROUTES
} srv_route_id;

typedef struct srv_route {
    const char *path;       /* the path; one that ends in '/' (but "/") is a prefix */
    const char *method;     /* the method allowed (OPTIONS is answered for every route, and
                               HEAD wherever GET is) */
    const char *allow;      /* the Allow header: the method and OPTIONS */
    srv_route_id id;
    api_endpoint *endpoint; /* POST: computes the answer; NULL for GET */
    api_cost *heavy;        /* POST: true when the request runs on a worker */
    bool get_game;          /* also answers GET (and HEAD) with the game object as JSON in
                               the query parameter `game`, cacheable */
    const char *const *query; /* the query parameters it honours (NULL: none) */
} srv_route;

/* The route of a path (query string excluded), or NULL. */
const srv_route *srv_route_find(const char *path);
/* Path of a route id for metrics labels ("other" for SRV_UNKNOWN). */
const char *srv_route_label(srv_route_id id);

#endif
