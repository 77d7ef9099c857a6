"""Names after German and French contact labels, names with diacritics, and the unit that ends an address.

"Ansprechpartner: Jürgen Vogt, Tel. …" keeps no name, "12 rue des Lilas, 75019 Paris,
appartement 4B" and 「復興南路一段 390 號 5 樓之 2」 are masked up to the unit; order numbers,
pick-up codes, versions and a hotel room stay as written.
"""
from __future__ import annotations

import pytest

from pipelines.receive.pii import mask_pii

SECRETS = [
    ("Ansprechpartner: Jürgen Vogt, Tel. 0171 2345678", ("Jürgen", "Vogt", "2345678")),
    ("Interlocutrice : Hélène Dubois, 06 11 22 33 44", ("Hélène", "Dubois")),
    ("Contact person: Zoë Åberg, +46 70 123 45 67", ("Zoë", "Åberg")),
    ("Adresse : 4 rue Oberkampf, 75011 Paris, appartement 12C", ("Oberkampf", "12C")),
    ("Lieferung an Gartenstraße 9, 10115 Berlin, 2. Stock", ("Gartenstraße", "2. Stock")),
    ("地址：新北市板橋區文化路一段 100 號 7 樓之 3", ("文化路", "之 3")),
]
CONTROLS = ["取件码 6-3-2041", "Order #A-1029384", "升级到 v2.13.4 之后", "Room 1203 at the Hilton", "HTTP 404 Not Found",
            "Chapter 12, section 3.4"]


@pytest.mark.parametrize(("text", "secrets"), SECRETS)
def test_the_name_and_the_whole_address_are_masked(text: str, secrets: tuple[str, ...]) -> None:
    masked = mask_pii(text).text
    assert not [s for s in secrets if s in masked], masked


@pytest.mark.parametrize("text", CONTROLS)
def test_look_alikes_stay_as_written(text: str) -> None:
    assert mask_pii(text).text == text
