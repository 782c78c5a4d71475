/* test_store.c - the table store's file format: round trips of every kind and width,
 * every kind of bad file (each logged, counted, never served), the cap and the clean-up
 * of superseded files, a writer killed mid-file, and the cache answering from the store
 * exactly as it computes (octal and subtraction tables, misère quotients, which are
 * certified again when read and refused when a sound file holds a wrong one). */
#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_run.h"
#include "core/nb_util.h"
#include "engine/nb_search.h"
#include "games/cram/nb_cram.h"
#include "games/cram/nb_cramtable.h"
#include "games/grundy/nb_grundy.h"
#include "cache/nb_cache.h"
#include "theory/nb_octable.h"
#include "theory/nb_quotient.h"
#include "cache/nb_store.h"
#include "theory/nb_subtable.h"

/* ---- fixtures ---- */

static char dir[256];
static char last_event[64], last_detail[512];
static int events;

static void on_event(void *arg, const char *event, const char *file, const char *detail)
{
    (void)arg, (void)file;
    snprintf(last_event, sizeof last_event, "%s", event);
    snprintf(last_detail, sizeof last_detail, "%s", detail);
    events++;
}

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/nimber-store-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    events = 0, last_event[0] = '\0';
}

static void remove_dir(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* The table files (*.nbt, not hidden) in the directory. */
static int count_files(const char *suffix)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *de; d && (de = readdir(d));) {
        size_t len = strlen(de->d_name), s = strlen(suffix);
        n += de->d_name[0] != '.' && len > s && !strcmp(de->d_name + len - s, suffix);
    }
    if (d)
        closedir(d);
    return n;
}

/* The one table file's path. */
static void only_file(char *path, size_t size)
{
    DIR *d = opendir(dir);
    path[0] = '\0';
    for (struct dirent *de; d && (de = readdir(d));)
        if (de->d_name[0] != '.' && strstr(de->d_name, ".nbt"))
            snprintf(path, size, "%s/%s", dir, de->d_name);
    closedir(d);
    ck_assert(path[0]);
}

static uint32_t *values_up_to(uint64_t n, uint32_t top, uint64_t seed)
{
    uint32_t *v = malloc(n * sizeof *v);
    for (uint64_t i = 0; i < n; i++)
        v[i] = (uint32_t)(nb_splitmix64(&seed) % ((uint64_t)top + 1));
    if (n)
        v[n - 1] = top;
    return v;
}

static nb_table_image image_of(nb_store_kind kind, const char *key, const uint32_t *v,
                               uint64_t n)
{
    return (nb_table_image){.kind = kind, .key = key, .values = v, .width = 4, .count = n};
}

static void assert_same(const nb_table_image *a, const nb_table_image *b)
{
    ck_assert_int_eq(a->kind, b->kind);
    ck_assert_str_eq(a->key, b->key);
    ck_assert_uint_eq(a->count, b->count);
    ck_assert_uint_eq(a->period, b->period);
    ck_assert_uint_eq(a->preperiod, b->preperiod);
    for (uint64_t i = 0; i < a->count; i++)
        ck_assert_uint_eq(nb_image_value(a, i), nb_image_value(b, i));
}

/* ---- round trips ---- */

START_TEST(round_trip_every_kind_and_width)
{
    make_dir();
    nb_store *s = nb_store_open(dir, 0, 0, on_event, NULL);
    static const uint32_t tops[] = {0, 255, 256, 65535, 65536, UINT32_MAX};
    static const unsigned widths[] = {1, 1, 2, 2, 4, 4};
    for (nb_store_kind kind = NB_STORE_OCTAL; kind <= NB_STORE_SUBTRACTION; kind++)
        for (size_t t = 0; t < sizeof tops / sizeof *tops; t++)
            for (int proved = 0; proved < 2; proved++) {
                char key[64];
                snprintf(key, sizeof key, "%s:test%zu-%d", nb_store_kind_name(kind), t, proved);
                uint64_t n = 1000 + t * 77;
                uint32_t *v = values_up_to(n, tops[t], t * 2 + (uint64_t)proved);
                nb_table_image im = image_of(kind, key, v, n);
                if (proved)
                    im.period = 300, im.preperiod = n - 300;
                ck_assert(nb_store_save(s, &im));
                nb_stored *f = nb_store_load(s, kind, key);
                ck_assert_ptr_nonnull(f);
                ck_assert_uint_eq(f->image.width, widths[t]);
                assert_same(&im, &f->image);
                ck_assert_ptr_null(nb_store_load(s, kind == NB_STORE_OCTAL
                                                        ? NB_STORE_SUBTRACTION : NB_STORE_OCTAL,
                                                  key)); /* another kind's name: no file */
                nb_store_unload(f);
                free(v);
            }
    nb_store_stats st = nb_store_get_stats(s);
    ck_assert_uint_eq(st.writes, 24);
    ck_assert_uint_eq(st.hits, 24);
    ck_assert_uint_eq(st.rejected, 0);
    ck_assert_uint_eq(st.files, 24);
    ck_assert_int_eq(events, 0);
    nb_store_close(s);
    remove_dir();
}
END_TEST

