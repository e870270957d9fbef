"""The course's autograder: students' code confined by the operating system, answers compared outside it.

Modules, from the wall outwards:

- ``runner`` runs inside the sandbox: a submission's cells, then its functions on the cases it is sent;
- ``plain`` is the only form data crosses the wall in (JSON: numbers, text, lists, arrays; never pickle);
- ``sandbox`` starts the runner under bubblewrap and talks to it, within limits;
- ``cgroup`` puts a sandbox's processes under one memory limit and count, where the machine allows;
- ``execution`` runs one submission's cells and cases, restarting the sandbox after a stop;
- ``checks`` reads the instructor's test cells (in the grader's process) into what to call and compare, for one
  student: the expected values come from the model solution at that student's own numbers (``homework_numbers``);
- ``identity`` says whose numbers a submission is graded with (its owner's), and flags a notebook that names another;
- ``submission`` reads a submitted notebook with care and restores the assignment's cells;
- ``judge`` compares what came back with the expected values, with ``homework_checks``' messages;
- ``autograde`` grades one notebook and records it in nbgrader's gradebook;
- ``witness`` checks that nothing but the grader changed the course, the repository or the grades.

``tools/homework.py grade`` (``make grade``) drives them for a class.
"""
