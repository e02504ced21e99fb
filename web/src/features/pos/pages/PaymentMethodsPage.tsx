import '../i18n';
import { useQueryClient } from '@tanstack/react-query';
import { App, Modal, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClubSetting } from '../../../shared/api';
import { sessionKeys, useClub, useClubId } from '../../../shared/session';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { posErrorText } from '../errors';
import { methodsOf, titleOf, type Method } from '../model';
import styles from '../pos.module.css';

/**
 * Menu entry "paymentmethods" (spec part 2 §4, §5): each switch saves at once; at least one method
 * stays on (turning the last one off re-enables cash with the spec's alert); the wallet shows only
 * with funciones_avanzadas_gestion or monedero.
 */
export default function PaymentMethodsPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const club = useClubId();
  const info = useClub(club).data;
  const setting = useClubSetting('payment_methods');
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  const on = methodsOf(setting.isPending ? undefined : setting.value);
  const f = info?.functionalities ?? {};
  const shown: Method[] = ['cash', 'card', ...(f.funciones_avanzadas_gestion || f.monedero ? (['wallet'] as Method[]) : [])];

  const toggle = (m: Method, value: boolean) => {
    const next = new Set(on);
    if (value) next.add(m);
    else next.delete(m);
    if (next.size === 0) {
      modal.warning({ title: t('pos.methods.noneTitle'), content: t('pos.methods.noneText') });
      next.add('cash');
    }
    setting
      .save(titleOf(next))
      .then(() => {
        message.success(t('pos.methods.saved'), 2);
        void qc.invalidateQueries({ queryKey: sessionKeys.club(club) });
      })
      .catch((e) => message.error(posErrorText(e, t, i18n), 5));
  };

  return (
    <div className={layout.dialogBackdrop} data-testid="paymentmethods-page">
      <Modal open={open} title={t('pos.methods.title')} footer={null} onCancel={() => setOpen(false)} afterClose={close} data-testid="methods-dialog">
        <p className={styles.muted}>{t('pos.methods.lead')}</p>
        {setting.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <ul className={styles.methods}>
            {shown.map((m) => (
              <li key={m}>
                <label htmlFor={`method-${m}`}>{t(`pos.methods.${m}`)}</label>
                <Switch id={`method-${m}`} checked={on.has(m)} loading={setting.saving} onChange={(v) => toggle(m, v)} data-testid={`method-${m}`} />
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </div>
  );
}
