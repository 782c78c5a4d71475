/* nb_key.h - the name of a cached table, written whole or refused: two rulesets whose
 * names would be cut to the same text must never share a table. */
#ifndef NB_KEY_H
#define NB_KEY_H

#include <stdbool.h>
#include <stddef.h>

#include "core/nb_error.h"

/* Bytes of a key with its NUL: the table store keeps keys up to this length. */
#define NB_KEY_MAX 1024

/* A key being written (zero-initialise it, or nb_key_of). `cut` once anything added did
 * not fit: the text is then unusable, and nb_key_check refuses it. */
typedef struct nb_key {
    char text[NB_KEY_MAX];
    size_t len;
    bool cut;
} nb_key;

/* A key of one fixed text ("sieve"). */
nb_key nb_key_of(const char *text);

/* Appends printf-formatted text; a text that does not fit whole sets `cut`. */
void nb_key_add(nb_key *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* NB_OK for a whole key; NB_ELIMIT (in err) for a cut one. */
nb_status nb_key_check(const nb_key *k, nb_err *err);

#endif
