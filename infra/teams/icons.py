"""Redraw the two Teams icons: color.png (192x192, full colour) and outline.png (32x32, white on transparent).

    python infra/teams/icons.py
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
WHITE = (255, 255, 255, 255)


def ring(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, width: int) -> list[tuple[float, float]]:
    points = [(cx + r * math.cos(math.radians(60 * i + 30)), cy + r * math.sin(math.radians(60 * i + 30)))
              for i in range(6)]
    draw.polygon(points, outline=WHITE, width=width)
    return points


def color() -> Image.Image:
    img = Image.new("RGBA", (192, 192), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle([0, 0, 191, 191], radius=36, fill=(11, 110, 125, 255))
    top = ring(draw, 88, 100, 52, 10)[5]
    draw.ellipse([64, 76, 112, 124], outline=WHITE, width=7)
    draw.line([top, (top[0] + 34, top[1] - 22)], fill=WHITE, width=10)
    draw.ellipse([top[0] + 22, top[1] - 44, top[0] + 56, top[1] - 10], fill=(255, 196, 61, 255))
    return img


def outline() -> Image.Image:
    big = Image.new("RGBA", (256, 256), (0, 0, 0, 0))  # drawn at 8x, then scaled down for clean edges
    draw = ImageDraw.Draw(big)
    top = ring(draw, 112, 136, 80, 18)[5]
    draw.line([top, (top[0] + 40, top[1] - 26)], fill=WHITE, width=18)
    draw.ellipse([top[0] + 26, top[1] - 60, top[0] + 70, top[1] - 16], fill=WHITE)
    return big.resize((32, 32), Image.LANCZOS)


if __name__ == "__main__":
    color().save(HERE / "color.png")
    outline().save(HERE / "outline.png")
