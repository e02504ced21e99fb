import { DashboardOutlined, HomeOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { gates, type ClubAccess } from '../../shared/access/gates';
import { buildMenu } from '../menuModel';
import { CLUB_ROUTE, findRoute, HOME_ROUTE, menuGroups, PROVIDER_ROUTE, providerMenu, routes } from '../routes';
import styles from './shell.module.css';

interface Props {
  club: ClubAccess | undefined;
  /** The person is a provider administrator: the provider's console heads the menu. */
  provider?: boolean;
  /** Today and the club page (false for a provider administrator who staffs no club). */
  clubEntries?: boolean;
  onNavigate?: () => void;
}

/**
 * The dark side menu: the provider's console for provider administrators, today and the club page,
 * then "Gestión Club" with the groups the club and user may see.
 */
export function SideMenu({ club, provider = false, clubEntries = true, onNavigate }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const first = location.pathname.replace(/^\/+/, '').split('/')[0] || HOME_ROUTE;
  // a route without an entry of its own (a batch) shows the entry it belongs to as current
  const current = findRoute(first)?.within ?? first;

  const model = useMemo(() => buildMenu(routes, menuGroups, gates, club), [club]);
  const currentGroup = model.find((g) => g.entries.some((e) => e.name === current))?.group.key;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [`group:${currentGroup}`] : []);

  useEffect(() => {
    if (!currentGroup) return;
    const key = `group:${currentGroup}`;
    setOpenKeys((keys) => (keys.includes(key) ? keys : [...keys, key]));
  }, [currentGroup]);

  const items: MenuProps['items'] = [];
  if (provider) {
    items.push({
      key: PROVIDER_ROUTE,
      icon: providerMenu.icon,
      label: <span data-testid={`menu-item-${PROVIDER_ROUTE}`}>{t(providerMenu.labelKey)}</span>,
    });
  }
  if (clubEntries) {
    if (provider) items.push({ type: 'divider', key: 'provider-divider', className: styles.menuDivider });
    items.push(
      {
        key: HOME_ROUTE,
        icon: <DashboardOutlined />,
        label: <span data-testid={`menu-item-${HOME_ROUTE}`}>{t('menu.today')}</span>,
      },
      {
        key: CLUB_ROUTE,
        icon: <HomeOutlined />,
        label: <span data-testid={`menu-item-${CLUB_ROUTE}`}>{t('menu.home')}</span>,
      },
    );
  }
  if (clubEntries && model.length > 0) {
    items.push({
      type: 'group',
      key: 'heading',
      label: t('menu.heading'),
      children: model.map(({ group, entries }) => ({
        key: `group:${group.key}`,
        icon: group.icon,
        label: <span data-testid={`menu-group-${group.key}`}>{t(group.labelKey)}</span>,
        children: entries.map((e) => ({
          key: e.name,
          icon: e.menu?.icon,
          label: <span data-testid={`menu-item-${e.name}`}>{t(e.menu?.labelKey ?? `routes.${e.name}`)}</span>,
        })),
      })),
    });
  }

  return (
    <nav data-testid="side-menu" aria-label={t('menu.navigation')} className={styles.menuNav}>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[current]}
        openKeys={openKeys}
        onOpenChange={(keys) => setOpenKeys(keys as string[])}
        onClick={({ key }) => {
          navigate(`/${key}`);
          onNavigate?.();
        }}
        className={styles.menu}
      />
    </nav>
  );
}
