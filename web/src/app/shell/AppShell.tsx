import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ClubSwitcher } from '../../features/club/ClubSwitcher';
import { useClub, useClubSelection } from '../../shared/session';
import { BrandMark } from '../../shared/ui/BrandMark';
import { CenteredSpin } from '../../shared/ui/CenteredSpin';
import { useKeyboardScroll } from '../../shared/ui/useKeyboardScroll';
import { useIsDesktop } from '../../shared/ui/useMediaQuery';
import { NotificationBox } from './NotificationBox';
import { ProfileMenu } from './ProfileMenu';
import styles from './shell.module.css';
import { SideMenu } from './SideMenu';

const { Sider, Header, Content } = Layout;

/** The logged-in frame: dark side menu (a drawer behind the burger below 992 px) and the header. */
export function AppShell() {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  useKeyboardScroll();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { currentId } = useClubSelection();
  const club = useClub(currentId);

  useEffect(() => setDrawerOpen(false), [location.pathname, isDesktop]);

  const brand = (
    <div className={styles.brand}>
      <BrandMark inverted size={32} />
    </div>
  );

  return (
    <Layout className={styles.shell} hasSider={isDesktop}>
      {isDesktop ? (
        <Sider width={264} className={styles.sider}>
          {brand}
          <SideMenu club={club.data} />
        </Sider>
      ) : (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={288}
          closable={false}
          classNames={{ body: styles.drawerBody, section: styles.drawerSection }}
        >
          {brand}
          <SideMenu club={club.data} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout className={styles.mainColumn}>
        <Header className={styles.header}>
          {!isDesktop && (
            <Button
              type="text"
              size="large"
              icon={<MenuOutlined />}
              className={styles.burger}
              data-testid="burger-button"
              aria-label={t('shell.openMenu')}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            />
          )}
          <div className={styles.headerClub}>
            <ClubSwitcher compact={!isDesktop} />
          </div>
          <ProfileMenu compact={!isDesktop} />
        </Header>
        <Content className={styles.content}>
          <Suspense fallback={<CenteredSpin />}>
            <Outlet />
          </Suspense>
        </Content>
      </Layout>
      <NotificationBox clubId={currentId} />
    </Layout>
  );
}
