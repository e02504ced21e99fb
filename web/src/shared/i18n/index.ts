import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from '../../locales/es.json';
import { KEYS, readKey, writeKey } from '../session/storage';

export const LANGUAGES = ['es', 'cat', 'it', 'pt', 'en', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** BCP 47 tag (html lang, Intl) and dayjs locale of each language (see shared/format/dayjs.ts). */
export const LOCALE_TAGS: Record<Language, { bcp47: string; dayjs: string }> = {
  es: { bcp47: 'es-ES', dayjs: 'es' },
  cat: { bcp47: 'ca-ES', dayjs: 'ca' },
  it: { bcp47: 'it-IT', dayjs: 'it' },
  pt: { bcp47: 'pt-PT', dayjs: 'pt' },
  en: { bcp47: 'en-GB', dayjs: 'en-gb' },
  fr: { bcp47: 'fr-FR', dayjs: 'fr' },
  de: { bcp47: 'de-DE', dayjs: 'de' },
};

type Dictionary = Record<string, unknown>;
type OtherLanguage = Exclude<Language, typeof DEFAULT_LANGUAGE>;

/**
 * All seven dictionaries ship inside the app. Spanish (the default) is in the main bundle; the other
 * six are separate chunks of the same build, loaded when chosen, so the login page stays within
 * its JavaScript budget.
 */
const dictionaryLoaders: Record<OtherLanguage, () => Promise<{ default: Dictionary }>> = {
  cat: () => import('../../locales/cat.json'),
  it: () => import('../../locales/it.json'),
  pt: () => import('../../locales/pt.json'),
  en: () => import('../../locales/en.json'),
  fr: () => import('../../locales/fr.json'),
  de: () => import('../../locales/de.json'),
};

const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

export function storedLanguage(): Language {
  const v = readKey(KEYS.lang);
  return isLanguage(v) ? v : DEFAULT_LANGUAGE;
}

function applyLocale(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_TAGS[lang].bcp47;
}

void i18n.use(initReactI18next).init({
  resources: { es: { translation: es } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: 'currentOnly',
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
});
applyLocale(DEFAULT_LANGUAGE);

/** Makes a language's dictionary available (no-op once loaded). */
export async function loadLanguage(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  const other = lang as OtherLanguage;
  const dict = await dictionaryLoaders[other]();
  i18n.addResourceBundle(lang, 'translation', dict.default, true, true);
  loaded.add(lang);
}

/** Switches to the remembered language (localStorage `socius.lang`, default es) before first paint. */
export async function initLanguage(): Promise<Language> {
  const lang = storedLanguage();
  if (lang === DEFAULT_LANGUAGE) return lang;
  try {
    await loadLanguage(lang);
  } catch {
    return DEFAULT_LANGUAGE;
  }
  applyLocale(lang);
  await i18n.changeLanguage(lang);
  return lang;
}

/** Changes the language of the interface and remembers it. */
export async function setLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  writeKey(KEYS.lang, lang);
  applyLocale(lang);
  await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
export default i18n;

/**
 * Adds a feature's own dictionaries (src/features/<x>/locales/*.json). A feature calls this at the top
 * of its module, so its strings travel in its lazily loaded chunk and not in the login page's bundle.
 */
export function addFeatureDictionaries(dictionaries: Record<Language, Dictionary>): void {
  for (const lang of LANGUAGES) {
    i18n.addResourceBundle(lang, 'translation', dictionaries[lang], true, false);
  }
}
