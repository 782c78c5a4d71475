"""primes.py - primes for the tests' hostile coprime games: the largest primes up to n,
each a prime count of its own for nimberd (which remembers a heap it valued)."""


def is_prime(p):
    """Deterministic Miller-Rabin with the first twelve primes as bases (p < 3.3 * 10^24)."""
    if p < 2:
        return False
    bases = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
    if p in bases:
        return True
    if any(p % q == 0 for q in bases):
        return False
    r, s = 0, p - 1
    while s % 2 == 0:
        r, s = r + 1, s // 2
    for a in bases:
        x = pow(a, s, p)
        if x in (1, p - 1):
            continue
        for _ in range(r - 1):
            x = x * x % p
            if x == p - 1:
                break
        else:
            return False
    return True


def largest_primes_up_to(n, count):
    """The `count` largest primes up to n, largest first."""
    found = []
    while len(found) < count:
        if is_prime(n):
            found.append(n)
        n -= 1
    return found
