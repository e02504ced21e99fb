import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetModal, type DialogProps } from '../../../shared/ui/SheetModal';
import layout from '../../../shared/ui/layout.module.css';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import styles from '../stock.module.css';

/** The save button of a stock dialog: what it says, its test id and its busy states. */
export interface SheetSave {
  text: string;
  testId: string;
  loading: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/**
 * The dialog of the stock screens: a rounded sheet on phones, forgotten when closed, with an
 * optional lead paragraph and a footer of Cancel and the save button (none without `save`).
 */
export function StockSheet({
  open,
  onClose,
  afterClose,
  width,
  title,
  testId,
  lead,
  save,
  children,
}: DialogProps & {
  width: number;
  title: ReactNode;
  testId?: string;
  lead?: ReactNode;
  save?: SheetSave;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  return (
    <SheetModal
      rounded
      sheetClassName={styles.sheetFixed}
      destroyOnHidden
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      width={width}
      title={title}
      data-testid={testId}
      footer={
        save ? (
          <div className={`${styles.modalFooter} ${isDesktop ? '' : styles.sheetFooter}`}>
            <Button size="large" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button size="large" type="primary" loading={save.loading} disabled={save.disabled} onClick={save.onClick} data-testid={save.testId}>
              {save.text}
            </Button>
          </div>
        ) : null
      }
    >
      {lead && <p className={layout.modalLead}>{lead}</p>}
      {children}
    </SheetModal>
  );
}
