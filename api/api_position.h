/* api_position.h - a game's moves written with the position after each: the state after a
 * move comes from the ruleset (apply), and the game's own text is rendered once, on first
 * need, and then copied (the members around the position member, and the state entries
 * a move leaves alone), so that many moves cost little more than what each changes. */
#ifndef API_POSITION_H
#define API_POSITION_H

#include "api_types.h"

/* Writes one game's moves. Borrows the game (which outlives it); owns the rendered text,
 * the state it applies moves into and the children's writers. Start as {.game = g}; end
 * with api_move_writer_free. */
struct api_move_writer {
    const api_game *game;
    api_buf around;             /* the game object without its state members' values */
    size_t holes;               /* how many of those values go into `around`: */
    struct api_state_hole {
        size_t at;              /* where, in the order of `around` */
        size_t member;          /* which member's (an index into fields) */
    } hole[API_STATE_MEMBERS];
    api_buf state;              /* the state as a JSON array of integers */
    size_t *entry_ends;         /* entry i's text ends at entry_ends[i] in `state` */
    nb_state after;             /* the state after the move being written */
    nb_state memo;              /* what a type derives from the game once for all its
                                 * moves (hackenbush: the edges joined to the ground) */
    bool memo_made;
    api_move_writer *children;  /* one per sum component, made on first need */
};

void api_move_writer_free(api_move_writer *w);

/* The writer of component i of a sum. */
api_move_writer *api_move_writer_child(api_move_writer *w, size_t i);

/* {members,"position":{...}} of move m, the position written as `how` says (none: no
 * "position" member); w->after holds the state after m when it returns. */
void api_put_move(api_move_writer *w, const nb_move *m, api_positions how, api_buf *b);
/* The same without the closing brace, for members of the caller's to follow. */
void api_put_move_open(api_move_writer *w, const nb_move *m, api_positions how, api_buf *b);

/* Writes the game object with the given state in place of its own. */
void api_put_position(api_move_writer *w, const uint64_t *state, size_t len, api_buf *b);
/* Writes only what that state changes of the game (the type's write_changed). */
void api_put_changed(api_move_writer *w, const uint64_t *state, size_t len, api_buf *b);
/* ,"position":the game after the last move put (w->after), or ,"changed":what it changed,
 * or nothing, as `how` says: one member, one shape. */
void api_put_position_member(api_move_writer *w, api_positions how, api_buf *b);
/* The position after the move as `how` says: the game, what changed, or nothing. */
void api_put_position_as(api_move_writer *w, api_positions how, const uint64_t *state,
                         size_t len, api_buf *b);

/* Writes a state that is a list of integers (heaps, stairs, tokens) as a JSON array,
 * copying the text of the entries equal to the game's own. */
void api_put_int_state(api_move_writer *w, size_t member, const uint64_t *state, size_t len,
                       api_buf *b);

/* Writes a state of pairs a0,b0,a1,b1,... as [[a0,b0],[a1,b1],...]. */
void api_put_pair_state(api_move_writer *w, size_t member, const uint64_t *state, size_t len,
                        api_buf *b);

#endif
