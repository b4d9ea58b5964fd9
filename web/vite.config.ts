import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development Vite serves the app and forwards API calls to the server on :3000;
// in production the server serves web/dist itself, on one port.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/*
 * react-router 7's package exports name only its development build (with its dev warnings, kept
 * unconditionally), so a production bundle carries it too: remix-run/react-router issues 12532,
 * 14102 and 14753. The build takes the production files it ships beside them: 0.51 kB gzip less
 * in the first download (measured 2026-11-24). `vite dev` and the prerender keep the warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }
      : {},
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/trpc': apiTarget, '/media': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/prerender.mjs reads which stylesheets a lazy page needs.
    manifest: true,
    rolldownOptions: {
      /*
       * @trpc/client and @trpc/react-query do not declare themselves free of side effects, so the
       * bundler keeps what their modules run on import although the app never uses it: the
       * WebSocket client's class (a static field set on import) came along with httpBatchLink.
       * Both only define functions and classes; declared so here, the first download is 0.90 kB
       * gzip lighter (measured 2026-11-24). @trpc/server already declares it in its package.
       */
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules[\\/]@trpc[\\/](client|react-query)[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry needs before it can run (React, the router, the tRPC client,
            // the app shell and the home page's first render) as one file: gzip compresses one
            // file better than the six or so the splitter makes otherwise (about 3 kB less in the
            // first download, which bench/web measures against the 110 kB budget).
            { name: 'framework', tags: ['$initial'], priority: 2 },
            // The home page's sections below the intro (list controls, slider, contact form) and
            // the site footer, with the ui components they use, as one chunk: one request
            // instead of about thirty, which would otherwise queue ahead of the page's API call
            // (a browser opens six connections per host). Pages that share a component (a text
            // field, say) load this chunk too; after the home page it is in cache anyway.
            {
              name: 'home-sections',
              test: /web[\\/]src[\\/](features[\\/]home[\\/](recipe-list-section|trending-section|contact-section)|components[\\/]recipe-list[\\/]recipe-list-(filters|page)\.|app[\\/]layouts[\\/]site-footer)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
