// After `vite build`: writes dist/home.html, the built index.html with the home page's first
// render inside #root, which the server sends for `/` (and index.html, the empty shell, for every
// other path). The intro and the placeholders then paint from the HTML, before the app's script
// has downloaded and run; the script hydrates them. Renders the same source the bundle was built
// from, through Vite's SSR module loader (so the CSS imports of components are understood).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';

const webDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(webDir, 'dist');
const EMPTY_ROOT = '<div id="root"></div>';

const vite = await createServer({
  root: webDir,
  configFile: path.join(webDir, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'warn',
});
try {
  const { renderHome } = await vite.ssrLoadModule('/src/prerender-home.tsx');
  const markup = renderHome();
  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT}`);
  writeFileSync(
    path.join(dist, 'home.html'),
    shell.replace(EMPTY_ROOT, `<div id="root">${markup}</div>`),
  );
  console.log(`prerendered the home page into dist/home.html (${markup.length} characters)`);
} finally {
  await vite.close();
}
