import { CopyOutlined, DeleteOutlined, HistoryOutlined, PrinterOutlined } from '@ant-design/icons';
import { App, Button, QRCode, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canAccess, gates } from '../../../shared/access/gates';
import { shownLocally, useClubCategories, useMemberCategories } from '../../../shared/api';
import { formatDate, formatMoney } from '../../../shared/format';
import { useClub, useClubId } from '../../../shared/session';
import { PrintOnly } from '../../../shared/ui/PrintOnly';
import { useActivateCoupon, useDeleteCoupon, type Coupon } from '../api';
import { couponErrorText } from '../errors';
import { couponState, discountText, PERCENT } from '../model';
import styles from '../coupons.module.css';
import { StateTag } from './StateTag';

/**
 * A coupon's panel: its code as a QR code (printable), what it gives and when, who and what it is
 * for, and the actions the user's roles allow. Deleting asks first; a refusal shows in the
 * 'Advertencia' dialog with the server's message (spec part 1 §8).
 */
export function CouponDetail({ coupon: c, onDeleted }: { coupon: Coupon; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const club = useClubId();
  const clubData = useClub(club).data;
  const roles = clubData?.roles ?? [];
  const canManage = canAccess(gates.screens.cupons, clubData);
  const canDelete = canManage && roles.some((r) => r === 'Manager' || r === 'Administrador');
  const canCreate = canAccess(gates.screens.cuponcreate, clubData);
  const activate = useActivateCoupon();
  const del = useDeleteCoupon();
  const productCategories = useClubCategories('dispensary');
  const memberCategories = useMemberCategories();
  const warn = (e: unknown) => {
    if (shownLocally(e)) modal.warning({ centered: true, title: t('coupons.warning'), content: couponErrorText(e, t, i18n), okText: t('common.ok') });
  };

  const confirmDelete = () =>
    modal.confirm({
      centered: true,
      title: t('coupons.delete.title', { code: c.code }),
      content: t('coupons.delete.body'),
      okText: t('coupons.delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelText: t('common.cancel'),
      onOk: () =>
        del.mutateAsync(c.id).then(
          () => {
            message.success(t('coupons.delete.done'), 3);
            onDeleted();
          },
          warn,
        ),
    });

  const scope: ReactNode[] = [];
  if (c.use_user_type) scope.push(t(c.use_user_type === 1 ? 'coupons.form.ludico' : 'coupons.form.terapeutico'));
  if (c.use_user_category) {
    scope.push((memberCategories.data ?? []).find((m) => m.nid === c.use_user_category)?.title ?? `#${c.use_user_category}`);
  }
  const categoryNames = (c.product_categories ?? []).map((id) => (productCategories.data ?? []).find((p) => p.nid === id)?.title ?? `#${id}`);
  const productNames = (c.products ?? []).map((p) => p.title);

  const row = (label: string, value: ReactNode, testId?: string) => (
    <div className={styles.detailRow}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );

  return (
    <div className={styles.detail} data-testid="coupon-detail">
      <div className={styles.qr} data-testid="coupon-qr">
        <QRCode value={c.code} size={168} errorLevel="M" bordered={false} aria-label={t('coupons.detail.qr', { code: c.code })} />
      </div>
      <div className={styles.detailHead}>
        <strong className={styles.detailCode} data-testid="detail-code">
          {c.code}
        </strong>
        <StateTag state={couponState(c, Math.floor(Date.now() / 1000))} />
      </div>
      <p className={styles.detailTitle}>{c.title}</p>
      <dl className={styles.detailList}>
        {row(t('coupons.detail.type'), t(c.type === PERCENT ? 'coupons.form.percent' : 'coupons.form.euros'))}
        {row(t('coupons.detail.discount'), discountText(c), 'detail-discount')}
        {row(t('coupons.detail.start'), c.from_date ? formatDate(c.from_date) : t('coupons.detail.always'))}
        {row(t('coupons.detail.expiry'), c.to_date ? formatDate(c.to_date) : t('coupons.noExpiry'), 'detail-expiry')}
        {row(
          t('coupons.detail.uses'),
          c.use_number_coupon ? t('coupons.detail.usesOf', { uses: c.uses, limit: c.use_number_coupon }) : t('coupons.detail.usesUnlimited', { uses: c.uses }),
          'detail-uses',
        )}
        {c.use_number_user > 0 && row(t('coupons.detail.perMember'), c.use_number_user)}
        {scope.length > 0 && row(t('coupons.detail.members'), scope.join(' · '))}
        {categoryNames.length > 0 && row(t('coupons.detail.categories'), categoryNames.join(', '))}
        {productNames.length > 0 && row(t('coupons.detail.products'), productNames.join(', '), 'detail-products')}
        {c.min_amount_order > 0 && row(t('coupons.detail.minAmount'), formatMoney(c.min_amount_order))}
        {row(t('coupons.detail.cumulative'), c.cumulative ? t('coupons.yes') : t('coupons.no'))}
        {c.notes && row(t('coupons.detail.notes'), c.notes)}
      </dl>
      {canManage && (
        <label className={styles.activeSwitch}>
          <Switch
            checked={c.status === 1}
            loading={activate.isPending}
            onChange={(on) => activate.mutate({ id: c.id, on }, { onError: warn })}
            data-testid="coupon-active"
          />
          <span>{c.status === 1 ? t('coupons.detail.activeOn') : t('coupons.detail.activeOff')}</span>
        </label>
      )}
      <div className={styles.detailActions}>
        <Button size="large" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="coupon-print">
          {t('coupons.detail.print')}
        </Button>
        {canCreate && (
          <Button size="large" icon={<CopyOutlined />} onClick={() => navigate(`/cuponcreate?from=${c.id}`)} data-testid="coupon-duplicate">
            {t('coupons.detail.duplicate')}
          </Button>
        )}
        <Button size="large" icon={<HistoryOutlined />} onClick={() => navigate(`/cuponUsesList?coupon_id=${c.id}`)} data-testid="coupon-uses">
          {t('coupons.detail.history')}
        </Button>
        {canDelete && (
          <Button size="large" danger icon={<DeleteOutlined />} onClick={confirmDelete} data-testid="coupon-delete">
            {t('coupons.detail.delete')}
          </Button>
        )}
      </div>
      <PrintOnly title={c.title} testId="coupon-print-area">
        <QRCode value={c.code} size={250} errorLevel="M" bordered={false} type="svg" color="#000000" bgColor="#ffffff" />
        <div className={styles.printCode}>{c.code}</div>
      </PrintOnly>
    </div>
  );
}