START_TEST(largest_version_wins_and_supersedes)
{
    make_dir();
    nb_store *s = nb_store_open(dir, 0, 3600, on_event, NULL);
    uint32_t *v = values_up_to(4096, 1000, 7);
    for (uint64_t n = 512; n <= 4096; n *= 2) {
        nb_table_image im = image_of(NB_STORE_OCTAL, "octal:4!.0", v, n);
        ck_assert(nb_store_save(s, &im));
        /* the smaller files were this process's own, untouched since: they go */
        ck_assert_int_eq(count_files(".nbt"), 1);
    }
    nb_stored *f = nb_store_load(s, NB_STORE_OCTAL, "octal:4!.0");
    ck_assert_uint_eq(f->image.count, 4096);
    /* a smaller version written now leaves the larger one, which is held, in place */
    nb_table_image small = image_of(NB_STORE_OCTAL, "octal:4!.0", v, 100);
    ck_assert(nb_store_save(s, &small));
    ck_assert_int_eq(count_files(".nbt"), 2);
    nb_store_unload(f);
    f = nb_store_load(s, NB_STORE_OCTAL, "octal:4!.0");
    ck_assert_uint_eq(f->image.count, 4096);
    nb_store_unload(f);
    free(v);
    nb_store_close(s);
    remove_dir();
}
END_TEST

START_TEST(cap_removes_least_recently_used)
{
    make_dir();
    /* each file is 4096 one-byte values and its header: three fit in 16 KiB, four do not */
    nb_store *s = nb_store_open(dir, 16 << 10, 3600, on_event, NULL);
    uint32_t *v = values_up_to(4096, 200, 3);
    char key[32];
    for (int k = 0; k < 3; k++) {
        snprintf(key, sizeof key, "octal:t%d", k);
        nb_table_image im = image_of(NB_STORE_OCTAL, key, v, 4096);
        ck_assert(nb_store_save(s, &im));
    }
    struct timespec pause = {0, 20000000};
    nanosleep(&pause, NULL);
    nb_stored *used = nb_store_load(s, NB_STORE_OCTAL, "octal:t0"); /* t0 used last */
    nb_store_unload(used);
    nb_table_image im = image_of(NB_STORE_OCTAL, "octal:t3", v, 4096);
    ck_assert(nb_store_save(s, &im));
    ck_assert_int_eq(count_files(".nbt"), 3);
    ck_assert_ptr_null(nb_store_load(s, NB_STORE_OCTAL, "octal:t1")); /* the oldest went */
    ck_assert_ptr_nonnull(used = nb_store_load(s, NB_STORE_OCTAL, "octal:t0"));
    nb_store_unload(used);
    ck_assert_str_eq(last_event, "table_file_removed");
    /* a file larger than the whole cap is not written */
    uint32_t *big = values_up_to(20000, 200, 4);
    nb_table_image huge = image_of(NB_STORE_OCTAL, "octal:huge", big, 20000);
    ck_assert(!nb_store_save(s, &huge));
    ck_assert_str_eq(last_event, "table_write_skipped");
    ck_assert_uint_eq(nb_store_get_stats(s).write_errors, 1);
    free(big);
    free(v);
    nb_store_close(s);
    remove_dir();
}
END_TEST

/* ---- bad files ---- */

/* Writes one good file of 3000 values with key "octal:0.77" and returns its path. */
static nb_store *good_file(char *path, size_t size, uint32_t **values)
{
    make_dir();
    nb_store *s = nb_store_open(dir, 0, 0, on_event, NULL);
    *values = values_up_to(3000, 70000, 11); /* 4-byte values */
    nb_table_image im = image_of(NB_STORE_OCTAL, "octal:0.77", *values, 3000);
    ck_assert(nb_store_save(s, &im));
    only_file(path, size);
    return s;
}

static void patch(const char *path, long at, const void *bytes, size_t n)
{
    int fd = open(path, O_WRONLY);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(pwrite(fd, bytes, n, at), (ssize_t)n);
    close(fd);
}

/* The header's CRC-32 made right again after a patch, so that the check behind it is
 * the one a test reaches. */
#include <zlib.h>
static void fix_header_crc(const char *path)
{
    unsigned char h[72];
    int fd = open(path, O_RDWR);
    ck_assert_int_eq(pread(fd, h, sizeof h, 0), (ssize_t)sizeof h);
    uint32_t crc = (uint32_t)crc32(0, h, 68);
    ck_assert_int_eq(pwrite(fd, &crc, 4, 68), 4);
    close(fd);
}

/* The load finds nothing, and the fault was logged and counted once. */
static void assert_rejected(nb_store *s, const char *why)
{
    uint64_t before = nb_store_get_stats(s).rejected;
    int had = events;
    ck_assert_ptr_null(nb_store_load(s, NB_STORE_OCTAL, "octal:0.77"));
    ck_assert_uint_eq(nb_store_get_stats(s).rejected, before + 1);
    ck_assert_int_eq(events, had + 1);
    ck_assert_str_eq(last_event, "table_file_rejected");
    ck_assert_msg(strstr(last_detail, why), "detail \"%s\" lacks \"%s\"", last_detail, why);
}

