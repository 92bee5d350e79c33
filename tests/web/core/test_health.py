def test_health_reports_the_loaded_rules(client, db):
    data = client.get("/health").get_json()
    assert data["status"] == "ok" and data["sections"] == len(db.sections)
