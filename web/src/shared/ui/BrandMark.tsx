import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

interface Props {
  size?: number;
  /** Show the "Socius" word beside the mark. */
  withName?: boolean;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
  /** Defaults to the product name (common.appName). */
  name?: string;
}

/** The Socius logo: a leaf in a rounded square, and the brand name. */
export function BrandMark({ size = 36, withName = true, inverted = false, name }: Props) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.brand} ${inverted ? styles.brandInverted : ''}`}>
      <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="socius-mark" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#C08BD6" />
            <stop offset="1" stopColor="#7E3FA0" />
          </linearGradient>
        </defs>
        <rect width="48" height="48" rx="12" fill="url(#socius-mark)" />
        <path
          d="M24 9c5.5 5 8 10.4 8 15.6 0 5-2.6 9-8 12.4-5.4-3.4-8-7.4-8-12.4C16 19.4 18.5 14 24 9z"
          fill="#fff"
          opacity=".95"
        />
        <path d="M24 15v24" stroke="#8E4DB0" strokeWidth="2" strokeLinecap="round" />
        <path d="M24 27l-5-4M24 32l5-4" stroke="#8E4DB0" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {withName && <span className={styles.brandName}>{name ?? t('common.appName')}</span>}
    </span>
  );
}
