"""Table chat (before the game starts): post and read, `since` paging, who may read and write,
bad text, the rate limit, raw text never rendered as HTML, and the schema."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from boardgame.lobby.models import TableChatMessage

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def chat(tid: int) -> str:
    return f"/api/tables/{tid}/chat"


def post(client, tid: int, text, suffix: str = ""):
    return client.post(chat(tid) + suffix, {"text": text}, format="json")


def test_post_and_read(api, make_table, hamlet, othello):
    tid = make_table(hamlet)["id"]
    first = post(api(hamlet), tid, "  Shall we begin?  ")
    assert first.status_code == 201, first.json()
    body = first.json()
    assert body["seq"] == 1 and body["user"] == "hamlet" and body["text"] == "Shall we begin?"
    assert body["created"]
    assert post(api(othello), tid, "Gladly.").json()["seq"] == 2
    read = api().get(chat(tid))  # anyone may read a public table's chat
    assert read.status_code == 200
    assert [(m["seq"], m["user"], m["text"]) for m in read.json()["messages"]] == [
        (1, "hamlet", "Shall we begin?"), (2, "othello", "Gladly.")]


def test_since_paging_and_the_last_200(api, make_table, hamlet):
    tid = make_table(hamlet)["id"]
    for n in range(3):
        post(api(hamlet), tid, f"m{n}")
    assert [m["seq"] for m in api(hamlet).get(chat(tid) + "?since=1").json()["messages"]] == [2, 3]
    assert api(hamlet).get(chat(tid) + "?since=3").json()["messages"] == []
    assert api(hamlet).get(chat(tid) + "?since=x").status_code == 400
    from boardgame.lobby.models import Table
    table = Table.objects.get(pk=tid)
    TableChatMessage.objects.bulk_create(
        [TableChatMessage(table=table, seq=n, user=hamlet, text=f"m{n}") for n in range(4, 251)])
    messages = api(hamlet).get(chat(tid)).json()["messages"]
    assert len(messages) == 200 and messages[0]["seq"] == 51 and messages[-1]["seq"] == 250


def test_seq_counts_per_table(api, make_table, hamlet):
    one, two = make_table(hamlet)["id"], make_table(hamlet)["id"]
    post(api(hamlet), one, "a")
    post(api(hamlet), one, "b")
    assert post(api(hamlet), two, "c").json()["seq"] == 1


def test_private_table_needs_invite_or_membership(api, make_table, hamlet, othello, iago):
    table = make_table(hamlet, visibility="private")
    tid, token = table["id"], table["invite_token"]
    assert post(api(hamlet), tid, "host here").status_code == 201
    for response in (api(iago).get(chat(tid)), post(api(iago), tid, "let me in"),
                     api().get(chat(tid))):
        assert response.status_code == 403
        assert response.json()["error"]["code"] == "table/invite_required"
    assert api(iago).get(chat(tid) + "?invite=wrong").status_code == 403
    assert api().get(chat(tid) + f"?invite={token}").status_code == 200
    assert post(api(iago), tid, "with the link", f"?invite={token}").status_code == 201
    # Invited (joined) and seated players need the token no more.
    api(othello).post(f"/api/tables/{tid}/seats/blue/claim?invite={token}")
    assert post(api(othello), tid, "seated").status_code == 201
    texts = [m["text"] for m in api(othello).get(chat(tid)).json()["messages"]]
    assert texts == ["host here", "with the link", "seated"]
    assert api(iago).get(chat(999999)).status_code == 404
    assert api(iago).get(chat(999999)).json()["error"]["code"] == "table/not_found"


def test_anonymous_cannot_post(api, make_table, hamlet, client):
    tid = make_table(hamlet)["id"]
    response = post(api(), tid, "hello")
    assert response.status_code in (401, 403)
    assert response.json()["error"]["code"] == "auth/not_authenticated"
    assert client.post(chat(tid), {"text": "hi"}, content_type="application/json"
                       ).status_code in (401, 403)
    assert not TableChatMessage.objects.exists()


def test_session_post_needs_csrf(make_table, hamlet):
    from django.test import Client
    tid = make_table(hamlet)["id"]
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(hamlet)
    refused = browser.post(chat(tid), {"text": "hi"}, content_type="application/json")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "auth/csrf_failed"
    page = browser.get(f"/tables/{tid}/")
    token = page.cookies["csrftoken"].value
    accepted = browser.post(chat(tid), {"text": "hi"}, content_type="application/json",
                            HTTP_X_CSRFTOKEN=token)
    assert accepted.status_code == 201


@pytest.mark.parametrize("text,code", [
    ("", "chat/empty"), ("   \n\t ", "chat/empty"), ("\x07\x1b", "chat/empty"),
    ("\x00\x07", "request/invalid"),  # NUL: refused by the input guard, as in any body
    ("x" * 2001, "chat/too_long"), (None, "request/invalid"), (42, "request/invalid")])
def test_bad_text_is_refused_and_not_stored(api, make_table, hamlet, text, code):
    tid = make_table(hamlet)["id"]
    response = post(api(hamlet), tid, text)
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["code"] == code
    assert not TableChatMessage.objects.exists()


def test_longest_message_is_accepted(api, make_table, hamlet):
    tid = make_table(hamlet)["id"]
    assert post(api(hamlet), tid, "y" * 2000).status_code == 201


def test_closed_table_chat_is_read_only(api, make_table, hamlet):
    tid = make_table(hamlet)["id"]
    post(api(hamlet), tid, "goodbye")
    assert api(hamlet).post(f"/api/tables/{tid}/abandon").status_code == 200
    response = post(api(hamlet), tid, "anyone?")
    assert response.status_code == 409 and response.json()["error"]["code"] == "chat/closed"
    assert len(api(hamlet).get(chat(tid)).json()["messages"]) == 1


def test_rate_limit(api, make_table, hamlet, othello):
    tid = make_table(hamlet)["id"]
    limit, _window = settings.SALIENT_RATE_LIMITS["table_chat"]
    for n in range(limit):
        assert post(api(hamlet), tid, f"spam {n}").status_code == 201
    response = post(api(hamlet), tid, "one more")
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "auth/rate_limited"
    assert TableChatMessage.objects.count() == limit
    assert post(api(othello), tid, "my own budget").status_code == 201


def test_text_is_stored_raw_and_never_rendered_as_html(api, make_table, hamlet, client):
    tid = make_table(hamlet)["id"]
    nasty = '<img src=x onerror="alert(1)"> <b>bold</b> & "quotes"'
    assert post(api(hamlet), tid, nasty).json()["text"] == nasty
    assert TableChatMessage.objects.get().text == nasty
    assert api().get(chat(tid)).json()["messages"][0]["text"] == nasty
    # The page does not render messages server-side; the script writes them as text.
    page = client.get(f"/tables/{tid}/").content.decode()
    assert "onerror" not in page and 'id="table-chat"' in page
    assert "frontend/lobby/table_chat.js" in page
    script = (ROOT / "frontend/lobby/table_chat.js").read_text()
    assert "textContent" in script
    assert "innerHTML" not in script.replace("never innerHTML", "")
    assert "insertAdjacentHTML" not in script and "outerHTML" not in script


def test_page_input_disabled_for_anonymous_enabled_for_signed_in(client, make_table, hamlet):
    tid = make_table(hamlet)["id"]
    anonymous = client.get(f"/tables/{tid}/").content.decode()
    assert 'data-can-post=""' in anonymous and "Log in</a> to write here" in anonymous
    client.force_login(hamlet)
    signed_in = client.get(f"/tables/{tid}/").content.decode()
    assert 'data-can-post="1"' in signed_in and 'id="chat-send"' in signed_in


def test_append_only():
    with pytest.raises(AssertionError):
        TableChatMessage().delete()


def test_schema_still_validates():
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")
