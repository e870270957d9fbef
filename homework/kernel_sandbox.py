"""Run by the autograder's kernel when it starts, before any cell: what a submission's code may touch.

An audit hook (PEP 578; it cannot be removed once added) refuses, with PermissionError:

- writing, creating, renaming, deleting or linking a file anywhere but the submission's own folder
  (the kernel's working directory) and a private scratch folder (``TMPDIR``, removed after grading);
- reading or listing anything in the course directory outside that folder (other students' work,
  the instructor's sources with their solutions and hidden tests, the gradebook);
- starting a program (``subprocess``, ``os.system``, ``os.exec*``, ``os.fork``) or sending a signal
  (``os.kill``), which would escape the hook.

This stops ordinary code (``open``, ``pathlib``, ``shutil``, ``numpy.save``, ``sqlite3``) and
mistakes; it is not a sandbox against code written to escape it (``ctypes`` can call the C library
directly). ``tools/homework.py`` therefore also compares the course directory before and after each
submission and flags a submission that changed anything outside its folder, and the README asks
instructors to grade inside a container or a JupyterHub user server. The autograder's
``GradingExecute`` (course_grading.py) sets the two folders in the environment:
``HOMEWORK_COURSE`` (the course directory) and ``TMPDIR``.
"""

import os
import sys


def install() -> None:
    own = os.path.realpath(os.getcwd())
    scratch = os.path.realpath(os.environ["TMPDIR"])
    course = os.path.realpath(os.environ["HOMEWORK_COURSE"])
    writable = (own, scratch, "/dev/null")
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
    realpath, fspath, join, isabs = os.path.realpath, os.fspath, os.path.join, os.path.isabs
    getcwd = os.getcwd

    def inside(path: str, folders) -> bool:
        return any(path == folder or path.startswith(folder + os.sep) for folder in folders)

    def resolved(path):
        if isinstance(path, int):                       # a file descriptor, opened (and checked) before
            return None
        path = fspath(path)
        path = path.decode(errors="replace") if isinstance(path, bytes) else path
        return realpath(path if isabs(path) else join(getcwd(), path))

    def refuse(what: str, path=None):
        raise PermissionError(f"{what}{f' {path}' if path else ''} is not allowed while homework is graded")

    def check_write(path):
        path = resolved(path)
        if path is not None and not inside(path, writable):
            refuse("writing outside the submission's folder:", path)

    def check_read(path):
        path = resolved(path)
        if path is not None and inside(path, (course,)) and not inside(path, (own,)):
            refuse("reading the course's files outside the submission's folder:", path)

    def hook(event: str, args: tuple) -> None:
        if event == "open":
            path, mode, flags = args
            writing = (isinstance(mode, str) and any(letter in mode for letter in "wax+")) or bool(flags & write_flags)
            (check_write if writing else check_read)(path)
        elif event in ("os.remove", "os.rmdir", "os.mkdir", "os.truncate", "os.chmod", "os.chown", "os.utime",
                       "os.chflags", "os.lchflags", "os.setxattr", "os.removexattr", "shutil.rmtree"):
            check_write(args[0])
        elif event in ("os.rename", "os.link", "os.symlink", "shutil.copyfile", "shutil.copytree", "shutil.move"):
            check_write(args[0])
            check_write(args[1])
        elif event in ("os.listdir", "os.scandir", "glob.glob", "os.chdir"):
            check_read(args[0] if args[0] is not None else ".")
        elif event == "sqlite3.connect":
            check_write(args[0]) if args[0] != ":memory:" else None
        elif event in ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
                       "os.forkpty", "pty.spawn", "os.kill", "os.killpg", "os.startfile"):
            refuse(f"{event}()")

    sys.addaudithook(hook)


install()
del install
