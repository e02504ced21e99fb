import '../i18n';
import { AppstoreOutlined, OrderedListOutlined, PlaySquareOutlined, SettingOutlined } from '@ant-design/icons';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canAccess, gates } from '../../../shared/access/gates';
import { useClub, useClubId } from '../../../shared/session';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import styles from './tv.module.css';
import { enterFullScreen } from './useTvScreen';

/**
 * Route "tvshows" (/carta leads here; spec part 2 §2 "TV shows menu"): the club's TV screens: the
 * product carousel, the grid, the menu by category, and their settings. A screen opens in full
 * screen after a confirmation (the browser only allows it from the person's click).
 */
export default function TvShowsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const club = useClubId();
  const canSet = canAccess(gates.screens.tvshowsettings, useClub(club).data);

  const open = (route: string) =>
    modal.confirm({
      centered: true,
      title: t('social.tv.fullScreen.title'),
      content: t('social.tv.fullScreen.body'),
      okText: t('social.tv.fullScreen.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'confirm-full-screen' },
      onOk: () => {
        enterFullScreen();
        navigate(`/${route}`);
      },
    });

  const card = (key: string, icon: ReactNode, onClick: () => void) => (
    <button type="button" className={styles.show} onClick={onClick} data-testid={`tv-open-${key}`}>
      <span className={styles.showIcon}>{icon}</span>
      <strong>{t(`social.tv.shows.${key}.title`)}</strong>
      <span>{t(`social.tv.shows.${key}.help`)}</span>
    </button>
  );

  return (
    <div className={layout.page} data-testid="tvshows-page">
      <PageHeader title={t('social.tv.title')} subtitle={t('social.tv.subtitle')} />
      <div className={styles.shows}>
        {card('carousel', <PlaySquareOutlined />, () => open('tvshow2'))}
        {card('grid', <AppstoreOutlined />, () => open('tvshow1'))}
        {card('menu', <OrderedListOutlined />, () => open('tvshow3'))}
        {canSet && card('settings', <SettingOutlined />, () => navigate('/tvshowsettings'))}
      </div>
    </div>
  );
}
