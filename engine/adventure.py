"""The Adventure: its eight regions (3.2.1.b), their faces and region types (2.2.2.k-l), and the
Tumult cards revealed as expeditions move forward (7.3.11.b)."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import MissingRegionTypes
from .messages import Items, Message, msg
from .places import region_label, types_said
from .trace import Trace
from .vocabulary import ALL_REGION_TYPES, COMPANION_REGION, HERO_REGION, REGION_COUNT, Face, RegionType

__all__ = ["Region", "Adventure", "tumult_halves"]


@dataclass(frozen=True)
class Region:
    """One of the eight regions of the Adventure (3.2.1.b). A value: revealing a Tumult card puts
    face-up regions in the Adventure's place (7.3.11.b), so a scenario's regions are shared by every
    run of it and never turned over by one."""

    index: int
    face: Face = Face.DOWN
    shown_types: frozenset[RegionType] | None = None
    """For a Tumult half: the types it shows when face up; None when the scenario did not say."""

    @property
    def is_end(self) -> bool:
        return self.index in (HERO_REGION, COMPANION_REGION)

    @property
    def label(self) -> str:
        return region_label(self.index)

    def region_types(self) -> frozenset[RegionType]:
        # 2.2.2.k: the hero and companion regions are forest, mountain and water;
        # its remark: face-down Tumult halves have no sub-types; 2.2.2.l: face-up halves show theirs.
        if self.is_end:
            return ALL_REGION_TYPES
        if self.face is Face.DOWN:
            return frozenset()
        return self.shown_types or frozenset()

    def types_rule(self) -> str:
        if self.is_end:
            return "2.2.2.k"
        return "2.2.2.k" if self.face is Face.DOWN else "2.2.2.l"  # face down: the remark of 2.2.2.k


def tumult_halves(index: int) -> tuple[int, int]:
    """The two regions of the Tumult card holding `index`: 1-2, 3-4, 5-6 (3.2.1.b)."""
    first = index if index % 2 == 1 else index - 1
    return first, first + 1


_UNKNOWN_REGIONS = tuple(
    Region(i, Face.UP if i in (HERO_REGION, COMPANION_REGION) else Face.DOWN) for i in range(REGION_COUNT)
)
"""An Adventure the scenario does not describe: the end regions face up, the Tumult halves face down."""


@dataclass
class Adventure:
    regions: list[Region]
    given: bool = False
    """Whether the scenario described the Tumult halves (if not, their types are unknown)."""

    @classmethod
    def unknown(cls) -> "Adventure":
        return cls(list(_UNKNOWN_REGIONS), given=False)

    def __getitem__(self, index: int) -> Region:
        return self.regions[index]

    def reveal(self, index: int, trace: Trace, mover: Message | None = None) -> None:
        """7.3.11.b: the Tumult card is revealed: both of its halves turn face up."""
        halves = tumult_halves(index)
        missing = [i for i in halves if self.regions[i].shown_types is None]
        if missing:
            regions = Items(tuple(msg("place.region", index=i) for i in missing))
            raise MissingRegionTypes(msg("refusal.missing_types_adventure" if not self.given else "refusal.missing_types",
                                         mover=mover or msg("place.an_expedition"), index=index, a=halves[0], b=halves[1],
                                         regions=regions, count=len(missing)))
        for i in halves:
            region = self.regions[i]
            self.regions[i] = Region(region.index, Face.UP, region.shown_types)
        a, b = (self.regions[i] for i in halves)
        trace.add(
            msg("move.tumult_revealed", a=a.index, b=b.index, a_types=types_said(a.region_types()), b_types=types_said(b.region_types())),
            "7.3.11.b",
            "2.2.2.l",
        )
