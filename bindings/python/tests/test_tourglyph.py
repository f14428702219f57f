"""The Python module against the command line: every expected value is the CLI's output,
computed here (the binary's path in TOURGLYPH_BIN, which scripts/python-ci.sh sets)."""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tourglyph
from tourglyph import errors

REPO = Path(__file__).resolve().parents[3]
BIN = os.environ.get("TOURGLYPH_BIN") or shutil.which("tourglyph") or str(REPO / "target/release/tourglyph")
SHAPE = "####\n####\n##..\n##..\n"


def cli(*args, cwd=None) -> bytes:
    run = subprocess.run([BIN, "--quiet", *args], capture_output=True, cwd=cwd)
    assert run.returncode == 0, run.stderr.decode()
    return run.stdout


# (the module's keywords, the CLI's flags): 12 cases, one past 2^64.
COUNTS = [
    (dict(board="4x4"), ["--board", "4x4"]),
    (dict(board="8x8"), ["--board", "8x8"]),
    (dict(board="14x14"), ["--board", "14x14"]),
    (dict(board="6x6", classes=True), ["--board", "6x6", "--classes"]),
    (dict(board="4x4", torus=True), ["--board", "4x4", "--torus"]),
    (dict(board="4x6", torus=True, classes=True), ["--board", "4x6", "--torus", "--classes"]),
    (dict(board="6x6", piece="knight"), ["--board", "6x6", "--piece", "knight"]),
    (dict(board="5x5", piece="knight", open=True), ["--board", "5x5", "--piece", "knight", "--open"]),
    (dict(board="6x6", piece="knight", open=True), ["--board", "6x6", "--piece", "knight", "--open"]),
    (dict(board="6x6", symmetry="rot180"), ["--board", "6x6", "--symmetry", "rot180"]),
    (dict(board=(5, 6), open=True), ["--board", "5x6", "--open"]),
    (dict(shape=SHAPE), None),
]


@pytest.mark.parametrize("kw,flags", COUNTS)
def test_counts_equal_the_clis(kw, flags, tmp_path):
    if flags is None:
        (tmp_path / "shape.txt").write_text(SHAPE)
        flags = ["--shape", str(tmp_path / "shape.txt")]
    answer = json.loads(cli("count", *flags, "--json"))
    # The figure `count` prints alone, read from its exact string.
    for figure in ("classes_text", "symmetric_text", "non_crossing_text", "tours_text", "count"):
        if figure in answer:
            expected = int(answer[figure])
            break
    got = tourglyph.count(**kw)
    assert type(got) is int and got == expected


def test_a_count_past_2_to_the_64_is_exact():
    n = tourglyph.count("14x14")
    assert n > 2**64 and str(n) == cli("count", "--board", "14x14").decode().strip()


def test_iterating_6x6_equals_list_json():
    lines = cli("list", "--board", "6x6", "--json").decode().splitlines()
    expected = [json.loads(line) for line in lines]
    got = list(tourglyph.tours("6x6"))
    assert len(got) == len(expected) == tourglyph.count("6x6")
    for t, e in zip(got, expected):
        assert t.id == e["id"] and [list(c) for c in t.cells] == e["cells"]


def test_classes_sample_and_range_equal_list_json():
    for kw, flags in [
        (dict(classes=True), ["--classes"]),
        (dict(sample=5, seed=9), ["--sample", "5", "--seed", "9"]),
        (dict(range=range(100, 120), limit=7), ["--range", "100..120", "--limit", "7"]),
    ]:
        lines = cli("list", "--board", "6x6", "--json", *flags).decode().splitlines()
        expected = [json.loads(line) for line in lines]
        got = list(tourglyph.tours("6x6", **kw))
        assert [(t.id, t.orbit) for t in got] == [(e["id"], e.get("orbit")) for e in expected]
        assert [[list(c) for c in t.cells] for t in got] == [e["cells"] for e in expected]


