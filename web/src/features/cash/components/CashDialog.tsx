import { Button, Modal, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import styles from '../cash.module.css';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  width: number;
  /** The box line shown on top: what the box holds now. */
  box: ReactNode | null;
  confirm: { text: string; onClick: () => void; loading: boolean; testId: string };
  testId: string;
  children: ReactNode;
}

/** The frame of the two cash dialogs a menu entry opens: the box on top, the form, cancel and confirm; closing goes back. */
export function CashDialog({ open, onClose, title, width, box, confirm, testId, children }: Props) {
  const { t } = useTranslation();
  const back = useCloseDialogRoute();
  return (
    <div className={layout.dialogBackdrop} data-testid={testId}>
      <Modal
        open={open}
        title={title}
        onCancel={onClose}
        afterClose={back}
        width={width}
        footer={
          <div className={styles.dialogFooter}>
            <Button size="large" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button size="large" type="primary" onClick={confirm.onClick} loading={confirm.loading} data-testid={confirm.testId}>
              {confirm.text}
            </Button>
          </div>
        }
      >
        {box === null ? (
          <Skeleton active />
        ) : (
          <div className={styles.dialogBody}>
            {box}
            {children}
          </div>
        )}
      </Modal>
    </div>
  );
}
