import { DesktopOutlined, PictureOutlined } from '@ant-design/icons';
import { Rate, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../dispensary.module.css';

export interface ProductCardProps {
  title: string;
  subtitle?: string;
  image?: string | null;
  /** The list (category) name, shown as a badge on the picture. */
  list?: string;
  /** Extra text under the subtitle (the form preview shows the description's start). */
  text?: ReactNode;
  /** The rating and TV flag row (the form preview). */
  rating?: number;
  showInTv?: boolean;
  /** Where the card leads (a card of the dispensary list). */
  to?: string;
  testId?: string;
  /** Placeholder look for empty title/subtitle (the form preview while typing). */
  placeholders?: { title: string; subtitle?: string };
}

/** The first letter of a title, for the picture placeholder. */
function initial(title: string): string {
  const c = Array.from(title.trim())[0];
  return c ? c.toLocaleUpperCase() : '';
}

/** A product as the dispensary shows it: picture (or its initial), list badge, title and subtitle. */
export function ProductCard(p: ProductCardProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const title = p.title.trim();
  const subtitle = (p.subtitle ?? '').trim();
  const showImage = !!p.image && failed !== p.image;

  const body = (
    <>
      <div className={styles.cardMedia}>
        {showImage ? (
          <img src={p.image!} alt="" loading="lazy" decoding="async" onError={() => setFailed(p.image!)} />
        ) : title ? (
          <span className={styles.cardInitial} aria-hidden="true">
            {initial(title)}
          </span>
        ) : (
          <PictureOutlined className={styles.cardInitial} aria-hidden="true" />
        )}
        {p.list && <span className={styles.cardBadge}>{p.list}</span>}
      </div>
      <div className={styles.cardBody}>
        <h3 className={`${styles.cardTitle} ${!title && p.placeholders ? styles.placeholderText : ''}`}>
          {title || p.placeholders?.title}
        </h3>
        {(subtitle || p.placeholders?.subtitle) && (
          <p className={`${styles.cardSubtitle} ${!subtitle ? styles.placeholderText : ''}`}>
            {subtitle || p.placeholders?.subtitle}
          </p>
        )}
        {p.text}
        {(p.rating !== undefined || p.showInTv !== undefined) && (
          <div className={styles.cardMeta}>
            {p.rating !== undefined && <Rate disabled value={p.rating} className={styles.rate} />}
            {p.showInTv !== undefined && (
              <Tag
                className={styles.tvTag}
                icon={<DesktopOutlined />}
                color={p.showInTv ? 'purple' : 'default'}
              >
                {p.showInTv ? t('dispensary.manager.tvShow') : t('dispensary.manager.tvHide')}
              </Tag>
            )}
          </div>
        )}
      </div>
    </>
  );

  if (p.to) {
    return (
      <Link
        to={p.to}
        className={styles.productCard}
        data-testid={p.testId}
      >
        {body}
      </Link>
    );
  }
  return (
    <article className={styles.productCard} data-testid={p.testId}>
      {body}
    </article>
  );
}