START_TEST(truncated_files)
{
    static const long cuts[] = {0, 10, 71, 72, 80, 100, 5000, 12087}; /* whole: 12088 */
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        char path[512];
        uint32_t *v;
        nb_store *s = good_file(path, sizeof path, &v);
        ck_assert_int_eq(truncate(path, cuts[i]), 0);
        assert_rejected(s, cuts[i] < 72 ? "truncated" : "past the file's end");
        ck_assert_int_eq(count_files(".nbt"), 0); /* removed */
        free(v);
        nb_store_close(s);
        remove_dir();
    }
}
END_TEST

START_TEST(flipped_bytes)
{
    /* a byte of the header, of the key, of the first and of the last value */
    static const long at[] = {20, 75, 88, 12087};
    static const char *const why[] = {"header checksum", "payload checksum",
                                      "payload checksum", "payload checksum"};
    for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
        char path[512];
        uint32_t *v;
        nb_store *s = good_file(path, sizeof path, &v);
        unsigned char byte;
        int fd = open(path, O_RDWR);
        ck_assert_int_eq(pread(fd, &byte, 1, at[i]), 1);
        byte ^= 0x10;
        ck_assert_int_eq(pwrite(fd, &byte, 1, at[i]), 1);
        close(fd);
        assert_rejected(s, why[i]);
        free(v);
        nb_store_close(s);
        remove_dir();
    }
}
END_TEST

START_TEST(another_format_version_stays)
{
    char path[512];
    uint32_t *v;
    nb_store *s = good_file(path, sizeof path, &v);
    uint32_t version = 2;
    patch(path, 8, &version, 4);
    fix_header_crc(path);
    assert_rejected(s, "another format version");
    ck_assert_int_eq(count_files(".nbt"), 1); /* a newer nimber's file is left alone */
    free(v);
    nb_store_close(s);
    remove_dir();
}
END_TEST

START_TEST(key_that_does_not_match_its_name)
{
    char path[512];
    uint32_t *v;
    nb_store *s = good_file(path, sizeof path, &v);
    /* the file of another key under this key's name */
    nb_table_image other = image_of(NB_STORE_OCTAL, "octal:0.07", v, 3000);
    ck_assert(nb_store_save(s, &other));
    ck_assert_int_eq(unlink(path), 0);
    char other_path[512], cmd[1200];
    only_file(other_path, sizeof other_path);
    snprintf(cmd, sizeof cmd, "mv '%s' '%s'", other_path, path);
    ck_assert_int_eq(system(cmd), 0);
    assert_rejected(s, "key does not match");
    free(v);
    nb_store_close(s);
    remove_dir();
}
END_TEST

START_TEST(length_past_the_end)
{
    char path[512];
    uint32_t *v;
    nb_store *s = good_file(path, sizeof path, &v);
    uint64_t count = 1ULL << 40; /* a header that claims far more values than the file has */
    patch(path, 24, &count, 8);
    fix_header_crc(path);
    assert_rejected(s, "past the file's end");
    free(v);
    nb_store_close(s);
    remove_dir();
    /* the count and the name agree, and the values would run past the file's end */
    s = good_file(path, sizeof path, &v);
    uint64_t more = 3001;
    patch(path, 24, &more, 8);
    fix_header_crc(path);
    char renamed[600];
    snprintf(renamed, sizeof renamed, "%.*s00003001.nbt", (int)(strlen(path) - 12), path);
    ck_assert_int_eq(rename(path, renamed), 0);
    assert_rejected(s, "past the file's end");
    free(v);
    nb_store_close(s);
    remove_dir();
}
END_TEST

START_TEST(symlink_and_directory)
{
    char path[512], target[600];
    uint32_t *v;
    nb_store *s = good_file(path, sizeof path, &v);
    snprintf(target, sizeof target, "%s.real", path);
    ck_assert_int_eq(rename(path, target), 0);
    ck_assert_int_eq(symlink(target, path), 0);
    assert_rejected(s, "symbolic link");
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(mkdir(path, 0755), 0);
    assert_rejected(s, "not a regular file");
    free(v);
    nb_store_close(s);
    remove_dir();
}
END_TEST

/* A file truncated and flipped after its load changes nothing the load serves (it was read
 * whole and checked): no read of it can fault, every value is the one written. A load
 * after the damage rejects it. */
START_TEST(damage_after_load_changes_nothing)
{
    char path[512];
    uint32_t *v;
    nb_store *s = good_file(path, sizeof path, &v);
    nb_stored *f = nb_store_load(s, NB_STORE_OCTAL, "octal:0.77");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(truncate(path, 100), 0);
    unsigned char junk[41];
    memset(junk, 0x5a, sizeof junk);
    patch(path, 60, junk, sizeof junk);
    for (uint64_t i = 0; i < 3000; i++)
        ck_assert_uint_eq(nb_image_value(&f->image, i), v[i]);
    ck_assert_str_eq(f->image.key, "octal:0.77");
    ck_assert_ptr_null(nb_store_load(s, NB_STORE_OCTAL, "octal:0.77"));
    ck_assert_uint_eq(nb_store_get_stats(s).rejected, 1);
    nb_store_unload(f);
    free(v);
    nb_store_close(s);
    remove_dir();
}
END_TEST

static struct timespec mtime_of(const char *path)
{
    struct stat st;
    ck_assert_int_eq(lstat(path, &st), 0);
    return st.st_mtim;
}

