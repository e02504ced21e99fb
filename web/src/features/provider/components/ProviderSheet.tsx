import { Alert, Button } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '../../../shared/ui/layout.module.css';
import { SheetModal, type DialogProps } from '../../../shared/ui/SheetModal';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import styles from '../provider.module.css';

/** Enter in a text field presses the primary action (not in a select's open list, not on a button or a checkbox). */
function submitOnEnter(submit: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.defaultPrevented || e.shiftKey || e.nativeEvent.isComposing) return;
    const el = e.target as HTMLElement;
    if (el.tagName !== 'INPUT' || (el as HTMLInputElement).type === 'checkbox') return;
    if (el.getAttribute('role') === 'combobox') return;
    e.preventDefault();
    submit();
  };
}

/**
 * The console's dialog: a rounded modal on wide screens, a full-screen sheet below 992 px, forgotten
 * when closed; Cancel and the primary action at the foot; a refusal that names no field above the
 * fields.
 */
export function ProviderSheet({
  open,
  onClose,
  afterClose,
  title,
  lead,
  error,
  submitText,
  submitDanger,
  submitDisabled,
  loading,
  onSubmit,
  testId,
  width = 600,
  children,
}: DialogProps & {
  title: ReactNode;
  lead?: ReactNode;
  error?: string | null;
  submitText: string;
  submitDanger?: boolean;
  submitDisabled?: boolean;
  loading: boolean;
  onSubmit: () => void;
  testId: string;
  width?: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  return (
    <SheetModal
      rounded
      destroyOnHidden
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      width={width}
      title={title}
      data-testid={testId}
      classNames={{ body: styles.dialogBody }}
      sheetClassName={styles.sheetFixed}
      footer={
        <div className={`${styles.footer} ${isDesktop ? '' : styles.sheetFooter}`}>
          <Button size="large" onClick={onClose} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </Button>
          <Button
            size="large"
            type="primary"
            danger={submitDanger}
            disabled={submitDisabled}
            loading={loading}
            onClick={onSubmit}
            data-testid={`${testId}-submit`}
          >
            {submitText}
          </Button>
        </div>
      }
    >
      <div onKeyDown={submitOnEnter(onSubmit)} className={styles.sheetBody}>
        {lead && <p className={layout.modalLead}>{lead}</p>}
        {error && <Alert type="error" showIcon title={error} className={styles.sheetError} data-testid={`${testId}-error`} />}
        {children}
      </div>
    </SheetModal>
  );
}
