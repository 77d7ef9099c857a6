"""A small SI unit parser for laboratory data: ``mmol/L``, ``g/L``, ``kPa``, ``degC``, ...

A unit expression is factors joined by ``/`` (one division) and ``.``/``*``/``·``; each
factor is an SI prefix plus a unit symbol with an optional integer exponent (``m3``, ``s^-1``).
``parse_unit`` returns the factor to the coherent SI unit, the offset (temperatures) and
the dimension; known non-SI units (``degF``, ``mmHg``, ``psi``, ...) parse but say so, and
an expression it cannot read raises ``UnknownUnitError``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

Dimension = tuple[int, int, int, int, int]  # length, mass, time, temperature, amount

PREFIXES = {
    "": 1.0, "k": 1e3, "h": 1e2, "da": 1e1, "d": 1e-1, "c": 1e-2, "m": 1e-3,
    "u": 1e-6, "µ": 1e-6, "μ": 1e-6, "n": 1e-9, "p": 1e-12, "M": 1e6, "G": 1e9,
}
# symbol -> (factor to coherent SI, dimension); the gram's coherent unit is the kilogram.
SI_UNITS: dict[str, tuple[float, Dimension]] = {
    "m": (1.0, (1, 0, 0, 0, 0)),
    "g": (1e-3, (0, 1, 0, 0, 0)),
    "s": (1.0, (0, 0, 1, 0, 0)),
    "K": (1.0, (0, 0, 0, 1, 0)),
    "mol": (1.0, (0, 0, 0, 0, 1)),
    "L": (1e-3, (3, 0, 0, 0, 0)),
    "Pa": (1.0, (-1, 1, -2, 0, 0)),
    "min": (60.0, (0, 0, 1, 0, 0)),
    "h": (3600.0, (0, 0, 1, 0, 0)),
}
# whole expressions that are not SI, with their conversion (factor, offset) to SI
NON_SI: dict[str, tuple[float, float, Dimension, str]] = {
    "degF": (5 / 9, 255.3722222, (0, 0, 0, 1, 0), "K"),
    "°F": (5 / 9, 255.3722222, (0, 0, 0, 1, 0), "K"),
    "mmHg": (133.322, 0.0, (-1, 1, -2, 0, 0), "Pa"),
    "psi": (6894.76, 0.0, (-1, 1, -2, 0, 0), "Pa"),
    "lb": (0.45359237, 0.0, (0, 1, 0, 0, 0), "kg"),
}
CELSIUS = {"degC", "°C"}
_FACTOR = re.compile(r"^([A-Za-zµμ°]+)(?:\^?(-?\d+))?$")

AMOUNT_CONCENTRATION: Dimension = (-3, 0, 0, 0, 1)
MASS_CONCENTRATION: Dimension = (-3, 1, 0, 0, 0)
TEMPERATURE: Dimension = (0, 0, 0, 1, 0)
PRESSURE: Dimension = (-1, 1, -2, 0, 0)
DIMENSION_NAMES = {
    AMOUNT_CONCENTRATION: "amount-of-substance concentration (e.g. mmol/L)",
    MASS_CONCENTRATION: "mass concentration (e.g. g/L)",
    TEMPERATURE: "temperature (K or degC)",
    PRESSURE: "pressure (e.g. kPa)",
}


class UnknownUnitError(ValueError):
    """A unit expression the parser cannot read."""


@dataclass(frozen=True)
class Unit:
    """A parsed unit: ``si_value = value * factor + offset``."""

    text: str
    factor: float
    offset: float
    dimension: Dimension
    is_si: bool

    def to_si(self, value: float) -> float:
        """The value in coherent SI units."""
        return value * self.factor + self.offset


def _factor(token: str, unit_text: str) -> tuple[float, Dimension]:
    m = _FACTOR.match(token)
    if not m:
        raise UnknownUnitError(f"cannot read {token!r} in unit {unit_text!r}")
    symbol, exp = m.group(1), int(m.group(2) or 1)
    for prefix in sorted(PREFIXES, key=len, reverse=True):
        base = symbol[len(prefix):] if symbol.startswith(prefix) else None
        if base and base in SI_UNITS and (prefix == "" or base not in ("min", "h")):
            factor, dim = SI_UNITS[base]
            scale = (PREFIXES[prefix] * factor) ** exp
            return scale, tuple(d * exp for d in dim)  # type: ignore[return-value]
    raise UnknownUnitError(f"{symbol!r} in unit {unit_text!r} is not an SI unit symbol")


def parse_unit(text: str) -> Unit:
    """Parse a unit expression.

    Raises:
        UnknownUnitError: the expression is neither SI nor a known non-SI unit.
    """
    unit_text = text.strip()
    if unit_text in NON_SI:
        factor, offset, dim, _ = NON_SI[unit_text]
        return Unit(unit_text, factor, offset, dim, False)
    if unit_text in CELSIUS:
        return Unit(unit_text, 1.0, 273.15, TEMPERATURE, True)
    if not unit_text:
        raise UnknownUnitError("empty unit")
    parts = unit_text.split("/")
    if len(parts) > 2:
        raise UnknownUnitError(f"unit {unit_text!r} has more than one '/'")
    factor, dim = 1.0, [0, 0, 0, 0, 0]
    for sign, part in zip((1, -1), parts):
        for token in re.split(r"[.*·]", part):
            f, d = _factor(token, unit_text)
            factor *= f if sign == 1 else 1 / f
            dim = [a + sign * b for a, b in zip(dim, d)]
    return Unit(unit_text, factor, 0.0, tuple(dim), True)  # type: ignore[arg-type]


SI_SYMBOLS = {AMOUNT_CONCENTRATION: "mol/m³", MASS_CONCENTRATION: "kg/m³", TEMPERATURE: "K", PRESSURE: "Pa"}


def si_symbol(dim: Dimension) -> str:
    """The coherent SI unit of a dimension, e.g. ``K``."""
    return SI_SYMBOLS.get(dim, "SI units")


def describe(dim: Dimension) -> str:
    """A reader's name for a dimension."""
    return DIMENSION_NAMES.get(dim, f"dimension {dim}")
