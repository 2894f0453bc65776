import { createHash } from 'node:crypto';

/*
 * The demo's pictures, drawn as SVG from a hotel's code: a façade (its floors and windows by stars), a
 * lobby, and each room type's bed by the window, in colours of the hotel's own. Deterministic: the same
 * code draws the same picture on every machine.
 */

const WIDTH = 1280;
const HEIGHT = 853;

/** Numbers in [0, 1) from a text, as many as asked. */
function draws(text: string, count: number): number[] {
  const bytes = createHash('sha256').update(text).digest();
  return Array.from({ length: count }, (_, i) => bytes[i % bytes.length]! / 256);
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)} ${Math.round(s)}% ${Math.round(l)}%)`;

function frame(body: string, sky: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/>` +
    `<stop offset="1" stop-color="#f4f1ea"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>${body}</svg>`
  );
}

/** The hotel from the street: floors and windows by stars, a door, an awning, trees. */
export function facade(code: string, stars: number): string {
  const [hue = 0, tint = 0, floorsDraw = 0, treeDraw = 0] = draws(`facade:${code}`, 4);
  const wall = hsl(hue * 360, 25 + tint * 30, 62 + tint * 14);
  const trim = hsl(hue * 360, 35, 32);
  const floors = 3 + stars + Math.floor(floorsDraw * 3);
  const columns = 6 + stars;
  const top = HEIGHT - 90 - floors * 72;
  const left = 220;
  const width = WIDTH - 2 * left;
  let windows = '';
  for (let f = 0; f < floors; f++)
    for (let c = 0; c < columns; c++) {
      const x = left + 30 + (c * (width - 60)) / columns;
      const y = top + 24 + f * 72;
      const lit = (f * 7 + c * 3 + Math.floor(tint * 10)) % 5 === 0;
      windows += `<rect x="${x.toFixed(1)}" y="${y}" width="${((width - 60) / columns - 18).toFixed(1)}" height="44" rx="3" fill="${lit ? '#ffe9a8' : '#9fb6c8'}" stroke="${trim}" stroke-width="3"/>`;
    }
  const trees = Array.from({ length: 3 + Math.floor(treeDraw * 3) }, (_, i) => {
    const x = 60 + i * ((WIDTH - 120) / (2 + Math.floor(treeDraw * 3)));
    return `<rect x="${x - 8}" y="${HEIGHT - 150}" width="16" height="70" fill="#6b4f32"/><circle cx="${x}" cy="${HEIGHT - 170}" r="48" fill="${hsl(110 + hue * 40, 35, 38)}"/>`;
  }).join('');
  return frame(
    `<rect x="${left}" y="${top}" width="${width}" height="${HEIGHT - 90 - top}" fill="${wall}"/>` +
      `<rect x="${left - 14}" y="${top - 22}" width="${width + 28}" height="26" fill="${trim}"/>${windows}` +
      `<rect x="${WIDTH / 2 - 60}" y="${HEIGHT - 200}" width="120" height="110" fill="${trim}"/>` +
      `<path d="M${WIDTH / 2 - 110} ${HEIGHT - 205} h220 l-30 -40 h-160 z" fill="${hsl(hue * 360 + 180, 45, 45)}"/>` +
      `<rect y="${HEIGHT - 90}" width="${WIDTH}" height="90" fill="#8d8a84"/>${trees}`,
    hsl(205, 55, 78),
  );
}

/** The lobby: a floor of tiles, a desk, lamps and a plant. */
export function lobby(code: string): string {
  const [hue = 0, tint = 0] = draws(`lobby:${code}`, 2);
  const wall = hsl(hue * 360, 20, 80 - tint * 10);
  const wood = hsl(25 + hue * 20, 45, 35);
  let tiles = '';
  for (let i = 0; i < 16; i++)
    tiles += `<rect x="${i * 80}" y="600" width="80" height="253" fill="${i % 2 ? '#d9d3c7' : '#c8c0b2'}"/>`;
  return frame(
    `<rect width="${WIDTH}" height="600" fill="${wall}"/>${tiles}` +
      `<rect x="430" y="420" width="420" height="180" rx="10" fill="${wood}"/>` +
      `<rect x="410" y="400" width="460" height="28" rx="6" fill="${hsl(hue * 360, 30, 25)}"/>` +
      [300, 980]
        .map(
          (x) =>
            `<line x1="${x}" y1="0" x2="${x}" y2="140" stroke="#444" stroke-width="4"/><circle cx="${x}" cy="160" r="34" fill="#ffe9a8"/>`,
        )
        .join('') +
      `<rect x="1080" y="470" width="70" height="130" fill="#7a5a3a"/><circle cx="1115" cy="430" r="80" fill="${hsl(120, 35, 38)}"/>`,
    wall,
  );
}

/** A room type: a bed (two for twins), a window with a view, a lamp. */
export function room(code: string, roomCode: string, beds: number): string {
  const [hue = 0, tint = 0] = draws(`room:${code}:${roomCode}`, 2);
  const wall = hsl(hue * 360, 18 + tint * 20, 86);
  const cover = hsl(hue * 360 + 150, 40, 55);
  const count = Math.max(1, Math.min(3, beds));
  const bedWidth = count === 1 ? 560 : 300;
  const bedsDrawn = Array.from({ length: count }, (_, i) => {
    const x = count === 1 ? 360 : 170 + i * (bedWidth + 60);
    return (
      `<rect x="${x}" y="470" width="${bedWidth}" height="220" rx="14" fill="#f7f7f2"/>` +
      `<rect x="${x}" y="560" width="${bedWidth}" height="130" rx="10" fill="${cover}"/>` +
      `<rect x="${x - 20}" y="390" width="${bedWidth + 40}" height="100" rx="12" fill="${hsl(25, 40, 35)}"/>`
    );
  }).join('');
  return frame(
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${wall}"/>` +
      `<rect x="880" y="90" width="300" height="240" fill="${hsl(205, 55, 75)}" stroke="#fff" stroke-width="14"/>` +
      `<rect y="700" width="${WIDTH}" height="153" fill="${hsl(30, 25, 55)}"/>${bedsDrawn}` +
      `<rect x="90" y="520" width="110" height="170" fill="${hsl(25, 35, 40)}"/><circle cx="145" cy="470" r="40" fill="#ffe9a8"/>`,
    wall,
  );
}
