import { CalendarOutlined, PictureOutlined, TeamOutlined } from '@ant-design/icons';
import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import type { Publication } from '../model';
import styles from '../social.module.css';

/**
 * A news item or an event as members will see it: the cover (or the pictures, one after the
 * other, when there are several), the title, the subtitle or the dates, the sign-ups and the body.
 * The list's side panel and the create page's live preview both show it.
 */
export function PublicationView({ item, testId }: { item: Publication; testId?: string }) {
  const { t } = useTranslation();
  const [from, to] = [formatDate(item.startDate), formatDate(item.endDate)];
  const dates = from && (to && to !== from ? t('social.events.fromTo', { from, to }) : from);
  return (
    <article className={styles.view} data-testid={testId}>
      <div className={styles.cover}>
        {item.images.length === 0 ? (
          <div className={styles.coverEmpty} aria-hidden="true">
            <PictureOutlined />
          </div>
        ) : item.images.length === 1 ? (
          <img src={item.images[0]} alt="" className={styles.coverImg} data-testid="view-image" />
        ) : (
          <Carousel autoplay autoplaySpeed={8000} dots={{ className: styles.dots }}>
            {item.images.map((src, i) => (
              <div key={`${i}-${src.slice(-16)}`}>
                <img src={src} alt={t('social.imageN', { n: i + 1 })} className={styles.coverImg} data-testid="view-image" />
              </div>
            ))}
          </Carousel>
        )}
      </div>
      <div className={styles.viewText}>
        <h2 className={styles.viewTitle} data-testid="view-title">
          {item.title || <span className={styles.placeholder}>{t('social.untitled')}</span>}
        </h2>
        {item.subtitle && (
          <p className={styles.viewSubtitle} data-testid="view-subtitle">
            {item.subtitle}
          </p>
        )}
        {(dates || item.counter !== undefined) && (
          <div className={styles.viewFacts}>
            {dates && (
              <span data-testid="view-dates">
                <CalendarOutlined /> {dates}
              </span>
            )}
            {item.counter !== undefined && (
              <span data-testid="view-counter">
                <TeamOutlined /> {t('social.events.counter', { count: item.counter })}
              </span>
            )}
          </div>
        )}
        {item.body ? <SafeHtml html={item.body} className={styles.viewBody} /> : null}
      </div>
    </article>
  );
}
