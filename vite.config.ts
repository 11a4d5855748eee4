import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards API calls to a running export service (npm start, or the
// server started on its own), so `npm run dev` behaves like production.
export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/dev': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
  },
});
