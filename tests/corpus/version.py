"""Bad and extreme calls of lecture_utils.require, the check each notebook makes of the installed package."""

import lecture_utils

from . import answers, case, refuses, satisfies

CASES = [
    *[case("require", f"needed = {bad!r}", lambda bad=bad: lecture_utils.require(bad), refuses("needed"))
      for bad in (0.2, None, "", "latest", "0.2.x", "v0.2", ".2")],
    case("require", "an older version than installed", lambda: lecture_utils.require("0.1"),
         answers(satisfies(lambda result: result is None, "no error, nothing returned"))),
    case("require", "the installed version itself", lambda: lecture_utils.require(lecture_utils.__version__),
         answers(satisfies(lambda result: result is None, "no error, nothing returned"))),
    case("require", "a version from the far future", lambda: lecture_utils.require("99.0"),
         refuses("lecture_utils 99.0 or newer", error=ImportError, match="make lab")),
    case("require", "10 is newer than 9, not older (numbers, not text)", lambda: lecture_utils.require("0.10"),
         refuses("0.10", error=ImportError)),
]
