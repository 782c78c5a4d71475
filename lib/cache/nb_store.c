/* nb_store.c - table files: written whole under a temporary name and renamed, read whole
 * and checked by header and CRC-32 before use, removed by age past the directory's cap. */
#include "cache/nb_store.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "core/nb_util.h"

#define FORMAT_VERSION 1u
#define BYTE_ORDER_MARK 0x01020304u
#define SUFFIX ".nbt"
#define TEMP_PREFIX ".tmp-"
#define STALE_TEMP_SECONDS 3600 /* a temporary file this old was left by a killed writer */
#define CHUNK 65536

static const char MAGIC[8] = {'N', 'I', 'M', 'B', 'E', 'R', 'T', '\n'};

/* The file's first bytes, in the host's byte order (the mark says which). */
typedef struct file_header {
    char magic[8];
    uint32_t version, byte_order, kind, width;
    uint64_t count, period, preperiod;
    uint32_t key_len, payload_crc; /* the CRC-32 of the key's bytes, then the values' */
    uint64_t values_at;            /* the values' offset: after the key, 8-aligned */
    uint32_t reserved, header_crc; /* header_crc: the CRC-32 of the bytes before it */
} file_header;

/* A file this process holds (loaded and not yet unloaded), as it was read. */
typedef struct held_file {
    char name[64];
    uint64_t dev, ino;
    unsigned loads;
} held_file;

typedef struct written_name {
    char name[64];
    struct timespec mtime;
} written_name;

struct nb_store {
    pthread_mutex_t lock;
    char dir[4096];
    int dirfd;        /* -1 while the directory cannot be opened */
    bool dir_failed;  /* the last try failed (logged once until it works again) */
    uint64_t max_bytes;
    double grace;
    nb_store_log_fn *log;
    void *log_arg;
    nb_store_stats stats;
    held_file *held; /* the files this process holds */
    size_t nheld, held_cap;
    written_name *written; /* the files this process wrote, as it left them */
    size_t nwritten, written_cap;
};

const char *nb_store_kind_name(nb_store_kind kind)
{
    switch (kind) {
    case NB_STORE_OCTAL: return "octal";
    case NB_STORE_SUBTRACTION: return "subtraction";
    case NB_STORE_QUOTIENT: return "quotient";
    case NB_STORE_CRAM: return "cram";
    }
    return NULL;
}

static uint64_t key_hash(const char *key)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *key; key++)
        h = (h ^ (unsigned char)*key) * 1099511628211ULL;
    return h;
}

static void file_name(char *buf, size_t size, nb_store_kind kind, const char *key,
                      uint64_t count)
{
    snprintf(buf, size, "%s-%016llx-%020llu" SUFFIX, nb_store_kind_name(kind),
             (unsigned long long)key_hash(key), (unsigned long long)count);
}

/* The prefix every file of the key has ("octal-0123456789abcdef-"). */
static void name_prefix(char *buf, size_t size, nb_store_kind kind, const char *key)
{
    snprintf(buf, size, "%s-%016llx-", nb_store_kind_name(kind),
             (unsigned long long)key_hash(key));
}

