import { GlobalOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, LANGUAGES, setLanguage } from '../../shared/i18n';
import { BrandMark } from '../../shared/ui/BrandMark';
import ui from '../../shared/ui/ui.module.css';
import styles from './auth.module.css';

interface Props {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/**
 * The public pages' frame: brand, a centred card, language choice and version. No menu.
 * Deliberately built from plain elements (no antd Card/Select) to keep the login page light.
 */
export function AuthLayout({ title, subtitle, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <main className={styles.column}>
        <header className={styles.brandBlock}>
          <BrandMark size={48} />
          <p className={styles.tagline}>{t('auth.brandTagline')}</p>
        </header>
        <section className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          {children}
        </section>
        <footer className={styles.footer}>
          <label className={styles.language}>
            <GlobalOutlined aria-hidden="true" />
            <span className={ui.srOnly}>{t('common.language')}</span>
            <select
              className={styles.languageSelect}
              value={currentLanguage()}
              onChange={(e) => {
                if (isLanguage(e.target.value)) void setLanguage(e.target.value);
              }}
              data-testid="login-language"
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} data-testid={`login-lang-option-${l}`}>
                  {t(`common.languages.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <span className={styles.version}>{t('common.version', { version: __APP_VERSION__ })}</span>
        </footer>
      </main>
    </div>
  );
}