/* Marking the files held as used stamps the file that was read and nothing else: a name
 * swapped for a link to another file (run as root, any file), or for another file, is
 * left alone, and so is what the link points to. */
START_TEST(marks_never_follow_a_link)
{
    char path[512], victim[600];
    uint32_t *v;
    nb_store *s = good_file(path, sizeof path, &v);
    nb_stored *f = nb_store_load(s, NB_STORE_OCTAL, "octal:0.77");
    ck_assert_ptr_nonnull(f);
    struct timespec old = {1000000000, 0}, times[2] = {old, old};
    ck_assert_int_eq(utimensat(AT_FDCWD, path, times, 0), 0);
    nb_store_mark_held(s);
    ck_assert(mtime_of(path).tv_sec > old.tv_sec); /* the file read: stamped */
    snprintf(victim, sizeof victim, "%s/victim", dir);
    int fd = open(victim, O_CREAT | O_WRONLY, 0644);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(utimensat(AT_FDCWD, victim, times, 0), 0);
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(symlink(victim, path), 0);
    ck_assert_int_eq(utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW), 0);
    nb_store_mark_held(s);
    ck_assert_int_eq(mtime_of(victim).tv_sec, old.tv_sec);
    ck_assert_int_eq(mtime_of(path).tv_sec, old.tv_sec);
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(link(victim, path), 0); /* another file under the name */
    nb_store_mark_held(s);
    ck_assert_int_eq(mtime_of(victim).tv_sec, old.tv_sec);
    nb_store_unload(f);
    free(v);
    nb_store_close(s);
    remove_dir();
}
END_TEST

START_TEST(missing_directory)
{
    nb_store *s = nb_store_open("/proc/nimber-no-such/tables", 0, 0, on_event, NULL);
    ck_assert_str_eq(last_event, "table_dir_unavailable");
    ck_assert_ptr_null(nb_store_load(s, NB_STORE_OCTAL, "octal:0.77"));
    uint32_t v[4] = {0, 1, 2, 3};
    nb_table_image im = image_of(NB_STORE_OCTAL, "octal:0.77", v, 4);
    ck_assert(!nb_store_save(s, &im));
    ck_assert_str_eq(last_event, "table_write_failed");
    ck_assert_uint_eq(nb_store_get_stats(s).write_errors, 1);
    nb_store_close(s);
}
END_TEST

/* ---- a writer killed mid-file ---- */

START_TEST(killed_writer_leaves_no_visible_file)
{
    make_dir();
    uint64_t n = 1ULL << 27; /* 512 MiB of 4-byte values: the write takes a while */
    pid_t child = fork();
    if (child == 0) {
        nb_store *s = nb_store_open(dir, 0, 0, NULL, NULL);
        uint32_t *v = malloc(n * sizeof *v);
        for (uint64_t i = 0; i < n; i++)
            v[i] = (uint32_t)(i * 2654435761u) | 0x10000u;
        nb_table_image im = image_of(NB_STORE_OCTAL, "octal:0.1777", v, n);
        nb_store_save(s, &im);
        _exit(0);
    }
    /* kill it once its temporary file has some bytes */
    bool seen = false;
    for (int tries = 0; tries < 6000 && !seen; tries++) {
        DIR *d = opendir(dir);
        for (struct dirent *de; d && (de = readdir(d));) {
            struct stat st;
            char p[600];
            snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
            seen |= !strncmp(de->d_name, ".tmp-", 5) && !stat(p, &st) && st.st_size > (1 << 20);
        }
        closedir(d);
        if (!seen)
            usleep(5000);
    }
    ck_assert_msg(seen, "the writer never got under way");
    kill(child, SIGKILL);
    int status;
    waitpid(child, &status, 0);
    ck_assert(WIFSIGNALED(status));
    ck_assert_int_eq(count_files(".nbt"), 0);
    nb_store *s = nb_store_open(dir, 0, 0, on_event, NULL);
    ck_assert_ptr_null(nb_store_load(s, NB_STORE_OCTAL, "octal:0.1777"));
    ck_assert_uint_eq(nb_store_get_stats(s).rejected, 0); /* a hidden name is no candidate */
    ck_assert_uint_eq(nb_store_get_stats(s).files, 0);
    nb_store_close(s);
    remove_dir();
}
END_TEST

/* ---- the cache over a store ---- */

static const nb_octable *octal_table(nb_cache *c, const nb_octal_rule *rule, uint64_t heap,
                                     bool want_period)
{
    nb_key key = nb_octable_key(rule);
    nb_octable_need need = {heap, want_period, 1 << 22, UINT64_MAX, rule, NULL};
    const nb_cached *t;
    nb_err err;
    ck_assert_int_eq(nb_cache_acquire(c, key.text, &nb_octable_kind, &need, &t, &err), NB_OK);
    return (const nb_octable *)t;
}

