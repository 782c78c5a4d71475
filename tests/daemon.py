"""daemon.py - nimberd for the Python checks: started on a free port with the given flags
and stopped with SIGTERM, with a small raw HTTP/1.1 client (one request per connection)
and the waits the checks share. Set Daemon.binary before starting one."""
import json
import re
import signal
import socket
import subprocess
import time


class Daemon:
    """nimberd on a free port with the given flags, stopped (SIGTERM) on exit; `log`, a
    file for its request log (then --log 1), else none; `prefix`, a command it runs
    under (prlimit, say)."""
    binary = "build/nimberd"

    def __init__(self, *flags, log=None, prefix=()):
        self.p = subprocess.Popen([*prefix, self.binary, "--port", "0", "--bind", "127.0.0.1",
                                   "--log", "1" if log else "0", *flags],
                                  stdout=subprocess.PIPE, stderr=log or subprocess.DEVNULL,
                                  text=True)
        self.port = int(re.search(r":(\d+)\D*$", self.p.stdout.readline()).group(1))
        # AddressSanitizer keeps freed memory in quarantine: RSS is not given back
        self.sanitized = "libasan" in open(f"/proc/{self.p.pid}/maps").read()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGTERM)
            self.p.wait(timeout=60)

    def rss_mb(self, peak=False):
        status = open(f"/proc/{self.p.pid}/status").read()
        return int(re.search(r"VmHWM:\s+(\d+)" if peak else r"VmRSS:\s+(\d+)",
                             status).group(1)) / 1024

    def gauge(self, name):
        return float(re.search(rf"^{re.escape(name)} (\S+)$", self.get("/metrics")[2],
                               re.M).group(1))

    def connect(self):
        # longer than any budget the server is given (its default 30 s) and the step a
        # request may take past it on a busy machine: the answer is waited for, the checks
        # bound their own time (signal.alarm)
        return socket.create_connection(("127.0.0.1", self.port), timeout=120)

    def send(self, data):
        """Sends raw bytes on a new connection; (status, headers, body) of the first answer
        (0 when there is none), reading until the server closes."""
        with self.connect() as s:
            s.sendall(data)
            return parse(read_all(s))

    def post(self, path, body):
        return self.send(b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: %d\r\nConnection: close\r\n\r\n%s"
                         % (path.encode(), len(body), body))

    def get(self, path):
        return self.send(b"GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                         % path.encode())


def read_all(s):
    """Everything until the server closes (or the socket fails), kept in pieces and joined
    once: an answer of megabytes is read as fast as the server sends it."""
    pieces = []
    try:
        while chunk := s.recv(1 << 20):
            pieces.append(chunk)
    except OSError:
        pass
    return b"".join(pieces)


def parse(data):
    m = re.match(rb"HTTP/1\.1 (\d+)[^\r]*\r\n(.*?)\r\n\r\n", data, re.S)
    if not m:
        return 0, "", ""
    return int(m.group(1)), m.group(2).decode("latin1"), data[m.end():].decode("utf8", "replace")


def detail(body):
    try:
        return json.loads(body).get("detail", "")
    except ValueError:
        return ""


def timed(fn, *args):
    t = time.monotonic()
    out = fn(*args)
    return out, time.monotonic() - t


def await_true(test, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(0.005)
    return False


def await_gauge(d, name, test, seconds=30):
    """Waits for /metrics to show `name` passing `test`; a /metrics the daemon does not
    answer yet (its connections all taken) is a no."""
    def passes():
        try:
            return test(d.gauge(name))
        except AttributeError:
            return False
    return await_true(passes, seconds)
