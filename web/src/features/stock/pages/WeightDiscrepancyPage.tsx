import '../i18n';
import { useState } from 'react';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { NumericSettingModal } from '../components/NumericSettingModal';
import { useStockAccess } from '../useStockAccess';

/** Menu entry "weightdiscrepancy": the allowed weight discrepancy (percent) in a dialog over the shell. */
export default function WeightDiscrepancyPage() {
  const { clubId } = useStockAccess();
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  if (clubId === null) return null;
  return (
    <div className={layout.dialogBackdrop} data-testid="weightdiscrepancy-page">
      <NumericSettingModal open={open} club={clubId} setting="weight_discrepancy" onClose={() => setOpen(false)} afterClose={close} />
    </div>
  );
}
