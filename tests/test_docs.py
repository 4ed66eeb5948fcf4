"""Every code block in README.md and docs/ runs as written.

- A ``python`` block runs as a script of its own (``python block.py``, so ``if __name__ == "__main__":`` guards
  work as they do for a reader) in an empty temporary folder with a fresh per-user data folder, and must finish
  within ``TIME_LIMIT`` seconds with exit status 0. Blocks do not share variables: each one is complete.
- A ``bash``/``sh`` block holds commands a reader types (installs, servers, long tournaments), so it is not run;
  each ``meeple ...`` command in it must be one the CLI accepts (command, options and arguments parse), and each
  ``python FILE`` names a file in the repository.
- A block whose fence is preceded by ``<!-- docs-test: skip REASON -->`` is not run (say why); untagged blocks
  are diagrams or output.

New pages and blocks are picked up by themselves: the parametrisation walks README.md and docs/**/*.md.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer

from meeple.cli import app

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
TIME_LIMIT = 60  # seconds per Python block; each takes under a few seconds
SHELL = {"bash", "sh", "shell", "console"}

FENCE = re.compile(r"(?P<before>(?:<!--[^\n]*-->\n)?)^```(?P<lang>[\w+-]*)[^\n]*\n(?P<code>.*?)^```", re.S | re.M)
SKIP = re.compile(r"<!--\s*docs-test:\s*skip\b\s*(?P<why>[^-]*)-->")


def blocks(lang: set[str]) -> list:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            if m["lang"] not in lang:
                continue
            line = text.count("\n", 0, m.start("code")) + 1
            skip = SKIP.search(m["before"])
            marks = [pytest.mark.skip(reason=f"marked in the page: {skip['why'].strip() or 'no reason given'}")] if skip else []
            found.append(pytest.param(page, line, m["code"], id=f"{page.relative_to(ROOT)}:{line}", marks=marks))
    return found


PYTHON = blocks({"python", "py"})
COMMANDS = blocks(SHELL)


def test_the_pages_have_examples() -> None:
    assert len(PYTHON) >= 20 and len(COMMANDS) >= 8
    assert any(str(p.values[0]).endswith("README.md") for p in PYTHON)


@pytest.mark.parametrize(("page", "line", "code"), PYTHON)
def test_python_block_runs_and_finishes(page: Path, line: int, code: str, tmp_path: Path) -> None:
    script = tmp_path / "block.py"
    script.write_text(code, encoding="utf-8")
    env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"), MPLBACKEND="Agg")
    try:
        done = subprocess.run(
            [sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=TIME_LIMIT,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{page.relative_to(ROOT)}:{line}: the example did not finish within {TIME_LIMIT} s")
    assert done.returncode == 0, f"{page.relative_to(ROOT)}:{line} failed:\n{done.stderr[-3000:]}"


def command_lines(code: str) -> list[list[str]]:
    """The commands of a shell block: continuation lines joined, comments dropped, ``&&``/``;``/``|`` split."""
    text = re.sub(r"\\\n\s*", " ", code)
    commands = []
    for line in text.splitlines():
        words = shlex.split(line, comments=True)
        current: list[str] = []
        redirect = False
        for w in [*words, "&&"]:
            if w in {"&&", ";", "|", "||", "&"}:
                if current:
                    commands.append(current)
                current = []
            elif redirect:
                redirect = False  # the file a redirection names
            elif re.fullmatch(r"\d?(<|>|>>)(&\d)?", w):
                redirect = not w.endswith(("&1", "&2"))
            elif not re.match(r"\d?(<|>>?)\S", w):  # "<moves.txt", "2>/dev/null": a redirection and its file
                current.append(w)
    return commands


# Typer ships its own copy of click: take its usage error from a public exception's bases.
UsageError = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


def check_meeple_command(args: list[str]) -> None:
    """Parse the arguments the way ``meeple`` would, without running the command (``meeple`` has no options of
    its own, so the first word is the command)."""
    group: Any = typer.main.get_command(app)
    if not args or args[0] not in group.commands:
        raise UsageError(f"meeple has no command {args[0] if args else ''!r}")
    group.commands[args[0]].make_context(args[0], list(args[1:]))


@pytest.mark.parametrize(("page", "line", "code"), COMMANDS)
def test_shell_block_commands_exist(page: Path, line: int, code: str) -> None:
    for words in command_lines(code):
        where = f"{page.relative_to(ROOT)}:{line}: {shlex.join(words)}"
        while words and "=" in words[0] and not words[0].startswith("-"):
            words = words[1:]  # VAR=value before the command
        if not words:
            continue
        if words[0] == "meeple":
            try:
                check_meeple_command(words[1:])
            except UsageError as e:
                pytest.fail(f"{where}: {e.format_message()}")
        elif words[0] in {"python", "python3"} and len(words) > 1 and words[1].endswith(".py"):
            assert (ROOT / words[1]).is_file(), f"{where}: no such file in the repository"


def test_the_shell_check_catches_a_wrong_command() -> None:
    with pytest.raises(UsageError):
        check_meeple_command(["tournament", "splendor", "--seats", "greedy,random", "--gmaes", "3"])
    with pytest.raises(UsageError):
        check_meeple_command(["plya", "splendor"])
    check_meeple_command(["tournament", "splendor", "--seats", "greedy,random", "--games", "3"])
    assert command_lines("pip install -e '.[server]' && meeple serve   # then\nmeeple a \\\n  --b c") == [
        ["pip", "install", "-e", ".[server]"], ["meeple", "serve"], ["meeple", "a", "--b", "c"]
    ]  # fmt: skip
    assert command_lines("meeple play splendor < moves.txt 2>&1 >out.txt | tee log &") == [["meeple", "play", "splendor"], ["tee", "log"]]
