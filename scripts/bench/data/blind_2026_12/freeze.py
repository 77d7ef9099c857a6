"""Freeze a blind source folder: hash every file, split items into dev/test by sha256("split:"+id) parity.

Usage: python freeze.py SRC_DIR NAME   (e.g. /work/blind/source/memory memory)
Writes /work/blind/frozen/NAME/dev/<file> (dev halves; helpers may read) and
/work/blind/held/NAME_test/<file> (test halves; never shown to helpers), and
/work/blind/held/NAME_MANIFEST.txt with sha256 of sources and halves.
"""
import hashlib, json, sys
from pathlib import Path

src, name = Path(sys.argv[1]), sys.argv[2]
dev_dir = Path("/work/blind/frozen") / name / "dev"
test_dir = Path("/work/blind/held") / f"{name}_test"
dev_dir.mkdir(parents=True, exist_ok=True); test_dir.mkdir(parents=True, exist_ok=True)
sha = lambda b: hashlib.sha256(b).hexdigest()
lines = []
def half(item):
    return "test" if int(sha(("split:" + str(item["id"])).encode()), 16) % 2 else "dev"
for f in sorted(src.glob("*.json")):
    raw = f.read_bytes(); doc = json.loads(raw)
    lines.append(f"source {f.name} {sha(raw)}")
    def split(items):
        d = [i for i in items if half(i) == "dev"]; t = [i for i in items if half(i) == "test"]; return d, t
    if isinstance(doc, list):
        d, t = split(doc); outs = (d, t)
    else:  # dict of lists (pii: items + controls)
        dd, tt = {}, {}
        for k, v in doc.items():
            dd[k], tt[k] = split(v)
        outs = (dd, tt)
    for out, folder, tag in ((outs[0], dev_dir, "dev"), (outs[1], test_dir, "test")):
        b = json.dumps(out, ensure_ascii=False, indent=1).encode()
        (folder / f.name).write_bytes(b)
        n = len(out) if isinstance(out, list) else {k: len(v) for k, v in out.items()}
        lines.append(f"{tag} {f.name} n={n} {sha(b)}")
Path("/work/blind/held", f"{name}_MANIFEST.txt").write_text("\n".join(lines) + "\n")
print("\n".join(lines))
