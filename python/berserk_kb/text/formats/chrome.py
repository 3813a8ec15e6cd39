"""The site's chrome around a web page's content, told by the words a page names it with and by
how much of it is links — the signals readability-style extractors use for a page that marks no
``main`` or ``article`` (see :mod:`.html`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from .pagelinks import contents_box, names

#: words of a ``class``/``id``/``role`` that name the site's chrome (as readability-style extractors
#: read them): ``<div id="menu">``, ``class="ad"``, ``class="sidebar-left"``, ``class="share-buttons"``
CHROME_WORDS = {"menu", "menubar", "nav", "navbar", "navigation", "sidebar", "banner", "ad", "ads", "advert",
                "adverts", "advertisement", "advertising", "reklama", "breadcrumbs", "breadcrumb", "cookie",
                "cookies", "share", "sharing", "social", "promo", "sponsor", "sponsored", "popup", "subscribe",
                "newsletter", "masthead", "topbar", "toolbar", "widget", "widgets", "related", "comments",
                # a forum's post chrome (phpBB's class names) and a generic byline or meta line
                "author", "signature", "copyright", "postprofile", "notice", "jumpbox", "byline", "meta"}
#: whole ``class``/``id`` names of the chrome whose words alone name none: phpBB's ``post-buttons``
CHROME_NAMES = {"post-buttons"}
#: the line a document service prints under a page it publishes, not the document's text
PUBLISHER_NOTE = re.compile(r"^\s*(?:Опубликовано\s+в\s+Google\s+(?:Документах|Docs)|Published\s+(?:by|using|with)\s+"
                             r"Google\s+(?:Docs|Drive))\s*[.–—-]?\s*(?:(?:Сообщить\s+о\s+нарушении|Report\s+abuse)\s*[.–—-]?\s*)*"
                             r"(?:(?:Обновляется\s+автоматически|Updated\s+automatically)[^.]*\.?\s*)?$", re.IGNORECASE)
LINK_BLOCKS = {"div", "ul", "ol", "p", "section", "table", "header", "footer", "center"}
_CHROME_ROLES = {"navigation", "banner", "contentinfo", "search", "complementary"}
#: (MediaWiki's «Материал из …» line is ``#siteSub``, its redirect note ``#contentSub``)
_CHROME_NAME = re.compile(r"cookie|breadcrumb|^(?:mw-editsection|catlinks|printfooter|mw-jump-link|navbox|"
                          r"sitesub|contentsub2?|jump-to-nav|mw-indicators|"
                          r"skip-?link|site-?(?:header|footer|nav))$", re.IGNORECASE)
#: a block named as the page's header or footer (a published Google Doc's ``<div id="footer">``, a
#: site's ``<div class="footer-links">``)
_FURNITURE_NAME = re.compile(r"^(?:page-?)?(?:header|footer)$|^footer[-_]", re.IGNORECASE)
_SECTIONING = {"article", "aside", "main", "nav", "section"}


def site_chrome(el, tag: str, text: Callable[[object], str]) -> bool:
    """Part of the site around the content, not of the content (see :mod:`.html`). A box of the
    article's own (an ``<aside>``, a ``class="sidebar"`` block standing in the article's text:
    :func:`_in_article`) is its note or example, kept, unless it is mostly links. ``text``: the
    displayed text of an element."""
    boxed = tag == "aside" or (el.get("role") or "").lower() == "complementary" \
        or any(w.lower() == "sidebar" for n in names(el) for w in re.split(r"[-_\s]+", n))
    if boxed and _in_article(el) and not mostly_links(el, text):
        return False
    if tag in ("nav", "aside") or (el.get("role") or "").lower() in _CHROME_ROLES:
        return not contents_box(el, tag, text)  # a page's own contents, even in a ``nav``, is read as contents
    if tag in ("header", "footer") or any(_FURNITURE_NAME.match(n) for n in names(el)):
        return not any(isinstance(up.tag, str) and up.tag.lower() in _SECTIONING for up in el.iterancestors())
    if any(_CHROME_NAME.search(n) for n in names(el)) or chrome_words(el):
        return not contents_box(el, tag, text)
    return tag in LINK_BLOCKS and mostly_links(el, text)


def _in_article(el) -> bool:
    """``el`` stands in the article's own text: inside an ``<article>``, or inside a ``<main>`` that
    holds no ``<article>`` (beside the article, a box in ``<main>`` is the site's: «Популярное»)."""
    for up in el.iterancestors():
        if not isinstance(up.tag, str):
            continue
        if up.tag.lower() == "article":
            return True
        if up.tag.lower() == "main" or (up.get("role") or "").lower() == "main":
            return not up.xpath(".//article")
    return False


def chrome_words(el) -> bool:
    """True when a word of ``el``'s ``class``, ``id`` or ``role`` (split at «-», «_» and camelCase)
    is one of :data:`CHROME_WORDS`, or a whole name one of :data:`CHROME_NAMES`."""
    names = [*(el.get("class") or "").split(), *(el.get("id") or "").split(), el.get("role") or ""]
    words = {w.lower() for n in names for w in re.split(r"[-_\s]+|(?<=[a-z])(?=[A-Z])", n) if w}
    return bool(words & CHROME_WORDS or {n.lower() for n in names} & CHROME_NAMES)


def mostly_links(el, text: Callable[[object], str]) -> bool:
    """A block that is mostly links to other pages (a menu with no name): three links or more,
    their text at least 70% of its letters, no paragraph number in it, not a list a sentence
    introduces («…бывают:»), not inside a list item, and not between two blocks of the article's
    text (:func:`_prose`). ``text``: the displayed text of an element."""
    links = [a for a in el.iter("a") if not (a.get("href") or "#").startswith("#")]
    if len(links) < 3:
        return False
    letters = len(re.findall(r"[^\W\d_]", text(el)))
    linked = sum(len(re.findall(r"[^\W\d_]", text(a))) for a in links)
    if not letters or linked < 0.7 * letters or re.search(r"\b\d{3}(?:\.\d{1,3})*\.", text(el)):
        return False
    up, prev = el.getparent(), el.getprevious()
    while up is not None:
        if isinstance(up.tag, str) and up.tag.lower() == "li":
            return False
        up = up.getparent()
    if prev is not None and text(prev).rstrip().endswith(":"):
        return False
    return not (_prose(prev, text, _PARAGRAPHS) and _prose(el.getnext(), text, _PARAGRAPHS | _HEADINGS))


#: the blocks an article's text is written in
_PARAGRAPHS, _HEADINGS = {"p", "blockquote", "dl"}, {"h1", "h2", "h3", "h4", "h5", "h6"}


def _prose(el, text: Callable[[object], str], kinds: set[str]) -> bool:
    """``el`` is a block of the article's text (its tag one of ``kinds``) with words in it and no
    more than half of its letters linked. A list of links right after a paragraph of such text and
    right before a paragraph or heading sits inside the content (a list of card names in a rule),
    not in the site around it (a menu under the site's title stands after a heading)."""
    if el is None or not isinstance(el.tag, str) or el.tag.lower() not in kinds:
        return False
    letters = len(re.findall(r"[^\W\d_]", text(el)))
    linked = sum(len(re.findall(r"[^\W\d_]", text(a))) for a in el.iter("a"))
    return letters >= 2 and linked * 2 <= letters
