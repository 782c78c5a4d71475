#!/usr/bin/env python3
"""image_check.py - docker/Dockerfile built with podman and run as an operator runs it: it
serves /healthz and an analysis as a non-root user on a read-only root, its healthcheck
passes, SIGTERM drains the request in flight, a table one container writes to a volume a
second reads, --version names the commit, no layer keeps apt's lists or caches, and the
image stays within its size goal.

With no BASE in the environment the base is made from Debian's packages with mmdebstrap
(no image registry needed) and kept as localhost/nimber-base:bookworm for the next run.
What a sandbox needs (runc, nofile and nproc ulimits, chroot isolation, the host's network)
is given here as flags, never in the Dockerfile.
Usage: image_check.py   (from the repository's top; `make image-test`)"""
import json
import os
import re
import socket
import subprocess
import sys
import tarfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemon import Daemon, await_gauge, await_true  # noqa: E402
from tally import Tally  # noqa: E402

BASE_TAG = "localhost/nimber-base:bookworm"
IMAGE = "localhost/nimber:image-check"
VOLUME = "nimber-image-check-tables"
WORK = "build/image"
# the image is the base plus nimberd and the libraries it links (libmicrohttpd, jansson,
# primecount, jemalloc, libdeflate): those add about 8 MB to Debian's
SIZE_GOAL_MB_OVER_BASE = 12
# the machine's own Debian sources (a bookworm host), else Debian's mirrors
HOST_SOURCES = "/etc/apt/sources.list.d/debian.sources"
MIRROR = "http://deb.debian.org/debian"
RUN_FLAGS = ["--runtime", "runc", "--ulimit", "nofile=1024:1024", "--ulimit",
             "nproc=1024:1024", "--network", "host", "--health-interval", "disable"]
BUILD_FLAGS = ["--isolation", "chroot", "--network", "host", "--format", "docker"]
GRUNDY = b'{"type":"grundy","heaps":[30000,77]}'
SLOW = b'{"type":"coins","convention":"misere","coins":"HHHHHHHHHHHHHHHHHH"}'

COMMAND_SECONDS = 900  # a hung build or container fails the check instead of stalling CI
tally = Tally("image")
check = tally.check
figures = []


def sh(*cmd, ok=True, **kw):
    """Runs a command. With ok: its stdout (stripped), and a failure ends the check; else
    the finished process, to be looked at."""
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=COMMAND_SECONDS, **kw)
    if ok and r.returncode:
        print(f"FAIL: {' '.join(cmd)} exited {r.returncode}:\n{r.stderr[-4000:]}")
        cleanup()
        tally.failed += 1
        tally.finish()
    return r.stdout.strip() if ok else r


def podman(*args, ok=True):
    return sh("podman", *args, ok=ok)


def make_base():
    """The base image: $BASE, else one made by mmdebstrap as slim as debian:bookworm-slim
    (minbase, no manual pages, documentation but copyrights, or locales; merged /usr)."""
    if os.environ.get("BASE"):
        return os.environ["BASE"]
    if podman("image", "exists", BASE_TAG, ok=False).returncode == 0:
        return BASE_TAG
    tar = os.path.join(WORK, "base.tar")
    t = time.monotonic()
    excludes = [f"--dpkgopt=path-exclude=/usr/share/{d}/*" for d in ("man", "doc", "locale",
                                                                       "info")]
    sources = [HOST_SOURCES] if os.path.exists(HOST_SOURCES) else [
        f"deb {MIRROR} bookworm main", f"deb {MIRROR} bookworm-updates main",
        f"deb {MIRROR}-security bookworm-security main"]
    sh("mmdebstrap", "--variant=minbase", "--format=tar",
       "--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr", *excludes,
       "--dpkgopt=path-include=/usr/share/doc/*/copyright",
       # as the host's apt: a mirror frozen at a date still serves its Release files
       '--aptopt=Acquire::Check-Valid-Until "false"', "bookworm", tar, *sources)
    podman("import", tar, BASE_TAG)
    os.remove(tar)
    figures.append(f"base made by mmdebstrap in {time.monotonic() - t:.0f} s")
    return BASE_TAG


def size_mb(image):
    return int(podman("image", "inspect", "--format", "{{.Size}}", image)) / 1e6


def apt_leftovers(image):
    """Paths of apt's lists, caches and logs that any layer of the image holds (a
    whiteout, .wh.NAME, is a deletion, not content)."""
    archive = os.path.join(WORK, "image.tar")
    podman("save", "--format", "docker-archive", "-o", archive, image)
    found = []
    leftover = re.compile(r"^(var/lib/apt/lists/(?!lock$|partial/?$|auxfiles/?$).+"
                          r"|var/cache/apt/.+\.(bin|deb)|var/log/apt/.+\.log)$")
    with tarfile.open(archive) as outer:
        for layer in json.load(outer.extractfile("manifest.json"))[0]["Layers"]:
            with tarfile.open(fileobj=outer.extractfile(layer)) as inner:
                found += [m.name for m in inner if m.isfile() and ".wh." not in m.name
                          and leftover.match(m.name.lstrip("./"))]
    os.remove(archive)
    return found


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Container(Daemon):
    """nimberd in a container of the image on the host's network, read-only root, the
    table volume mounted; the HTTP client and gauges are Daemon's."""

    def __init__(self, name, *env):
        self.name, self.port = name, free_port()
        podman("run", "-d", "--name", name, *RUN_FLAGS, "--read-only",
               "-v", f"{VOLUME}:/var/lib/nimber/tables", "-e", f"NIMBER_PORT={self.port}",
               "-e", "NIMBER_DRAIN_SECONDS=1", "-e", "NIMBER_LOG=1", *env, IMAGE)
        self.ready = await_true(self.is_ready, 30)

    def is_ready(self):
        try:
            return self.get("/readyz")[0] == 200
        except OSError:
            return False

    def inspect(self, field):
        return podman("inspect", "--format", "{{" + field + "}}", self.name)

    def __exit__(self, *exc):
        podman("rm", "-f", "-t", "0", self.name, ok=False)


