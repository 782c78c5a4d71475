/* nb_grundy.h - Grundy's game: split one heap into two heaps of different sizes. It is
 * the take-and-break code 4!.0 (digit 0 is 4: a heap splits in two without losing a
 * counter; '!': the two must differ), so the octal ruleset plays it with this rule: a
 * game that is a special case of another names that game's header, and nothing else. Its
 * values are OEIS A002188; no period is known and the periodicity theorem does not apply
 * to unequal splits, so a heap past the table is a 422; its misère play goes through its
 * misère quotient. */
#ifndef NB_GRUNDY_H
#define NB_GRUNDY_H

#include "games/octal/nb_octal.h"

/* The rule of Grundy's game, 4!.0. */
nb_octal_rule nb_grundy_rule(void);

#endif
