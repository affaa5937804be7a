"""Small helpers shared by tests (importable because pytest puts tests/ on sys.path)."""

import io
import shutil
import signal
import socket
import subprocess
import time
import zipfile
from pathlib import Path

import redis


def closed_port_url() -> str:
    """A URL on which nothing listens (the port was free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"


class RestartableRedis:
    """A redis-server with the project's documented persistence (infra/redis/redis.conf: AOF, fsync every
    second) in its own folder, that a test can crash (SIGKILL) and start again on the same port and data."""

    def __init__(self, workdir: Path, port: int, password: str | None = None) -> None:
        self.workdir, self.port, self.password = workdir, port, password
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        auth = f":{self.password}@" if self.password else ""
        return f"redis://{auth}127.0.0.1:{self.port}/0"

    def start(self) -> "RestartableRedis":
        documented = Path(__file__).resolve().parents[1] / "infra" / "redis" / "redis.conf"
        conf = self.workdir / "redis.conf"  # redis-server checks `dir /data` before options override it
        conf.write_text("".join(line for line in documented.read_text().splitlines(keepends=True)
                                if not line.startswith("dir ")))
        self.proc = subprocess.Popen([shutil.which("redis-server") or "redis-server", str(conf), "--port",
                                      str(self.port), "--bind", "127.0.0.1", "--dir", str(self.workdir),
                                      "--protected-mode", "no"] + (["--requirepass", self.password] if self.password
                                                                   else []),
                                     stdout=(self.workdir / "redis.log").open("ab"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # up, and done loading the append-only file
            try:
                if redis.Redis(port=self.port, password=self.password).ping():
                    return self
            except (redis.exceptions.ConnectionError, redis.exceptions.BusyLoadingError):  # not yet up / loading
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def crash(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


# Twenty small molecules for training tests that must fit in seconds.
TWENTY = [
    "CCO", "CCCCO", "CCCCCCO", "c1ccccc1", "Cc1ccccc1", "CCc1ccccc1", "Oc1ccccc1", "Nc1ccccc1", "CC(=O)O",
    "CCC(=O)O", "CCOC(=O)C", "CCN(CC)CC", "ClCCl", "ClC(Cl)Cl", "c1ccc2ccccc2c1", "OCC(O)CO", "CC(C)O",
    "CCCCCCCC", "O=C1CCCCC1", "c1ccncc1",
]


def raw_xlsx(cells: list[str], dimension: str | None = None) -> bytes:
    """A workbook with inline strings in column A, written by hand: openpyxl would cut a cell at Excel's
    32,767 characters, and would always write a <dimension> element."""
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    rows = "".join(f'<row r="{i}"><c r="A{i}" t="inlineStr"><is><t>{t}</t></is></c></row>'
                   for i, t in enumerate(cells, 1))
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
        "_rels/.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
        '<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        f'relationships"><Relationship Id="rId1" Type="{rel}/worksheet" Target="worksheets/sheet1.xml"/>'
        '</Relationships>',
        "xl/worksheets/sheet1.xml": f'<worksheet xmlns="{main}">{dim}<sheetData>{rows}</sheetData></worksheet>',
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return buffer.getvalue()
