import { Alert, Empty, Modal, Radio, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format';
import { useFees, type FeeType } from '../api';
import styles from '../pos.module.css';

const DAY = 86_400;

/** The member's fee end after paying a fee: its days from the later of now and the current end (what the server does). */
export const renewedEnd = (endDate: number, days: number, now = Date.now() / 1000) => Math.max(endDate, now) + days * DAY;

interface Props {
  open: boolean;
  /** The member's current fee end (unix seconds). */
  endDate: number;
  /** A fee cannot join a discounted order (the spec's message shows instead). */
  discounted: boolean;
  onRenew: (fee: FeeType) => void;
  onClose: () => void;
}

/**
 * Fee renewal for the member at the counter (spec part 1 §2): the club's active fee types with
 * their price and the new end date; the chosen one joins the order as a line and is paid with it.
 */
export function FeeRenewalModal({ open, endDate, discounted, onRenew, onClose }: Props) {
  const { t } = useTranslation();
  const fees = useFees();
  const active = (fees.data ?? []).filter((f) => f.status);
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    if (open) setChosen(active.length === 1 ? active[0].pid : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, fees.data]);
  const fee = active.find((f) => f.pid === chosen) ?? null;

  return (
    <Modal
      open={open}
      title={t('pos.renew.title')}
      onCancel={onClose}
      onOk={() => fee && onRenew(fee)}
      okText={fee ? t('pos.renew.add', { price: formatMoney(fee.price) }) : t('pos.renew.addEmpty')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !fee || discounted, 'data-testid': 'renew-confirm' }}
      width={460}
      destroyOnHidden
      data-testid="renew-dialog"
    >
      <p className={styles.muted}>
        {endDate <= 0
          ? t('pos.renew.never')
          : endDate > Date.now() / 1000
            ? t('pos.renew.current', { date: formatDate(endDate) })
            : t('pos.renew.expired', { date: formatDate(endDate) })}
      </p>
      {discounted && <Alert type="warning" showIcon title={t('pos.errors.order.fee_discounted')} className={styles.renewAlert} />}
      {fees.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : active.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pos.renew.none')} />
      ) : (
        <Radio.Group className={styles.renewList} value={chosen} onChange={(e) => setChosen(e.target.value as number)} aria-label={t('pos.renew.title')}>
          {active.map((f) => (
            <Radio key={f.pid} value={f.pid} className={styles.renewOption} data-testid={`renew-fee-${f.pid}`}>
              <span className={styles.renewTitle}>{f.title}</span>
              <span className={styles.muted}>
                {formatMoney(f.price)} · {t('pos.renew.days', { count: f.days })} · {t('pos.renew.until', { date: formatDate(renewedEnd(endDate, f.days)) })}
              </span>
            </Radio>
          ))}
        </Radio.Group>
      )}
    </Modal>
  );
}
