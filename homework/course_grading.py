"""The course's additions to nbgrader, named in nbgrader_config.py.

- :class:`SanitizeStudentHTML` (every page nbgrader renders of a graded notebook: the formgrader's and the
  feedback): nbconvert's ``SanitizeHTML`` on the students' cells, so that HTML in an answer (an
  ``<img onerror=...>``, a ``<script>``) shows as text and never runs in the instructor's browser session.
  The assignment's locked cells (questions, rubrics: the instructor's own text, put back by the grader) are
  left as they are.
- :class:`RefuseInKernelAutograde` (nbgrader's ``autograde``, and the formgrader's *Autograde* button): it would
  run students' code in a kernel with the grader's own rights; this course grades with ``make grade``, which
  runs it in a sandbox (``homework/grader``). It stops nbgrader as it starts, before it touches a file.
"""

from nbconvert.exporters import NotebookExporter
from nbconvert.preprocessors.sanitize import SanitizeHTML


class SanitizeStudentHTML(SanitizeHTML):
    """nbconvert's ``SanitizeHTML`` for every cell but the assignment's locked ones."""

    def preprocess_cell(self, cell, resources, index):
        if cell.get("metadata", {}).get("nbgrader", {}).get("locked"):
            return cell, resources
        return super().preprocess_cell(cell, resources, index)


class RefuseInKernelAutograde(NotebookExporter):
    """nbgrader's autograde's exporter: it refuses to be made, so nbgrader's own autograde stops before it begins."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError("nbgrader's own autograde would run students' code unconfined, with the grader's rights: "
                           "grade with `make grade` (tools/homework.py grade), which runs it in a sandbox")
