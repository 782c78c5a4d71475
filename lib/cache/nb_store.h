/* nb_store.h - SG tables kept in a directory of immutable, checksummed files, shared by
 * every process that opens the directory, each read whole into the reader's memory.
 *
 * One file per table version, named KIND-HASH-COUNT.nbt (HASH: 16 hex digits of the
 * canonical key's FNV-1a hash; COUNT: 20 decimal digits of its number of values). A file is
 * written under a hidden temporary name in the same directory, fsynced, renamed into
 * place and the directory fsynced, so a reader sees a whole file or none. Its header
 * (magic, format version, byte order, kind, key, value width, count, proved period and
 * preperiod, header checksum) is followed by the key and the values in the narrowest of
 * 1, 2 or 4 bytes that holds them. A load reads the whole file into the process's own
 * memory with pread and checks the payload's CRC-32 (zlib's) there, so what it serves is
 * what it checked: a file truncated, rewritten or swapped after its load changes nothing
 * it answers, and can never fault a read (as a mapping's SIGBUS would). Files are never
 * changed once visible: a larger version is a new file, and the smaller one goes once it
 * has been unused for the grace period, as do the least recently used files past the
 * directory's cap (a load marks a file used by its mtime, and the files a process holds
 * are marked again while it holds them). The store opens, stamps and removes only names
 * of its own form, never through a symbolic link: a stamp goes through a descriptor of
 * the very file that was read. */
#ifndef NB_STORE_H
#define NB_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/nb_key.h"

/* What a file holds: the kind sets how the values read (single-heap SG values for the
 * first two; a packed misère quotient for the third; Cram's regions for the fourth). */
typedef enum nb_store_kind {
    NB_STORE_OCTAL = 1,       /* take-and-break codes, Grundy's game (nb_octable) */
    NB_STORE_SUBTRACTION = 2, /* subtraction games (nb_subtable) */
    NB_STORE_QUOTIENT = 3,    /* misère quotients, packed (nb_quotient) */
    NB_STORE_CRAM = 4,        /* Cram's valued regions, packed (nb_cramtable) */
} nb_store_kind;

/* A kind's name as files and listings give it ("octal"), NULL for an unknown one. */
const char *nb_store_kind_name(nb_store_kind kind);

/* A table as it is written or read. `values`: count values of `width` bytes (1, 2 or 4)
 * in the host's byte order, borrowed. period == 0: none is proved. */
typedef struct nb_table_image {
    nb_store_kind kind;
    const char *key;
    const void *values;
    unsigned width;
    uint64_t count;
    uint64_t period, preperiod;
} nb_table_image;

/* Value i of an image. */
static inline uint32_t nb_image_value(const nb_table_image *im, uint64_t i)
{
    if (im->width == 1)
        return ((const uint8_t *)im->values)[i];
    if (im->width == 2)
        return ((const uint16_t *)im->values)[i];
    return ((const uint32_t *)im->values)[i];
}

/* Counters since the store opened; files and bytes: what the directory held at the last
 * look (every process's files). */
typedef struct nb_store_stats {
    uint64_t lookups;       /* cache misses that looked in the store */
    uint64_t hits;          /* ... and found a sound file (read) */
    uint64_t rejected;      /* files found unsound (each logged) */
    uint64_t writes;        /* files written */
    uint64_t write_errors;  /* writes that failed or were skipped (each logged) */
    uint64_t written_bytes;
    uint64_t removed;       /* files removed: superseded, past the cap, or unsound */
    uint64_t files, bytes;
} nb_store_stats;

/* One event worth a log line: `event` a fixed name ("table_file_rejected"), `file` the
 * file's name or the directory, `detail` what was wrong. Called from any thread. */
typedef void nb_store_log_fn(void *arg, const char *event, const char *file, const char *detail);

typedef struct nb_store nb_store;

/* A store over `dir` (made when missing, with its parents), holding at most max_bytes of files
 * (0: no cap). Files unused for grace_seconds may be removed. A directory that cannot be
 * used is logged, and every call then does nothing (tables are computed as without a
 * store). log may be NULL. The caller owns the store: nb_store_close once no loaded file of
 * it is left. */
nb_store *nb_store_open(const char *dir, uint64_t max_bytes, double grace_seconds,
                        nb_store_log_fn *log, void *log_arg);
void nb_store_close(nb_store *s);

/* A file read whole into memory. Owned by whoever loaded it: nb_store_unload (before the
 * store closes). */
typedef struct nb_stored {
    nb_table_image image; /* values and key point into `data` */
    nb_store *store;
    void *data;           /* the file's bytes, checked (owned) */
    size_t bytes;
    char name[64];
    uint64_t dev, ino;    /* the file that was read, to stamp it and nothing else */
} nb_stored;

/* The largest sound file of `key` and `kind`, read: NULL when there is none (unsound
 * files on the way are logged, counted and removed). The result is heap-allocated. */
nb_stored *nb_store_load(nb_store *s, nb_store_kind kind, const char *key);
/* The count in the name of the largest file of `key` (0: none), without opening it. */
uint64_t nb_store_peek(nb_store *s, nb_store_kind kind, const char *key);
void nb_store_unload(nb_stored *f);

/* Writes the image as a new file (values narrowed), then removes this key's smaller files
 * and the least recently used files past the cap. False (logged, counted) on failure:
 * the directory read-only, full or gone. */
bool nb_store_save(nb_store *s, const nb_table_image *image);

/* Marks the files this process holds as used, the last to go past the cap: called every
 * grace_seconds / 4 or so (the cache's writer does). A name that is no longer the file
 * that was read (replaced, or a link now) is left alone. */
void nb_store_mark_held(nb_store *s);

/* The files' headers (not their payloads, which a load checks), in name order, from the
 * `from`-th file: up to `max` into out. Returns how many; *total: all the sound headers. */
#define NB_STORE_MAX_KEY NB_KEY_MAX /* bytes of a key, with its NUL */
typedef struct nb_store_entry {
    nb_store_kind kind;
    char key[NB_STORE_MAX_KEY];
    uint64_t count, period, preperiod, bytes;
    char name[64];
} nb_store_entry;
size_t nb_store_list(nb_store *s, size_t from, nb_store_entry *out, size_t max, size_t *total);

nb_store_stats nb_store_get_stats(nb_store *s);

#endif
