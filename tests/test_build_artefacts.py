"""buildsteps.artefacts: pinned downloads are checked by sha256, cached, and unpacked."""

import hashlib
import io
import tarfile

import pytest

from buildsteps import BuildError, artefacts
from buildsteps.artefacts import NpmPackage


def test_a_file_with_the_wrong_hash_is_refused_and_dropped(tmp_path):
    path = tmp_path / "pyodide-0.27.7.tgz"
    path.write_bytes(b"tampered")
    with pytest.raises(BuildError, match="does not match the pinned"):
        artefacts.verified(path, artefacts.PYODIDE.sha256)
    assert not path.exists()
    good = tmp_path / "ok"
    good.write_bytes(b"ok")
    assert artefacts.verified(good, hashlib.sha256(b"ok").hexdigest()) == good


def test_a_corrupt_cached_file_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setattr(artefacts, "CACHE", tmp_path)
    (tmp_path / artefacts.NUMPY_WHEEL).write_bytes(b"not numpy")
    assert artefacts.cached(artefacts.NUMPY_WHEEL, artefacts.NUMPY_SHA256) is None
    assert not (tmp_path / artefacts.NUMPY_WHEEL).exists()


def test_a_cached_file_with_the_pinned_hash_is_used(tmp_path, monkeypatch):
    monkeypatch.setattr(artefacts, "CACHE", tmp_path)
    (tmp_path / "tool.tgz").write_bytes(b"the real thing")
    pinned = hashlib.sha256(b"the real thing").hexdigest()
    assert artefacts.cached("tool.tgz", pinned) == tmp_path / "tool.tgz"


def cached_npm_package(cache, files: dict[str, bytes], members: tuple[str, ...]) -> NpmPackage:
    """A package whose tarball (``files`` under package/, as npm packs them) is in ``cache``,
    pinned by its hash: fetching it needs no npm."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    (cache / "fake-1.0.0.tgz").write_bytes(buffer.getvalue())
    pinned = hashlib.sha256(buffer.getvalue()).hexdigest()
    return NpmPackage("fake@1.0.0", "fake-1.0.0.tgz", pinned, members, target="fake")


def test_an_npm_package_ships_its_members_without_source_maps(tmp_path, monkeypatch):
    monkeypatch.setattr(artefacts, "CACHE", tmp_path)
    package = cached_npm_package(
        tmp_path,
        {
            "dist/core.js": b"core",
            "dist/core.js.map": b"{}",
            "dist/unused.js": b"not shipped",
            "dist/chunks/a.js": b"a",
            "dist/chunks/a.js.map": b"{}",
            "README.md": b"not shipped",
        },
        members=("dist/core.js", "dist/chunks/"),
    )
    out = tmp_path / "vendor"
    artefacts.unpack_npm(package, out)
    shipped = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert shipped == {"core.js": b"core", "chunks/a.js": b"a"}


def test_an_npm_package_without_a_member_to_ship_fails(tmp_path, monkeypatch):
    monkeypatch.setattr(artefacts, "CACHE", tmp_path)
    package = cached_npm_package(tmp_path, {"a.js": b"a"}, members=("a.js", "b.js"))
    with pytest.raises(BuildError, match="fake@1.0.0 lacks b.js"):
        artefacts.unpack_npm(package, tmp_path / "vendor")


def test_a_member_s_text_is_read_from_the_tarball(tmp_path, monkeypatch):
    monkeypatch.setattr(artefacts, "CACHE", tmp_path)
    package = cached_npm_package(tmp_path, {"axe.min.js": b"axe()", "x.js": b"x"}, ("axe.min.js",))
    assert artefacts.npm_member_text(package) == "axe()"
    assert artefacts.npm_member_text(package, "x.js") == "x"


def test_fetching_a_package_reports_on_stderr_leaving_stdout_to_the_benches_json(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setattr(artefacts, "CACHE", tmp_path / "cache")
    packed = tmp_path / "packed"
    packed.mkdir()
    package = cached_npm_package(packed, {"a.js": b"a"}, ("a.js",))

    def npm_pack(command, **kwargs):
        destination = command[command.index("--pack-destination") + 1]
        (packed / package.tarball).rename(f"{destination}/{package.tarball}")

    monkeypatch.setattr(artefacts.subprocess, "run", npm_pack)
    assert artefacts.fetch_npm(package) == tmp_path / "cache" / package.tarball
    out, err = capsys.readouterr()
    assert out == "" and f"fetching {package.spec} with npm pack" in err
