import './i18n';
import { CalendarOutlined, LogoutOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, QRCode, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, initials } from '../../shared/format';
import { useClub, useCurrentClubId, useLogout, useMe, useSession } from '../../shared/session';
import styles from './profile.module.css';

/** Route "userprofile": the staff user's own data, their club, a QR of their ID number. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const me = useMe();
  const clubId = useCurrentClubId();
  const club = useClub(clubId);
  const logout = useLogout();

  useEffect(() => {
    document.title = `${t('profile.title')} · ${t('common.appName')}`;
  }, [t]);

  const m = me.data;
  const firstName = m?.field_user_name || session?.firstName || '';
  const surname = m?.field_user_surname || session?.surname || '';
  const fullName = `${firstName} ${surname}`.trim() || m?.user.name || session?.name || '';
  const dni = m?.field_user_dni ?? '';
  const dash = t('common.notAvailable');

  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>{t('profile.title')}</h1>
      <div className={styles.grid}>
        <Card className={`${styles.card} ${styles.identity}`}>
          {me.isPending ? (
            <Skeleton avatar active />
          ) : (
            <div className={styles.identityBody}>
              <Avatar size={96} className={styles.avatar}>
                {initials(firstName, surname) || initials(fullName)}
              </Avatar>
              <div className={styles.identityText}>
                <div className={styles.name} data-testid="profile-name">
                  {fullName}
                </div>
                <div className={styles.muted}>{m?.user.mail || session?.mail}</div>
              </div>
              <div className={styles.qrBlock}>
                <div className={styles.qrTitle}>{t('profile.qrTitle')}</div>
                {dni ? (
                  <>
                    <QRCode value={dni} size={176} bordered={false} data-testid="profile-qr" aria-label={t('profile.qrTitle')} />
                    <div className={styles.muted}>{t('profile.qrHelp')}</div>
                  </>
                ) : (
                  <div className={styles.muted}>{t('profile.qrEmpty')}</div>
                )}
              </div>
              <Button
                danger
                block
                size="large"
                icon={<LogoutOutlined />}
                loading={logout.isPending}
                onClick={() => logout.mutate()}
                data-testid="profile-logout"
              >
                {t('profile.logout')}
              </Button>
            </div>
          )}
        </Card>

        <div className={styles.column}>
          <Card className={styles.card} title={t('profile.personalData')}>
            {me.isPending ? (
              <Skeleton active paragraph={{ rows: 4 }} />
            ) : (
              <Descriptions
                column={{ xs: 1, sm: 1, md: 2 }}
                layout="vertical"
                colon={false}
                items={[
                  { key: 'name', label: t('profile.name'), children: firstName || dash },
                  { key: 'surname', label: t('profile.surname'), children: surname || dash },
                  { key: 'dni', label: t('profile.dni'), children: dni || dash },
                  { key: 'email', label: t('profile.email'), children: m?.user.mail || session?.mail || dash },
                  {
                    key: 'birthdate',
                    label: t('profile.birthdate'),
                    children: formatDate(m?.field_user_birthdate) || dash,
                  },
                  { key: 'phone', label: t('profile.phone'), children: m?.field_user_tlf || session?.phone || dash },
                ]}
              />
            )}
          </Card>

          <Card className={styles.card} title={t('profile.club')}>
            {club.data ? (
              <div className={styles.club}>
                <Avatar
                  shape="square"
                  size={56}
                  src={club.data.logo?.img || undefined}
                  className={`${styles.clubLogo} ${club.data.logo?.img ? '' : styles.clubLogoFallback}`}
                  alt=""
                >
                  {initials(club.data.title)}
                </Avatar>
                <span className={styles.clubName}>{club.data.title}</span>
              </div>
            ) : club.isFetching ? (
              <Skeleton avatar active paragraph={false} />
            ) : (
              <span className={styles.muted}>{t('profile.noClub')}</span>
            )}
          </Card>

          <Card
            className={styles.card}
            title={
              <span className={styles.cardTitle}>
                <WalletOutlined /> {t('profile.wallet')}
              </span>
            }
          >
            <div className={styles.wallet}>
              <CalendarOutlined className={styles.walletIcon} />
              <div>
                <div className={styles.walletLabel}>{t('profile.walletFeeExpiry')}</div>
                <div className={styles.muted}>{t('profile.walletFeePending')}</div>
              </div>
            </div>
          </Card>
        </div>
      </div>
    </div>
  );
}
