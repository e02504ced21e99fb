import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ClubSwitcher } from '../../features/club/ClubSwitcher';
import { useClub, useClubSelection, useMe } from '../../shared/session';
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
  const { clubs, currentId, isPending: clubsPending } = useClubSelection();
  const club = useClub(currentId);
  const me = useMe();
  const providerAdmin = me.data?.provider_admin === true;
  // a provider administrator who staffs no club has nothing of a club to open: the console only
  const clubEntries = clubsPending || clubs.length > 0 || !providerAdmin;

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
          <SideMenu club={club.data} provider={providerAdmin} clubEntries={clubEntries} />
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
          <SideMenu club={club.data} provider={providerAdmin} clubEntries={clubEntries} onNavigate={() => setDrawerOpen(false)} />
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
      {/* once the club is known: a suspended club's stream would be refused, so it is not asked for */}
      <NotificationBox clubId={club.data && !club.data.suspended ? currentId : null} />
    </Layout>
  );
}
