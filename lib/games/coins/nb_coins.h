/* nb_coins.h - coin-turning games (Winning Ways ch. 14): a row of coins under one rule, or
 * a grid under a pair of rules (their product game, the Tartan theorem). State: bit
 * (r-1)*ncols + (c-1) of the words is the coin in row r, column c (1-based), 1 = heads; a
 * row is a grid of one row whose rows' rule is turtles. A move turns a set of columns
 * times a set of rows; its words are the column set, then the row set, each as k and its
 * k coins ascending (1 <= k <= 5), or as 0, lo, hi for the run of coins lo..hi. */
#ifndef NB_COINS_H
#define NB_COINS_H

#include "engine/nb_solver.h"

/* Which coins a move turns, in a row of coins numbered from 1: the rightmost goes from
 * heads to tails, and with it ... */
typedef enum {
    NB_COIN_TURTLES,      /* ... at most one coin to its left */
    NB_COIN_TWINS,        /* ... exactly one coin to its left */
    NB_COIN_MOCK_TURTLES, /* ... at most two coins to its left */
    NB_COIN_RULER,        /* ... every coin of a run that ends at it */
    NB_COIN_MOEBIUS,      /* ... at most four coins to its left */
    NB_COIN_RULES
} nb_coin_rule;

/* Moebius values are tabled up to this coin (a longer side is refused). */
#define NB_MOEBIUS_COINS 128

/* Field numbers: the row, the grid, the rule. */
enum { NB_COINS_FIELD_ROW, NB_COINS_FIELD_GRID, NB_COINS_FIELD_RULE };

typedef struct nb_coins_params {
    size_t ncols, nrows;
    nb_coin_rule rule[2]; /* the columns' rule, the rows' */
    bool grid;            /* given as a grid (errors name that field) */
} nb_coins_params;

/* The words of a move at most: two sets of five coins and their counts. */
#define NB_COINS_MOVE_WORDS 12

extern const nb_ruleset nb_coins;

/* The value of a single head at coin n >= 1 under the rule (n at most NB_MOEBIUS_COINS for
 * Moebius). */
uint64_t nb_coin_value(nb_coin_rule rule, uint64_t n);

/* A move's column or row set, read from its words at *at (advanced past it): the coins
 * are lo..hi when `run`, else coin[0..k). */
typedef struct nb_coin_set {
    bool run;
    size_t k;
    uint64_t coin[5], lo, hi;
} nb_coin_set;
nb_coin_set nb_coin_set_read(const nb_move *m, size_t *at);

#endif
