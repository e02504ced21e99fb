/**
 * OCR of identity documents in the browser (tesseract.js). Loaded lazily with the dniread screen;
 * the worker, the WebAssembly core and the language data come from our own server (/app/ocr/…,
 * copied there at build time by scripts/ocr-assets.mjs), never from a CDN.
 */
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { parseMrz, type MrzResult } from './mrz';

const BASE = `${import.meta.env.BASE_URL}ocr`;
const MRZ_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export type OcrPhase = 'loading' | 'reading';
export type OcrProgress = (phase: OcrPhase, progress: number) => void;

let workerPromise: Promise<Worker> | null = null;
let listener: OcrProgress | null = null;

function getWorker(): Promise<Worker> {
  if (!workerPromise) {
    workerPromise = createWorker('eng', OEM.LSTM_ONLY, {
      workerPath: `${BASE}/worker.min.js`,
      corePath: `${BASE}/core`,
      langPath: `${BASE}/lang`,
      workerBlobURL: false,
      gzip: true,
      cachePath: 'socius-ocr-eng-4.0.0_best_int',
      logger: (m) => listener?.(m.status === 'recognizing text' ? 'reading' : 'loading', m.progress ?? 0),
      // Failures reject the calls below; without a handler the library would also throw them globally.
      errorHandler: () => {},
    }).then(async (w) => {
      await w.setParameters({ tessedit_char_whitelist: MRZ_CHARS, preserve_interword_spaces: '0' });
      return w;
    });
    workerPromise.catch(() => {
      workerPromise = null;
    });
  }
  return workerPromise;
}

/** Frees the OCR engine (its memory is large); the next read starts it again. */
export async function disposeOcr(): Promise<void> {
  const w = workerPromise;
  workerPromise = null;
  if (w) await (await w.catch(() => null))?.terminate();
}

/** Grey, contrast-stretched copy of an image region, scaled to a width the OCR reads well. */
export function prepareImage(source: CanvasImageSource, width: number, height: number, fromY = 0): HTMLCanvasElement {
  const srcH = Math.round(height * (1 - fromY));
  const srcY = height - srcH;
  const targetW = width < 1000 ? 1600 : width > 2400 ? 2000 : width;
  const scale = targetW / width;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(srcH * scale);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return canvas;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, srcY, width, srcH, 0, 0, canvas.width, canvas.height);
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const d = img.data;
  const hist = new Uint32Array(256);
  for (let i = 0; i < d.length; i += 4) {
    const g = Math.round(0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2]);
    d[i] = g;
    hist[g]++;
  }
  // Stretch between the 1st and 99th percentiles.
  const n = d.length / 4;
  let lo = 0;
  let hi = 255;
  for (let acc = 0; lo < 255 && (acc += hist[lo]) < n * 0.01; lo++);
  for (let acc = 0; hi > 0 && (acc += hist[hi]) < n * 0.01; hi--);
  const span = Math.max(1, hi - lo);
  for (let i = 0; i < d.length; i += 4) {
    const v = Math.max(0, Math.min(255, ((d[i] - lo) * 255) / span));
    d[i] = d[i + 1] = d[i + 2] = v;
  }
  ctx.putImageData(img, 0, 0);
  return canvas;
}

const RANK = { all: 2, partial: 1, failed: 0 } as const;

export interface DocumentReading {
  result: MrzResult | null;
  /** What the OCR read (all passes), for "show what was read". */
  text: string;
}

/**
 * Reads the machine-readable zone of a document photo: the whole image first, then its lower
 * half (where the zone is on cards and passports). Stops at the first reading whose check
 * digits all match.
 */
export async function readDocument(source: CanvasImageSource, width: number, height: number, onProgress?: OcrProgress): Promise<DocumentReading> {
  listener = onProgress ?? null;
  try {
    const worker = await getWorker();
    const passes: { fromY: number; psm: PSM }[] = [
      { fromY: 0, psm: PSM.AUTO },
      { fromY: 0.5, psm: PSM.SINGLE_BLOCK },
    ];
    let best: MrzResult | null = null;
    const texts: string[] = [];
    for (const p of passes) {
      const image = prepareImage(source, width, height, p.fromY);
      await worker.setParameters({ tessedit_pageseg_mode: p.psm });
      const { data } = await worker.recognize(image);
      texts.push(data.text);
      const r = parseMrz(data.text);
      if (r && (!best || RANK[r.verified] > RANK[best.verified])) best = r;
      if (best?.verified === 'all') break;
    }
    return { result: best, text: texts.join('\n') };
  } finally {
    listener = null;
  }
}
