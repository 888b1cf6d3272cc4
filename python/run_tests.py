"""Run the Python tests (python/tests) with unittest and print a closing
line "python: N passed, N failed". Exit status 0 when all pass.

Run it with the interpreter of an environment where the wheel is installed:
the tests import the installed oagen package, not python/src.
"""

import sys
import unittest
from pathlib import Path

TESTS = Path(__file__).resolve().parent / "tests"


def main():
    suite = unittest.defaultTestLoader.discover(str(TESTS), top_level_dir=str(TESTS))
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    passed = result.testsRun - failed - len(result.skipped)
    print(f"python: {passed} passed, {failed} failed")
    return 0 if result.wasSuccessful() and result.testsRun > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
