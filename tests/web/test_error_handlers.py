"""Errors become responses in one place (web.errors.register): JSON under /api/, a
page elsewhere, whichever view raised them."""

from flask import Blueprint

from scorekeeper.rules import RulesError
from scorekeeper.rules.messages import N_
from scorekeeper.web.limits import Busy


def _raising(app, error):
    """Routes that raise ``error``, one under /api/ and one a page, on a fresh app."""
    raising = Blueprint("raising", __name__)

    def fail():
        raise error

    raising.add_url_rule("/api/v1/raise-for-test", "api", fail)
    raising.add_url_rule("/raise-for-test", "page", fail)
    app.register_blueprint(raising)
    return app.test_client()


def test_a_refusal_under_api_is_the_contracts_400_in_the_asked_language(app):
    client = _raising(app, RulesError(N_("the request must be a JSON object"), "options"))
    response = client.get("/api/v1/raise-for-test", headers={"Accept-Language": "de"})
    assert response.status_code == 400
    assert response.json == {"error": "die Anfrage muss ein JSON-Objekt sein", "field": "options"}


def test_a_refusal_that_escapes_a_page_is_a_400_page_saying_why(app):
    client = _raising(app, RulesError("no session has this link", "link"))
    response = client.get("/raise-for-test")
    assert response.status_code == 400
    assert "no session has this link" in response.get_data(as_text=True)


def test_busy_is_a_503_with_retry_after_on_the_api_and_on_a_page(app):
    client = _raising(app, Busy(retry_after=3))
    answered = client.get("/api/v1/raise-for-test")
    assert answered.status_code == 503
    assert answered.headers["Retry-After"] == "3"
    assert answered.json == {
        "error": "the referee is busy with other questions: try again in 3 s",
        "field": None,
    }
    page = client.get("/raise-for-test")
    assert page.status_code == 503
    assert page.headers["Retry-After"] == "3"
