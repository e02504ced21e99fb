import { Alert, Button } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './formSheet.module.css';
import layout from './layout.module.css';
import { SheetModal, type DialogProps } from './SheetModal';
import { useIsDesktop } from './useMediaQuery';

/**
 * Enter in a field submits the form, as at the counter: not in a text area (a new line), not on a
 * checkbox, not while a select's list or a date picker's calendar is open (Enter chooses there), not
 * on a button.
 */
export function submitOnEnter(submit: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.defaultPrevented || e.shiftKey || e.nativeEvent.isComposing) return;
    const el = e.target as HTMLElement;
    if (el.tagName !== 'INPUT' || (el as HTMLInputElement).type === 'checkbox') return;
    if (el.getAttribute('role') === 'combobox' && el.getAttribute('aria-expanded') === 'true') return;
    e.preventDefault();
    submit();
  };
}

/**
 * A form in a dialog: a rounded modal on wide screens, a full-screen sheet on phones, forgotten when
 * closed; Cancel and the primary action at the foot; a refusal that names no field of the form above
 * the fields; Enter in a field presses the primary action. With scrollBody a long form scrolls
 * inside the dialog and its buttons stay in sight, wide and narrow.
 */
export function FormSheet({
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
  width = 560,
  scrollBody,
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
  scrollBody?: boolean;
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
      classNames={scrollBody ? { body: styles.scrollBody } : undefined}
      sheetClassName={scrollBody ? styles.sheetFixed : undefined}
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
      <div onKeyDown={submitOnEnter(onSubmit)} className={styles.body}>
        {lead && <p className={layout.modalLead}>{lead}</p>}
        {error && <Alert type="error" showIcon title={error} className={styles.error} data-testid={`${testId}-error`} />}
        {children}
      </div>
    </SheetModal>
  );
}
