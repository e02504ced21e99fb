import '../i18n';
import { App, Button, Input, Skeleton, Steps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shownLocally } from '../../../shared/api';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { useClub, useClubId } from '../../../shared/session';
import { SheetModal } from '../../../shared/ui/SheetModal';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { useCashPeriod, useCloseRegister, useCloseReport, type CashClose } from '../api';
import { BlindCount, type CountMode } from '../components/BlindCount';
import { ZReportPanel } from '../components/ZReport';
import { countCents, difference, hasPieces, toEuros, type Counts } from '../count';
import { cashErrorText } from '../errors';
import styles from '../cash.module.css';

type Step = 'count' | 'check' | 'report';
const STEPS: Step[] = ['count', 'check', 'report'];

/**
 * Side-menu dialog "closeregister", a blind count: first the cash counted (a total, or notes and
 * coins that add up to it), and only then what the box should hold and the difference; the close
 * is confirmed, and its Z report offered, printable on an 80 mm ticket or an A4 page. The close
 * ends the period and the next starts with the counted amount. What the box should hold is not
 * even read before the count is entered.
 */
export default function CloseRegisterPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const back = useCloseDialogRoute();
  const club = useClubId();
  const clubInfo = useClub(club).data;
  const [step, setStep] = useState<Step>('count');
  const [open, setOpen] = useState(true);
  const [mode, setMode] = useState<CountMode>('total');
  const [total, setTotal] = useState<number | null>(null);
  const [counts, setCounts] = useState<Counts>({});
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [closed, setClosed] = useState<CashClose | null>(null);
  // what the box should hold: read only once the count is entered
  const period = useCashPeriod(0, step === 'check');
  const close = useCloseRegister();
  const z = useCloseReport(closed?.cid ?? null);
  const counted = mode === 'pieces' ? toEuros(countCents(counts)) : total;
  const expected = period.data?.summary.total_amount ?? null;
  const diff = counted === null || expected === null ? null : difference(counted, expected);
  const first = period.data?.summary.first_movement ?? 0;
  // once the figures are in, the next key closes: the close button takes the focus
  const submitRef = useRef<HTMLButtonElement>(null);
  const ready = step === 'check' && expected !== null;
  useEffect(() => {
    if (ready) submitRef.current?.focus();
  }, [ready]);

  const counting = () => {
    if (counted === null || (mode === 'pieces' && !hasPieces(counts))) {
      setError(t(mode === 'pieces' ? 'cash.close.piecesRequired' : 'cash.close.countedRequired'));
      return;
    }
    setError(null);
    setStep('check');
  };

  const confirm = () => {
    if (counted === null) return;
    modal.confirm({
      centered: true,
      title: t('cash.close.confirmTitle'),
      content: t('cash.close.confirmBody', { counted: formatMoney(counted), difference: formatMoney(diff ?? 0) }),
      okText: t('cash.close.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'close-confirm' },
      onOk: () =>
        close.mutateAsync({ current_amount: counted, note }).then(
          (c) => {
            message.success(t('cash.close.done', { difference: formatMoney(c.difference) }), 4);
            setClosed(c);
            setStep('report');
          },
          (e) => {
            if (shownLocally(e)) setError(cashErrorText(e, t, i18n));
          },
        ),
    });
  };

  // after a close, the person stays on the cash screens: the history, which now lists it
  const finish = () => (closed ? navigate('/closeregisterhistory', { replace: true }) : back());
  const footer =
    step === 'count' ? (
      <div className={styles.dialogFooter} key="count">
        <Button size="large" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
        <Button size="large" type="primary" onClick={counting} data-testid="close-next">
          {t('cash.close.next')}
        </Button>
      </div>
    ) : step === 'check' ? (
      <div className={styles.dialogFooter} key="check">
        <Button size="large" onClick={() => setStep('count')} data-testid="close-back">
          {t('cash.close.recount')}
        </Button>
        <Button size="large" type="primary" ref={submitRef} onClick={confirm} loading={close.isPending} disabled={expected === null} data-testid="close-submit">
          {t('cash.close.ok')}
        </Button>
      </div>
    ) : (
      <div className={styles.dialogFooter} key="report">
        <span />
        <Button size="large" type="primary" autoFocus onClick={() => setOpen(false)} data-testid="z-done">
          {t('cash.z.done')}
        </Button>
      </div>
    );

  return (
    <div className={layout.dialogBackdrop} data-testid="close-register-page">
      <SheetModal
        width={560}
        open={open}
        title={step === 'report' && closed ? t('cash.z.title', { id: closed.cid }) : t('cash.close.title')}
        onCancel={() => setOpen(false)}
        afterClose={finish}
        footer={footer}
        maskClosable={step !== 'check'}
      >
        <div className={styles.dialogBody}>
          <Steps
            size="small"
            responsive={false}
            current={STEPS.indexOf(step)}
            items={STEPS.map((s) => ({ title: t(`cash.close.steps.${s}`) }))}
            className={styles.closeSteps}
          />
          {step === 'count' && (
            <>
              <p className={styles.muted}>{t('cash.close.countIntro')}</p>
              <BlindCount
                mode={mode}
                onMode={(m) => {
                  setMode(m);
                  setError(null);
                }}
                total={total}
                onTotal={(v) => {
                  setTotal(v);
                  setError(null);
                }}
                counts={counts}
                onCounts={(c) => {
                  setCounts(c);
                  setError(null);
                }}
                error={error}
                onEnter={counting}
              />
            </>
          )}
          {step === 'check' && (
            <div className={styles.check} data-testid="close-check">
              {expected === null || counted === null ? (
                <Skeleton active paragraph={{ rows: 3 }} />
              ) : (
                <>
                  <div className={styles.boxLine}>
                    <span>{t('cash.close.countedLine')}</span>
                    <strong data-testid="close-counted-total">{formatMoney(counted)}</strong>
                  </div>
                  <div className={styles.boxLine}>
                    <span>{t('cash.close.expected')}</span>
                    <strong data-testid="close-expected">{formatMoney(expected)}</strong>
                  </div>
                  <div className={`${styles.boxLine} ${diff! < 0 ? styles.negative : diff! > 0 ? styles.positive : ''}`}>
                    <span>
                      {t('cash.close.difference')}
                      <small className={styles.diffHint}>
                        {diff! < 0
                          ? t('cash.close.short', { amount: formatMoney(-diff!) })
                          : diff! > 0
                            ? t('cash.close.over', { amount: formatMoney(diff!) })
                            : t('cash.close.even')}
                      </small>
                    </span>
                    <strong data-testid="close-difference">{formatMoney(diff)}</strong>
                  </div>
                  <p className={styles.muted}>{first ? t('cash.close.since', { date: formatDateTime(first) }) : t('cash.cards.noMovements')}</p>
                  <label htmlFor="close-note-input" className={styles.noteLabel}>
                    {t('cash.close.note')}
                  </label>
                  <Input.TextArea
                    className={styles.noteField}
                    maxLength={200}
                    showCount
                    autoSize={{ minRows: 2, maxRows: 4 }}
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                    id="close-note-input"
                    data-testid="close-note"
                  />
                  {error && (
                    <p className={styles.negative} role="alert">
                      {error}
                    </p>
                  )}
                </>
              )}
            </div>
          )}
          {step === 'report' &&
            (z.data?.close && z.data.report ? (
              <ZReportPanel close={z.data.close} report={z.data.report} club={clubInfo?.title ?? ''} />
            ) : (
              <Skeleton active paragraph={{ rows: 8 }} />
            ))}
        </div>
      </SheetModal>
    </div>
  );
}
