"""What a widget shows under its controls, for every reader: the picture with its description, and the status.

ipywidgets' ``Image`` has no alt text, and its ``HTML`` is rebuilt on every
change, so a screen reader neither names the picture nor announces the new
state. :class:`FigureView` draws both itself (an anywidget: a few lines of
JavaScript that JupyterLab runs with no build step): an ``<img>`` whose
``alt`` is the picture's description, and under it a status line that is a
polite live region (``role="status"``), kept in place so that each new text
is read out once the reader's current sentence ends. It also names the
controls of its widget that ipywidgets leaves without a name for a screen
reader: a slider's handle gets its label's text, the buttons of a ``Play``
their action.
"""

from __future__ import annotations

import time

import anywidget
import traitlets

_ESM = """
const PLAY_ACTIONS = { "fa-play": "Play", "fa-pause": "Pause", "fa-stop": "Stop", "fa-retweet": "Repeat" };

// Give every slider handle and icon-only button of the widget's box an accessible name.
function nameControls(box) {
  for (const slider of box.querySelectorAll(".widget-slider")) {
    const label = slider.querySelector(".widget-label");
    const name = (label && label.textContent.trim()) || slider.title || "value";
    for (const handle of slider.querySelectorAll(".noUi-handle")) {
      if (handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
    }
  }
  for (const button of box.querySelectorAll("button")) {
    if (button.textContent.trim() || button.getAttribute("aria-label")) continue;
    const icon = [...(button.querySelector("i") || button).classList].find(c => c in PLAY_ACTIONS);
    button.setAttribute("aria-label", PLAY_ACTIONS[icon] || button.title || "button");
  }
}

function watchControls(el) {
  const box = el.closest(".lecture-widget");
  if (!box) { requestAnimationFrame(() => watchControls(el)); return; }   // not yet in the page
  nameControls(box);
  new MutationObserver(() => nameControls(box)).observe(box, { childList: true, subtree: true });
}

// anywidget gives up on a model whose code took the page over 2 s to start (a page busy with Run All on a
// crowded hub), and drops every message the kernel sends it afterwards: the picture would never change. So the
// view asks the kernel for an answer until one comes, and says when one has not come; the kernel then shows a
// new view in its place (FigureView.unanswered).
function askUntilAnswered(model) {
  let answered = false, stopped = false;
  const onMessage = (message) => { if (message === "pong") answered = true; };
  model.on("msg:custom", onMessage);
  const ask = () => {
    if (answered || stopped) return;
    model.send("ping");
    setTimeout(() => {
      if (answered || stopped) return;
      model.send("unanswered");
      ask();
    }, 8000);
  };
  ask();
  return () => { stopped = true; model.off("msg:custom", onMessage); };
}

function render({ model, el }) {
  const picture = document.createElement("img");
  picture.className = "lecture-picture";
  const status = document.createElement("div");
  status.className = "lecture-status";
  status.setAttribute("role", "status");          // a polite live region: read out when it changes
  status.setAttribute("aria-live", "polite");
  el.append(picture, status);
  let shown = null;
  const showPicture = () => {
    const url = URL.createObjectURL(new Blob([model.get("png")], { type: "image/png" }));
    picture.onload = () => { if (shown) URL.revokeObjectURL(shown); shown = url; };
    picture.src = url;
  };
  const showWidth = () => { picture.style.width = model.get("width"); };
  const showAlt = () => { picture.alt = model.get("alt"); };
  const showStatus = () => { status.textContent = model.get("status"); };
  showWidth(); showAlt(); showPicture(); showStatus();
  watchControls(el);
  model.on("change:png", showPicture);
  model.on("change:alt", showAlt);
  model.on("change:width", showWidth);
  model.on("change:status", showStatus);
  const stopAsking = askUntilAnswered(model);
  return () => { stopAsking(); if (shown) URL.revokeObjectURL(shown); };
}
export default { render };
"""

_CSS = """
.lecture-picture { display: block; max-width: 100%; height: auto; }
.lecture-status { font-size: calc(var(--jp-content-font-size1, 14px) + 1px); line-height: 1.4;
                  color: var(--jp-content-font-color1, #000); padding-top: 2px; }
"""


class FigureView(anywidget.AnyWidget):
    """A figure's picture (PNG bytes) with its alt text, and a status line that screen readers announce.

    Attributes
    ----------
    png : bytes
        The picture, drawn at twice the screen's resolution.
    alt : str
        What the picture shows, in words (the ``<img>``'s ``alt``).
    width : str
        The CSS width at which the picture is shown (its natural size, never stretched).
    status : str
        The one-line status under the picture.
    unanswered : callable or None
        Called when a page's view of this model gets no answer from the kernel though the kernel answered it
        long before: that page drops every message to the model (anywidget gave up on starting it), and a new
        view should take this one's place.
    """

    _esm = _ESM
    _css = _CSS
    png = traitlets.Bytes(b"").tag(sync=True)
    alt = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    #: Seconds an answer may take to reach the page: a view that says it got none, later than this after the kernel
    #: sent it, drops what the kernel sends (sooner, the kernel was busy and answers are still on their way).
    ANSWER_TRAVEL_S = 4.0

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.unanswered = None
        self._answered_at = None
        self.on_msg(self._on_view_message)

    def _on_view_message(self, _, content, buffers) -> None:
        if content == "ping":
            self._answered_at = time.monotonic()
            self.send("pong")
        elif (content == "unanswered" and self.unanswered is not None and self._answered_at is not None
              and time.monotonic() - self._answered_at > self.ANSWER_TRAVEL_S):
            self.unanswered()

    def copy(self) -> FigureView:
        """A new view showing what this one shows."""
        return FigureView(png=self.png, alt=self.alt, width=self.width, status=self.status)
