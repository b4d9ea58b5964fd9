// After `vite build`: writes dist/dashboard.html, the built index.html (the empty shell) with, in
// its head, a `<link rel="modulepreload">` of every script the dashboard's first screen runs
// (the chunks of FIRST_SCREEN and those they import, found in Vite's manifest) and a
// `<link rel="preload" as="style">` of their stylesheets. The server sends it for /dashboard/
// paths. Without it the browser learns of those chunks one after another: the entry script has
// to arrive and run before it asks for the route table's chunk, which has to arrive and run
// before the shell's and the page's are asked for. With it they download beside the entry script
// (the entry itself is unchanged: the home page's first download stays as it was).
//
// Stylesheets are preloaded, not linked: a stylesheet link in the head holds up the page's first
// paint and the entry script until it has arrived, while Vite's loader links each chunk's
// stylesheets itself before running the chunk (from the cache, once preloaded).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../dist');
/**
 * The modules whose chunks (with their imports) the dashboard's first screen runs: its route
 * table, the shell every dashboard page sits in, and the page it opens on (/dashboard/index/).
 * The route table imports the other two lazily and asks for both at once when it is landed on.
 */
const FIRST_SCREEN = [
  'src/app/dashboard-routes.tsx',
  'src/app/layouts/dashboard-shell.tsx',
  'src/features/dashboard/dashboard-page.tsx',
];

/** The chunks of `sources` and every chunk they import statically, except the entry's. */
function chunksOf(manifest, sources) {
  const scripts = new Set();
  const styles = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    if (seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) styles.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return { scripts: [...scripts], styles: [...styles] };
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const { scripts, styles } = chunksOf(manifest, FIRST_SCREEN);
// The app's text face (Inter, latin): the dashboard is rendered by the app, and once the chunks
// above come with the entry script it often painted before the face had arrived (asked for only
// when the first text was laid out); swapping it in then moved the menu and tabs (layout shift
// up to 0.12 at 390 px). Preloaded, it arrives with the scripts.
const entryCss = manifest['index.html']?.css ?? [];
const fonts = entryCss.flatMap((file) =>
  [
    ...readFileSync(path.join(dist, file), 'utf8').matchAll(
      /url\(\/?(assets\/[^)]*latin-wght-normal[^)]*\.woff2)\)/g,
    ),
  ].map((match) => match[1]),
);
if (fonts.length === 0) throw new Error("the entry's stylesheet names no latin woff2 face");
const links = [
  ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ...fonts.map(
    (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`,
  ),
].join('');
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes('</head>')) throw new Error('dist/index.html has no </head>');
writeFileSync(path.join(dist, 'dashboard.html'), shell.replace('</head>', `${links}</head>`));
console.log(
  `wrote dist/dashboard.html (${scripts.length} modulepreloads, ${styles.length} stylesheet preloads)`,
);
