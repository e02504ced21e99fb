import { TeamOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { setCurrentClubId, useClub, useClubSelection, useMe, type ClubSummary } from '../../shared/session';
import { landingWithoutClubs } from '../../shared/session/afterLogin';
import { CenteredSpin } from '../../shared/ui/CenteredSpin';
import styles from './club.module.css';
import { ClubLogo } from './ClubLogo';
import { ClubPageContent } from './ClubPageContent';

/** Route "club": the chooser when the user staffs several clubs and none is current, else the club page. */
export default function ClubPage() {
  const { clubs, currentId, isPending } = useClubSelection();

  if (isPending) return <CenteredSpin />;
  if (clubs.length === 0) return <NoClubs />;
  if (currentId === null) return <ClubChooser clubs={clubs} />;
  return <ClubView id={currentId} />;
}

/** A user who staffs no club; a provider administrator goes on to the provider's console. */
export function NoClubs() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <CenteredSpin />;
  const landing = landingWithoutClubs(me.data);
  if (landing) return <Navigate to={landing} replace />;
  return (
    <Card className={styles.card}>
      <Result icon={<TeamOutlined />} title={t('club.noClubs')} subTitle={t('club.noClubsHelp')} />
    </Card>
  );
}

/** The clubs the user staffs, one card each: choosing one makes it the current club. */
export function ClubChooser({ clubs }: { clubs: ClubSummary[] }) {
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

  return <ClubPageContent club={club.data} />;
}
