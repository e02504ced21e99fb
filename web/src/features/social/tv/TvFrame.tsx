import { CloseOutlined } from '@ant-design/icons';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTvProducts, useTvSettings, type TvProduct, type TvSettings } from '../api';
import styles from './tv.module.css';
import { useTvScreen } from './useTvScreen';

interface Props {
  name: string;
  children: (data: { products: TvProduct[]; settings: TvSettings; logo: string; title: string }) => ReactNode;
}

/**
 * The frame of a TV screen: the club's colours from its TV settings, the club's name and logo, a
 * discreet way out (Escape, or the button that shows with the pointer) and the products, read
 * again every 15 s so a sold-out product leaves and a new one comes without a reload.
 */
export function TvFrame({ name, children }: Props) {
  const { t } = useTranslation();
  const products = useTvProducts();
  const settings = useTvSettings(true);
  const exit = useTvScreen();
  const s = settings.data;
  const style = s ? ({ '--tv-bg': s.backgroundcolor, '--tv-fg': s.textcolor } as CSSProperties) : undefined;
  return (
    <main className={styles.tv} style={style} data-testid={`tv-${name}`} aria-busy={!products.data || !s}>
      <button type="button" className={styles.exit} onClick={exit} aria-label={t('social.tv.exit')} data-testid="tv-exit">
        <CloseOutlined />
      </button>
      {products.data && s
        ? children({ products: products.data.products ?? [], settings: s, logo: products.data.logo.img, title: products.data.title })
        : null}
    </main>
  );
}

export function TvHeader({ logo, title }: { logo: string; title: string }) {
  return (
    <header className={styles.header}>
      {logo && <img src={logo} alt="" className={styles.logo} />}
      <h1 className={styles.clubName}>{title}</h1>
    </header>
  );
}

export function TvEmpty() {
  const { t } = useTranslation();
  return (
    <p className={styles.empty} data-testid="tv-empty">
      {t('social.tv.empty')}
    </p>
  );
}
