"""The Python snippets of the repository README run and print what their
comments say (those that need dspy or gepa installed are skipped)."""

import contextlib
import io
import os
import re
import unittest

from support import REPO


def snippets():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## From Python (GEPA, DSPy)", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```\n", section, re.S)


class ReadmeTest(unittest.TestCase):
    def test_snippets(self):
        blocks = snippets()
        self.assertGreaterEqual(len(blocks), 4)
        ran = 0
        for code in blocks:
            if "dspy." in code or "from gepa" in code:
                continue  # needs packages CI cannot install
            want = [line.split("# ", 1)[1].strip() for line in code.splitlines() if line.lstrip().startswith("print(")]
            out = io.StringIO()
            cwd = os.getcwd()
            os.chdir(REPO)
            try:
                with contextlib.redirect_stdout(out):
                    exec(compile(code, "README.md", "exec"), {})
            finally:
                os.chdir(cwd)
            self.assertEqual([l.strip() for l in out.getvalue().splitlines()], want, code)
            ran += 1
        self.assertEqual(ran, 3)


if __name__ == "__main__":
    unittest.main()
