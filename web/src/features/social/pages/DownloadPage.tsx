import { AndroidFilled, AppleFilled, MobileOutlined } from '@ant-design/icons';
import { Button, Card, QRCode, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { mobileRedirectLink, useAppConfig, type AppStores } from '../../../shared/api';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import '../i18n';
import styles from '../social.module.css';

/**
 * Route "descarga": where members get the club's app. One QR for any phone (the mobile redirect
 * screen sends it to its own store) and a QR and link for each store the provider offers, to show
 * at the counter or print. Without stores configured (SOCIUS_APP_STORE_URL, SOCIUS_PLAY_STORE_URL),
 * it says so.
 */
export default function DownloadPage() {
  const { t } = useTranslation();
  return (
    <div className={layout.page} data-testid="download-page">
      <PageHeader title={t('social.download.title')} subtitle={t('social.download.subtitle')} />
      <AppStoreCards />
    </div>
  );
}

/** The stores' QRs and links; also the mobile redirect screen's answer on a computer. */
export function AppStoreCards({ withUniversal = true }: { withUniversal?: boolean }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  if (config.isPending) {
    return (
      <Card className={layout.card}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const stores: AppStores = { app_store_url: config.data?.app_store_url ?? '', play_store_url: config.data?.play_store_url ?? '' };
  if (!stores.app_store_url && !stores.play_store_url) {
    return (
      <Card className={layout.card}>
        <Result icon={<MobileOutlined />} title={t('social.download.none')} subTitle={t('social.download.noneHelp')} data-testid="download-none" />
      </Card>
    );
  }
  return (
    <div className={styles.downloadGrid}>
      {withUniversal && (
        <StoreCard
          testId="download-any"
          icon={<MobileOutlined />}
          title={t('social.download.anyPhone')}
          help={t('social.download.anyPhoneHelp')}
          link={mobileRedirectLink(window.location.origin)}
        />
      )}
      {stores.app_store_url && (
        <StoreCard
          testId="download-ios"
          icon={<AppleFilled />}
          title={t('social.download.appStore')}
          help={t('social.download.appStoreHelp')}
          link={stores.app_store_url}
          open={t('social.download.openAppStore')}
        />
      )}
      {stores.play_store_url && (
        <StoreCard
          testId="download-android"
          icon={<AndroidFilled />}
          title={t('social.download.playStore')}
          help={t('social.download.playStoreHelp')}
          link={stores.play_store_url}
          open={t('social.download.openPlayStore')}
        />
      )}
    </div>
  );
}

function StoreCard({ icon, title, help, link, open, testId }: { icon: React.ReactNode; title: string; help: string; link: string; open?: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card className={`${layout.card} ${styles.storeCard}`} data-testid={testId}>
      <div className={styles.storeHead}>
        <span className={styles.storeIcon} aria-hidden>
          {icon}
        </span>
        <h2 className={styles.storeTitle}>{title}</h2>
      </div>
      <p className={styles.storeHelp}>{help}</p>
      <QRCode value={link} size={200} errorLevel="M" bordered={false} color="#000000" bgColor="#ffffff" className={styles.storeQr} aria-label={t('social.download.qrOf', { name: title })} />
      {open && (
        <Button type="primary" block href={link} target="_blank" rel="noopener noreferrer">
          {open}
        </Button>
      )}
    </Card>
  );
}
