import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClubCategories } from '../api';
import { formatMoney } from '../format';
import { presetAmounts } from './model';
import styles from './wallet.module.css';

/**
 * The club's default cash amounts (association_category cash-register, part 2 §2): one click puts
 * a note's value in the "tendered" field; "exact" puts the amount due. Nothing shows when the club
 * keeps none.
 */
export function CashQuickAmounts({ due, onPick }: { due: number; onPick: (euros: number) => void }) {
  const { t } = useTranslation();
  const amounts = presetAmounts((useClubCategories('cash-register').data ?? []).map((c) => c.title)).filter((a) => a > 0);
  if (amounts.length === 0) return null;
  return (
    <div className={styles.quick} role="group" aria-label={t('wallet.cash.quick')} data-testid="cash-quick">
      {due > 0 && (
        <Button size="small" onClick={() => onPick(due)} data-testid="cash-quick-exact">
          {t('wallet.cash.exact')}
        </Button>
      )}
      {amounts.map((a) => (
        <Button key={a} size="small" onClick={() => onPick(a)} data-testid={`cash-quick-${a}`}>
          {formatMoney(a)}
        </Button>
      ))}
    </div>
  );
}
