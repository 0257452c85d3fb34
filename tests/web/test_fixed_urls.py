"""The frame's fixed addresses (styles, scripts, the top's links) are worked out once per path
the app is served under: a page served under a proxy's prefix never hands its prefix to a page
served without one, nor the reverse."""


def test_each_path_served_under_gets_its_own_addresses(client):
    plain = client.get("/rules/").data.decode()
    under = client.get("/rules/", environ_overrides={"SCRIPT_NAME": "/club"}).data.decode()
    again = client.get("/rules/").data.decode()
    assert 'href="/static/style.css?v=' in plain
    assert '<a href="/stats">' in plain
    assert 'href="/club/static/style.css?v=' in under
    assert '<a href="/club/stats">' in under
    assert 'href="/static/style.css?v=' not in under
    assert again == plain
