import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Modal, Skeleton, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownLocally, useClubCategories, useDeleteClubCategory, useSaveClubCategory } from '../../../shared/api';
import { formatMoney } from '../../../shared/format';
import type { DialogProps } from '../../../shared/ui/SheetModal';
import { readMoney } from '../../../shared/wallet/model';
import walletStyles from '../../../shared/wallet/wallet.module.css';
import { posErrorText } from '../errors';
import styles from '../pos.module.css';

export type PresetKind = 'wallet' | 'cash-register';

/**
 * A club's preset amounts (association_category): the wallet top-up amounts (type wallet, part 1
 * §2) or the default cash amounts of the counter (type cash-register, part 2 §2). Each is a number
 * of at least 0; one click on it fills the top-up amount or the cash tendered.
 */
export function AmountPresetsModal({ kind, open, onClose, afterClose }: DialogProps & { kind: PresetKind }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useClubCategories(kind);
  const save = useSaveClubCategory(kind);
  const del = useDeleteClubCategory();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = kind === 'wallet' ? 'wallet' : 'cash';
  const rows = [...(list.data ?? [])].sort((a, b) => (readMoney(a.title) ?? 0) - (readMoney(b.title) ?? 0));

  const add = () => {
    const v = readMoney(text);
    if (v === null) {
      setError(t('pos.presets.notNumeric'));
      return;
    }
    setError(null);
    save.mutate(
      { title: v.toFixed(2) },
      {
        onSuccess: () => {
          message.success(t('pos.presets.added', { amount: formatMoney(v) }), 2);
          setText('');
        },
        onError: (e) => {
          if (shownLocally(e)) setError(posErrorText(e, t, i18n));
        },
      },
    );
  };

  return (
    <Modal open={open} title={t(`pos.presets.${key}.title`)} footer={null} onCancel={onClose} afterClose={afterClose} width={460} data-testid={`presets-${kind}`}>
      <p className={styles.muted}>{t(`pos.presets.${key}.lead`)}</p>
      <div className={styles.presetAdd}>
        <Input
          size="large"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          suffix="€"
          aria-label={t('pos.presets.amount')}
          placeholder={t('pos.presets.placeholder')}
          value={text}
          status={error ? 'error' : undefined}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={add}
          data-testid="preset-amount"
        />
        <Button size="large" type="primary" icon={<PlusOutlined />} onClick={add} loading={save.isPending} data-testid="preset-add">
          {t('pos.presets.add')}
        </Button>
      </div>
      {error && (
        <div className={walletStyles.short} role="alert" data-testid="preset-error">
          {error}
        </div>
      )}
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pos.presets.empty')} />
      ) : (
        <ul className={styles.presetList} data-testid="preset-list">
          {rows.map((c) => (
            <li key={c.nid} data-testid={`preset-${readMoney(c.title)}`}>
              <strong>{formatMoney(readMoney(c.title) ?? 0)}</strong>
              <Tooltip title={t('pos.presets.delete')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('pos.presets.deleteOf', { amount: formatMoney(readMoney(c.title) ?? 0) })}
                  loading={del.isPending && del.variables === c.nid}
                  onClick={() =>
                    del.mutate(c.nid, {
                      onSuccess: () => message.success(t('pos.presets.deleted'), 2),
                      onError: (e) => {
                        if (shownLocally(e)) setError(posErrorText(e, t, i18n));
                      },
                    })
                  }
                  data-testid={`preset-delete-${readMoney(c.title)}`}
                />
              </Tooltip>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