def test_tour_edges_and_numpy():
    t = tourglyph.tour("6x6", id=17)
    cells = t.cells
    assert len(cells) == 36 and len(t.edges) == 36 and t.edges[-1] == (cells[-1], cells[0])
    np = pytest.importorskip("numpy")
    assert np.array_equal(t.to_numpy(), np.array(cells))


@pytest.mark.parametrize("fmt", ["svg", "pdf"])
def test_glyph_bytes_equal_the_clis(fmt, tmp_path):
    out = tmp_path / f"g.{fmt}"
    cli("glyph", "--board", "6x6", "--id", "17", "--style", "kufic", "--stroke", "#a33", "-o", str(out))
    got = tourglyph.tour("6x6", id=17).to_bytes(fmt, style="kufic", stroke="#a33")
    assert got == out.read_bytes()


def test_knight_glyph_svg_equals_the_clis(tmp_path):
    out = tmp_path / "k.svg"
    cli("glyph", "--board", "6x6", "--piece", "knight", "--id", "40", "--style", "leaper", "--size", "30mm", "-o", str(out))
    t = tourglyph.tour("6x6", id=40, piece="knight")
    assert t.svg(style="leaper", size="30mm").encode() == out.read_bytes()


@pytest.mark.parametrize("fmt", ["svg", "pdf"])
def test_sheet_bytes_equal_the_clis(fmt, tmp_path):
    out = tmp_path / f"s.{fmt}"
    cli("render", "--board", "6x6", "--classes", "--limit", "30", "--page", "a3", "--style", "kufic", "-o", str(out))
    sel = tourglyph.tours("6x6", classes=True, limit=30)
    mine = tmp_path / f"mine.{fmt}"
    tourglyph.sheet(sel, page="a3", style="kufic").save(mine)
    assert mine.read_bytes() == out.read_bytes()
    assert tourglyph.sheet(sel, page="a3", style="kufic").to_bytes(fmt) == out.read_bytes()


def test_random_tour_is_the_clis_sample():
    line = json.loads(cli("list", "--board", "8x8", "--sample", "1", "--seed", "5", "--json"))
    t = tourglyph.random_tour("8x8", seed=5)
    assert t.id == line["id"] and [list(c) for c in t.cells] == line["cells"]


def test_find_is_the_clis():
    found = json.loads(cli("find", "--board", "12x12", "--closed", "--json"))
    t = tourglyph.find("12x12", closed=True)
    assert [list(c) for c in t.cells] == found["cells"] and t.closed == found["closed"]


@pytest.mark.parametrize(
    "call,cls",
    [
        (lambda: tourglyph.count("6x"), errors.BadValueError),
        (lambda: tourglyph.count("6x6", piece="bishop"), errors.BadValueError),
        (lambda: tourglyph.count("30x30"), errors.TooLargeError),
        (lambda: tourglyph.random_tour("5x5", piece="knight"), errors.NoTourError),
        (lambda: tourglyph.tour("6x6", id=17).svg(colour="red"), errors.UsageError),
        (lambda: list(tourglyph.tours("6x6", range="9..3")), errors.BadValueError),
        (lambda: tourglyph.tour("6x6", id=5000), errors.UsageError),
        (lambda: tourglyph.sheet([1, 2]), errors.UsageError),
    ],
)
def test_bad_input_raises_the_right_exception(call, cls):
    with pytest.raises(cls) as e:
        call()
    assert isinstance(e.value, errors.TourglyphError)
    message = str(e.value)
    assert message and "\n" not in message and "panicked" not in message


def test_bad_input_is_a_value_error_with_the_clis_message():
    with pytest.raises(ValueError) as e:
        tourglyph.count("6x")
    run = subprocess.run([BIN, "count", "--board", "6x"], capture_output=True)
    assert run.returncode == 2
    assert str(e.value) in run.stderr.decode()
    assert e.value.what == "board" and e.value.value == "6x"


