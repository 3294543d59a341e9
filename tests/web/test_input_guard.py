"""The input guard (probe F11): NUL characters, lone surrogates and over-deep JSON, in the path,
the query string, a JSON body or a JSON query parameter, get a 400 in the one JSON error form
(an HTML 400 on pages) before anything reaches the database, and change nothing."""

from __future__ import annotations

import json

import pytest

from tests.web.test_bad_input import refused, snapshot

pytestmark = pytest.mark.django_db

NUL = "\x00"
SURROGATE = "\ud800"


def raw_json(value) -> str:
    """JSON text as a hostile client writes it: a lone surrogate stays a `\\ud800` escape."""
    return json.dumps(value)


def nested(depth: int) -> str:
    """JSON text of `depth` nested lists (built as text: json.dumps itself would recurse)."""
    return "[" * depth + "1" + "]" * depth


@pytest.fixture
def table(make_table, hamlet):
    return make_table(hamlet)


@pytest.mark.parametrize("name", ["ruleset", "state", "pace", "open_seats"])
def test_nul_in_a_query_parameter_of_the_api(api, hamlet, name):
    before = snapshot()
    error = refused(api(hamlet).get(f"/api/tables/?{name}=%00"), 400, "request/invalid", "NUL")
    assert error["data"]["fields"] == {f"query.{name}": "contains a NUL character"}
    assert snapshot() == before


def test_nul_in_a_query_parameter_name(api, hamlet):
    refused(api(hamlet).get("/api/tables/?rule%00set=x"), 400, "request/invalid", "NUL")


def test_nul_in_the_home_page_query_is_a_plain_400(client):
    response = client.get("/?ruleset=%00")
    assert response.status_code == 400
    assert b"NUL" in response.content
    assert b"Traceback" not in response.content


def test_nul_in_a_path_segment(api, hamlet, table):
    before = snapshot()
    error = refused(api(hamlet).post(f"/api/tables/{table['id']}/seats/%00/claim"), 400,
                    "request/invalid", "NUL")
    assert error["data"]["fields"] == {"path": "contains a NUL character"}
    assert snapshot() == before


def test_nul_in_the_authorization_header(api):
    response = api().get("/api/me/", HTTP_AUTHORIZATION=f"Token abc{NUL}def")
    refused(response, 400, "request/invalid", "NUL")


@pytest.mark.parametrize("path,body,field", [
    ("actions", {"cid": "c1", "seat": f"red{NUL}", "decision": "d", "action": {}}, "seat"),
    ("actions", {"cid": f"c{NUL}", "seat": "red", "decision": "d", "action": {}}, "cid"),
    ("actions", {"cid": "c1", "seat": "red", "decision": "d",
                 "action": {"units": [f"x{NUL}"]}}, "action.units.0"),
    ("seats/blue/replace", {"username": f"a{NUL}"}, "username"),
    ("chat", {"channel": "table", "text": f"hi{NUL}"}, "text"),
    ("chat", {"channel": "table", "text": f"hi{SURROGATE}"}, "text"),
    ("chat", {"channel": "table", "text": "hi", f"k{SURROGATE}": 1}, "(key)"),
])
def test_nul_or_surrogate_in_a_json_body(api, hamlet, started_game, path, body, field):
    before = snapshot()
    response = api(hamlet).post(f"/api/games/{started_game['game']}/{path}",
                                data=raw_json(body), content_type="application/json")
    error = refused(response, 400, "request/invalid")
    (where, problem), = error["data"]["fields"].items()
    assert where.endswith(field) or field in where, (where, field)
    assert problem in ("contains a NUL character", "contains a lone surrogate")
    assert snapshot() == before


def test_surrogate_in_table_chat(api, hamlet, table):
    before = snapshot()
    response = api(hamlet).post(f"/api/tables/{table['id']}/chat",
                                data=raw_json({"text": SURROGATE}),
                                content_type="application/json")
    error = refused(response, 400, "request/invalid", "surrogate")
    assert error["data"]["fields"] == {"body.text": "contains a lone surrogate"}
    assert snapshot() == before


@pytest.mark.parametrize("text", ["[" * 30000 + "]" * 30000, nested(5000),
                                  '{"title": "t", "options": %s}' % nested(40)],
                         ids=["brackets-30000", "lists-5000", "options-40"])
def test_over_deep_json_body(api, hamlet, text):
    before = snapshot()
    response = api(hamlet).post("/api/tables/", data=text, content_type="application/json")
    error = refused(response, 400, "request/invalid", "deep")
    assert error["data"]["max_depth"] == 32
    assert snapshot() == before


def test_over_deep_action(api, hamlet, started_game):
    body = '{"cid": "c1", "seat": "red", "decision": "d", "action": %s}' % nested(5000)
    response = api(hamlet).post(f"/api/games/{started_game['game']}/actions",
                                data=body, content_type="application/json")
    refused(response, 400, "request/invalid", "deep")


@pytest.mark.parametrize("query", [nested(1500), raw_json({"units": [f"x{NUL}"]}),
                                   raw_json({"units": [SURROGATE]})],
                         ids=["deep-1500", "nul", "surrogate"])
def test_options_query_parameter_is_guarded_json(api, hamlet, started_game, query):
    from urllib.parse import quote
    response = api(hamlet).get(f"/api/games/{started_game['game']}/options?seat=red"
                               f"&decision=d&query={quote(query)}")
    error = refused(response, 400, "request/invalid")
    assert list(error["data"]["fields"])[0].startswith("query")


def test_a_reasonable_body_still_passes(api, hamlet, table):
    """The guard's limits sit well above what any real call sends."""
    response = api(hamlet).post(f"/api/tables/{table['id']}/chat",
                                {"text": "Guten Tag \u2014 \U0001F600 ok"}, format="json")
    assert response.status_code == 201, response.content


@pytest.mark.parametrize("raw,stored", [
    (f"a{SURROGATE}b", "ab"), ("\udfff", ""), (f" x{NUL}\ty\n ", "xy"),
    ("\U0001F600 ok", "\U0001F600 ok")])
def test_chat_text_drops_what_cannot_be_stored(raw, stored):
    """The socket's chat path does not go through the JSON parser: the text itself is
    cleaned of lone surrogates as of control characters (a real emoji is not a surrogate)."""
    from boardgame.chattext import clean_chat_text
    assert clean_chat_text(raw) == stored
    clean_chat_text(raw).encode("utf-8")


def test_non_ascii_invite_is_a_plain_refusal(api, make_table, hamlet, othello):
    """Found by the schema run once it used real ids: compare_digest raised TypeError for a
    non-ASCII str, so a private table answered 500 to `?invite=é`."""
    tid = make_table(hamlet, visibility="private")["id"]
    before = snapshot()
    refused(api(othello).get(f"/api/tables/{tid}/?invite=%C3%A9"), 403, "table/invite_required")
    refused(api(othello).post(f"/api/tables/{tid}/join", {"invite": "\u00e9"}, format="json"),
            403, "table/invite_required")
    assert snapshot() == before


def test_nul_in_the_options_seat(api, hamlet, started_game):
    error = refused(api(hamlet).get(f"/api/games/{started_game['game']}/options?seat=%00"
                                    "&decision=d"), 400, "request/invalid", "NUL")
    assert error["data"]["fields"] == {"query.seat": "contains a NUL character"}
