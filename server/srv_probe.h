/* srv_probe.h - `nimberd --healthcheck URL`: a GET with no dependencies (no curl in the
 * container), for Docker's HEALTHCHECK. */
#ifndef SRV_PROBE_H
#define SRV_PROBE_H

/* 0 when http://HOST:PORT/PATH answers 200 within two seconds, else 1 (reason on stderr). */
int srv_probe(const char *url);

#endif
