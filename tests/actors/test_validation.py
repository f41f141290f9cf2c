def test_probe_arguments_are_drawn_from_type_lists() -> None:
    from actors._validation import _schema_value

    assert _schema_value({"type": ["null", "integer"]}) == 0
    assert _schema_value({"type": ["string", "null"]}) == "a"
    assert _schema_value({"type": ["null"]}) is None
    assert _schema_value({"enum": ["x", "y"], "type": "string"}) == "x"
