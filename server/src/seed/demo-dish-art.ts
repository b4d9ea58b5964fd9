import type { DemoRecipe } from './demo-recipes.js';
import { mulberry32 } from './mulberry32.js';

/**
 * An illustration of a demo dish as SVG, drawn here (no download): a vessel on a table, food in
 * colours taken from the dish's category and title, and garnish placed by a generator seeded with
 * the recipe's index, so no two pictures are alike. sharp renders it; the photo pipeline stores it.
 */
const ART_WIDTH = 960;
const ART_HEIGHT = 720;
/**
 * Rendered at 640 px: the demo is stored at 320 and 640 (the pipeline never enlarges); 1280 px
 * would about triple the seed's encoding time (AVIF's cost grows with the pixels).
 */
const RENDER_WIDTH = 640;

type Palette = { base: string; chunk: string; speck: string; garnish: string };

const TABLES = ['#6b4423', '#8b5a2b', '#3f3f46', '#7c5c3b', '#2f4f4f', '#a0522d', '#4b3621'];
const CLOTHS = ['#fef3c7', '#e0f2fe', '#fce7f3', '#dcfce7', '#f5f5f4', '#ede9fe'];

/** Juices and drinks by the fruit in their title; the rest by their main category. */
function paletteOf(demo: DemoRecipe): Palette {
  const title = demo.title.toLowerCase();
  if (title.includes('mango'))
    return { base: '#f59e0b', chunk: '#fbbf24', speck: '#fde68a', garnish: '#16a34a' };
  if (title.includes('lime'))
    return { base: '#d9f99d', chunk: '#a3e635', speck: '#f7fee7', garnish: '#15803d' };
  if (title.includes('watermelon'))
    return { base: '#f43f5e', chunk: '#fb7185', speck: '#1f2937', garnish: '#22c55e' };
  if (title.includes('borhani'))
    return { base: '#ecfccb', chunk: '#bef264', speck: '#365314', garnish: '#4d7c0f' };
  const has = (name: string) => demo.categories.some((category) => category === name);
  if (has('Biryani'))
    return { base: '#f4c26b', chunk: '#7c2d12', speck: '#fff7ed', garnish: '#9a3412' };
  if (has('Khichuri'))
    return { base: '#e0b44c', chunk: '#92400e', speck: '#fef3c7', garnish: '#15803d' };
  if (has('Dessert')) {
    const pink = title.includes('doi') || title.includes('rasmalai');
    return {
      base: pink ? '#fde2e4' : '#fef3c7',
      chunk: '#f8fafc',
      speck: '#65a30d',
      garnish: '#d97706',
    };
  }
  if (has('Egg') && !has('Curry'))
    return { base: '#fde047', chunk: '#f59e0b', speck: '#16a34a', garnish: '#dc2626' };
  if (has('Breakfast'))
    return { base: '#d6a354', chunk: '#92400e', speck: '#fef3c7', garnish: '#15803d' };
  if (has('Beef'))
    return { base: '#7c2d12', chunk: '#451a03', speck: '#f97316', garnish: '#16a34a' };
  if (has('Mutton'))
    return { base: '#9a3412', chunk: '#57230b', speck: '#fdba74', garnish: '#16a34a' };
  if (has('Egg'))
    return { base: '#c2410c', chunk: '#fffbeb', speck: '#fbbf24', garnish: '#16a34a' };
  return { base: '#ea580c', chunk: '#b45309', speck: '#fed7aa', garnish: '#16a34a' };
}

const round = (value: number) => Math.round(value * 10) / 10;

function scatter(
  random: () => number,
  count: number,
  area: { cx: number; cy: number; r: number },
  draw: (x: number, y: number, turn: number, size: number) => string,
): string {
  let shapes = '';
  for (let i = 0; i < count; i++) {
    const angle = random() * Math.PI * 2;
    const distance = Math.sqrt(random()) * area.r;
    const x = round(area.cx + Math.cos(angle) * distance);
    const y = round(area.cy + Math.sin(angle) * distance * 0.8);
    shapes += draw(x, y, Math.round(random() * 180), 0.6 + random() * 0.8);
  }
  return shapes;
}

function drink(demo: DemoRecipe, palette: Palette, random: () => number): string {
  const x = 380 + random() * 60;
  const ice = scatter(
    random,
    4,
    { cx: x + 100, cy: 330, r: 50 },
    (cx, cy, turn) =>
      `<rect x="${cx - 22}" y="${cy - 22}" width="44" height="44" rx="8" fill="#ffffff" fill-opacity="0.45" transform="rotate(${turn} ${cx} ${cy})"/>`,
  );
  const leaves = scatter(
    random,
    3,
    { cx: x + 100, cy: 190, r: 40 },
    (cx, cy, turn) =>
      `<ellipse cx="${cx}" cy="${cy}" rx="26" ry="12" fill="${palette.garnish}" transform="rotate(${turn} ${cx} ${cy})"/>`,
  );
  return (
    `<ellipse cx="${x + 100}" cy="610" rx="150" ry="34" fill="#000" fill-opacity="0.25"/>` +
    `<path d="M${x} 160 L${x + 200} 160 L${x + 175} 600 L${x + 25} 600 Z" fill="#ffffff" fill-opacity="0.35" stroke="#ffffff" stroke-width="6"/>` +
    `<path d="M${x + 8} 200 L${x + 192} 200 L${x + 171} 590 L${x + 29} 590 Z" fill="${palette.base}"/>` +
    `<path d="M${x + 8} 200 L${x + 192} 200 L${x + 186} 260 L${x + 14} 260 Z" fill="${palette.chunk}" fill-opacity="0.7"/>` +
    ice +
    `<rect x="${x + 130}" y="70" width="16" height="320" rx="8" fill="#ef4444" transform="rotate(12 ${x + 138} 230)"/>` +
    leaves +
    (demo.title.toLowerCase().includes('lime') || demo.title.toLowerCase().includes('mango')
      ? `<circle cx="${x + 20}" cy="165" r="48" fill="${palette.chunk}" stroke="${palette.garnish}" stroke-width="8"/>`
      : '')
  );
}

