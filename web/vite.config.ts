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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
