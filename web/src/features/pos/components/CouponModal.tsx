import { TagsOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, List, Modal, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCouponDiscount, formatDate } from '../../../shared/format';
import { useApplicableCoupons, useApplyCoupon, type Order } from '../api';
import { posErrorText } from '../errors';
import styles from '../pos.module.css';

interface Props {
  order: Order | null;
  onClose: () => void;
}

/**
 * The counter's coupon dialog: type or scan a code (Enter applies it), or pick one of the active
 * coupons that apply to this order now. The server checks every rule and prices the order again;
 * a refusal shows in the 'Advertencia' dialog with its reason (spec part 1 §8).
 */
export function CouponModal({ order, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [code, setCode] = useState('');
  const input = useRef<InputRef>(null);
  const offers = useApplicableCoupons(order?.oid ?? null);
  const apply = useApplyCoupon();
  useEffect(() => setCode(''), [order?.oid]);

  const run = (body: { code?: string; coupon_id?: number[] }) => {
    if (!order) return;
    apply.mutate(
      { oid: order.oid, ...body },
      {
        onSuccess: (o) => {
          const added = o.discount_coupon_order?.at(-1);
          message.success(t('pos.coupon.applied', { code: added?.code ?? '' }), 3);
          onClose();
        },
        onError: (e) =>
          modal.warning({
            centered: true,
            title: t('pos.coupon.warning'),
            content: <span data-testid="coupon-refusal">{posErrorText(e, t, i18n)}</span>,
            okText: t('common.ok'),
            afterClose: () => input.current?.focus(),
          }),
      },
    );
  };

  return (
    <Modal
      open={order !== null}
      title={t('pos.coupon.title')}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
      afterOpenChange={(o) => o && input.current?.focus()}
      data-testid="coupon-modal"
    >
      <div className={styles.couponCode}>
        <Input
          ref={input}
          size="large"
          prefix={<TagsOutlined />}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={() => code.trim() && run({ code: code.trim() })}
          placeholder={t('pos.coupon.codePlaceholder')}
          aria-label={t('pos.coupon.code')}
          autoComplete="off"
          data-testid="coupon-code"
        />
        <Button size="large" type="primary" disabled={!code.trim()} loading={apply.isPending} onClick={() => run({ code: code.trim() })} data-testid="coupon-apply">
          {t('pos.coupon.apply')}
        </Button>
      </div>
      <h3 className={styles.couponListTitle}>{t('pos.coupon.available')}</h3>
      <List
        loading={offers.isPending}
        dataSource={offers.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pos.coupon.none')} /> }}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Button key="use" onClick={() => run({ coupon_id: [c.id] })} disabled={apply.isPending} data-testid={`coupon-pick-${c.code}`}>
                {t('pos.coupon.use')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <span>
                  <span className={styles.couponCodeText}>{c.code}</span> · {formatCouponDiscount(c)}
                </span>
              }
              description={c.to_date ? `${c.title} · ${t('pos.coupon.until', { date: formatDate(c.to_date) })}` : c.title}
            />
          </List.Item>
        )}
        data-testid="coupon-offers"
      />
    </Modal>
  );
}
