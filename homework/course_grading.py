"""The course's additions to nbgrader's autograder, named in nbgrader_config.py.

- :class:`RestoreCellMetadata` (sanitising, before nbgrader's ``OverwriteCells``): every cell that
  claims to be one of the assignment's cells gets that cell's nbgrader metadata back from the
  gradebook (what the instructor's version says: grade, solution, locked, points), so a submission
  that edited a cell's metadata (points, "grade": false on a test, another grade_id, a test turned
  into a solution) is graded as if it had not. A cell naming an unknown or repeated grade_id
  becomes an ordinary cell. nbgrader then restores the source of every locked cell (the tests, the
  hidden tests with them) and adds back the test cells a submission deleted
  (``OverwriteCells.add_missing_cells``).
- :class:`GradingExecute` (nbgrader's ``Execute``, for autograding): the kernel starts in the
  submission's folder with :mod:`kernel_sandbox` installed (no writes outside that folder and a
  private scratch folder, no reading the rest of the course, no subprocesses), and each cell's
  output is cut at ``max_output_chars`` as it arrives, so a submission that prints megabytes
  neither fills the grader's memory nor the graded notebook.
- :class:`HideHiddenTestTracebacks` (feedback): a failed hidden test's traceback, which quotes its
  code, is cut to its message.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile

from nbclient.util import run_sync
from nbformat.notebooknode import NotebookNode
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.preprocessors import Execute, NbGraderPreprocessor
from traitlets import Integer, Unicode

HERE = os.path.dirname(os.path.abspath(__file__))


class RestoreCellMetadata(NbGraderPreprocessor):
    """Give each of the assignment's cells in a submission its nbgrader metadata from the gradebook."""

    def preprocess(self, nb, resources):
        notebook, assignment = resources["nbgrader"]["notebook"], resources["nbgrader"]["assignment"]
        with Gradebook(resources["nbgrader"]["db_url"]) as gradebook:
            source = gradebook.find_notebook(notebook, assignment)
            self.known = {cell.name: cell for cell in source.source_cells}
            self.grade = {cell.name: cell.max_score for cell in source.grade_cells}
            self.task = {cell.name: cell.max_score for cell in source.task_cells}
            self.solution = {cell.name for cell in source.solution_cells}
            self.seen = set()
            return super().preprocess(nb, resources)

    def preprocess_cell(self, cell, resources, index):
        claimed = cell.metadata.get("nbgrader")
        if claimed is None:
            return cell, resources
        grade_id = claimed.get("grade_id") if isinstance(claimed, dict) else None
        if grade_id not in self.known or grade_id in self.seen:
            self.log.warning("Cell %s names %s, which is not one of the assignment's cells (or repeats one): "
                             "graded as an ordinary cell", index, grade_id)
            del cell.metadata["nbgrader"]
            return cell, resources
        self.seen.add(grade_id)
        source = self.known[grade_id]
        restored = {"grade_id": grade_id, "schema_version": 3, "locked": bool(source.locked),
                    "solution": grade_id in self.solution, "grade": grade_id in self.grade,
                    "task": grade_id in self.task, "cell_type": source.cell_type}
        if grade_id in self.grade or grade_id in self.task:
            restored["points"] = float(self.grade.get(grade_id, self.task.get(grade_id)))
        if source.checksum:
            restored["checksum"] = source.checksum
        if not restored["task"]:
            del restored["task"]
        changed = {key: (claimed.get(key), value) for key, value in restored.items()
                   if key != "checksum" and claimed.get(key) != value and not (key == "task" and not value)}
        if changed:
            self.log.warning("Cell %s: nbgrader metadata %s restored from the gradebook", grade_id, changed)
        cell.metadata["nbgrader"] = restored
        if cell.cell_type != source.cell_type:          # nbgrader's OverwriteCells converts it back
            cell.metadata["nbgrader"]["cell_type"] = source.cell_type
        return cell, resources


class GradingExecute(Execute):
    """nbgrader's Execute, with the kernel confined (kernel_sandbox.py) and each cell's output capped."""

    max_output_chars = Integer(20_000, help="Characters of output kept per cell; the rest is cut.").tag(config=True)
    course_root = Unicode(HERE, help="The course directory, which a submission may not read outside its "
                                     "own folder.").tag(config=True)

    def preprocess(self, nb, resources, km=None):
        self._used = {}
        self._scratch = tempfile.mkdtemp(prefix="homework-scratch-")
        try:
            return super().preprocess(nb, resources, km=km)
        finally:
            shutil.rmtree(self._scratch, ignore_errors=True)

    async def async_start_new_kernel(self, **kwargs):
        env = dict(os.environ, TMPDIR=self._scratch, TEMP=self._scratch, TMP=self._scratch,
                   MPLCONFIGDIR=self._scratch, PYTHONDONTWRITEBYTECODE="1",
                   HOMEWORK_COURSE=os.path.realpath(self.course_root))
        kwargs["env"] = env
        sandbox = os.path.join(HERE, "kernel_sandbox.py")
        start = f'__import__("runpy").run_path({sandbox!r}, run_name="kernel_sandbox") and None'
        if not any(argument.startswith("--IPKernelApp.exec_lines") for argument in self.extra_arguments):
            self.extra_arguments = [*self.extra_arguments, f"--IPKernelApp.exec_lines={start}"]
        return await super().async_start_new_kernel(**kwargs)

    start_new_kernel = run_sync(async_start_new_kernel)      # nbclient's sync name is bound to its own method

    def output(self, outs, msg, display_id, cell_index):
        """Keep at most ``max_output_chars`` characters of a cell's output, whatever the kernel sends."""
        kind = msg["msg_type"]
        if kind == "error":                              # kept, cut to a readable size
            content = msg["content"]
            content["evalue"] = _cut(str(content.get("evalue", "")), 2_000)
            content["traceback"] = [_cut(line, 2_000) for line in content.get("traceback", [])[-50:]]
            return super().output(outs, msg, display_id, cell_index)
        if kind not in ("stream", "display_data", "execute_result", "update_display_data"):
            return super().output(outs, msg, display_id, cell_index)
        used = self._used.get(cell_index, 0)
        size = len(msg["content"]["text"]) if kind == "stream" else len(json.dumps(msg["content"].get("data", {})))
        room = self.max_output_chars - used
        if size <= room:
            self._used[cell_index] = used + size
            return super().output(outs, msg, display_id, cell_index)
        if room < 0:                                     # already cut
            return None
        self._used[cell_index] = self.max_output_chars + 1          # room < 0 from now on
        kept = msg["content"]["text"][:room] if kind == "stream" else ""
        note = NotebookNode(output_type="stream", name="stdout",   # stdout: nbgrader zeroes a test cell with stderr
                            text=f"{kept}\n... output cut: this cell printed more than {self.max_output_chars} "
                                 "characters (the autograder's limit)\n")
        outs.append(note)
        return note


class HideHiddenTestTracebacks(NbGraderPreprocessor):
    """In the feedback, a failed hidden test shows its message only: ``ename: evalue``.

    IPython's traceback quotes the lines of the cell around the failing call, which for a hidden test
    would show its code to the student after ``ClearHiddenTests`` took it out of the cell. Runs before it.
    """

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code" and "BEGIN HIDDEN TESTS" in cell.source:
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return cell, resources


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width] + " ..."
