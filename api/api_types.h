/* api_types.h - the registry of game types: one row per type says how to decode its JSON
 * object into a libnimber game, how to write its moves and the position after each, its
 * table (if any), and its catalog entry. Adding a type is adding a row and its file. */
#ifndef API_TYPES_H
#define API_TYPES_H

#include <jansson.h>

#include "api_problem.h"
#include "api_write.h"
#include "engine/nb_solver.h"
#include "cache/nb_sequence.h"

typedef struct api_type api_type;
typedef struct api_game api_game;
typedef struct api_move_writer api_move_writer; /* api_position.h */

/* A decoded game object. Owns its params, state and children (sum components); holds a
 * reference to the JSON object it came from. Free with api_game_free. */
struct api_game {
    const api_type *type;
    json_t *json;
    nb_convention conv;
    nb_game game;
    struct api_game *children; /* sum components */
    size_t nchildren;
};

/* What the decoders may accept, from the server's configuration. */
typedef struct api_limits {
    nb_limits lib;
    size_t max_batch;   /* positions in one batch */
    size_t max_table_page;   /* values of one table answer (page with from and up_to) */
    size_t max_response; /* bytes of one answer (max_response_bytes), checked before it is
                          * written */
    uint64_t max_response_ratio; /* an answer that lists positions takes at most
                                  * API_RESPONSE_FLOOR plus this many times the request's
                                  * body (0: max_response alone) */
    uint64_t max_request_seconds; /* how long one request may compute, and */
    uint64_t rate_limit;          /* requests a second per client, 0: none (the server's;
                                   * here for the catalog) */
    uint64_t max_request_mb;      /* the MiB it may hold (the server's budget; here for the
                                   * catalog) */
} api_limits;

/* An answer listing positions may always take this many bytes (under max_response),
 * however small its request. */
#define API_RESPONSE_FLOOR ((size_t)16 << 20)

/* How a listed move gives the position it leads to (the query's `positions`): the whole
 * game object; only what the move changes (api_put_changed); or not at all. */
typedef enum { API_POSITIONS_FULL, API_POSITIONS_CHANGED, API_POSITIONS_NONE } api_positions;

/* A small random number source for the samplers (splitmix64): start it with any seed. */
typedef struct api_rng {
    uint64_t s;
} api_rng;
/* A number in 0..n-1 (0 when n is 0). */
uint64_t api_rng_below(api_rng *r, uint64_t n);

