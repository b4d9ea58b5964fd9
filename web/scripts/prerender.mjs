// After `vite build`: writes the pages whose first render is in the HTML, so they paint before
// the app's script has downloaded and run (the script then hydrates them):
//   dist/home.html   the built index.html with the home page's first render inside #root and the
//                    stylesheets of the trending slider, which the server sends for `/` with the
//                    slider in its <div data-server-rendered="trending"> (the placeholder when
//                    there is no server);
//   dist/dashboard.html the dashboard's first render for a signed-in member, with an empty
//                    <div data-server-rendered="dashboard">, which the server sends for
//                    /dashboard/index/ to a valid page cookie with that member's filters and first
//                    cards in it (server/src/modules/recipe-pages/dashboard-page.routes.ts);
//   dist/recipe.html the same with a recipe page's first render (top bar, Back, an empty
//                    <article data-server-rendered="recipe">), which the server sends for
//                    `/recipes/{id}` with the recipe's own head and its hero in that element
//                    (server/src/modules/recipe-pages).
// index.html, the empty shell, is sent for every other path. Renders the same source the bundle
// was built from, through Vite's SSR module loader (so the CSS imports of components are
// understood).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';

const webDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(webDir, 'dist');
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The stylesheets of a lazy page's chunk and the chunks it imports (Vite's manifest) that style
 * its first paint: those defining one of `firstPaintClasses`. Without them that paint is laid out
 * unstyled, then jumps when the styles arrive. The rest wait for the chunk (Vite's loader fetches
 * a chunk's stylesheets before running it): every stylesheet in the head holds up the first paint
 * and the entry script, which waits for them.
 */
function lazyPageStyles(source, firstPaintClasses) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  // A chunk of vite.config.ts's own (codeSplitting groups) is known by its name, not a source.
  const chunkKey = Object.keys(manifest).find(
    (key) => manifest[key].name === source && !manifest[key].src,
  );
  if (chunkKey) source = chunkKey;
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  if (seen.size === 0) throw new Error(`the build's manifest has no ${source}`);
  const styles = [...css].filter((file) => {
    const text = readFileSync(path.join(dist, file), 'utf8');
    return firstPaintClasses.some((name) => text.includes(`.${name}`));
  });
  for (const name of firstPaintClasses) {
    const defined = styles.some((file) =>
      readFileSync(path.join(dist, file), 'utf8').includes(`.${name}`),
    );
    if (!defined) throw new Error(`no stylesheet of ${source} defines .${name}`);
  }
  return styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
}

const vite = await createServer({
  root: webDir,
  configFile: path.join(webDir, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'warn',
});
try {
  const { renderHome, renderRecipeShell, renderDashboardShell } =
    await vite.ssrLoadModule('/src/prerender.tsx');
  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT}`);
  for (const [file, markup, styles] of [
    [
      'home.html',
      renderHome(),
      // What the server paints in the trending slot (server/src/modules/recipe-pages/
      // home-trending-html.ts): ui's TrendingSlider, RecipeCard and Picture, whose stylesheets
      // are in the home sections' chunk's (the rest of that chunk's code and styles come later).
      lazyPageStyles('home-sections', ['rh-slider', 'rh-recipe-card', 'rh-picture']),
    ],
    [
      'recipe.html',
      await renderRecipeShell(),
      // What paints before the app's script: the page's frame and the hero the server fills in
      // (ui's Picture, whose stylesheet is in a shared chunk's).
      lazyPageStyles('src/features/recipe-detail/recipe-detail-page.tsx', [
        'recipe-page',
        'recipe-hero',
        'rh-picture',
      ]),
    ],
    [
      'dashboard.html',
      // Last: it renders the app as signed in (prerender.tsx).
      await renderDashboardShell(),
      // What paints before the app's script: the dashboard's frame (its shell's chunk) and what
      // the server fills in (the page's filters, tabs and cards, ui's Picture).
      lazyPageStyles('src/app/layouts/dashboard-shell.tsx', ['rh-dashboard']) +
        lazyPageStyles('src/features/dashboard/dashboard-page.tsx', [
          'dash-lists',
          'dash-card',
          'rh-tabs__list',
          'rh-search-box',
          'rh-checkbox-group',
          'rh-picture',
        ]),
    ],
  ]) {
    // Inline scripts would be refused by the CSP (script-src 'self') and mean the render was cut.
    if (markup.includes('<script')) throw new Error(`${file}: the render holds a script`);
    const page = shell
      .replace('</head>', `${styles}</head>`)
      .replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
    writeFileSync(path.join(dist, file), page);
    console.log(`prerendered dist/${file} (${markup.length} characters)`);
  }
} finally {
  await vite.close();
}
