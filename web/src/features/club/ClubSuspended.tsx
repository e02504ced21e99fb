import './i18n';
import { CloudServerOutlined, PauseCircleOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../shared/api';
import { setCurrentClubId, useClubSelection, useMe } from '../../shared/session';
import { PROVIDER_PATH } from '../../shared/session/afterLogin';
import styles from './today.module.css';

/**
 * The root of a club its provider has suspended, in place of the club's day (whose calls would all
 * be refused): what happened and whom to call, calmly. The way on: another club when the person
 * staffs several, the provider's console for a provider administrator, a new look once the provider
 * says the club is back.
 */
export function ClubSuspended({
  clubId,
  title,
  onRecheck,
  rechecking,
}: {
  clubId: number | null;
  /** The club's name, from its description. */
  title?: string;
  onRecheck: () => void;
  rechecking: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { clubs } = useClubSelection();
  const me = useMe();
  const config = useAppConfig();
  const provider = config.data?.provider_name || t('access.defaultProvider');
  const club = title || clubs.find((c) => c.nid === clubId)?.title || '';

  return (
    <div className={styles.noticePage}>
      <Card className={styles.noticeCard} data-testid="club-suspended">
        <Result
          icon={<PauseCircleOutlined className={styles.noticeIcon} />}
          title={<h1 className={styles.noticeTitle}>{t('today.suspended.title')}</h1>}
          subTitle={
            <div className={styles.noticeText}>
              <p>{club ? t('today.suspended.bodyOf', { club }) : t('today.suspended.body')}</p>
              <p>{t('today.suspended.contact', { provider })}</p>
            </div>
          }
          extra={
            <div className={styles.noticeActions}>
              {clubs.length > 1 && (
                <Button type="primary" icon={<SwapOutlined />} onClick={() => setCurrentClubId(null)} data-testid="suspended-other-club">
                  {t('today.suspended.otherClub')}
                </Button>
              )}
              {me.data?.provider_admin && (
                <Button icon={<CloudServerOutlined />} onClick={() => navigate(PROVIDER_PATH)} data-testid="suspended-provider">
                  {t('today.suspended.provider')}
                </Button>
              )}
              <Button icon={<ReloadOutlined />} loading={rechecking} onClick={onRecheck} data-testid="suspended-recheck">
                {t('today.suspended.recheck')}
              </Button>
            </div>
          }
        />
      </Card>
    </div>
  );
}
