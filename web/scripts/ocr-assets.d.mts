import type { Plugin } from 'vite';
export function ocrFiles(): Record<string, string>;
export function ocrAssets(): Plugin;