START_TEST(cache_answers_from_the_store)
{
    make_dir();
    nb_octal_rule grundy = nb_grundy_rule(), kayles, hex;
    nb_err err;
    ck_assert_int_eq(nb_octal_parse("0.77", &kayles, &err), NB_OK);
    ck_assert_int_eq(nb_octal_parse("0.8", &hex, &err), NB_OK);
    nb_store *s = nb_store_open(dir, 0, 0, on_event, NULL);
    nb_cache *c = nb_cache_new(64 << 20);
    nb_cache_attach_store(c, s);
    const nb_octable *g = octal_table(c, &grundy, 5000, false);
    const nb_octable *k = octal_table(c, &kayles, 0, true);
    const nb_octable *x = octal_table(c, &hex, 2000, false); /* three-heap splits */
    uint64_t gn = g->n;
    ck_assert(k->proved);
    ck_assert(!x->proved);
    nb_cache_release(c, &g->base);
    nb_cache_release(c, &k->base);
    nb_cache_release(c, &x->base);
    nb_cache_free(c); /* the writer writes what is queued first */
    ck_assert_uint_eq(nb_store_get_stats(s).writes, 2); /* 0.8 unproved is not kept */
    nb_store_close(s);

    /* a new process: the same answers, from the files */
    s = nb_store_open(dir, 0, 0, on_event, NULL);
    c = nb_cache_new(64 << 20);
    nb_cache_attach_store(c, s);
    g = octal_table(c, &grundy, 5000, false);
    k = octal_table(c, &kayles, 1000000000000ULL, true);
    ck_assert_ptr_nonnull(g->file);
    ck_assert_ptr_nonnull(k->file);
    ck_assert_uint_eq(g->n, gn);
    ck_assert(k->proved);
    ck_assert_uint_eq(k->period, 12); /* Kayles: period 12 from heap 71 (Guy and Smith) */
    ck_assert_uint_eq(k->preperiod, 71);
    uint32_t *expect = malloc(8000 * sizeof *expect);
    nb_octal_sparse(&grundy, 8000, expect);
    for (uint64_t n = 0; n < gn; n++) {
        uint64_t v;
        ck_assert(nb_octable_value(g, n, &v));
        ck_assert_uint_eq(v, expect[n]);
    }
    nb_cache_release(c, &g->base);
    /* growing past the file: the grown values agree with a fresh computation */
    g = octal_table(c, &grundy, 7999, false);
    ck_assert_ptr_null(g->file);
    for (uint64_t n = 0; n < 8000; n++) {
        uint64_t v;
        ck_assert(nb_octable_value(g, n, &v));
        ck_assert_uint_eq(v, expect[n]);
    }
    nb_cache_release(c, &g->base);
    nb_cache_release(c, &k->base);
    free(expect);
    nb_cache_free(c);
    nb_store_stats st = nb_store_get_stats(s);
    ck_assert_uint_eq(st.hits, 2);
    ck_assert_uint_eq(st.writes, 1); /* the grown Grundy table */
    ck_assert_uint_eq(st.files, 2);  /* it superseded the smaller one */
    nb_store_close(s);
    remove_dir();
}
END_TEST

static void await_writes(nb_store *s, uint64_t writes)
{
    for (int i = 0; i < 3000 && nb_store_get_stats(s).writes < writes; i++)
        usleep(2000);
    ck_assert_uint_ge(nb_store_get_stats(s).writes, writes);
}

/* Two processes' caches over one directory: one that has a small version reads the
 * larger file the other wrote meanwhile instead of growing its own. */
START_TEST(a_growth_reads_what_another_process_wrote)
{
    make_dir();
    nb_octal_rule grundy = nb_grundy_rule();
    nb_store *sa = nb_store_open(dir, 0, 3600, on_event, NULL);
    nb_store *sb = nb_store_open(dir, 0, 3600, on_event, NULL);
    nb_cache *a = nb_cache_new(64 << 20), *b = nb_cache_new(64 << 20);
    nb_cache_attach_store(a, sa);
    nb_cache_attach_store(b, sb);
    const nb_octable *t = octal_table(b, &grundy, 100, false);
    ck_assert_uint_eq(t->n, 1024);
    nb_cache_release(b, &t->base);
    await_writes(sb, 1);
    t = octal_table(a, &grundy, 5000, false); /* read b's file, grown on */
    ck_assert_uint_eq(t->n, 5001);
    nb_cache_release(a, &t->base);
    await_writes(sa, 1);
    ck_assert_uint_eq(nb_store_get_stats(sa).hits, 1);
    t = octal_table(b, &grundy, 4000, false);
    ck_assert_ptr_nonnull(t->file); /* a's file, not a growth of its own */
    ck_assert_uint_eq(t->n, 5001);
    uint32_t expect[5001];
    nb_octal_sparse(&grundy, 5001, expect);
    for (uint64_t n = 0; n < 5001; n++) {
        uint64_t v;
        ck_assert(nb_octable_value(t, n, &v));
        ck_assert_uint_eq(v, expect[n]);
    }
    nb_cache_release(b, &t->base);
    ck_assert_uint_eq(nb_store_get_stats(sb).hits, 1);
    ck_assert_uint_eq(nb_store_get_stats(sb).writes, 1);
    nb_cache_free(a);
    nb_cache_free(b);
    nb_store_close(sa);
    nb_store_close(sb);
    remove_dir();
}
END_TEST

/* Random octal codes: each table written, read back by a new cache, and every value of
 * the file (and past it, by its period) equal to the naive method's. */
