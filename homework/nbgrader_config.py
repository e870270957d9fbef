# nbgrader's settings for the course's homework: read by every nbgrader command run in this folder
# (`make homework` and `make grade` run them here) and by the formgrader of a JupyterLab started here.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from course_grading import RefuseInKernelAutograde, SanitizeStudentHTML  # noqa: E402
from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor  # noqa: E402
from nbgrader.preprocessors import ClearHiddenTests, ClearMarkScheme, GetGrades  # noqa: E402

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

# Autograding is `make grade` (tools/homework.py and homework/grader): students' code runs in a sandbox and
# the scores are compared outside it. nbgrader's own autograde would run it in a kernel with the grader's
# rights, so it refuses as it starts (before it removes a file), from the command line and the formgrader alike.
c.Autograde.exporter_class = RefuseInKernelAutograde

# Every page nbgrader renders of a graded notebook (the formgrader's, the feedback) shows the HTML of the
# students' cells as text: nothing a student wrote runs in the instructor's browser.
c.HTMLExporter.preprocessors = [SanitizeStudentHTML]
c.HTMLExporter.sanitize_html = True

# Feedback shows the student's notebook as graded, without the hidden tests' code or the rubrics (so the
# homework can be set again); a failed test shows its message (a hidden case named by what it tests).
c.ClearHiddenTests.enforce_metadata = False
c.GenerateFeedback.preprocessors = [GetGrades, ClearHiddenTests, ClearMarkScheme, CSSHTMLHeaderPreprocessor]
