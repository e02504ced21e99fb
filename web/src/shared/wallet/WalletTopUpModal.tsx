import './i18n';
import { Alert, App, Button, Input, Modal, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText, useClubCategories } from '../api';
import { formatMoney } from '../format';
import { useClub, useClubId } from '../session';
import { useWalletTopUp, type TopUpMethod } from './api';
import { CashQuickAmounts } from './CashQuickAmounts';
import { changeOf, presetAmounts, readMoney } from './model';
import styles from './wallet.module.css';

export interface TopUpMember {
  nid: number;
  name: string;
  monedero: number;
}

interface Props {
  /** The member to top up; the dialog is open while it is set. */
  member: TopUpMember | null;
  onClose: () => void;
  onDone?: (balance: number) => void;
}

/**
 * Wallet top-up (spec part 1 §2, §4, §5): paid in cash or by card terminal, as the club accepts;
 * the club's preset amounts fill the amount with one click; for cash the money tendered shows the
 * change or what is missing, and the top-up goes through only when it covers the amount.
 */
export function WalletTopUpModal({ member, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const info = useClub(useClubId()).data;
  const presets = presetAmounts((useClubCategories('wallet').data ?? []).map((c) => c.title));
  const topUp = useWalletTopUp();
  const methods: TopUpMethod[] = [...(info?.cashPermission ? (['cash'] as const) : []), ...(info?.cardPermission ? (['tpv'] as const) : [])];
  const [chosen, setMethod] = useState<TopUpMethod>('cash');
  // the choice holds while the club accepts it; otherwise the first method it accepts
  const method = methods.includes(chosen) ? chosen : (methods[0] ?? 'cash');
  const [amountText, setAmountText] = useState('');
  const [tenderedText, setTenderedText] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setAmountText('');
    setTenderedText('');
    setError(null);
    topUp.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member?.nid]);

  // a refusal speaks of what was typed: it goes as soon as something changes
  const typeAmount = (v: string) => {
    setAmountText(v);
    setError(null);
  };
  const typeTendered = (v: string) => {
    setTenderedText(v);
    setError(null);
  };
  const amount = readMoney(amountText);
  const tendered = readMoney(tenderedText);
  const change = amount !== null && tendered !== null ? changeOf(tendered, amount) : null;
  const cashShort = method === 'cash' && (change === null || change < 0);
  const amountBad = amountText.trim() !== '' && (amount === null || amount <= 0);

  const submit = () => {
    if (!member) return;
    if (amount === null || amount <= 0) {
      setError(t('wallet.topUp.notNumeric'));
      return;
    }
    if (method === 'cash' && cashShort) {
      setError(tendered === null && tenderedText.trim() !== '' ? t('wallet.topUp.notNumeric') : t('wallet.topUp.tenderedShort'));
      return;
    }
    setError(null);
    topUp.mutate(
      { nid: member.nid, amount, method },
      {
        onSuccess: (r) => {
          message.success(t('wallet.topUp.done', { amount: formatMoney(r.monedero) }), 4);
          onDone?.(r.monedero);
          onClose();
        },
        onError: (e) => setError(refusalText(e, t, i18n, 'wallet')),
      },
    );
  };

  return (
    <Modal
      open={!!member}
      title={t('wallet.topUp.title')}
      onCancel={onClose}
      onOk={submit}
      okText={amount && amount > 0 ? t('wallet.topUp.confirm', { amount: formatMoney(amount) }) : t('wallet.topUp.confirmEmpty')}
      cancelText={t('common.cancel')}
      confirmLoading={topUp.isPending}
      okButtonProps={{ disabled: methods.length === 0, 'data-testid': 'topup-confirm' }}
      width={440}
      destroyOnHidden
      data-testid="topup-dialog"
    >
      {member && (
        <div className={styles.body}>
          <div className={styles.balance}>
            <span>{member.name}</span>
            <strong data-testid="topup-balance">{formatMoney(member.monedero)}</strong>
          </div>
          {methods.length === 0 ? (
            <Alert type="warning" showIcon title={t('wallet.topUp.noMethods')} />
          ) : (
            <>
              <div className={styles.field}>
                <label htmlFor="topup-amount">{t('wallet.topUp.amount')}</label>
                <Input
                  id="topup-amount"
                  size="large"
                  inputMode="decimal"
                  autoComplete="off"
                  autoFocus
                  suffix="€"
                  value={amountText}
                  status={amountBad ? 'error' : undefined}
                  aria-invalid={amountBad}
                  onChange={(e) => typeAmount(e.target.value)}
                  onPressEnter={submit}
                  data-testid="topup-amount"
                />
                {amountBad && <span className={styles.error}>{t('wallet.topUp.notNumeric')}</span>}
                {presets.length > 0 && (
                  <div className={styles.quick} role="group" aria-label={t('wallet.topUp.presets')}>
                    {presets.map((p) => (
                      <Button key={p} size="small" onClick={() => typeAmount(String(p))} data-testid={`topup-preset-${p}`}>
                        {formatMoney(p)}
                      </Button>
                    ))}
                  </div>
                )}
              </div>
              {methods.length > 1 && (
                <Segmented
                  block
                  value={method}
                  onChange={(v) => setMethod(v as TopUpMethod)}
                  options={methods.map((m) => ({ value: m, label: <span data-testid={`topup-method-${m}`}>{t(`wallet.topUp.${m}`)}</span> }))}
                />
              )}
              {method === 'cash' && (
                <div className={styles.field}>
                  <label htmlFor="topup-tendered">{t('wallet.topUp.tendered')}</label>
                  <div className={styles.cash}>
                    <Input
                      id="topup-tendered"
                      inputMode="decimal"
                      autoComplete="off"
                      suffix="€"
                      value={tenderedText}
                      onChange={(e) => typeTendered(e.target.value)}
                      onPressEnter={submit}
                      data-testid="topup-tendered"
                    />
                    {change !== null && (
                      <span className={change < 0 ? styles.short : styles.change} data-testid="topup-change">
                        {change < 0 ? t('wallet.topUp.missing', { amount: formatMoney(-change) }) : t('wallet.topUp.change', { amount: formatMoney(change) })}
                      </span>
                    )}
                  </div>
                  <CashQuickAmounts due={amount ?? 0} onPick={(a) => typeTendered(String(a))} />
                </div>
              )}
              {amount !== null && amount > 0 && (
                <span className={styles.after} data-testid="topup-after">
                  {t('wallet.topUp.after', { amount: formatMoney(Math.round((member.monedero + amount) * 100) / 100) })}
                </span>
              )}
            </>
          )}
          {error && <Alert type="error" showIcon title={error} data-testid="topup-error" />}
        </div>
      )}
    </Modal>
  );
}
