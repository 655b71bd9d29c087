"""What the answers for the programs in examples/ (tests/examples_brute*.py) share: the mex, and
the heaps of an input that gives their number first."""


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def heaps_of(text):
    t = list(map(int, text.split()))
    return t[1:1 + t[0]]
