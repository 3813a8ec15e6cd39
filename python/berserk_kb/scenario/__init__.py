"""The scenario contract (v2), shape only: the event kinds (:mod:`.events`), the schema
(:mod:`.schema`, pydantic) and reading, validating and normalising files (:mod:`.load`)."""
