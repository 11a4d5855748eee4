import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { devXsrfCookie } from './scripts/vite/dev-xsrf-cookie.ts';
import { compileWords } from './scripts/vite/compile-words.ts';
import { lazyChunkGroups } from './scripts/vite/lazy-chunk-groups.ts';

// The dev server forwards API calls to a running export service (npm start, or the
// server started on its own), so `npm run dev` behaves like production.
export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' }), devXsrfCookie(), compileWords()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/dev': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/size.ts reads the entry chunk and its static imports from it.
    manifest: true,
    // Every supported browser has <link rel=modulepreload>; the polyfill would only add first-load bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // machines/ and contract/ are plain modules, none does anything on import (no top-level calls): a
      // module whose exports the first load does not use (the status page's selectors, re-exported by
      // machines/index.ts) then goes with the lazy screens that use it (decision 0033, docs/performance.md).
      treeshake: { moduleSideEffects: [{ test: /\/(machines|contract)\//, sideEffects: false }] },
      // Those lazy modules in a few named chunks rather than one per set of screens (decision 0038).
      output: { codeSplitting: lazyChunkGroups },
    },
  },
});
