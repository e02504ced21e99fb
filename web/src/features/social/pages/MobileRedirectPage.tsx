import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { storeFor, useAppConfig } from '../../../shared/api';
import { BrandMark } from '../../../shared/ui/BrandMark';
import '../i18n';
import styles from '../social.module.css';
import { AppStoreCards } from './DownloadPage';

/**
 * Route "movil", open without a login (spec part 2 §2 "Other: mobile redirect"): the address the
 * download page's QR carries. A phone goes straight on to its own store; a computer, or a phone
 * whose store the provider does not offer, sees the stores' QRs.
 */
export default function MobileRedirectPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const target = config.data
    ? storeFor(navigator.userAgent, navigator.maxTouchPoints ?? 0, { app_store_url: config.data.app_store_url, play_store_url: config.data.play_store_url })
    : null;

  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  return (
    <main className={styles.mobilePage} data-testid="mobile-redirect">
      <header className={styles.mobileHeader}>
        <BrandMark />
        <h1 className={styles.mobileTitle}>{t('social.download.title')}</h1>
        <p className={styles.mobileHelp}>{t('social.download.subtitle')}</p>
      </header>
      {config.isPending || target ? (
        <div className={styles.mobileWait} role="status">
          <Spin />
          <span>{t('social.download.redirecting')}</span>
        </div>
      ) : (
        <AppStoreCards withUniversal={false} />
      )}
    </main>
  );
}
