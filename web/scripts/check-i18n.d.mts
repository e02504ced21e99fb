export const LANGUAGES: string[];
export const REFERENCE: string;
export type Dictionary = { [key: string]: string | Dictionary };
export function flatten(obj: Dictionary, prefix?: string): Record<string, unknown>;
export function checkDictionaries(
  dictionaries: Record<string, Dictionary>,
): { lang: string; key: string; kind: 'missing' | 'empty' }[];
export function usedKeys(source: string): Set<string>;
export function checkSources(srcDir: string, reference: Dictionary): { file: string; key: string; kind: 'unknown' }[];
export function loadDictionaries(localesDir: string): Record<string, Dictionary>;
export function runCheck(options: { localesDir: string; srcDir: string }): string[];
