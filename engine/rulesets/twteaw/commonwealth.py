"""The British Commonwealth's dominions on the built sheets (TWTEAW "Major nations and
colonies"; rulings 139–142, version 10).

The rulebook's dominions (Canada, South Africa, India, Australia) follow the British Empire into
the war and collect only a quarter of their income while neutral — a smaller share than
Britain's own half. Of the four only South Africa lies on a built sheet. It is not a seat: the
dominion's war state is Britain's (ruling 140), and its income is paid into Britain's one bank
(ruling 141; the location-based pools are the economic-warfare slice's, §7.2).
"""

from __future__ import annotations

from fractions import Fraction

# dominion territory → the nation whose bank it pays and whose war it follows
DOMINIONS = {"south-africa": "britain",
             # the Asian sheet (version 12, ruling 152): British India's territories and Australia
             "pakistan": "britain", "india": "britain", "bombay": "britain", "calcutta": "britain",
             "madras": "britain", "burma": "britain", "australia": "britain",
             # the North American sheet (version 13, ruling 156): Canada's provinces
             "canada": "britain", "maritimes": "britain", "prairies": "britain",
             "british-columbia": "britain", "northern-canada": "britain"}
# "Canada, India, South Africa and Australia receive only 1/4 of the full income while neutral"
DOMINION_NEUTRAL_SHARE = Fraction(1, 4)


def dominion_share(parent_share: Fraction) -> Fraction:
    """A dominion collects all of its income when its parent does (Britain in the war, at war
    with a major, or surrendered: it follows Britain), a quarter whenever Britain collects
    less than all of its own (ruling 140)."""
    return Fraction(1) if parent_share == 1 else DOMINION_NEUTRAL_SHARE
