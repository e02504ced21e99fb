import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './app.module.css';

export interface AlertOptions {
  type: 'warning' | 'error';
  title: string;
  content: ReactNode;
  /** Called when the person presses OK. */
  onOk?: () => void;
  /** Called whenever the dialog closes (OK, Escape or the mask). */
  onClose?: () => void;
  /** Escape / the mask may close it (default true). Session dialogs set false: OK is the way out. */
  dismissable?: boolean;
}

interface Entry extends AlertOptions {
  id: number;
  open: boolean;
}

type Alert = (options: AlertOptions) => void;

const AlertContext = createContext<Alert>(() => {
  throw new Error('useAlert outside <DialogProvider>');
});

/** Opens an alert dialog (title once, message, OK) — the app's dialogs of spec §6 and §8. */
export function useAlert(): Alert {
  return useContext(AlertContext);
}

let nextId = 1;

/**
 * Renders alert dialogs with antd Modal. (antd's modal.warning() renders the title twice, once
 * hidden for screen readers; these dialogs keep one title and a labelled OK button.)
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<Entry[]>([]);

  const alert = useCallback<Alert>((options) => {
    setEntries((list) => [...list, { ...options, id: nextId++, open: true }]);
  }, []);

  const close = (entry: Entry, confirmed: boolean) => {
    setEntries((list) => list.map((e) => (e.id === entry.id ? { ...e, open: false } : e)));
    if (confirmed) entry.onOk?.();
    entry.onClose?.();
  };

  const value = useMemo(() => alert, [alert]);

  return (
    <AlertContext.Provider value={value}>
      {children}
      {entries.map((e) => {
        const dismissable = e.dismissable ?? true;
        const Icon = e.type === 'error' ? CloseCircleFilled : ExclamationCircleFilled;
        return (
          <Modal
            key={e.id}
            open={e.open}
            width={440}
            closable={false}
            keyboard={dismissable}
            mask={{ closable: dismissable }}
            onCancel={() => dismissable && close(e, false)}
            afterClose={() => setEntries((list) => list.filter((x) => x.id !== e.id))}
            title={
              <span className={styles.dialogTitle}>
                <Icon className={e.type === 'error' ? styles.dialogIconError : styles.dialogIconWarning} />
                <span>{e.title}</span>
              </span>
            }
            footer={
              <Button type="primary" autoFocus onClick={() => close(e, true)} data-testid="dialog-ok">
                {t('common.ok')}
              </Button>
            }
            data-testid="alert-dialog"
          >
            <div className={styles.dialogBody}>{e.content}</div>
          </Modal>
        );
      })}
    </AlertContext.Provider>
  );
}
