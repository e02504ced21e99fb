import { CheckCircleFilled, MinusOutlined, PictureOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LOCALE_TAGS } from '../../../shared/i18n';
import cells from '../../../shared/ui/cells.module.css';
import ui from '../../../shared/ui/ui.module.css';
import { formatQuantity, stockUnit, type Dominance, type Product, type ProductType } from '../model';
import styles from '../catalog.module.css';

/** Formats quantities in the user's language: "250 g", "24 ud", "10,25 g". */
export function useQuantity() {
  const { t } = useTranslation();
  const locale = LOCALE_TAGS[currentLanguage()].bcp47;
  return {
    locale,
    /** The decimal separator of the user's language, for InputNumber (which then reads "," and "." alike). */
    decimalSeparator: formatQuantity(1.5, locale).includes(',') ? ',' : '.',
    number: (value: number, minDecimals = 0) => formatQuantity(value, locale, minDecimals),
    withUnit: (value: number, type: ProductType | string | undefined, minDecimals = 0) =>
      `${formatQuantity(value, locale, minDecimals)} ${t(`catalog.units.${stockUnit(type)}`)}`,
    grams: (value: number) => `${formatQuantity(value, locale)} ${t('catalog.units.g')}`,
  };
}

/** The product's first picture as a small square, or a placeholder. */
export function ProductThumb({ src, size = 40, alt = '' }: { src?: string | null; size?: number; alt?: string }) {
  const style = { width: size, height: size };
  if (!src) {
    return (
      <span className={styles.thumbEmpty} style={style} aria-hidden="true" data-testid="thumb-empty">
        <PictureOutlined />
      </span>
    );
  }
  return <img className={styles.thumb} style={style} src={src} alt={alt} loading="lazy" />;
}

/** A yes / no cell: a check in the club colour, or a quiet dash; both read out for screen readers. */
export function BoolMark({ value, label }: { value: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <span className={value ? styles.boolYes : styles.boolNo} title={`${label}: ${value ? t('catalog.flags.yes') : t('catalog.flags.no')}`} data-value={value ? 'yes' : 'no'}>
      {value ? <CheckCircleFilled /> : <MinusOutlined />}
      <span className={ui.srOnly}>{value ? t('catalog.flags.yes') : t('catalog.flags.no')}</span>
    </span>
  );
}

const TYPE_COLOURS: Record<string, string> = { peso: 'geekblue', unidad: 'gold', ambos: 'cyan' };
const DOMINANCE_COLOURS: Record<string, string> = { indica: 'purple', sativa: 'green', hibrido: 'volcano' };

export function TypeTag({ type }: { type: ProductType | string }) {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} color={TYPE_COLOURS[type]} className={cells.tag}>
      {t(`catalog.types.${type === 'unidades' ? 'unidad' : type}`, { defaultValue: type })}
    </Tag>
  );
}

export function DominanceTag({ dominance }: { dominance: Dominance | string }) {
  const { t } = useTranslation();
  if (!dominance) return null;
  return (
    <Tag bordered={false} color={DOMINANCE_COLOURS[dominance]} className={cells.tag}>
      {t(`catalog.dominance.${dominance}`, { defaultValue: dominance })}
    </Tag>
  );
}

export function PublishedTag({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return published ? (
    <Tag bordered={false} color="success" className={cells.tag}>
      {t('catalog.flags.published')}
    </Tag>
  ) : (
    <Tag bordered={false} className={cells.tagMuted}>
      {t('catalog.flags.hidden')}
    </Tag>
  );
}

export function ThcTag({ thc }: { thc: boolean }) {
  const { t } = useTranslation();
  return thc ? (
    <Tag bordered={false} color="magenta" className={cells.tag}>
      {t('catalog.flags.thc')}
    </Tag>
  ) : (
    <Tag bordered={false} className={cells.tagMuted}>
      {t('catalog.flags.noThc')}
    </Tag>
  );
}

/** The stock cell: the quantity with its unit (red when none is left), or "unlimited". */
export function StockValue({ product, testId }: { product: Pick<Product, 'stock' | 'type' | 'unlimited_stock'>; testId?: string }) {
  const { t } = useTranslation();
  const q = useQuantity();
  if (product.unlimited_stock) {
    return (
      <span className={styles.unlimited} data-testid={testId} data-unlimited="true">
        ∞ <span className={ui.srOnly}>{t('catalog.flags.unlimited')}</span>
      </span>
    );
  }
  return (
    <span className={product.stock <= 0 ? styles.negative : undefined} data-testid={testId}>
      {q.withUnit(product.stock, product.type)}
    </span>
  );
}
