// Draws the installable app's icons (apps/web/public/*.png): the mountain on the brand blue, plain
// and maskable (the mountain inside the middle 72 %, the safe zone a launcher may crop to a circle).
// Run again only to change the icons: node scripts/draw-app-icons.mjs
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

const BLUE = [0x1c, 0x4e, 0x80];
const WHITE = [0xff, 0xff, 0xff];
const SNOW = [0xcf, 0xe3, 0xf5];
// On a 512 grid: the mountain, then its snowcap.
const MOUNTAIN = [
  [96, 392],
  [216, 160],
  [268, 260],
  [300, 208],
  [416, 392],
];
const SNOWCAP = [
  [216, 160],
  [248, 222],
  [232, 214],
  [216, 238],
  [200, 214],
  [184, 222],
];

const isInside = (polygon, x, y) => {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

const isInRoundedSquare = (x, y, radius) => {
  const cx = Math.min(Math.max(x, radius), 512 - radius);
  const cy = Math.min(Math.max(y, radius), 512 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
};

function draw(size, { isMaskable }) {
  const png = new PNG({ width: size, height: size });
  const samples = 4;
  const scale = isMaskable ? 0.72 : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * 512) / size;
          const y = ((py + (sy + 0.5) / samples) * 512) / size;
          if (!isMaskable && !isInRoundedSquare(x, y, 96)) continue;
          const mx = (x - 256) / scale + 256;
          const my = (y - 256) / scale + 256;
          const colour = isInside(SNOWCAP, mx, my) ? SNOW : isInside(MOUNTAIN, mx, my) ? WHITE : BLUE;
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
          sum[3] += 255;
        }
      }
      const n = samples * samples;
      const offset = (py * size + px) * 4;
      const coverage = sum[3] / 255;
      for (let c = 0; c < 3; c++) png.data[offset + c] = coverage ? Math.round(sum[c] / coverage) : 0;
      png.data[offset + 3] = Math.round(sum[3] / n);
    }
  }
  return PNG.sync.write(png);
}

const publicDir = join(import.meta.dirname, '../apps/web/public');
writeFileSync(join(publicDir, 'icon-192.png'), draw(192, { isMaskable: false }));
writeFileSync(join(publicDir, 'icon-512.png'), draw(512, { isMaskable: false }));
writeFileSync(join(publicDir, 'icon-maskable-512.png'), draw(512, { isMaskable: true }));
writeFileSync(join(publicDir, 'apple-touch-icon.png'), draw(180, { isMaskable: true }));
