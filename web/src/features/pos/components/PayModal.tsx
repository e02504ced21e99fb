import { Alert, Button, Input, InputNumber, Modal, Segmented } from 'antd';
import { useEffect, useMemo, useRef, useState, type ComponentRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { isApiError, useClubCategories } from '../../../shared/api';
import { useClub, useClubId } from '../../../shared/session';
import { SignatureField } from '../../../shared/ui/SignatureField';
import { presetAmounts } from '../../../shared/wallet/model';
import walletStyles from '../../../shared/wallet/wallet.module.css';
import { usePayOrder, type Order, type PayType } from '../api';
import { posErrorText } from '../errors';
import { changeOf, quickTenders, signatureMissingKey } from '../model';
import styles from '../pos.module.css';

interface Props {
  order: Order | null;
  wallet: number;
  methods: PayType[];
  signature: boolean;
  /** Manager or Administrador: may let a sale pass the member's monthly forecast with a reason. */
  canOverride: boolean;
  onPaid: (order: Order, change: number) => void;
  onClose: () => void;
}

/**
 * The order-completion dialog: cash (tendered and change), wallet or card terminal, and the
 * signature. The cash tendered is typed or taken from one tap (the exact amount, the notes and the
 * club's default amounts that cover the total); Enter anywhere in the dialog pays once the payment
 * is complete (enough cash or wallet) — the signature and the forecast's reason are still asked.
 */
/** The refusals a Manager or Administrador may pass with a written reason, where the club's rules allow it. */
const PASSABLE = new Set(['order.forecast_exceeded', 'rules.day_limit', 'rules.month_limit', 'rules.young_month_limit', 'rules.year_limit']);

export function PayModal({ order, wallet, methods, signature, canOverride, onPaid, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const pay = usePayOrder();
  const clubInfo = useClub(useClubId()).data;
  const [method, setMethod] = useState<PayType>(methods[0] ?? 'cash');
  const [tendered, setTendered] = useState<number | null>(null);
  const [sign, setSign] = useState('');
  const [reason, setReason] = useState('');
  const [needsReason, setNeedsReason] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // one key per attempt at this order: a retried click is answered, never charged twice
  const key = useMemo(() => (order ? `${order.oid}-${crypto.randomUUID?.() ?? Math.random().toString(36).slice(2)}` : ''), [order]);
  const total = order?.order_total ?? 0;
  const presets = presetAmounts((useClubCategories('cash-register').data ?? []).map((c) => c.title)).filter((a) => a > 0);
  const tenderedRef = useRef<ComponentRef<typeof InputNumber>>(null);

  useEffect(() => {
    setMethod(methods[0] ?? 'cash');
    setTendered(null);
    setSign('');
    setReason('');
    setNeedsReason(false);
    setError(null);
    pay.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order?.oid]);

  const change = tendered === null ? null : changeOf(tendered, total);
  const cashShort = method === 'cash' && (tendered === null || (change ?? 0) < 0);
  const walletShort = method === 'wallet' && wallet < total;
  const complete = methods.length > 0 && !(total > 0 && cashShort) && !walletShort;

  const submit = () => {
    if (!order) return;
    if (signature && !sign) {
      setError(t(signatureMissingKey(clubInfo)));
      return;
    }
    if (needsReason && !reason.trim()) {
      setError(t('pos.pay.reasonRequired'));
      return;
    }
    setError(null);
    pay.mutate(
      {
        oid: order.oid,
        membership_id: order.membership_id,
        type: method,
        amount: total,
        key,
        ...(method === 'cash' && tendered !== null ? { tendered } : {}),
        ...(signature ? { signature: sign } : {}),
        ...(reason.trim() ? { override_reason: reason.trim() } : {}),
      },
      {
        onSuccess: (r) => onPaid(r.order, r.change),
        onError: (e) => {
          // a limit a supervisor may pass with a reason: the forecast, or the club's own limits (not the law's)
          if (isApiError(e) && e.code && PASSABLE.has(e.code) && e.params?.override !== 'refused' && canOverride) setNeedsReason(true);
          setError(posErrorText(e, t, i18n));
        },
      },
    );
  };

  // Enter pays from wherever the cursor is in the dialog (the tendered field, the signature just
  // drawn, a method chosen) — not on a button, which Enter presses, nor in the reason being written.
  const onEnter = useRef<(e: KeyboardEvent) => void>(() => {});
  onEnter.current = (e) => {
    if (e.key !== 'Enter' || e.isComposing || e.defaultPrevented || pay.isPending) return;
    const el = e.target as HTMLElement | null;
    if (el?.closest('button, a, textarea')) return;
    e.preventDefault();
    if (complete) submit();
  };
  const open = !!order;
  useEffect(() => {
    if (!open) return;
    const h = (e: KeyboardEvent) => onEnter.current(e);
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, [open]);

  const tender = (euros: number) => {
    setTendered(euros);
    setError(null);
    // back in the field, so the next Enter pays rather than pressing this button again
    tenderedRef.current?.focus();
  };

  return (
    <Modal
      open={!!order}
      title={t('pos.pay.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('pos.pay.confirm', { total: formatMoney(total) })}
      cancelText={t('common.cancel')}
      confirmLoading={pay.isPending}
      okButtonProps={{ disabled: !complete, 'data-testid': 'pay-confirm' }}
      width={signature ? 480 : 420}
      destroyOnHidden
    >
      <div className={styles.payBody}>
        <div className={styles.payTotal}>
          <span>{t('pos.order.total')}</span>
          <strong data-testid="pay-total">{formatMoney(total)}</strong>
        </div>
        {methods.length === 0 ? (
          <Alert type="warning" showIcon message={t('pos.pay.noMethods')} />
        ) : (
          <Segmented
            block
            value={method}
            onChange={(v) => setMethod(v as PayType)}
            options={methods.map((m) => ({ value: m, label: <span data-testid={`pay-method-${m}`}>{t(`pos.pay.methods.${m}`)}</span> }))}
          />
        )}
        {method === 'cash' && (
          <div className={styles.cashRow}>
            <label htmlFor="pay-tendered">{t('pos.pay.tendered')}</label>
            <InputNumber
              ref={tenderedRef}
              id="pay-tendered"
              min={0}
              step={1}
              precision={2}
              decimalSeparator={i18n.language === 'en' ? '.' : ','}
              value={tendered}
              onChange={(v) => setTendered(typeof v === 'number' ? v : null)}
              suffix="€"
              autoFocus
              data-testid="pay-tendered"
            />
            {change !== null && (
              <span className={change < 0 ? walletStyles.short : walletStyles.change} data-testid="pay-change">
                {change < 0 ? t('pos.pay.missing', { amount: formatMoney(-change) }) : t('pos.pay.change', { amount: formatMoney(change) })}
              </span>
            )}
          </div>
        )}
        {method === 'cash' && total > 0 && (
          <div className={styles.tenders} role="group" aria-label={t('pos.pay.quick')} data-testid="pay-tenders">
            <Button onClick={() => tender(total)} data-testid="tender-exact">
              {t('pos.pay.exact', { amount: formatMoney(total) })}
            </Button>
            {quickTenders(total, presets).map((a) => (
              <Button key={a} onClick={() => tender(a)} data-testid={`tender-${a}`}>
                {formatMoney(a)}
              </Button>
            ))}
          </div>
        )}
        {method === 'wallet' && (
          <p className={walletShort ? walletStyles.short : styles.muted} data-testid="pay-wallet">
            {t('pos.pay.walletBalance', { amount: formatMoney(wallet) })}
            {walletShort ? ` · ${t('pos.pay.walletShort')}` : ''}
          </p>
        )}
        {signature && (
          <div>
            <p className={styles.signLead}>{t('pos.pay.signLead')}</p>
            <SignatureField value={sign} onChange={setSign} />
          </div>
        )}
        {needsReason && (
          <div>
            <label htmlFor="pay-reason" className={styles.signLead}>
              {t('pos.pay.reason')}
            </label>
            <Input.TextArea id="pay-reason" maxLength={200} showCount rows={2} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="pay-reason" />
          </div>
        )}
        {error && <Alert type="error" showIcon message={error} data-testid="pay-error" />}
      </div>
    </Modal>
  );
}
