import { BellOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useEffect, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { apiOrigin } from '../../shared/api';
import styles from './shell.module.css';

interface PushMessage {
  type?: string;
  title?: string;
  body?: string;
  created?: number;
}

export const NOTIFICATION_SECONDS = 3;

const boxProps = { 'data-testid': 'notification-box' } as HTMLAttributes<HTMLDivElement>;

/** While a club is current, shows each message of /api/events as a transient box for 3 seconds. */
export function NotificationBox({ clubId }: { clubId: number | null }) {
  const { notification } = App.useApp();
  const { t } = useTranslation();

  useEffect(() => {
    if (clubId === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${apiOrigin()}/api/events?association=${clubId}`, { withCredentials: true });
    source.onmessage = (event: MessageEvent<string>) => {
      let msg: PushMessage;
      try {
        msg = JSON.parse(event.data) as PushMessage;
      } catch {
        return;
      }
      notification.open({
        title: msg.title || t('notifications.newMessage'),
        description: msg.body,
        duration: NOTIFICATION_SECONDS,
        placement: 'topRight',
        icon: <BellOutlined className={styles.notificationIcon} />,
        className: styles.notificationBox,
        props: boxProps,
      });
    };
    return () => source.close();
  }, [clubId, notification, t]);

  return null;
}
