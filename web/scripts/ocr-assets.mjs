// The OCR engine's files, served by us (DESIGN.md: nothing from a CDN at run time).
// tesseract.js loads a worker script, a WebAssembly core and a language file at run time; this
// Vite plugin copies them from node_modules into the build (dist/ocr/…, served at /app/ocr/…)
// and serves the same paths from node_modules under `vite` (dev).
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const pkgDir = (name) => dirname(require.resolve(`${name}/package.json`));

/** Public path (under the app base) -> file in node_modules. */
export function ocrFiles() {
  const tjs = pkgDir('tesseract.js');
  const core = pkgDir('tesseract.js-core');
  const eng = pkgDir('@tesseract.js-data/eng');
  const files = {
    'ocr/worker.min.js': join(tjs, 'dist/worker.min.js'),
    // LSTM-only cores (we never use the legacy engine); the worker picks one by CPU features.
    'ocr/core/tesseract-core-lstm.wasm.js': join(core, 'tesseract-core-lstm.wasm.js'),
    'ocr/core/tesseract-core-simd-lstm.wasm.js': join(core, 'tesseract-core-simd-lstm.wasm.js'),
    'ocr/core/tesseract-core-relaxedsimd-lstm.wasm.js': join(core, 'tesseract-core-relaxedsimd-lstm.wasm.js'),
    // English LSTM model (integer "best"): enough for the A–Z 0–9 < of a machine-readable zone.
    'ocr/lang/eng.traineddata.gz': join(eng, '4.0.0_best_int/eng.traineddata.gz'),
  };
  for (const [out, src] of Object.entries(files)) {
    if (!existsSync(src)) throw new Error(`ocr-assets: ${src} is missing (needed for ${out}); run npm ci`);
  }
  return files;
}

const TYPES = { '.js': 'application/javascript', '.gz': 'application/gzip' };

/** @returns {import('vite').Plugin} */
export function ocrAssets() {
  return {
    name: 'socius-ocr-assets',
    configureServer(server) {
      const files = ocrFiles();
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0].replace(/^\/app\//, '');
        const src = files[path];
        if (!src) return next();
        res.setHeader('Content-Type', TYPES[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream');
        res.setHeader('Content-Length', String(statSync(src).size));
        createReadStream(src).pipe(res);
      });
    },
    generateBundle() {
      for (const [fileName, src] of Object.entries(ocrFiles())) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(src) });
      }
    },
  };
}
