# The PyScript glue imports the browser-only `js` module: keep it out of doctest collection.
collect_ignore = ["app.py"]
