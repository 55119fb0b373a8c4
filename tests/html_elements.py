"""Reading the page's HTML and SVG fragments in the tests."""

from html.parser import HTMLParser


class Elements(HTMLParser):
    """Every start tag of a fragment as (tag, attributes)."""

    def __init__(self, markup: str):
        super().__init__()
        self.found: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))

    def handle_startendtag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    def with_attr(self, name: str, value: str | None = None) -> list[dict]:
        return [a for _, a in self.found if name in a and (value is None or a[name] == value)]
