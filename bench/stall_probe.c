/* stall_probe.c - how long this machine's processors stop running a busy thread on
 * their own: one spinning thread per processor reads the clock for SECONDS and keeps
 * every gap. On a virtual machine the gaps are mostly the host running something else.
 * A request in flight on a processor that stops for g ms waits about that long, so the
 * share of time that lies more than 2 ms deep in a gap is a floor under the share of
 * requests slower than 2 ms. Prints, averaged over the processors: NAME VALUE lines,
 * and the share of the processors' time the kernel counted as stolen by the host.
 * Usage: stall_probe SECONDS */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define MAX_CPUS 256
#define DEEP 2e-3 /* the latency goal of the HTTP benchmark, seconds */

typedef struct probe {
    int cpu;
    double seconds;
    double lost, deep, longest; /* seconds in gaps of 1 ms or more; of them, past DEEP */
    long long over_1ms, over_2ms;
} probe;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void *spin(void *arg)
{
    probe *p = arg;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(p->cpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    double start = now(), last = start;
    for (double t = start; t - start < p->seconds; t = now()) {
        double gap = t - last;
        last = t;
        if (gap < 1e-3)
            continue;
        p->over_1ms++;
        p->lost += gap;
        if (gap > DEEP) {
            p->over_2ms++;
            p->deep += gap - DEEP;
        }
        p->longest = gap > p->longest ? gap : p->longest;
    }
    return NULL;
}

/* The kernel's count of ticks stolen by the host, and of all ticks (/proc/stat). */
static void cpu_ticks(double *stolen, double *all)
{
    unsigned long long t[8] = {0};
    FILE *f = fopen("/proc/stat", "r");
    if (!f || fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &t[0], &t[1], &t[2],
                     &t[3], &t[4], &t[5], &t[6], &t[7]) != 8)
        t[7] = 0;
    if (f)
        fclose(f);
    *stolen = (double)t[7];
    *all = 0;
    for (int i = 0; i < 8; i++)
        *all += (double)t[i];
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 5;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    cpus = cpus < 1 ? 1 : cpus > MAX_CPUS ? MAX_CPUS : cpus;
    static probe probes[MAX_CPUS];
    static pthread_t threads[MAX_CPUS];
    double stolen0, all0, stolen1, all1;
    cpu_ticks(&stolen0, &all0);
    for (long i = 0; i < cpus; i++) {
        probes[i] = (probe){.cpu = (int)i, .seconds = seconds};
        pthread_create(&threads[i], NULL, spin, &probes[i]);
    }
    probe sum = {0};
    for (long i = 0; i < cpus; i++) {
        pthread_join(threads[i], NULL);
        sum.lost += probes[i].lost;
        sum.deep += probes[i].deep;
        sum.over_1ms += probes[i].over_1ms;
        sum.over_2ms += probes[i].over_2ms;
        sum.longest = probes[i].longest > sum.longest ? probes[i].longest : sum.longest;
    }
    cpu_ticks(&stolen1, &all1);
    printf("steal_share %.5f\n", all1 > all0 ? (stolen1 - stolen0) / (all1 - all0) : 0.0);
    printf("stall_lost_share %.5f\n", sum.lost / (seconds * (double)cpus));
    printf("stall_deep_share %.5f\n", sum.deep / (seconds * (double)cpus));
    printf("stalls_over_1ms_per_s %.1f\n", (double)sum.over_1ms / (seconds * (double)cpus));
    printf("stalls_over_2ms_per_s %.1f\n", (double)sum.over_2ms / (seconds * (double)cpus));
    printf("stall_longest_ms %.2f\n", sum.longest * 1e3);
    return 0;
}
