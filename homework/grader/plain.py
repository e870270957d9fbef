"""Plain data across the sandbox's wall: numbers, text, lists, tuples and numpy arrays as JSON, never pickle.

The grader sends a case's arguments into the sandbox this way, and the sandbox sends back what a student's
function returned and a derived answer's value. :func:`encode` runs on both sides; :func:`decode` must be
safe on whatever the sandbox sends (the student's code can write anything into the channel), so it accepts
only the forms below, within :data:`LIMITS`, and raises :class:`NotPlain` for anything else:

- JSON's ``null``, booleans, numbers (``NaN`` and ``Infinity`` included) and strings;
- ``{"t": "list" | "tuple", "v": [...]}``, ``{"t": "ellipsis"}``, ``{"t": "complex", "v": [re, im]}``;
- ``{"t": "array" | "scalar", "dtype": "<f8", "shape": [...], "data": base64}``, a numpy array or number of
  a plain dtype (booleans, integers, floats, complex numbers, text);
- ``{"t": "other", "type": "Name"}``: any other object, kept as its type's name only (an :class:`Opaque`).

One more form goes only into the sandbox, never out: ``{"t": "function", ...}``, a lambda of a test cell (a
case's argument, such as the function whose minimum ``newton_minimise`` finds), as its source and the values
and modules it names (:func:`encode` and :func:`decode` with ``functions=True``; ``checks.py`` keeps the
source of every lambda of a test cell).

An object the student's code made (a subclass of float with its own ``__eq__``, an object with an
``__array__`` that answers differently each time) therefore crosses as the plain value it converts to, or as
its type's name: nothing of it runs in the grader.
"""

from __future__ import annotations

import base64
import importlib
import json
import math
import numbers
import types

import numpy as np

#: Bounds on what :func:`decode` accepts: nesting, items of a list, bytes of one array, characters of a text.
LIMITS = {"depth": 12, "items": 100_000, "array_bytes": 32 * 2**20, "text": 10_000}
#: The kinds of numpy dtype that cross: booleans, signed and unsigned integers, floats, complex, text.
_KINDS = "biufcU"


class NotPlain(ValueError):
    """What came through the channel is not plain data within :data:`LIMITS`."""


class Opaque:
    """Stands for an object that is not plain data; only its type's name crossed."""

    type_name = "object"

    def __repr__(self) -> str:
        return f"<a {self.type_name}>"


_OPAQUE_TYPES: dict[str, type] = {}


def opaque(type_name: str) -> Opaque:
    """An :class:`Opaque` whose class bears ``type_name`` (so messages can say "a generator, not a number")."""
    name = type_name if type_name.isidentifier() and len(type_name) <= 60 else "object"
    if name not in _OPAQUE_TYPES:
        _OPAQUE_TYPES[name] = type(name, (Opaque,), {"type_name": name})
    return _OPAQUE_TYPES[name]()


# ----------------------------------------------------------------------------------------------
# Encoding
# ----------------------------------------------------------------------------------------------


def encode(value, depth: int = 0, functions: bool = False):
    """``value`` as JSON-ready data: plain values as they are, anything else as its type's name.

    With ``functions``, a function that carries its source (``homework_source``) crosses as that source.
    """
    if functions and isinstance(getattr(value, "homework_source", None), str):
        return _encode_function(value)
    if value is None or type(value) in (bool, float):
        return value
    if type(value) is str:
        return value[:LIMITS["text"]]
    if type(value) is int:
        return value if abs(value) < 10 ** 1000 else _other(value)
    if type(value) is complex:
        return {"t": "complex", "v": [value.real, value.imag]}
    if value is Ellipsis:
        return {"t": "ellipsis"}
    if type(value) in (list, tuple):
        if depth >= LIMITS["depth"] or len(value) > LIMITS["items"]:
            return _other(value)
        return {"t": type(value).__name__, "v": [encode(item, depth + 1) for item in value]}
    if isinstance(value, (np.ndarray, np.generic)):
        return _encode_numpy(value)
    if isinstance(value, numbers.Real) and type(value).__module__ in ("fractions", "decimal"):
        return float(value)                              # a Fraction or Decimal a student typed: its value
    return _other(value)