def cleanup():
    for name in ("nimber-image-check-a", "nimber-image-check-b"):
        podman("rm", "-f", "-t", "0", name, ok=False)
    podman("volume", "rm", "-f", VOLUME, ok=False)


def main():
    cleanup()
    os.makedirs(WORK, exist_ok=True)
    commit = sh("git", "rev-parse", "--short", "HEAD", ok=False).stdout.strip() or "unknown"
    base = make_base()
    t = time.monotonic()
    podman("build", *BUILD_FLAGS, "-f", "docker/Dockerfile", "--build-arg", f"BASE={base}",
           "--build-arg", f"COMMIT={commit}", "-t", IMAGE, ".")
    figures.append(f"image built in {time.monotonic() - t:.0f} s")

    image_mb, base_mb = size_mb(IMAGE), size_mb(base)
    figures.append(f"image {image_mb:.1f} MB: the base {base_mb:.1f} MB + "
                   f"{image_mb - base_mb:.1f} MB (goal: at most + {SIZE_GOAL_MB_OVER_BASE} MB)")
    check(image_mb - base_mb <= SIZE_GOAL_MB_OVER_BASE,
          f"the image adds {image_mb - base_mb:.1f} MB to its base")
    left = apt_leftovers(IMAGE)
    check(not left, f"apt's lists or caches in a layer: {left[:5]}")
    version = podman("run", "--rm", *RUN_FLAGS, IMAGE, "--version")
    check(commit in version, f"--version names the commit {commit}: {version!r}")

    podman("volume", "create", VOLUME)
    with Container("nimber-image-check-a") as a:
        check(a.ready, "the container answers /readyz within 30 s")
        status, _, body = a.get("/healthz")
        check(status == 200 and json.loads(body) == {"status": "ok"}, f"/healthz: {body}")
        status, _, body = a.post("/v1/analyze", b'{"type":"nim","heaps":[3,4,5]}')
        answer = json.loads(body) if status == 200 else {}
        check(answer.get("sg") == 2 and answer.get("verdict") == "win",
              f"an analysis: {status} {body[:200]}")
        pid = a.inspect(".State.Pid")
        uid = re.search(r"^Uid:\s+(\d+)", open(f"/proc/{pid}/status").read(), re.M).group(1)
        check(uid == "10001", f"nimberd runs as uid 10001, not {uid}")
        check(a.inspect(".HostConfig.ReadonlyRootfs") == "true", "the root is read-only")
        touch = podman("exec", a.name, "/usr/bin/touch", "/usr/local/bin/x", ok=False)
        check(touch.returncode != 0 and "Read-only" in touch.stderr,
              f"a write to the root fails: {touch.stderr.strip()}")
        # the container listens on NIMBER_PORT (not 8080): the check must follow it
        health = podman("healthcheck", "run", a.name, ok=False)
        check(health.returncode == 0, f"the healthcheck passes: {health.stdout}{health.stderr}")

        status, _, first = a.post("/v1/analyze", GRUNDY)
        check(status == 200 and await_gauge(a, "nimber_table_store_writes_total",
                                            lambda v: v >= 1),
              f"the first container writes Grundy's table to the volume ({status})")
    with Container("nimber-image-check-b") as b:
        status, _, again = b.post("/v1/analyze", GRUNDY)
        check(status == 200 and again == first, "a second container answers the same")
        check(b.gauge("nimber_table_store_hits_total") == 1 and
              b.gauge("nimber_table_store_writes_total") == 0,
              "... from the table the first wrote to the shared volume")

        # SIGTERM while a request computes: the request is answered, the process exits 0
        slow = {}
        th = threading.Thread(target=lambda: slow.update(r=b.post("/v1/analyze", SLOW)))
        th.start()
        busy = await_gauge(b, "nimber_workers_busy", lambda v: v >= 1)
        check(busy, "the slow request is being computed")
        t = time.monotonic()
        podman("stop", "-t", "60", b.name)
        stopped = time.monotonic() - t
        th.join(60)
        status, _, body = slow.get("r", (0, "", ""))
        answer = json.loads(body) if status == 200 else {}
        check(status == 200 and answer.get("verdict") in ("win", "lose"),
              f"the request in flight at SIGTERM is answered: {status} {body[:200]}")
        check(b.inspect(".State.ExitCode") == "0", "the container exits 0 after the drain")
        logs = podman("logs", b.name, ok=False)
        events = [json.loads(x).get("event") for x in (logs.stdout + logs.stderr).splitlines()
                  if x.startswith("{")]
        check("draining" in events and "stopped" in events,
              f"the drain is logged: {[e for e in events if e]}")
        figures.append(f"stop with a request in flight: {stopped:.1f} s")
    cleanup()
    print("; ".join(figures))
    tally.finish()


if __name__ == "__main__":
    try:
        main()
    finally:
        cleanup()
