import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
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

/**
 * While a club is current, shows each message of /api/events as a transient box for 3 seconds
 * (a consultation's: its title, who wrote and what) and refreshes what the message is about.
 */
export function NotificationBox({ clubId }: { clubId: number | null }) {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();

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
      // a consultation or a comment: the consultations screen reloads its list (features/social socialKeys.consults)
      if (msg.type === 'comentario') void queryClient.invalidateQueries({ queryKey: ['social', clubId, 'consults'] });
      // the TV settings changed: open TV screens apply them at once; nothing for a person to read
      if (msg.type === 'tv') {
        void queryClient.invalidateQueries({ queryKey: ['social', clubId, 'tv'] });
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
  }, [clubId, notification, queryClient, t]);

  return null;
}
