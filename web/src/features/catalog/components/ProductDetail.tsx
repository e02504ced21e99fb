import { CheckOutlined, CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { Money } from '../../../shared/ui/Figures';
import type { Product } from '../model';
import styles from '../catalog.module.css';
import { DominanceTag, PublishedTag, StockValue, ThcTag, TypeTag, useQuantity } from './bits';

/**
 * The side panel of the product manager (spec §2): first image, SKU, type, dominance, price, cost,
 * stock, flags, jar weight and unit weight, with the actions the user's roles allow.
 */
export function ProductDetail({ product: p, actions }: { product: Product; actions?: ReactNode }) {
  const { t } = useTranslation();
  const q = useQuantity();
  const image = p.imagenes?.[0]?.img || p.thumb;
  const none = <span className={cells.muted}>{t('catalog.detail.notSet')}</span>;

  const flags: [boolean, string][] = [
    [p.menu_export, t('catalog.flags.menuExport')],
    [p.discount, t('catalog.flags.discount')],
    [p.unlimited_stock, t('catalog.flags.unlimited')],
    [p.inventory_tracking, t('catalog.flags.inventory')],
  ];

  return (
    <div className={styles.detail} data-testid="product-detail">
      <div className={styles.detailImage}>
        {image ? (
          <img src={image} alt={p.titulo} data-testid="detail-image" />
        ) : (
          <span className={styles.detailNoImage}>
            <PictureOutlined />
            {t('catalog.detail.noImage')}
          </span>
        )}
      </div>
      <div className={styles.detailHead}>
        <h2 className={styles.detailTitle} data-testid="detail-title">
          {p.titulo}
        </h2>
        <div className={styles.detailSub}>{p.categorias || t('catalog.detail.noCategory')}</div>
        <div className={styles.tagRow}>
          <PublishedTag published={p.status} />
          <ThcTag thc={p.thc} />
          <DominanceTag dominance={p.dominance} />
        </div>
      </div>

      <div className={styles.detailFigures}>
        <div>
          <span className={styles.figureLabel}>{t('catalog.detail.price')}</span>
          <span className={styles.figureValue} data-testid="detail-price">
            {formatMoney(p.precio)}
          </span>
        </div>
        <div>
          <span className={styles.figureLabel}>{t('catalog.detail.stock')}</span>
          <span className={styles.figureValue}>
            <StockValue product={p} testId="detail-stock" />
          </span>
        </div>
      </div>

      <Descriptions
        size="small"
        column={1}
        colon={false}
        className={styles.detailList}
        classNames={{ label: styles.descLabel, content: styles.descContent }}
        items={[
          { key: 'sku', label: t('catalog.detail.sku'), children: p.code ? <span className={cells.mono} data-testid="detail-sku">{p.code}</span> : <span className={cells.muted}>{t('catalog.detail.noCode')}</span> },
          { key: 'type', label: t('catalog.detail.type'), children: <TypeTag type={p.type} /> },
          { key: 'dominance', label: t('catalog.detail.dominance'), children: p.dominance ? t(`catalog.dominance.${p.dominance}`, { defaultValue: p.dominance }) : none },
          { key: 'cost', label: t('catalog.detail.cost'), children: <Money value={p.coste} /> },
          {
            key: 'jar',
            label: t('catalog.detail.jarWeight'),
            children: p.type === 'peso' && p.jar_weight > 0 ? <span className={cells.num} data-testid="detail-jar">{q.grams(p.jar_weight)}</span> : none,
          },
          {
            key: 'unit',
            label: t('catalog.detail.unitWeight'),
            children: p.unit_weight > 0 ? <span className={cells.num}>{q.grams(p.unit_weight)}</span> : none,
          },
        ]}
      />

      <div>
        <div className={styles.figureLabel}>{t('catalog.detail.flags')}</div>
        <ul className={styles.flagList} data-testid="detail-flags">
          {flags.map(([on, label]) => (
            <li key={label} className={on ? styles.flagOn : styles.flagOff} data-on={on ? 'true' : 'false'}>
              {on ? <CheckOutlined /> : <CloseOutlined />} {label}
            </li>
          ))}
        </ul>
      </div>

      {actions && <div className={styles.detailActions}>{actions}</div>}
    </div>
  );
}