START_TEST(random_codes_read_back_as_brute_force)
{
    make_dir();
    enum { CODES = 40, HEAPS = 400 };
    nb_octal_rule rules[CODES];
    char codes[CODES][8];
    uint64_t seed = 2026;
    for (int i = 0; i < CODES; i++) {
        char *code = codes[i];
        bool seen;
        do { /* distinct codes, so that each writes a file of its own */
            memset(code, 0, 8);
            code[0] = nb_splitmix64(&seed) % 2 ? '4' : '0';
            code[1] = '.';
            size_t digits = 1 + nb_splitmix64(&seed) % 3;
            for (size_t d = 0; d < digits; d++)
                code[2 + d] = (char)('1' + nb_splitmix64(&seed) % 7);
            seen = false;
            for (int j = 0; j < i; j++)
                seen = seen || strcmp(codes[j], code) == 0;
        } while (seen);
        nb_err err;
        ck_assert_int_eq(nb_octal_parse(code, &rules[i], &err), NB_OK);
    }
    for (int round = 0; round < 2; round++) {
        nb_store *s = nb_store_open(dir, 0, 0, on_event, NULL);
        nb_cache *c = nb_cache_new(64 << 20);
        nb_cache_attach_store(c, s);
        uint32_t naive[HEAPS];
        for (int i = 0; i < CODES; i++) {
            const nb_octable *t = octal_table(c, &rules[i], HEAPS - 1, false);
            ck_assert(round == 0 || t->file != NULL);
            nb_octal_naive(&rules[i], HEAPS, naive);
            for (uint64_t n = 0; n < HEAPS; n++) {
                uint64_t v;
                ck_assert(nb_octable_value(t, n, &v));
                ck_assert_uint_eq(v, naive[n]);
            }
            nb_cache_release(c, &t->base);
            if (round == 0) /* written before the next, so the writer's queue never fills */
                await_writes(s, (uint64_t)i + 1);
        }
        nb_cache_free(c);
        ck_assert_uint_eq(nb_store_get_stats(s).rejected, 0);
        nb_store_close(s);
    }
    remove_dir();
}
END_TEST

START_TEST(subtraction_tables_from_the_store)
{
    make_dir();
    static const uint32_t set[] = {2, 5, 7};
    nb_key key = nb_subtable_key(set, 3);
    nb_subtable_need need = {0, true, 1 << 20, set, 3, NULL};
    const nb_cached *t;
    nb_err err;
    uint8_t first[200];
    for (int round = 0; round < 2; round++) {
        nb_store *s = nb_store_open(dir, 0, 0, on_event, NULL);
        nb_cache *c = nb_cache_new(1 << 20);
        nb_cache_attach_store(c, s);
        ck_assert_int_eq(nb_cache_acquire(c, key.text, &nb_subtable_kind, &need, &t, &err), NB_OK);
        const nb_subtable *st = (const nb_subtable *)t;
        ck_assert(st->proved);
        ck_assert(round ? st->file != NULL : st->file == NULL);
        for (uint64_t n = 0; n < 200; n++) {
            uint64_t v;
            ck_assert(nb_subtable_value(st, n, &v));
            if (round)
                ck_assert_uint_eq(v, first[n]);
            first[n] = (uint8_t)v;
        }
        nb_cache_release(c, t);
        nb_cache_free(c);
        ck_assert_uint_eq(nb_store_get_stats(s).hits, (uint64_t)round);
        nb_store_close(s);
    }
    remove_dir();
}
END_TEST

/* ---- misère quotients ---- */

static const nb_quotient *quotient_of(nb_cache *c, const nb_octal_rule *rule, uint64_t heap)
{
    nb_key key = nb_quotient_key(rule);
    nb_quotient_need need = {heap, NB_QUOTIENT_MAX_ORDER, 50000000, rule, NULL, NULL, NULL};
    const nb_cached *t;
    nb_err err;
    ck_assert_int_eq(nb_cache_acquire(c, key.text, &nb_quotient_kind, &need, &t, &err), NB_OK);
    return (const nb_quotient *)t;
}

static void assert_same_quotient(const nb_quotient *a, const nb_quotient *b)
{
    ck_assert_uint_eq(a->order, b->order);
    ck_assert_uint_eq(a->n, b->n);
    ck_assert_uint_eq(a->gens, b->gens);
    ck_assert_int_eq(a->proved, b->proved);
    ck_assert_uint_eq(a->period, b->period);
    ck_assert_uint_eq(a->preperiod, b->preperiod);
    ck_assert_mem_eq(a->mul, b->mul, (size_t)a->order * a->order * sizeof *a->mul);
    ck_assert_mem_eq(a->lost, b->lost, a->order);
    ck_assert_mem_eq(a->phi, b->phi, a->n * sizeof *a->phi);
    ck_assert_mem_eq(a->gen_heap, b->gen_heap, a->gens * sizeof *a->gen_heap);
    ck_assert_mem_eq(a->word, b->word, (size_t)a->order * a->gens);
}

/* Kayles' proved quotient (order 40, period 12) and Dawson's Kayles' partial one to heap
 * 20 come back from files exactly as built; a need past the partial one grows anew. */
