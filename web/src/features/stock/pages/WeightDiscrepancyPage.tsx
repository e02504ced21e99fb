import '../i18n';
import { useState } from 'react';
import { NumericSettingModal } from '../components/NumericSettingModal';
import { useCloseDialogRoute } from '../useCloseDialogRoute';
import { useStockAccess } from '../useStockAccess';
import styles from '../stock.module.css';

/** Menu entry "weightdiscrepancy": the allowed weight discrepancy (percent) in a dialog over the shell. */
export default function WeightDiscrepancyPage() {
  const { clubId } = useStockAccess();
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  if (clubId === null) return null;
  return (
    <div className={styles.dialogBackdrop} data-testid="weightdiscrepancy-page">
      <NumericSettingModal open={open} club={clubId} setting="weight_discrepancy" onClose={() => setOpen(false)} afterClose={close} />
    </div>
  );
}
