import './i18n';
/** Longest side of a stored product image, in pixels. Larger pictures are scaled down before upload. */
export const IMAGE_MAX_SIDE = 1600;
/** Pictures up to this size and IMAGE_MAX_SIDE are sent as they are (PNG keeps its transparency). */
const KEEP_BYTES = 1_500_000;
/** The server refuses images over 5 MB. */
export const SERVER_MAX_BYTES = 5 * 1024 * 1024;

export class ImageError extends Error {
  constructor(readonly reason: 'notImage' | 'tooLarge') {
    super(reason);
    this.name = 'ImageError';
  }
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read'));
    r.readAsDataURL(file);
  });
}

function load(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new ImageError('notImage'));
    img.src = src;
  });
}

/** The size a picture is drawn at so that its longest side is at most `max`. */
export function fitWithin(width: number, height: number, max = IMAGE_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A picked file as the base64 data URL POST /api/item takes: small pictures as they are, big ones
 * scaled to IMAGE_MAX_SIDE as JPEG on white. GIF and SVG are kept as they are (within 5 MB).
 */
export async function prepareImage(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new ImageError('notImage');
  const original = await readAsDataUrl(file);
  if (file.type === 'image/gif' || file.type === 'image/svg+xml') {
    if (file.size > SERVER_MAX_BYTES) throw new ImageError('tooLarge');
    return original;
  }
  const img = await load(original);
  const w = img.naturalWidth;
  const h = img.naturalHeight;
  if (file.size <= KEEP_BYTES && Math.max(w, h) <= IMAGE_MAX_SIDE) return original;
  const size = fitWithin(w, h);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    if (file.size > SERVER_MAX_BYTES) throw new ImageError('tooLarge');
    return original;
  }
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(img, 0, 0, size.width, size.height);
  return canvas.toDataURL('image/jpeg', 0.86);
}