START_TEST(quotients_from_the_store)
{
    make_dir();
    nb_octal_rule kayles, dawson;
    nb_err err;
    ck_assert_int_eq(nb_octal_parse("0.77", &kayles, &err), NB_OK);
    ck_assert_int_eq(nb_octal_parse("0.07", &dawson, &err), NB_OK);
    nb_quotient *built[2];
    for (int round = 0; round < 2; round++) {
        nb_store *s = nb_store_open(dir, 0, 0, on_event, NULL);
        nb_cache *c = nb_cache_new(64 << 20);
        nb_cache_attach_store(c, s);
        const nb_quotient *k = quotient_of(c, &kayles, UINT64_MAX);
        const nb_quotient *d = quotient_of(c, &dawson, 20);
        ck_assert_int_eq(k->from_file, round == 1);
        ck_assert_int_eq(d->from_file, round == 1);
        ck_assert(k->proved);
        ck_assert_uint_eq(k->order, 40);
        ck_assert_uint_eq(k->period, 12);
        ck_assert(!d->proved);
        ck_assert_uint_ge(d->n, 21);
        if (round == 0) {
            nb_quotient_need kn = {UINT64_MAX, NB_QUOTIENT_MAX_ORDER, 50000000, &kayles, NULL,
                                   NULL, NULL};
            nb_quotient_need dn = {20, NB_QUOTIENT_MAX_ORDER, 50000000, &dawson, NULL, NULL, NULL};
            ck_assert_int_eq(nb_quotient_build(&kn, &built[0], &err), NB_OK);
            ck_assert_int_eq(nb_quotient_build(&dn, &built[1], &err), NB_OK);
        }
        assert_same_quotient(k, built[0]);
        assert_same_quotient(d, built[1]);
        nb_cache_release(c, &d->base);
        if (round == 1) { /* past the file: grown, not read */
            d = quotient_of(c, &dawson, 24);
            ck_assert(!d->from_file);
            ck_assert_uint_ge(d->n, 25);
            nb_cache_release(c, &d->base);
        }
        nb_cache_release(c, &k->base);
        nb_cache_free(c);
        nb_store_stats st = nb_store_get_stats(s);
        ck_assert_uint_eq(st.hits, round ? 2 : 0);
        /* the grown Dawson's quotient is not twice the file's size: not written */
        ck_assert_uint_eq(st.writes, round ? 0 : 2);
        nb_store_close(s);
    }
    built[0]->base.destroy(&built[0]->base);
    built[1]->base.destroy(&built[1]->base);
    remove_dir();
}
END_TEST

/* ---- Cram's regions ---- */

/* The value of an empty Cram board of r x c through a cache over `dir`'s store, and the
 * regions the request searched. */
static uint64_t cram_through(nb_store *s, size_t r, size_t c, uint64_t *searched)
{
    nb_solver solver = {nb_cache_new(64 << 20), nb_limits_default(), NULL};
    nb_cache_attach_store(solver.cache, s);
    nb_cram_params p = {.rows = r, .cols = c};
    uint64_t bits = (1ULL << (r * c)) - 1;
    nb_analysis a;
    nb_err err = {0};
    ck_assert_int_eq(nb_analyse(&solver, &(nb_game){&nb_cram, &p, 1, &bits}, NB_NORMAL, 0, &a,
                                &err), NB_OK);
    uint64_t v = a.sg;
    nb_analysis_free(&a);
    nb_cache_free(solver.cache); /* the writer writes what is queued first */
    *searched = p.searched;
    return v;
}

/* A 4 x 9 board's search leaves over NB_CRAMTABLE_STORED regions in the cache's table,
 * which goes to the store; a cache over the same directory afterwards (a restart, another
 * replica) answers the board from the file, searching nothing, the same value (*1, as
 * Beling's table has it). A sound file whose entry is not a canonical region is refused,
 * and the board searched. */
START_TEST(cram_regions_from_the_store)
{
    make_dir();
    uint64_t searched;
    for (int round = 0; round < 2; round++) {
        nb_store *s = nb_store_open(dir, 0, 0, on_event, NULL);
        ck_assert_uint_eq(cram_through(s, 4, 9, &searched), 1);
        if (round) /* nothing searched: a few regions kept as met beside their forms read */
            ck_assert_uint_lt(searched, 16);
        else
            ck_assert_uint_ge(searched, NB_CRAMTABLE_STORED);
        /* the file: three words a region (Dawson's Kayles' table for the lines beside it) */
        ck_assert_uint_ge(nb_store_peek(s, NB_STORE_CRAM, NB_CRAMTABLE_KEY),
                          3 * NB_CRAMTABLE_STORED);
        if (round)
            ck_assert_uint_ge(nb_store_get_stats(s).hits, 1);
        nb_store_close(s);
    }
    remove_dir();
    make_dir();
    nb_store *s = nb_store_open(dir, 0, 0, on_event, NULL);
    uint32_t wrong[3 * 40000];
    for (uint32_t i = 0; i < 40000; i++) /* a 2 x 8 frame, canonical, valued 1; one too tall */
        wrong[3 * i] = i + 1, wrong[3 * i + 1] = 0,
        wrong[3 * i + 2] = (i == 777 ? 9u : 2u) << 16 | 8u << 8 | NB_CRAM_CANONICAL | 2u;
    nb_table_image im = {.kind = NB_STORE_CRAM, .key = NB_CRAMTABLE_KEY, .values = wrong,
                         .width = 4, .count = 3 * 40000};
    ck_assert(nb_store_save(s, &im));
    ck_assert_uint_eq(cram_through(s, 4, 9, &searched), 1);
    ck_assert_uint_ge(searched, NB_CRAMTABLE_STORED);
    nb_store_close(s);
    remove_dir();
}
END_TEST