static void say(nb_store *s, const char *event, const char *file, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void say(nb_store *s, const char *event, const char *file, const char *fmt, ...)
{
    if (!s->log)
        return;
    char detail[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    s->log(s->log_arg, event, file, detail);
}

/* Makes the directory and the ones above it that are missing (mkdir -p). */
static int make_dirs(const char *dir)
{
    char path[sizeof ((nb_store *)0)->dir];
    nb_copy_cut(path, sizeof path, dir);
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(path, 0755) && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(path, 0755) && errno != EEXIST ? -1 : 0;
}

/* The directory's descriptor, opened (and made) again when it was not. Lock held. */
static int dir_fd(nb_store *s)
{
    if (s->dirfd >= 0)
        return s->dirfd;
    if (make_dirs(s->dir)) {
        int e = errno;
        if (!s->dir_failed)
            say(s, "table_dir_unavailable", s->dir, "cannot make the directory: %s",
                strerror(e));
        s->dir_failed = true;
        return -1;
    }
    s->dirfd = open(s->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (s->dirfd < 0) {
        if (!s->dir_failed)
            say(s, "table_dir_unavailable", s->dir, "cannot open the directory: %s",
                strerror(errno));
        s->dir_failed = true;
    } else {
        s->dir_failed = false;
    }
    return s->dirfd;
}

static double seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (double)(now.tv_sec - t->tv_sec) + (now.tv_nsec - t->tv_nsec) / 1e9;
}

/* The directory's entries from the start (a dup shares its offset with the original). */
static DIR *listing(int fd)
{
    int copy = dup(fd);
    DIR *d = copy >= 0 ? fdopendir(copy) : NULL;
    if (!d && copy >= 0)
        close(copy);
    if (d)
        rewinddir(d);
    return d;
}

/* Whether a name is a table file's, and its count. */
static bool parse_name(const char *name, uint64_t *count)
{
    size_t len = strlen(name), suffix = strlen(SUFFIX);
    if (name[0] == '.' || len < 20 + suffix + 1 || strcmp(name + len - suffix, SUFFIX))
        return false;
    const char *digits = name + len - suffix - 20;
    if (digits[-1] != '-')
        return false;
    uint64_t n = 0;
    for (int i = 0; i < 20; i++) {
        if (digits[i] < '0' || digits[i] > '9')
            return false;
        n = n * 10 + (uint64_t)(digits[i] - '0');
    }
    *count = n;
    return true;
}

static void tidy(nb_store *s, const char *prefix, const char *kept);

nb_store *nb_store_open(const char *dir, uint64_t max_bytes, double grace_seconds,
                        nb_store_log_fn *log, void *log_arg)
{
    nb_store *s = nb_xcalloc(1, sizeof *s);
    pthread_mutex_init(&s->lock, NULL);
    nb_copy_cut(s->dir, sizeof s->dir, dir);
    s->dirfd = -1;
    s->max_bytes = max_bytes;
    s->grace = grace_seconds;
    s->log = log, s->log_arg = log_arg;
    pthread_mutex_lock(&s->lock);
    if (dir_fd(s) >= 0)
        tidy(s, NULL, ""); /* what killed writers left; the files counted, the cap kept */
    pthread_mutex_unlock(&s->lock);
    return s;
}

void nb_store_close(nb_store *s)
{
    if (!s)
        return;
    if (s->dirfd >= 0)
        close(s->dirfd);
    free(s->held);
    free(s->written);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

nb_store_stats nb_store_get_stats(nb_store *s)
{
    pthread_mutex_lock(&s->lock);
    nb_store_stats st = s->stats;
    pthread_mutex_unlock(&s->lock);
    return st;
}

/* ---- reading ---- */

/* Why a header cannot be read as `kind` (0: any) from the file `name` of `size` bytes, or
 * NULL when it is sound. */
static const char *header_fault(const file_header *h, uint64_t size, nb_store_kind kind,
                                const char *name)
{
    if (size < sizeof *h)
        return "truncated: shorter than its header";
    if (memcmp(h->magic, MAGIC, sizeof MAGIC))
        return "not a table file (bad magic)";
    if (h->byte_order != BYTE_ORDER_MARK)
        return "written on a machine of another byte order";
    if (h->version != FORMAT_VERSION)
        return "another format version";
    if (crc32(0, (const Bytef *)h, offsetof(file_header, header_crc)) != h->header_crc)
        return "header checksum mismatch";
    if (!nb_store_kind_name((nb_store_kind)h->kind) || (kind && h->kind != kind))
        return "a table of another kind";
    if (h->width != 1 && h->width != 2 && h->width != 4)
        return "a value width other than 1, 2 or 4";
    if (h->key_len == 0 || h->key_len >= NB_STORE_MAX_KEY)
        return "a key length out of range";
    if (h->period && (h->period > h->count || h->preperiod > h->count - h->period))
        return "a period past its values";
    uint64_t at = (sizeof *h + h->key_len + 7) / 8 * 8;
    if (h->values_at != at)
        return "the values' offset does not follow the key";
    if (h->count > (UINT64_MAX - at) / h->width || at + h->count * h->width > size)
        return "its length runs past the file's end";
    if (at + h->count * h->width < size)
        return "bytes past the values";
    uint64_t named;
    if (!parse_name(name, &named) || named != h->count)
        return "its count does not match its name";
    return NULL;
}

/* Why the key read is not the one asked for (whose prefix chose the name), or
 * NULL. */
static const char *key_fault(const file_header *h, const char *key)
{
    const char *stored = (const char *)(h + 1);
    if (strlen(key) != h->key_len || memcmp(stored, key, h->key_len))
        return "its key does not match its name";
    return NULL;
}

static void count_rejected(nb_store *s, const char *name, const char *why, bool remove)
{
    s->stats.rejected++;
    say(s, "table_file_rejected", name, "%s%s", why,
        remove ? "; removed, the table is computed" : "; the table is computed");
    if (remove && s->dirfd >= 0 && !unlinkat(s->dirfd, name, 0))
        s->stats.removed++;
}

/* Counts one more (delta 1) or one fewer (-1) load of the file f was read from. */
static void note_held(nb_store *s, const nb_stored *f, int delta)
{
    for (size_t i = 0; i < s->nheld; i++)
        if (!strcmp(s->held[i].name, f->name) && s->held[i].ino == f->ino &&
            s->held[i].dev == f->dev) {
            s->held[i].loads += (unsigned)delta;
            if (!s->held[i].loads)
                s->held[i] = s->held[--s->nheld];
            return;
        }
    if (delta > 0) {
        nb_reserve((void **)&s->held, &s->held_cap, s->nheld + 1, sizeof *s->held);
        held_file *h = &s->held[s->nheld++];
        nb_copy_cut(h->name, sizeof h->name, f->name);
        h->dev = f->dev, h->ino = f->ino, h->loads = 1;
    }
}

static bool is_held(const nb_store *s, const char *name)
{
    for (size_t i = 0; i < s->nheld; i++)
        if (!strcmp(s->held[i].name, name))
            return true;
    return false;
}

/* The whole of an open file of `size` bytes into buf: false when fewer bytes are there
 * (the file was cut meanwhile) or a read fails. */
static bool read_whole(int fd, unsigned char *buf, uint64_t size)
{
    for (uint64_t at = 0; at < size;) {
        size_t step = size - at > (1u << 30) ? 1u << 30 : (size_t)(size - at);
        ssize_t got = pread(fd, buf + at, step, (off_t)at);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        at += (uint64_t)got;
    }
    return true;
}

/* Sets the file's time to now through fd, when fd is still the file (dev, ino). */
static void stamp(int fd, uint64_t dev, uint64_t ino)
{
    struct stat st;
    if (!fstat(fd, &st) && S_ISREG(st.st_mode) && (uint64_t)st.st_dev == dev &&
        (uint64_t)st.st_ino == ino)
        futimens(fd, NULL);
}

/* Reads one file whole and checks it. NULL (counted, logged) when it is unsound. Lock
 * held. */
static nb_stored *read_file(nb_store *s, const char *name, nb_store_kind kind, const char *key)
{
    int fd = openat(s->dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    if (fd < 0) {
        if (errno == ELOOP)
            count_rejected(s, name, "a symbolic link, not a file", false);
        else if (errno != ENOENT) /* gone meanwhile: another process's clean-up */
            count_rejected(s, name, strerror(errno), false);
        return NULL;
    }
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        close(fd);
        count_rejected(s, name, "not a regular file", false);
        return NULL;
    }
    file_header h = {0};
    const char *why = NULL;
    unsigned char *data = NULL;
    if (pread(fd, &h, sizeof h, 0) != (ssize_t)sizeof h)
        why = "truncated: shorter than its header";
    else
        why = header_fault(&h, (uint64_t)st.st_size, kind, name);
    if (!why && (uint64_t)st.st_size > SIZE_MAX)
        why = "larger than this process can hold";
    if (!why && !(data = malloc((size_t)st.st_size)))
        why = "no memory to read it into";
    if (!why && !read_whole(fd, data, (uint64_t)st.st_size))
        why = "truncated while it was read";
    const file_header *dh = (const file_header *)data;
    if (!why && memcmp(dh, &h, sizeof h))
        why = "its header changed while it was read";
    if (!why) {
        uLong crc = crc32(0, (const Bytef *)(dh + 1), dh->key_len);
        const unsigned char *v = data + dh->values_at;
        for (uint64_t left = dh->count * dh->width; left;) {
            uInt step = left > (1u << 30) ? 1u << 30 : (uInt)left;
            crc = crc32(crc, v, step);
            v += step, left -= step;
        }
        if (crc != dh->payload_crc)
            why = "payload checksum mismatch";
    }
    if (!why)
        why = key_fault(dh, key);
    if (why) {
        close(fd);
        free(data);
        /* a file of another format or byte order may be a newer nimber's: it stays */
        bool ours = h.version == FORMAT_VERSION && h.byte_order == BYTE_ORDER_MARK &&
                    !memcmp(h.magic, MAGIC, sizeof MAGIC);
        count_rejected(s, name, why, ours || (uint64_t)st.st_size < sizeof h);
        return NULL;
    }
    nb_stored *f = nb_xcalloc(1, sizeof *f);
    f->store = s, f->data = data, f->bytes = (size_t)st.st_size;
    f->dev = (uint64_t)st.st_dev, f->ino = (uint64_t)st.st_ino;
    nb_copy_cut(f->name, sizeof f->name, name);
    f->image = (nb_table_image){.kind = (nb_store_kind)dh->kind,
                                .key = (const char *)(dh + 1),
                                .values = data + dh->values_at,
                                .width = dh->width, .count = dh->count,
                                .period = dh->period, .preperiod = dh->preperiod};
    note_held(s, f, 1);
    stamp(fd, f->dev, f->ino); /* used now: the last to go past the cap */
    close(fd);
    return f;
}

typedef struct candidate {
    char name[64];
    uint64_t count;
} candidate;

static int by_count_down(const void *a, const void *b)
{
    uint64_t x = ((const candidate *)a)->count, y = ((const candidate *)b)->count;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* The names of the key's files, largest count first (malloc'ed). Lock held. */
static candidate *candidates(nb_store *s, const char *prefix, size_t *n)
{
    *n = 0;
    candidate *list = NULL;
    size_t cap = 0;
    DIR *d = listing(s->dirfd);
    for (struct dirent *de; d && (de = readdir(d));) {
        uint64_t count;
        if (strncmp(de->d_name, prefix, strlen(prefix)) || !parse_name(de->d_name, &count) ||
            strlen(de->d_name) >= sizeof list->name)
            continue;
        nb_reserve((void **)&list, &cap, *n + 1, sizeof *list);
        nb_copy_cut(list[*n].name, sizeof list->name, de->d_name);
        list[(*n)++].count = count;
    }
    if (d)
        closedir(d);
    if (*n)
        qsort(list, *n, sizeof *list, by_count_down);
    return list;
}

nb_stored *nb_store_load(nb_store *s, nb_store_kind kind, const char *key)
{
    if (!s || strlen(key) >= NB_STORE_MAX_KEY)
        return NULL;
    pthread_mutex_lock(&s->lock);
    nb_stored *f = NULL;
    s->stats.lookups++;
    if (dir_fd(s) >= 0) {
        char prefix[64];
        name_prefix(prefix, sizeof prefix, kind, key);
        size_t n;
        candidate *list = candidates(s, prefix, &n);
        for (size_t i = 0; i < n && !f; i++)
            f = read_file(s, list[i].name, kind, key);
        free(list);
    }
    if (f)
        s->stats.hits++;
    pthread_mutex_unlock(&s->lock);
    return f;
}

uint64_t nb_store_peek(nb_store *s, nb_store_kind kind, const char *key)
{
    if (!s || strlen(key) >= NB_STORE_MAX_KEY)
        return 0;
    pthread_mutex_lock(&s->lock);
    uint64_t most = 0;
    if (dir_fd(s) >= 0) {
        char prefix[64];
        name_prefix(prefix, sizeof prefix, kind, key);
        size_t n;
        candidate *list = candidates(s, prefix, &n);
        most = n ? list[0].count : 0;
        free(list);
    }
    pthread_mutex_unlock(&s->lock);
    return most;
}

void nb_store_unload(nb_stored *f)
{
    if (!f)
        return;
    pthread_mutex_lock(&f->store->lock);
    note_held(f->store, f, -1);
    pthread_mutex_unlock(&f->store->lock);
    free(f->data);
    free(f);
}

void nb_store_mark_held(nb_store *s)
{
    pthread_mutex_lock(&s->lock);
    for (size_t i = 0; s->dirfd >= 0 && i < s->nheld; i++) {
        int fd = openat(s->dirfd, s->held[i].name,
                        O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
        if (fd >= 0) {
            stamp(fd, s->held[i].dev, s->held[i].ino);
            close(fd);
        }
    }
    pthread_mutex_unlock(&s->lock);
}

/* ---- writing ---- */

static unsigned narrowest(const nb_table_image *im)
{
    uint32_t top = 0;
    for (uint64_t i = 0; i < im->count; i++) {
        uint32_t v = nb_image_value(im, i);
        top = v > top ? v : top;
    }
    return top <= UINT8_MAX ? 1 : top <= UINT16_MAX ? 2 : 4;
}

static bool write_all(int fd, const void *buf, size_t len)
{
    for (const char *p = buf; len;) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w, len -= (size_t)w;
    }
    return true;
}

/* The values narrowed to width, in chunks, into fd; the CRC goes on. */
static bool write_values(int fd, const nb_table_image *im, unsigned width, uLong *crc)
{
    unsigned char *buf = nb_xmalloc(CHUNK);
    bool ok = true;
    for (uint64_t i = 0; ok && i < im->count;) {
        size_t used = 0;
        for (; i < im->count && used + width <= CHUNK; i++, used += width) {
            uint32_t v = nb_image_value(im, i);
            if (width == 1)
                buf[used] = (uint8_t)v;
            else if (width == 2)
                memcpy(buf + used, &(uint16_t){(uint16_t)v}, 2);
            else
                memcpy(buf + used, &v, 4);
        }
        *crc = crc32(*crc, buf, (uInt)used);
        ok = write_all(fd, buf, used);
    }
    free(buf);
    return ok;
}

typedef struct dir_file {
    char name[64];
    uint64_t bytes;
    struct timespec mtime;
    bool removable;
} dir_file;

static int by_mtime(const void *a, const void *b)
{
    const struct timespec *x = &((const dir_file *)a)->mtime, *y = &((const dir_file *)b)->mtime;
    return x->tv_sec != y->tv_sec ? (x->tv_sec < y->tv_sec ? -1 : 1)
                                  : (x->tv_nsec < y->tv_nsec ? -1 : x->tv_nsec > y->tv_nsec);
}

/* Whether this process may remove the file: not held here, and either unused for the
 * grace period or still as this process wrote it (nobody has loaded it since). */
static bool removable(const nb_store *s, const char *name, const struct timespec *mtime)
{
    if (is_held(s, name))
        return false;
    if (seconds_since(mtime) > s->grace)
        return true;
    for (size_t i = 0; i < s->nwritten; i++)
        if (!strcmp(s->written[i].name, name))
            return s->written[i].mtime.tv_sec == mtime->tv_sec &&
                   s->written[i].mtime.tv_nsec == mtime->tv_nsec;
    return false;
}

static void remove_file(nb_store *s, const char *name, const char *why)
{
    if (unlinkat(s->dirfd, name, 0))
        return;
    s->stats.removed++;
    say(s, "table_file_removed", name, "%s", why);
}

/* Removes the files of the key whose names start with `prefix` but `kept` (prefix NULL,
 * at open: instead the temporary files that killed writers left), then the least recently
 * used files while the directory is over its cap; counts what stays. Lock held. */
static void tidy(nb_store *s, const char *prefix, const char *kept)
{
    dir_file *files = NULL;
    size_t n = 0, cap = 0;
    uint64_t total = 0;
    DIR *d = listing(s->dirfd);
    for (struct dirent *de; d && (de = readdir(d));) {
        uint64_t count;
        struct stat st;
        if (fstatat(s->dirfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
            continue;
        if (!prefix && !strncmp(de->d_name, TEMP_PREFIX, strlen(TEMP_PREFIX)) &&
            seconds_since(&st.st_mtim) > STALE_TEMP_SECONDS) {
            remove_file(s, de->d_name, "a temporary file left by a writer that stopped over "
                                       "an hour ago");
            continue;
        }
        if (!parse_name(de->d_name, &count) || strlen(de->d_name) >= sizeof files->name)
            continue;
        if (prefix && !strncmp(de->d_name, prefix, strlen(prefix)) && strcmp(de->d_name, kept) &&
            removable(s, de->d_name, &st.st_mtim)) {
            remove_file(s, de->d_name, "superseded by a larger version of its table");
            continue;
        }
        nb_reserve((void **)&files, &cap, n + 1, sizeof *files);
        dir_file *f = &files[n++];
        nb_copy_cut(f->name, sizeof f->name, de->d_name);
        f->bytes = (uint64_t)st.st_size, f->mtime = st.st_mtim;
        f->removable = strcmp(de->d_name, kept) && removable(s, de->d_name, &st.st_mtim);
        total += f->bytes;
    }
    if (d)
        closedir(d);
    if (n)
        qsort(files, n, sizeof *files, by_mtime);
    size_t kept_files = n;
    for (size_t i = 0; s->max_bytes && total > s->max_bytes && i < n; i++)
        if (files[i].removable) {
            remove_file(s, files[i].name, "least recently used past table_dir_mb");
            total -= files[i].bytes, kept_files--;
        }
    s->stats.files = kept_files, s->stats.bytes = total;
    free(files);
}

static void remember_written(nb_store *s, const char *name)
{
    struct stat st;
    if (fstatat(s->dirfd, name, &st, 0))
        return;
    for (size_t i = 0; i < s->nwritten; i++)
        if (!strcmp(s->written[i].name, name)) {
            s->written[i].mtime = st.st_mtim;
            return;
        }
    if (s->nwritten == 256) /* the oldest are forgotten: they go by age instead */
        memmove(s->written, s->written + 1, --s->nwritten * sizeof *s->written);
    nb_reserve((void **)&s->written, &s->written_cap, s->nwritten + 1, sizeof *s->written);
    written_name *w = &s->written[s->nwritten++];
    nb_copy_cut(w->name, sizeof w->name, name);
    w->mtime = st.st_mtim;
}

bool nb_store_save(nb_store *s, const nb_table_image *im)
{
    size_t key_len = strlen(im->key);
    if (!s || !key_len || key_len >= NB_STORE_MAX_KEY)
        return false;
    unsigned width = narrowest(im);
    file_header h = {.version = FORMAT_VERSION, .byte_order = BYTE_ORDER_MARK,
                     .kind = im->kind, .width = width, .count = im->count,
                     .period = im->period, .preperiod = im->period ? im->preperiod : 0,
                     .key_len = (uint32_t)key_len,
                     .values_at = (sizeof h + key_len + 7) / 8 * 8};
    memcpy(h.magic, MAGIC, sizeof MAGIC);
    uint64_t bytes = h.values_at + im->count * width;
    char name[64], temp[96], prefix[64];
    file_name(name, sizeof name, im->kind, im->key, im->count);
    name_prefix(prefix, sizeof prefix, im->kind, im->key);
    pthread_mutex_lock(&s->lock);
    bool ok = false;
    const char *step = "open";
    int dfd = dir_fd(s), fd = -1;
    if (dfd < 0)
        goto out;
    if (s->max_bytes && bytes > s->max_bytes) {
        s->stats.write_errors++;
        say(s, "table_write_skipped", name, "%llu bytes, more than table_dir_mb allows",
            (unsigned long long)bytes);
        goto out_counted;
    }
    /* a name no other writer has, in any container sharing the directory (where every
     * process may be pid 1) */
    uint64_t nonce = 0;
    if (getrandom(&nonce, sizeof nonce, 0) != (ssize_t)sizeof nonce)
        nonce = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)(uintptr_t)&nonce;
    snprintf(temp, sizeof temp, TEMP_PREFIX "%016llx-%s", (unsigned long long)nonce, name);
    fd = openat(dfd, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        goto out;
    step = "write";
    uLong crc = crc32(0, (const Bytef *)im->key, (uInt)key_len);
    char pad[8] = {0};
    if (!write_all(fd, &h, sizeof h) || !write_all(fd, im->key, key_len) ||
        !write_all(fd, pad, h.values_at - sizeof h - key_len) || !write_values(fd, im, width, &crc))
        goto out;
    h.payload_crc = (uint32_t)crc;
    h.header_crc = (uint32_t)crc32(0, (const Bytef *)&h, offsetof(file_header, header_crc));
    step = "sync";
    if (pwrite(fd, &h, sizeof h, 0) != (ssize_t)sizeof h || fsync(fd))
        goto out;
    step = "rename";
    if (renameat(dfd, temp, dfd, name))
        goto out;
    step = "sync the directory of";
    fsync(dfd); /* the rename is durable; a failure here leaves a whole file either way */
    ok = true;
    s->stats.writes++;
    s->stats.written_bytes += bytes;
    remember_written(s, name);
    tidy(s, prefix, name);
out:
    if (!ok) {
        int e = errno;
        s->stats.write_errors++;
        say(s, "table_write_failed", name, "cannot %s the file: %s", step, strerror(e));
    }
out_counted:
    if (fd >= 0) {
        close(fd);
        if (!ok)
            unlinkat(dfd, temp, 0);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

/* ---- listing ---- */

static int by_name(const void *a, const void *b)
{
    return strcmp(((const nb_store_entry *)a)->name, ((const nb_store_entry *)b)->name);
}

size_t nb_store_list(nb_store *s, size_t from, nb_store_entry *out, size_t max, size_t *total)
{
    *total = 0;
    if (!s)
        return 0;
    pthread_mutex_lock(&s->lock);
    nb_store_entry *all = NULL;
    size_t n = 0, cap = 0;
    DIR *d = dir_fd(s) >= 0 ? listing(s->dirfd) : NULL;
    for (struct dirent *de; d && (de = readdir(d));) {
        uint64_t count;
        if (!parse_name(de->d_name, &count) || strlen(de->d_name) >= sizeof all->name)
            continue;
        int fd = openat(s->dirfd, de->d_name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
        file_header h;
        struct stat st;
        char key[NB_STORE_MAX_KEY];
        bool sound = fd >= 0 && !fstat(fd, &st) && S_ISREG(st.st_mode) &&
                     pread(fd, &h, sizeof h, 0) == (ssize_t)sizeof h &&
                     !header_fault(&h, (uint64_t)st.st_size, 0, de->d_name) &&
                     pread(fd, key, h.key_len, sizeof h) == (ssize_t)h.key_len &&
                     !memchr(key, '\0', h.key_len);
        if (fd >= 0)
            close(fd);
        if (!sound)
            continue;
        key[h.key_len] = '\0';
        nb_reserve((void **)&all, &cap, n + 1, sizeof *all);
        nb_store_entry *e = &all[n++];
        e->kind = (nb_store_kind)h.kind, e->count = h.count, e->period = h.period;
        e->preperiod = h.preperiod, e->bytes = (uint64_t)st.st_size;
        memcpy(e->key, key, h.key_len + 1);
        nb_copy_cut(e->name, sizeof e->name, de->d_name);
    }
    if (d)
        closedir(d);
    pthread_mutex_unlock(&s->lock);
    if (n)
        qsort(all, n, sizeof *all, by_name);
    size_t given = 0;
    for (size_t i = from; i < n && given < max; i++)
        out[given++] = all[i];
    *total = n;
    free(all);
    return given;
}
