# nbgrader's settings for the course's homework: read by every nbgrader command run in this folder
# (`make homework` and `make grade` run them here) and by the formgrader of a JupyterLab started here.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from course_grading import GradingExecute, HideHiddenTestTracebacks, RestoreCellMetadata  # noqa: E402
from nbconvert.preprocessors import ClearMetadataPreprocessor, CSSHTMLHeaderPreprocessor  # noqa: E402
from nbgrader.preprocessors import (AssignLatePenalties, CheckCellMetadata, ClearHiddenTests,  # noqa: E402
                                    ClearMarkScheme, ClearOutput, DeduplicateIds, GetGrades, IgnorePattern,
                                    LimitOutput, OverwriteCells, OverwriteKernelspec, SaveAutoGrades)

c = get_config()  # noqa: F821

# The course: source/<assignment>/ holds the instructor's versions; release/, submitted/, autograded/,
# feedback/ and gradebook.db are made beside it.
c.CourseDirectory.root = HERE
c.CourseDirectory.course_id = "linear-classifiers"
# Every file of source/<assignment>/ but these goes to the students with the notebook.
c.CourseDirectory.ignore = [".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback", ".*"]

# The student's version: a rubric (### BEGIN MARK SCHEME ... ### END MARK SCHEME) sits in an explain
# task's read-only question cell, so that the formgrader shows it beside the student's answer.
c.ClearMarkScheme.enforce_metadata = False

# Autograding. A submission's code runs confined (course_grading.GradingExecute, kernel_sandbox.py);
# a cell that runs longer than `timeout` seconds is interrupted and loses its points, and the notebook
# goes on; tools/homework.py also stops a whole submission after SUBMISSION_TIME_LIMIT.
c.Execute.timeout = 30
c.GradingExecute.max_output_chars = 20_000
c.LimitOutput.max_lines = 200
c.LimitOutput.max_traceback = 40
# Test cells that a submission deleted come back; edited ones are restored (nbgrader's checksums), and so
# is every cell's nbgrader metadata (course_grading.RestoreCellMetadata).
c.OverwriteCells.add_missing_cells = True
c.Autograde.sanitize_preprocessors = [ClearOutput, RestoreCellMetadata, DeduplicateIds, OverwriteKernelspec,
                                      OverwriteCells, CheckCellMetadata]
c.Autograde.autograde_preprocessors = [GradingExecute, IgnorePattern, ClearMetadataPreprocessor, LimitOutput,
                                       SaveAutoGrades, AssignLatePenalties, CheckCellMetadata]

# Feedback shows the student's notebook as graded, without the hidden tests' code or the rubrics
# (so the homework can be set again); the messages of failed tests stay, without the tracebacks that quote
# a hidden test's code.
c.ClearHiddenTests.enforce_metadata = False
c.GenerateFeedback.preprocessors = [GetGrades, HideHiddenTestTracebacks, ClearHiddenTests, ClearMarkScheme,
                                     CSSHTMLHeaderPreprocessor]
