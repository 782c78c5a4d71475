/* api_move.h - POST /v1/move: a player's move checked against the rules, then the position
 * after it analysed as /v1/analyze would, and, asked, the computer's reply from there. */
#ifndef API_MOVE_H
#define API_MOVE_H

#include "api_endpoints.h"

/* {"game": <game>, "move": <move>} -> the analysis of the position after the move, with
 * "position" (that game) and, with q->reply, "reply" (what /v1/play answers there, absent
 * when it has no move). A move that is not legal is a 422 illegal-move naming the member at
 * fault inside /move. */
api_endpoint api_move;
/* Whether a /v1/move request may take long: as its game's analysis may (api_game_is_heavy). */
bool api_move_is_heavy(json_t *body);

#endif
