"""Profile addresses of social and code sites: the handle in ``linkedin.com/in/…``, ``github.com/…``,
``weibo.com/u/…`` names its owner as a labelled account does (:mod:`pipelines.receive.pii.accounts`).
Runs on the normalised view.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

# A profile address names its owner: "linkedin.com/in/priya-raman-42", "github.com/octocat99", "weibo.com/u/1234567890".
# The handle is masked, the site stays; a repository ("github.com/org/repo") or a site page is no profile.
_PROFILE_URL = re.compile(
    r"(?<![A-Za-z0-9.-])(?:https?://)?(?:www\.|m\.)?(?:linkedin\.com/in|github\.com|gitlab\.com|x\.com|twitter\.com"
    r"|instagram\.com|facebook\.com|fb\.com|tiktok\.com|threads\.net|t\.me|weibo\.com(?:/u)?|space\.bilibili\.com"
    r"|douyin\.com/user|xiaohongshu\.com/user/profile|youtube\.com|reddit\.com/u(?:ser)?|medium\.com|zhihu\.com/people"
    r"|douban\.com/people|mastodon\.social|bsky\.app/profile)/(?P<id>@?[A-Za-z0-9_][A-Za-z0-9_.-]{1,63}(?<![.-]))"
    r"(?![A-Za-z0-9_-]|/[A-Za-z0-9_]|\.[A-Za-z0-9])"
)
_HOST_ENDS = (".com/", ".me/", ".net/", ".app/", ".social/")
_SITE_PAGES = frozenset(
    "about features pricing login signup explore settings search home help terms privacy topics trending marketplace "
    "orgs enterprise sponsors watch channel c user hashtag share intent i p reel reels status notifications messages".split()
)


def find_profiles(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the handles in profile addresses of the normalised ``text`` (the site stays as written)."""
    if not any(host in text for host in _HOST_ENDS):
        return
    for match in _PROFILE_URL.finditer(text):
        if match.group("id").lstrip("@").lower() not in _SITE_PAGES:
            yield match.span("id")