def _encode_numpy(value):
    array = np.asarray(value)                            # an ndarray subclass as a plain array
    if array.dtype.kind not in _KINDS or array.nbytes > LIMITS["array_bytes"]:
        return _other(value)
    return {"t": "scalar" if isinstance(value, np.generic) else "array", "dtype": array.dtype.str,
            "shape": list(array.shape), "data": base64.b64encode(array.tobytes(order="C")).decode("ascii")}


def _encode_function(function) -> dict:
    codes, names = [function.__code__], set()
    while codes:                                         # the names it reads, nested lambdas' included
        code = codes.pop()
        names.update(code.co_names)
        codes += [constant for constant in code.co_consts if isinstance(constant, types.CodeType)]
    found = {name: function.__globals__[name] for name in names if name in function.__globals__}
    return {"t": "function", "source": function.homework_source,
            "modules": {name: value.__name__ for name, value in found.items() if isinstance(value, types.ModuleType)},
            "values": {name: encode(value) for name, value in found.items() if not isinstance(value, types.ModuleType)}}


def _other(value) -> dict:
    return {"t": "other", "type": type(value).__name__[:60]}


def dumps(record: dict) -> str:
    """One line of the channel: ``record`` as JSON (its values encoded already)."""
    return json.dumps(record, separators=(",", ":"), allow_nan=True) + "\n"


# ----------------------------------------------------------------------------------------------
# Decoding
# ----------------------------------------------------------------------------------------------


def loads(line: str | bytes) -> dict:
    """One line of the channel as a JSON object (``NotPlain`` if it is not one)."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise NotPlain(f"not a JSON line ({error.__class__.__name__})") from None
    if not isinstance(record, dict):
        raise NotPlain("not a JSON object")
    return record


def decode(data, depth: int = 0, functions: bool = False):
    """The value that :func:`encode` gave ``data`` for, checked against :data:`LIMITS`.

    ``functions`` (the sandbox's side only) builds a test cell's lambda from its source.
    """
    if depth > LIMITS["depth"]:
        raise NotPlain("nested too deeply")
    if data is None or type(data) in (bool, int, float):
        return data
    if type(data) is str:
        if len(data) > LIMITS["text"]:
            raise NotPlain("a text too long")
        return data
    if type(data) is not dict:
        raise NotPlain(f"a bare {type(data).__name__}")
    kind = data.get("t")
    if kind in ("list", "tuple"):
        items = data.get("v")
        if type(items) is not list or len(items) > LIMITS["items"]:
            raise NotPlain(f"a {kind} of the wrong form")
        decoded = [decode(item, depth + 1) for item in items]
        return decoded if kind == "list" else tuple(decoded)
    if kind == "ellipsis":
        return Ellipsis
    if kind == "complex":
        parts = data.get("v")
        if not (type(parts) is list and len(parts) == 2 and all(type(part) in (int, float) for part in parts)):
            raise NotPlain("a complex number of the wrong form")
        return complex(*parts)
    if kind in ("array", "scalar"):
        array = _decode_array(data)
        return array[()] if kind == "scalar" else array
    if kind == "function" and functions:
        namespace = {name: importlib.import_module(module) for name, module in data["modules"].items()}
        namespace.update({name: decode(value) for name, value in data["values"].items()})
        return eval(data["source"], namespace)           # the instructor's lambda, inside the sandbox
    if kind == "other":
        name = data.get("type")
        return opaque(name if type(name) is str else "object")
    raise NotPlain(f"an unknown form {str(kind)[:20]!r}")


def _decode_array(data: dict) -> np.ndarray:
    dtype_text, shape, text = data.get("dtype"), data.get("shape"), data.get("data")
    if not (type(dtype_text) is str and len(dtype_text) <= 8 and type(text) is str and type(shape) is list
            and len(shape) <= 32 and all(type(size) is int and 0 <= size <= 2**40 for size in shape)):
        raise NotPlain("an array of the wrong form")
    try:
        dtype = np.dtype(dtype_text)
    except TypeError:
        raise NotPlain("an array of an unknown dtype") from None
    if dtype.kind not in _KINDS or dtype.hasobject or dtype.fields is not None:
        raise NotPlain(f"an array of dtype {dtype_text!r}")
    if len(text) > LIMITS["array_bytes"] * 4 // 3 + 4:
        raise NotPlain("an array too large")
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:
        raise NotPlain("an array whose data is not base64") from None
    if len(raw) != dtype.itemsize * math.prod(shape):
        raise NotPlain("an array whose data does not fill its shape")
    return np.frombuffer(raw, dtype=dtype).reshape(shape).copy()
