"""fu13i I1 on the web: the page of a list item cut off at a fragment's start, the id ``search``
and ``check`` print (kb/sources/000_ee1f512a66c0b866.txt, line 1)."""

from __future__ import annotations

from urllib.parse import quote

CUT_OFF = "B:~000_ee1f512a66c0b866/item1"
TEXT = "подавляются до появления новой базовой именной особенности, если были собственными."


def test_a_cut_off_list_item_has_a_page_of_its_own(get, reading):
    path = "/B/" + quote("~000_ee1f512a66c0b866/item1")
    assert reading.unit_path(CUT_OFF) == path  # search hits and findings link to it
    page = get(path + ".json")
    assert page.status == 200, page.text[:300]
    assert [p["id"] for p in page.json()["paragraphs"]] == [CUT_OFF]
    html = get(path)
    assert html.status == 200 and TEXT in html.text


def test_the_static_site_has_that_page(reading):
    from berserk_kb.web.site import pages_of

    assert "/B/" + quote("~000_ee1f512a66c0b866/item1") in {path for path, _, _ in pages_of(reading)}