/* A sound file (its checksum right) holding a wrong quotient is refused: a P-portion
 * flipped, a heap mapped elsewhere, a product changed, a period the theorem does not
 * prove, a word that does not multiply out, fields out of range. */
START_TEST(wrong_quotients_are_refused)
{
    make_dir();
    nb_octal_rule kayles;
    nb_err err;
    ck_assert_int_eq(nb_octal_parse("0.77", &kayles, &err), NB_OK);
    nb_quotient_need need = {UINT64_MAX, NB_QUOTIENT_MAX_ORDER, 50000000, &kayles, NULL, NULL, NULL};
    nb_quotient *q;
    ck_assert_int_eq(nb_quotient_build(&need, &q, &err), NB_OK);
    nb_store *s = nb_store_open(dir, 0, 0, on_event, NULL);
    nb_key key = nb_quotient_key(&kayles);
    nb_table_image im;
    ck_assert(nb_quotient_kind.image(&q->base, &im));
    im.key = key.text;
    uint64_t len = im.count, order = q->order, gens = q->gens, n = q->n;
    uint64_t lost_at = 22 + gens, phi_at = lost_at + order, word_at = phi_at + n;
    uint64_t mul_at = word_at + order * gens;
    uint32_t p_element = 0, letter = 0;
    while (!q->lost[p_element])
        p_element++;
    while (!q->word[gens + letter]) /* a letter of element 1's word */
        letter++;
    struct { uint64_t at; uint16_t value; } cases[] = {
        {lost_at + p_element, 0},                      /* a P element made N */
        {phi_at + 4, (uint16_t)q->phi[5]},             /* heap 4 (lost) mapped as heap 5 */
        {mul_at + 1 * order + 1, (uint16_t)q->mul[1]}, /* x^2 = x for the first generator */
        {16, 6},                                       /* period 6 claimed */
        {word_at + gens + letter, 0},                  /* element 1's word made shorter */
        {2, (uint16_t)(order + 1)},                    /* an order the rest does not fit */
        {mul_at + 5, (uint16_t)order},                 /* a product out of range */
        {0, 0x5170},                                   /* another tag */
    };
    uint16_t *values = malloc(len * sizeof *values);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        memcpy(values, q->packed, len * sizeof *values);
        ck_assert_uint_ne(values[cases[i].at], cases[i].value);
        values[cases[i].at] = cases[i].value;
        nb_table_image bad = im;
        bad.values = values;
        if (cases[i].at == 16)
            bad.period = 6;
        ck_assert(nb_store_save(s, &bad));
        nb_stored *f = nb_store_load(s, NB_STORE_QUOTIENT, key.text);
        ck_assert_ptr_nonnull(f); /* the file itself is sound */
        ck_assert_msg(nb_quotient_kind.from_store(f, &need) == NULL, "case %zu served", i);
    }
    /* and the right one is served, through the cache */
    ck_assert(nb_store_save(s, &im));
    nb_cache *c = nb_cache_new(64 << 20);
    nb_cache_attach_store(c, s);
    const nb_quotient *read = quotient_of(c, &kayles, UINT64_MAX);
    ck_assert(read->from_file);
    assert_same_quotient(read, q);
    nb_cache_release(c, &read->base);
    nb_cache_free(c);
    free(values);
    q->base.destroy(&q->base);
    nb_store_close(s);
    remove_dir();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("store");
    TCase *tc = tcase_create("store");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, round_trip_every_kind_and_width);
    tcase_add_test(tc, largest_version_wins_and_supersedes);
    tcase_add_test(tc, cap_removes_least_recently_used);
    tcase_add_test(tc, truncated_files);
    tcase_add_test(tc, flipped_bytes);
    tcase_add_test(tc, another_format_version_stays);
    tcase_add_test(tc, key_that_does_not_match_its_name);
    tcase_add_test(tc, length_past_the_end);
    tcase_add_test(tc, symlink_and_directory);
    tcase_add_test(tc, missing_directory);
    tcase_add_test(tc, damage_after_load_changes_nothing);
    tcase_add_test(tc, marks_never_follow_a_link);
    tcase_add_test(tc, killed_writer_leaves_no_visible_file);
    tcase_add_test(tc, cache_answers_from_the_store);
    tcase_add_test(tc, a_growth_reads_what_another_process_wrote);
    tcase_add_test(tc, random_codes_read_back_as_brute_force);
    tcase_add_test(tc, subtraction_tables_from_the_store);
    tcase_add_test(tc, quotients_from_the_store);
    tcase_add_test(tc, wrong_quotients_are_refused);
    tcase_add_test(tc, cram_regions_from_the_store);
    suite_add_tcase(s, tc);
    return check_run(s, true);
}
