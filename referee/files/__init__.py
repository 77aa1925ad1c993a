"""Reading the project's files, below everything that reads them (variants, records, the app).

``referee.files.yamlsafe``: YAML read safely (no tags, no aliases, size and depth limits) with
problems located by line and column.  ``referee.files.resources``: where the built-in variants
and the JSON Schemas are found, installed or in a checkout.
"""
