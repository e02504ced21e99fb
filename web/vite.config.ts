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

// antd's Button and Tag styles import isBright from the colour picker's preset panel, a module
// that also imports Collapse: every page with a Button loaded Collapse and the colour picker.
// Those two imports get src/shared/ui/antdIsBright.ts, the same helper alone; any other importer
// (the colour picker itself) keeps antd's module. If antd moves the import, this stops matching
// and `npm run check:bundle` reports the login page's size again.
const antdIsBright: Plugin = {
  name: 'socius-antd-is-bright',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '../../color-picker/components/ColorPresets' && importer && /antd[\\/]es[\\/](button|tag)[\\/]style[\\/]/.test(importer)) {
      return fileURLToPath(new URL('./src/shared/ui/antdIsBright.ts', import.meta.url));
    }
    return undefined;
  },
};

export default defineConfig({
  base: '/app/',
  plugins: [react(), keepDistMarker, ocrAssets(), antdIsBright],
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
      // @rc-component/color-picker declares no sideEffects; it has none at import time, and the
      // Button's colour helper needs only its Color class (see antdIsBright above).
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]color-picker[\\/]/, sideEffects: false }],
      },
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
