import { ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Carousel, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { setCurrentClubId, useClub, useClubSelection, type ClubSummary } from '../../shared/session';
import { CenteredSpin } from '../../shared/ui/CenteredSpin';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import styles from './club.module.css';
import { ClubLogo } from './ClubLogo';

/** Autoplay interval of the club page carousel (spec: 12000 ms). */
export const CLUB_CAROUSEL_MS = 12000;

/** Route "club": the chooser when the user staffs several clubs and none is current, else the club page. */
export default function ClubPage() {
  const { t } = useTranslation();
  const { clubs, currentId, isPending } = useClubSelection();

  if (isPending) return <CenteredSpin />;
  if (clubs.length === 0) {
    return (
      <Card className={styles.card}>
        <Result icon={<TeamOutlined />} title={t('club.noClubs')} subTitle={t('club.noClubsHelp')} />
      </Card>
    );
  }
  if (currentId === null) return <ClubChooser clubs={clubs} />;
  return <ClubView id={currentId} />;
}

function ClubChooser({ clubs }: { clubs: ClubSummary[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.chooser} data-testid="club-chooser">
      <header className={styles.chooserHeader}>
        <h1 className={styles.pageTitle}>{t('club.chooseTitle')}</h1>
        <p className={styles.pageSubtitle}>{t('club.chooseHelp')}</p>
      </header>
      <div className={styles.grid}>
        {clubs.map((c) => (
          <Card
            key={c.nid}
            hoverable
            className={styles.clubCard}
            onClick={() => setCurrentClubId(c.nid)}
            data-testid={`club-card-${c.nid}`}
          >
            <div className={styles.clubCardBody}>
              <ClubLogo title={c.title} src={c.logo?.img} size={64} />
              <span className={styles.clubCardTitle}>{c.title}</span>
              <Button
                type="primary"
                ghost
                block
                onClick={(e) => {
                  e.stopPropagation();
                  setCurrentClubId(c.nid);
                }}
                aria-label={t('club.switchTo', { club: c.title })}
              >
                {t('club.enter')}
              </Button>
            </div>
          </Card>
        ))}
      </div>
    </section>
  );
}

function ClubView({ id }: { id: number }) {
  const { t } = useTranslation();
  const club = useClub(id);

  if (club.isPending) {
    return (
      <Card className={styles.card}>
        <Skeleton avatar active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (!club.data) {
    return (
      <Card className={styles.card}>
        <Result
          status="warning"
          title={t('club.loadError')}
          extra={<Button onClick={() => void club.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }

  const c = club.data;
  if (c.full_html && c.full_html.trim() !== '') {
    return (
      <div className={styles.frameWrap} data-testid="club-page">
        {/* Custom club HTML runs without scripts, forms or same-origin access. */}
        <iframe
          className={styles.frame}
          sandbox=""
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
    <article className={styles.clubPage} data-testid="club-page">
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
                  <img
                    src={img.img}
                    alt={t('club.imageAlt', { n: i + 1, club: c.title })}
                    className={styles.slideImage}
                  />
                </div>
              ))}
            </Carousel>
          </div>
        )}
        {hasBody && <SafeHtml html={c.body} className={styles.body} />}
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
