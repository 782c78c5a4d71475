"""tally.py - the pass and fail count of the Python checks, printed as run-tests.sh reads it
("NAME: P passed, F failed"), each failure on a line of its own."""
import sys


class Tally:
    def __init__(self, name):
        self.name, self.passed, self.failed = name, 0, 0

    def check(self, ok, what):
        """Counts one check; prints `what` when it failed."""
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL:", what)

    def finish(self):
        """Prints the summary; exits 1 when anything failed."""
        print(f"{self.name}: {self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)
