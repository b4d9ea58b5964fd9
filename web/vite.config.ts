import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development Vite serves the app and forwards API calls to the server on :3000;
// in production the server serves web/dist itself, on one port.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
});
