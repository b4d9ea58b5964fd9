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
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            // What every page needs, as one file: gzip compresses it better than the six or so
            // chunks the splitter makes otherwise (about 3 kB less in the first download, which
            // bench/web measures against the 110 kB budget).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@trpc|@tanstack)[\\/]|vite\/preload-helper|ui[\\/]src[\\/]inline-icons/,
            },
          ],
        },
      },
    },
  },
});
