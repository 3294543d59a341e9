"""``python -m engine.maps build [NAME ...]`` / ``preview NAME --out FILE`` / ``vendor --from DIR``."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.maps")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="compile maps (all when no NAME is given)")
    b.add_argument("names", nargs="*")
    b.add_argument("--no-svg", action="store_true")
    p = sub.add_parser("preview", help="render static/maps/NAME/map.svg to a PNG")
    p.add_argument("name")
    p.add_argument("--out", required=True)
    p.add_argument("--width", type=int, default=1600)
    p.add_argument("--hex-labels", action="store_true")
    p.add_argument("--grid", action="store_true", help="draw the hex grid (bigger PNG)")
    v = sub.add_parser("vendor", help="copy and clip the public sources into engine/maps/sources/")
    v.add_argument("--from", dest="src", required=True)
    args = ap.parse_args(argv)

    if args.cmd == "build":
        from .compiler import build
        from .definitions import MAPS, get_definition
        names = args.names or sorted(MAPS)
        for name in names:
            t0 = time.perf_counter()
            if get_definition(name).get("kind") == "political":
                from .political import build_political
                doc = build_political(name)
                print(f"{name}: {len(doc['areas'])} territories, {len(doc['edges'])} borders "
                      f"in {time.perf_counter() - t0:.1f}s")
                continue
            if get_definition(name).get("kind") == "areas":
                from .areas import build_areas
                doc = build_areas(name, svg=not args.no_svg)
                kinds = [a["kind"] for a in doc["areas"].values()]
                print(f"{name}: {kinds.count('land')} territories, {kinds.count('sea')} sea zones, "
                      f"{len(doc['edges'])} edges, {len(doc['meta']['pending_links'])} pending links "
                      f"in {time.perf_counter() - t0:.1f}s")
                for w in doc["meta"]["warnings"]:
                    print(f"  warning: {w}")
                continue
            doc = build(name, svg=not args.no_svg)
            land = sum(1 for h in doc["hexes"].values() if not h["sea"])
            print(f"{name}: {len(doc['hexes'])} hexes ({land} land), {len(doc['hexsides'])} hexsides, "
                  f"{len(doc['places'])} places, {len(doc['rail'])} rail lines "
                  f"in {time.perf_counter() - t0:.1f}s")
            for w in doc["meta"]["warnings"]:
                print(f"  warning: {w}")
        return 0
    if args.cmd == "preview":
        from .preview import preview
        preview(args.name, Path(args.out), width=args.width, hex_labels=args.hex_labels, grid=args.grid)
        return 0
    if args.cmd == "vendor":
        from .vendor import vendor
        vendor(Path(args.src))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
