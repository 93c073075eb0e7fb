import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '8080'}`;

// The web app lives in src/web; the server serves dist/web in production.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: { '/api': api, '/sanctum': api },
  },
});
