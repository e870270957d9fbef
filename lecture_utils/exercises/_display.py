"""How a check's verdict appears in a notebook: the message, and a button for the worked solution.

The button appears once the student has answered (any answer, right or
wrong), as a locked cell's outcome does: a solution can settle a later
exercise too. The solution is written into the page only when the button is
pressed, so an executed notebook, its HTML export and its slides hold no
answer. Where no widget frontend runs (nbval, GitHub, an exported page), the
verdict shows as text.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

#: Colour of each verdict's left border (Okabe-Ito: bluish green, orange, vermillion, grey).
COLOURS = {"correct": "#009E73", "close": "#E69F00", "wrong": "#D55E00", "invalid": "#D55E00",
           "unanswered": "#999999"}


def feedback_html(feedback) -> str:
    """The verdict as a bordered block of HTML; line breaks of the message are kept."""
    text = html.escape(repr(feedback)).replace("\n", "<br>")
    return (f'<div style="border-left: 4px solid {COLOURS[feedback.verdict]}; padding: 2px 10px; '
            f'font-size: 14px; white-space: pre-wrap; font-family: inherit">{text}</div>')


def solution_toggle(exercise) -> widgets.VBox:
    """A "Show the solution" button that writes the worked solution below itself when pressed."""
    shown = widgets.Output()
    toggle = widgets.ToggleButton(description="Show the solution", icon="eye",
                                  layout=widgets.Layout(width="auto", align_self="flex-start"),
                                  tooltip="Try first: the solution gives the answer away.")

    def on_toggle(change):
        shown.clear_output()
        toggle.description = "Hide the solution" if change["new"] else "Show the solution"
        if change["new"]:
            with shown:
                exercise.show_solution()

    toggle.observe(on_toggle, names="value")
    return widgets.VBox([toggle, shown])


#: The verdicts of an answer: only after one does the solution button appear, as the outcome of a locked cell does.
ANSWERED = ("correct", "close", "wrong")


def feedback_widget(feedback) -> widgets.VBox:
    """The verdict as a widget: its message, and once the student has answered, the solution button."""
    message = widgets.HTML(feedback_html(feedback))
    answered = feedback.exercise is not None and feedback.verdict in ANSWERED
    return widgets.VBox([message, solution_toggle(feedback.exercise)] if answered else [message])


def feedback_bundle(feedback) -> dict:
    """The mimebundle of a verdict: :func:`feedback_widget` with text fallbacks."""
    bundle = feedback_widget(feedback)._repr_mimebundle_()
    bundle["text/plain"] = repr(feedback)
    bundle["text/html"] = feedback_html(feedback)
    return bundle