def test_ctrl_c_during_a_long_count_raises_keyboard_interrupt_within_a_second():
    # Knight 8x8: 10-20 s of counting on two cores; interrupted half a second in.
    code = (
        "import sys, tourglyph\n"
        "print('counting', flush=True)\n"
        "try:\n"
        "    tourglyph.count('8x8', piece='knight', force=True)\n"
        "except KeyboardInterrupt:\n"
        "    print('KeyboardInterrupt', flush=True)\n"
        "    sys.exit(3)\n"
    )
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "counting"
    time.sleep(0.5)
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        p.wait(timeout=10)
    finally:
        p.kill()
    took = time.monotonic() - sent
    assert p.returncode == 3 and p.stdout.read().strip() == "KeyboardInterrupt"
    assert took < 1.0, f"KeyboardInterrupt came {took:.2f} s after SIGINT"


def vpype_bin():
    return shutil.which("vpype") or str(Path(sys.executable).with_name("vpype"))


def test_vpype_pen_down_length_equals_plot_stats(tmp_path):
    pytest.importorskip("vpype")
    out = tmp_path / "g.svg"
    flags = ["--board", "6x6", "--id", "17", "--style", "kufic", "--plot", "hatch"]
    cli("glyph", *flags, "-o", str(out))
    stats = json.loads(cli("plot-stats", str(out), "--json"))
    run = subprocess.run([vpype_bin(), "tourglyph", *flags, "stat"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    totals = run.stdout[run.stdout.index("Totals"):]
    px = float(re.search(r"Length: ([0-9.]+)", totals).group(1))
    mm = px * 25.4 / 96  # vpype's unit is the CSS pixel
    expected = stats["total"]["pen_down_mm"]
    assert abs(mm - expected) <= 0.001 * expected, (mm, expected)


def test_vpype_sheet_and_linesort_write_read_back(tmp_path):
    vp = pytest.importorskip("vpype")
    out = tmp_path / "sheet.svg"
    run = subprocess.run(
        [vpype_bin(), "tourglyph", "sheet", "--board", "6x6", "--classes", "--limit", "12",
         "--page", "a4", "--plot", "concentric", "linesort", "write", str(out)],
        capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    doc = vp.read_multilayer_svg(str(out), 0.1)
    assert doc.length() > 0 and len(doc.layers) >= 1


def test_inkscape_extension_inserts_the_group_with_its_desc(tmp_path):
    pytest.importorskip("inkex")
    empty = tmp_path / "empty.svg"
    empty.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"/>')
    script = REPO / "bindings/inkscape/tourglyph_glyph.py"
    run = subprocess.run(
        [sys.executable, str(script), "--board", "6x6", "--tour_id", "17", "--style", "kufic",
         "--size", "60", str(empty)],
        capture_output=True,
    )
    assert run.returncode == 0, run.stderr.decode()
    from lxml import etree

    root = etree.fromstring(run.stdout)
    ns = {"s": "http://www.w3.org/2000/svg"}
    group = root.find("s:g", ns)
    desc = group.find("s:desc", ns)
    assert "tourglyph glyph --board 6x6 --piece rook --id 17 --style kufic --size 60mm" in desc.text
    # The glyph's own path, as the CLI draws it.
    cli_svg = cli("glyph", "--board", "6x6", "--id", "17", "--style", "kufic", "--size", "60mm", "-o", "-")
    cli_path = etree.fromstring(cli_svg).find(".//s:path", ns).get("d")
    assert group.find(".//s:path", ns).get("d") == cli_path
    assert group.get("transform").startswith("translate(75, 118.5)")


def test_the_notebook_executes_with_its_svg_output(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(REPO / "examples/python/tour-glyphs.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs, "the notebook is kept with its outputs stripped"
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    svgs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if "image/svg+xml" in o.get("data", {})]
    assert svgs and "<svg" in svgs[0]["data"]["image/svg+xml"]
    htmls = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if "text/html" in o.get("data", {})]
    assert htmls and htmls[0]["data"]["text/html"].count("<svg") == 12
    assert (tmp_path / "classes.pdf").exists()
