"""``gostop.signals.read_line``: a prompt of the terminal game's line mode that a signal always
stops.

A CI run once saw ``gostop play --plain`` take a SIGTERM at its prompt and neither say the save
nor exit for 30 s. ``input`` writes its prompt and then blocks in the C library's ``fgets``; a
signal whose C-level handler runs before that read starts (a loaded machine preempts the
process in between), or in another thread of the process, never interrupts the read, so the
Python handler waited for the next line typed. The test below makes the second case happen
every time: a helper thread sends the signal to itself (``pthread_kill``), so the main thread's
read is never interrupted by the kernel; only the wake-up pipe of ``read_line`` can notice it.
"""

from __future__ import annotations

import sys
import textwrap

import pexpect
import pytest

# The child: a terminal prompt read by `read_line` (or by `input`, to show what it fixes), with
# SIGTERM raising as in the line mode; a thread delivers the signal to itself 0.3 s later.
CHILD = textwrap.dedent(
    """
    import signal, sys, threading, time
    from gostop.signals import Terminated, read_line, sigterm_as_interrupt

    read = input if sys.argv[1] == "input" else read_line
    sig = signal.SIGTERM if sys.argv[2] == "term" else signal.SIGINT

    def poke():
        time.sleep(0.3)
        signal.pthread_kill(threading.get_ident(), sig)  # handled in this thread, not the main one

    try:
        with sigterm_as_interrupt():
            threading.Thread(target=poke, daemon=True).start()
            read("type> ")
    except Terminated:
        print("stopped by SIGTERM")
        sys.exit(143)
    except KeyboardInterrupt:
        print("stopped by ctrl-c")
        sys.exit(130)
    print("read a line")
    """
)


def _child(reader: str, sig: str) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-c", CHILD, reader, sig], encoding="utf-8", timeout=10)
    child.expect("type> ")
    return child


@pytest.mark.parametrize(("sig", "said", "status"), [("term", "stopped by SIGTERM", 143), ("int", "stopped by ctrl-c", 130)])
def test_a_signal_handled_in_another_thread_stops_the_prompt(sig: str, said: str, status: int) -> None:
    child = _child("read_line", sig)
    child.expect(said)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == status, (child.exitstatus, child.signalstatus)


def test_input_alone_waits_for_a_line_after_such_a_signal() -> None:
    """What ``read_line`` fixes: with ``input`` the same signal is handled only once a line is
    typed (the kill seemed to do nothing)."""
    child = _child("input", "term")
    with pytest.raises(pexpect.TIMEOUT):
        child.expect("stopped by", timeout=1.5)
    child.sendline("")
    child.expect("stopped by SIGTERM")  # the handler ran only now, at the end of the read
    child.expect(pexpect.EOF)


def test_read_line_returns_the_line_typed_and_raises_eof_at_its_end() -> None:
    code = textwrap.dedent(
        """
        from gostop.signals import read_line
        print(repr(read_line("one> ")))
        try:
            read_line("two> ")
        except EOFError:
            print("EOF")
        """
    )
    child = pexpect.spawn(sys.executable, ["-c", code], encoding="utf-8", timeout=10)
    child.expect("one> ")
    child.sendline("카드 3")
    child.expect("'카드 3'")
    child.expect("two> ")
    child.sendeof()
    child.expect("EOF")
    child.expect(pexpect.EOF)


def test_read_line_reads_a_pipe_as_input_does(tmp_path: object) -> None:
    import subprocess

    code = "from gostop.signals import read_line\nprint(repr(read_line('p> ')), repr(read_line('q> ')))"
    out = subprocess.run([sys.executable, "-c", code], input="a b\nc\n", capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "p> q> 'a b' 'c'"