function plated(demo: DemoRecipe, palette: Palette, random: () => number): string {
  const bowl = demo.categories.some((c) => c === 'Curry' || c === 'Dessert' || c === 'Khichuri');
  const cx = 480 + (random() - 0.5) * 60;
  const cy = 370 + (random() - 0.5) * 30;
  const food = { cx, cy, r: bowl ? 170 : 190 };
  const grains = demo.categories.some((c) => c === 'Biryani' || c === 'Khichuri');
  const chunks = scatter(
    random,
    grains ? 9 : 7,
    { ...food, r: food.r * 0.75 },
    (x, y, turn, size) =>
      `<ellipse cx="${x}" cy="${y}" rx="${round(34 * size)}" ry="${round(24 * size)}" fill="${palette.chunk}" transform="rotate(${turn} ${x} ${y})"/>` +
      `<ellipse cx="${round(x - 8 * size)}" cy="${round(y - 7 * size)}" rx="${round(12 * size)}" ry="${round(6 * size)}" fill="#ffffff" fill-opacity="0.25" transform="rotate(${turn} ${x} ${y})"/>`,
  );
  const specks = scatter(
    random,
    grains ? 140 : 40,
    { ...food, r: food.r * 0.9 },
    (x, y, turn) =>
      `<ellipse cx="${x}" cy="${y}" rx="${grains ? 9 : 5}" ry="3" fill="${palette.speck}" transform="rotate(${turn} ${x} ${y})"/>`,
  );
  const garnish = scatter(
    random,
    10,
    { ...food, r: food.r * 0.85 },
    (x, y, turn, size) =>
      `<path d="M${x} ${y} q${round(10 * size)} -${round(16 * size)} ${round(22 * size)} 0 q-${round(10 * size)} ${round(14 * size)} -${round(22 * size)} 0z" fill="${palette.garnish}" transform="rotate(${turn} ${x} ${y})"/>`,
  );
  const side = 150 + random() * 40;
  return (
    `<ellipse cx="${cx + 10}" cy="${cy + 40}" rx="${food.r + 90}" ry="${food.r + 40}" fill="#000" fill-opacity="0.22"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${food.r + 80}" ry="${food.r + 50}" fill="#fafaf9"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${food.r + 58}" ry="${food.r + 30}" fill="${bowl ? '#e7e5e4' : '#f5f5f4'}" stroke="#d6d3d1" stroke-width="4"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${food.r}" ry="${round(food.r * 0.8)}" fill="${palette.base}"/>` +
    (bowl
      ? `<ellipse cx="${cx - 40}" cy="${cy - 50}" rx="${round(food.r * 0.5)}" ry="${round(food.r * 0.22)}" fill="#ffffff" fill-opacity="0.18"/>`
      : '') +
    specks +
    chunks +
    garnish +
    `<circle cx="${side}" cy="${560 + random() * 40}" r="62" fill="#fafaf9" stroke="#d6d3d1" stroke-width="4"/>` +
    `<path d="M${side - 40} ${575} a40 40 0 0 1 80 0z" fill="#a3e635" stroke="#4d7c0f" stroke-width="6"/>` +
    `<rect x="${820 + random() * 30}" y="180" width="22" height="380" rx="11" fill="#a8a29e"/>`
  );
}

/** The SVG of the demo recipe at `index` (distinct for every recipe). */
export function demoDishSvg(demo: DemoRecipe, index: number): string {
  const random = mulberry32(index * 7919 + demo.title.length);
  const palette = paletteOf(demo);
  const table = TABLES[index % TABLES.length] ?? '#6b4423';
  const cloth = CLOTHS[(index * 5) % CLOTHS.length] ?? '#fef3c7';
  const isDrink = demo.categories.includes('Juice');
  const clothTurn = Math.round(random() * 30 - 15);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${RENDER_WIDTH}" height="${(RENDER_WIDTH * ART_HEIGHT) / ART_WIDTH}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">` +
    `<defs><linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="1" stop-color="#000000" stop-opacity="0.25"/></linearGradient>` +
    `<pattern id="grain" width="120" height="18" patternUnits="userSpaceOnUse"><rect width="120" height="18" fill="${table}"/><path d="M0 9 Q30 4 60 9 T120 9" stroke="#000" stroke-opacity="0.12" fill="none" stroke-width="3"/></pattern></defs>` +
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#grain)"/>` +
    `<rect x="-80" y="420" width="520" height="420" fill="${cloth}" transform="rotate(${clothTurn} 180 630)"/>` +
    `<path d="M-80 470 H440 M-80 520 H440 M-80 570 H440" stroke="#000" stroke-opacity="0.08" stroke-width="10" transform="rotate(${clothTurn} 180 630)"/>` +
    (isDrink ? drink(demo, palette, random) : plated(demo, palette, random)) +
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#light)"/>` +
    '</svg>'
  );
}
