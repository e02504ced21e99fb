import { Modal } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS, type CounterAction } from '../model';
import styles from '../pos.module.css';

/** A key as the keyboard shows it. */
export function Kbd({ children }: { children: string }) {
  return <kbd className={styles.kbd}>{children}</kbd>;
}

/**
 * The counter's keys, and what the fields and dialogs do with Enter, the arrows and Escape: `lead`
 * is what is typed or scanned before the keys (a dictionary key), `keys` the keys themselves.
 */
const GROUPS: { group: string; rows: { lead?: string; keys: string[]; what: string }[] }[] = [
  {
    group: 'counter',
    rows: SHORTCUTS.map((s: { action: CounterAction; keys: string[] }) => ({ keys: s.keys, what: `keys.long.${s.action}` })),
  },
  {
    group: 'find',
    rows: [
      { lead: 'keys.swipe', keys: ['keys.enter'], what: 'keys.swipeDo' },
      { lead: 'keys.barcode', keys: ['keys.enter'], what: 'keys.barcodeDo' },
      { keys: ['↑', '↓', 'keys.enter'], what: 'keys.arrowsDo' },
      { lead: 'keys.amount', keys: ['keys.enter'], what: 'keys.amountDo' },
    ],
  },
  {
    group: 'pay',
    rows: [
      { lead: 'keys.tendered', keys: ['keys.enter'], what: 'keys.tenderedDo' },
      { keys: ['Esc'], what: 'keys.escapeDo' },
    ],
  },
];

/** "?" at the counter: every shortcut, grouped as the work goes. Open while mounted. */
export function ShortcutsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const key = (k: string) => (k.startsWith('keys.') ? t(`pos.${k}`) : k);
  return (
    <Modal open title={t('pos.keys.title')} onCancel={onClose} footer={null} width={560}>
      <div data-testid="shortcuts">
        {GROUPS.map((g) => (
          <Fragment key={g.group}>
            <h3 className={styles.keysGroup}>{t(`pos.keys.groups.${g.group}`)}</h3>
            <dl className={styles.keysList}>
              {g.rows.map((r) => (
                <Fragment key={r.what}>
                  <dt>
                    {r.lead && `${t(`pos.${r.lead}`)} + `}
                    {r.keys.map((k, i) => (
                      <Fragment key={k}>
                        {i > 0 && ' '}
                        <Kbd>{key(k)}</Kbd>
                      </Fragment>
                    ))}
                  </dt>
                  <dd>{t(`pos.${r.what}`)}</dd>
                </Fragment>
              ))}
            </dl>
          </Fragment>
        ))}
      </div>
    </Modal>
  );
}