struct api_type {
    const char *name;
    const nb_ruleset *rules;
    /* The members besides "type" and "convention", in the ruleset's field order: fields[0]
     * holds the position (the state), the others the rules (the ruleset's header in lib/games/). */
    const char *const *fields;
    /* How many members, from fields[0] on, the state spans (fibonacci's heaps and limits):
     * at most API_STATE_MEMBERS. 0 reads as 1. */
    size_t state_members;
    /* The state members are alternatives (a row of coins or a grid): a game holds one of
     * them, and each position after a move keeps the one it came with. */
    bool state_either;
    /* The members (of `fields`) whose integers may pass 2^53-1 (heaps, k, piles): written
     * as strings under ?int64=string, and marked format: int64 in openapi.yaml. NULL:
     * none. */
    const char *const *int64;
    const char *position;        /* JSON object text: the position members a /v1/table
                                    request may leave out, with the empty value they take */
    const char *const *limits;   /* names of the limits that bound it (catalog) */
    bool misere;                 /* "convention":"misere" is defined */
    bool default_misere;         /* misère play when the request names no convention (the
                                  * game's own rule: Notakto) */
    const char *const *methods;  /* every `method` its analyses may give (nb_method_name) */
    bool moves_complete;         /* an analysis lists every winning move (else at least one) */
    bool heavy;                  /* its work or memory is not bounded by its JSON's size (a
                                  * table, a search, a declared node count): solved off the
                                  * I/O threads */
    /* Fills g->game (rules, params, state) from obj; `base` is obj's JSON Pointer. */
    int (*decode)(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                  api_problem *p);
    void (*free_params)(api_game *g); /* NULL: free(g->game.params) */
    /* Writes the move's own members, without braces and without "position"
     * ("heap":0,"take":1), given the state after it. */
    void (*write_move)(api_move_writer *w, const nb_move *m, const uint64_t *after,
                       size_t len, api_buf *b);
    /* Reads a move object of this type as write_move writes it (`move`, at JSON Pointer
     * `base`) into the ruleset's words (*words), from the members that name the move;
     * derived ones (leave where the move has one split, tokens, removed,
     * wins_immediately) the caller compares with the move written back. Range and
     * legality are the library's (nb_move_legal). Returns 0 or a problem's status. NULL:
     * the move is found among the listed moves by its written members (coins). */
    int (*read_move)(const api_game *g, json_t *move, const char *base, nb_state *words,
                     api_problem *p);
    /* The member of a move object each of its words comes from ("heap", "leave/0"), for a
     * problem that blames a word; a '*' in one stands for the word's index over the list's
     * length, past which the list repeats (moore: "takes/ * /heap", without the spaces). */
    const char *const *move_words;
    /* Writes the value of state member fields[member] for a state of the writer's game: the
     * game object after a move is the object as it came, but for those members. */
    void (*write_state)(api_move_writer *w, size_t member, const uint64_t *state, size_t len,
                        api_buf *b);
    /* Writes what a move changed, as an object, for `positions=changed`. NULL: the state
     * members alone with their values after the move ({"heaps":[3,0,5]}). */
    void (*write_changed)(api_move_writer *w, const uint64_t *state, size_t len, api_buf *b);
    /* Writes members of its own into an analysis answer (",\"fallen\":[...]"), after
     * the components. NULL: none. */
    void (*write_notes)(const api_game *g, api_buf *b);
    /* The SG table of the ruleset (`req` holds "up_to" where the type takes it), or NULL
     * when the type has none. Returns 0 or the problem's status. */
    int (*table)(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                 json_t **out, api_problem *p);
    /* A random position of this type, small enough for a brute-force solver (smaller
     * still when `small`: a sum's component), as a new JSON object (caller owns it). The
     * tests check every type on thousands of them. */
    json_t *(*sample)(api_rng *rng, bool small);
    const char *title;        /* the game's name for players ("Green Hackenbush") */
    const char *rules_text;   /* how to play it, for players: a sentence or two */
    const char *summary;      /* one line: the rules */
    const char *field_docs;   /* JSON object text: field -> description */
    const char *example;      /* JSON text of a working request */
};

/* Whether member `field` of t's games holds int64 integers (t->int64). */
bool api_type_int64(const api_type *t, const char *field);
/* The game object (borrowed, changed in place) with the integers of its int64 members, a
 * sum's components' included, as strings of their digits: as ?int64=string writes it. */
void api_game_int64_strings(json_t *game);

/* The most members a state spans. */
#define API_STATE_MEMBERS 2

/* How many members t's state spans. */
static inline size_t api_state_members(const api_type *t)
{
    return t->state_members ? t->state_members : 1;
}

/* Every type, in catalog order, NULL-terminated. */
extern const api_type *const api_registry[];

const api_type *api_type_find(const char *name);

/* "nim, bash, ... and sum": the registered types (those with a table when tables_only). */
void api_type_list(char *out, size_t size, bool tables_only);

/* Decodes any game object (dispatching on "type"); top says whether "convention" may
 * appear. For a /v1/table request, position fields may be missing and "up_to" allowed. */
int api_game_decode(json_t *obj, const char *base, bool top, bool for_table,
                    const api_limits *lim, api_game *g, api_problem *p);
void api_game_free(api_game *g);

/* Turns a libnimber error about game g (at JSON Pointer `base`) into a problem: 400 for a
 * bad field, 422 for a limit, a cycle or an undefined question, with the pointer and the
 * wording of the field the lib blamed. Clears err. Returns the status. */
int api_game_fail(api_problem *p, const api_game *g, const char *base, nb_err *err);

/* A JSON array of 0..max_len random integers in 0..max_value, for samplers. */
json_t *api_sample_ints(api_rng *rng, size_t max_len, uint64_t max_value);

/* {"type":..., "values":[...], "period":p|null, "preperiod":q|null} from a sequence (and
 * "from": its first heap, when not 0). */
json_t *api_sequence_json(const char *type, const nb_sequence *seq);

/* The range of a table request: "up_to", an integer below max_table (422 naming it
 * past that), and "from" (default 0, at most up_to), at most max_table_page values
 * (422 naming it: the client pages through a larger table). */
int api_get_range(json_t *req, const api_limits *lim, uint64_t *from, uint64_t *up_to,
                  api_problem *p);
#endif
