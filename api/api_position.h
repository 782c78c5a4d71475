/* api_position.h - a game's moves written with the position after each: the game's own
 * text is rendered once, on first need, and then copied (the members around the moved
 * one, and the state entries a move leaves alone), so that many moves cost little more
 * than what each changes. */
#ifndef API_POSITION_H
#define API_POSITION_H

#include "api_types.h"

/* Writes one game's moves. Borrows the game (which outlives it); owns the rendered text
 * and the children's writers. Start as {.game = g}; end with api_move_writer_free. */
struct api_move_writer {
    const api_game *game;
    api_buf around;             /* the game object without its moved member's value */
    size_t value_at;            /* where that value goes in `around` (SIZE_MAX: absent) */
    api_buf state;              /* the state as a JSON array of integers */
    size_t *entry_ends;         /* entry i's text ends at entry_ends[i] in `state` */
    api_move_writer *children;  /* one per sum component, made on first need */
};

void api_move_writer_free(api_move_writer *w);

/* The writer of component i of a sum. */
api_move_writer *api_move_writer_child(api_move_writer *w, size_t i);

/* Writes the game object after move m (the type's moved_member rewritten). */
void api_put_position(api_move_writer *w, const nb_move *m, api_buf *b);

/* An entry of the state that a move changes, and what it holds after the move. */
typedef struct api_entry_change {
    size_t index;
    uint64_t value;
} api_entry_change;

/* Writes the state after a move as a JSON array of integers: the game's state with the n
 * entries of `changes`, given in increasing index order, set to their values. */
void api_put_state_changed(api_move_writer *w, const api_entry_change *changes, size_t n,
                           api_buf *b);

#endif
