import { ShopOutlined } from '@ant-design/icons';
import { Card, Carousel, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import styles from './club.module.css';
import { ClubLogo } from './ClubLogo';

/** Autoplay interval of the club page carousel (spec: 12000 ms). */
export const CLUB_CAROUSEL_MS = 12000;

/** What the club page shows: its fields as the server sends them, or as the configuration screen is editing them. */
export interface ClubPageFields {
  title: string;
  logo?: { img: string };
  body?: string;
  images?: { img: string }[] | null;
  full_html?: string;
}

/**
 * The club page: the designer's page in a sandboxed frame when the club has one (advanced mode),
 * else logo, title, the carousel of images and the description (basic mode). The same view is the
 * club configuration's preview.
 */
export function ClubPageContent({ club: c, compact = false }: { club: ClubPageFields; compact?: boolean }) {
  const { t } = useTranslation();
  if (c.full_html && c.full_html.trim() !== '') {
    return (
      <div className={compact ? styles.frameWrapCompact : styles.frameWrap} data-testid="club-page">
        {/* Custom club HTML runs without scripts, forms or same-origin access; its links open apart. */}
        <iframe
          className={styles.frame}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={c.full_html}
          title={t('club.customPageTitle', { club: c.title })}
          data-testid="club-frame"
        />
      </div>
    );
  }

  const images = (c.images ?? []).filter((i) => i?.img);
  const hasBody = !!c.body && c.body.trim() !== '';
  return (
    <article className={compact ? undefined : styles.clubPage} data-testid="club-page">
      <Card className={styles.card}>
        <header className={styles.clubHeader}>
          <ClubLogo title={c.title} src={c.logo?.img} size={72} />
          <h1 className={styles.clubTitle}>{c.title}</h1>
        </header>
        {images.length > 0 && (
          <div className={styles.carousel}>
            <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={CLUB_CAROUSEL_MS} adaptiveHeight={false}>
              {images.map((img, i) => (
                <div key={`${i}-${img.img.slice(-16)}`} className={styles.slide}>
                  <img src={img.img} alt={t('club.imageAlt', { n: i + 1, club: c.title })} className={styles.slideImage} />
                </div>
              ))}
            </Carousel>
          </div>
        )}
        {hasBody && <SafeHtml html={c.body!} className={styles.body} />}
        {!hasBody && images.length === 0 && (
          <Empty
            image={<ShopOutlined className={styles.emptyIcon} />}
            description={
              <>
                <strong>{t('club.emptyPage')}</strong>
                <br />
                {t('club.emptyPageHelp')}
              </>
            }
          />
        )}
      </Card>
    </article>
  );
}
