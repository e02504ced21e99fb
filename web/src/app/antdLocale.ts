import esES from 'antd/locale/es_ES';
import { useEffect, useRef, useState } from 'react';
import type { Language } from '../shared/i18n';

type AntdLocale = typeof esES;

/** Ant Design's locale per language (pickers, pagination, empty states); Spanish is built in. */
const loaders: Record<Exclude<Language, 'es'>, () => Promise<{ default: AntdLocale }>> = {
  cat: () => import('antd/locale/ca_ES'),
  it: () => import('antd/locale/it_IT'),
  pt: () => import('antd/locale/pt_PT'),
  en: () => import('antd/locale/en_GB'),
  fr: () => import('antd/locale/fr_FR'),
  de: () => import('antd/locale/de_DE'),
};

const cache = new Map<Language, AntdLocale>([['es', esES]]);

export async function loadAntdLocale(lang: Language): Promise<AntdLocale> {
  const hit = cache.get(lang);
  if (hit) return hit;
  const locale = (await loaders[lang as Exclude<Language, 'es'>]()).default;
  cache.set(lang, locale);
  return locale;
}

/** The antd locale of `lang`; keeps the previous one while a new one loads. */
export function useAntdLocale(lang: Language): AntdLocale {
  const last = useRef<AntdLocale>(cache.get(lang) ?? esES);
  const [, setVersion] = useState(0);
  const hit = cache.get(lang);
  if (hit) last.current = hit;

  useEffect(() => {
    if (cache.has(lang)) return;
    let alive = true;
    loadAntdLocale(lang)
      .then(() => alive && setVersion((v) => v + 1))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [lang]);

  return hit ?? last.current;
}
