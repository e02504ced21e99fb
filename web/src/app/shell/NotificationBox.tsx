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

/** After the browser gave up reconnecting (a refused or failed reconnection), the stream is opened again this much later. */
const EVENTS_REOPEN_MS = 60_000;

/**
 * While a club is current, shows each message of /api/events as a transient box for 3 seconds
 * (a consultation's: its title, who wrote and what) and refreshes what the message is about.
 * The server sends a user only the messages about what they may read, so every message that
 * arrives is shown. It ends a stream at its lifetime, or when its reader's session or staff
 * record ended; EventSource reconnects by itself through the server's gate (sending the last
 * event id, so nothing published meanwhile is lost).
 */
export function NotificationBox({ clubId }: { clubId: number | null }) {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (clubId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let reopen: number | undefined;
    const onMessage = (event: MessageEvent<string>) => {
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
    const open = () => {
      const current = new EventSource(`${apiOrigin()}/api/events?association=${clubId}`, { withCredentials: true });
      source = current;
      current.onmessage = onMessage;
      // A reconnection the server refused (or a proxy's error page) makes EventSource give up for good.
      current.onerror = () => {
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        reopen = window.setTimeout(open, EVENTS_REOPEN_MS);
      };
    };
    open();
    return () => {
      window.clearTimeout(reopen);
      source?.close();
    };
  }, [clubId, notification, queryClient, t]);

  return null;
}
