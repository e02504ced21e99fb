import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { ocrAssets } from './scripts/ocr-assets.mjs';

// The product version lives with the Go code so that the binary and the web app agree.
const versionFile = fileURLToPath(new URL('../internal/version/VERSION', import.meta.url));
const appVersion = readFileSync(versionFile, 'utf8').trim();

const backend = 'http://localhost:8080';

// web/embed.go embeds dist/ and git keeps dist/.keep so the folder exists before a build;
// Vite empties dist/ on every build, so the marker is written back afterwards.
const keepDistMarker: Plugin = {
  name: 'socius-keep-dist-marker',
  apply: 'build',
  closeBundle() {
    writeFileSync(fileURLToPath(new URL('./dist/.keep', import.meta.url)), '');
  },
};

export default defineConfig({
  base: '/app/',
  plugins: [react(), keepDistMarker, ocrAssets()],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/services': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // antd is imported through its barrel; resolve only the re-exports actually used so that
      // components of lazy screens are not pulled into the login page's chunks.
      experimental: { lazyBarrel: true },
      output: {
        codeSplitting: {
          groups: [
            // The framework every screen (and the login page) needs: one long-lived cached chunk.
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'vendor-data',
              test: /node_modules[\\/](@tanstack|i18next|react-i18next|openapi-fetch)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  test: {
    // Unit tests only; web/e2e/ holds the Playwright suite run against the real binary.
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
