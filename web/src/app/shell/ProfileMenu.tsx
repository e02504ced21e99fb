import {
  BulbOutlined,
  CheckOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangePasswordDialog } from '../../features/auth/ChangePasswordDialog';
import { currentLanguage, LANGUAGES, setLanguage, isLanguage } from '../../shared/i18n';
import { displayName, useLogout, useSession } from '../../shared/session';
import { useAppConfig } from '../api';
import styles from './shell.module.css';
import ui from '../../shared/ui/ui.module.css';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** "Mi perfil": language, my profile, change password, novelties, providers, log out. */
export function ProfileMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const logout = useLogout();
  const config = useAppConfig();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const lang = currentLanguage();
  const name = displayName(session);
  const providersUrl = config.data?.providers_url;

  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'lang',
      label: t('common.language'),
      children: LANGUAGES.map((l) => ({
        key: `lang:${l}`,
        icon: l === lang ? <CheckOutlined /> : <span className={styles.iconPlaceholder} />,
        label: (
          <span data-testid={`lang-option-${l}`} lang={l === 'cat' ? 'ca' : l}>
            {t(`common.languages.${l}`)}
          </span>
        ),
      })),
    },
    { type: 'divider' },
    { key: 'profile', icon: <UserOutlined />, label: <span data-testid="menu-profile">{t('shell.myProfile')}</span> },
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: <span data-testid="menu-change-password">{t('auth.changePassword')}</span>,
    },
    { key: 'novelties', icon: <BulbOutlined />, label: <span data-testid="menu-novelties">{t('shell.novelties')}</span> },
    {
      key: 'providers',
      icon: <ShopOutlined />,
      disabled: !providersUrl,
      label: <span data-testid="menu-providers">{t('shell.providers')}</span>,
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="logout">{t('auth.logout')}</span>,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('lang:')) {
      const l = key.slice(5);
      if (isLanguage(l)) void setLanguage(l);
      return;
    }
    switch (key) {
      case 'profile':
        navigate('/userprofile');
        break;
      case 'password':
        setPasswordOpen(true);
        break;
      case 'novelties':
        navigate('/novelties');
        break;
      case 'providers':
        if (providersUrl) window.open(providersUrl, '_blank', 'noopener,noreferrer');
        break;
      case 'logout':
        logout.mutate();
        break;
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick, selectable: false }} trigger={['click']} placement="bottomRight">
        <Button
          type="text"
          className={styles.profileTrigger}
          data-testid="profile-menu-trigger"
          // named by the user's name (speech input says what it sees); the initials are decoration
          title={t('shell.profileMenu')}
          loading={logout.isPending}
        >
          <Avatar size={32} className={styles.avatar} aria-hidden="true">
            {initials(name)}
          </Avatar>
          <span className={compact ? ui.srOnly : styles.profileName}>{name}</span>
          <DownOutlined className={styles.caret} />
        </Button>
      </Dropdown>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
