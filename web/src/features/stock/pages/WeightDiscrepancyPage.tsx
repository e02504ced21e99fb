import '../i18n';
import { useState } from 'react';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { NumericSettingModal } from '../components/NumericSettingModal';

/** Menu entry "weightdiscrepancy": the allowed weight discrepancy (percent) in a dialog over the shell. */
export default function WeightDiscrepancyPage() {
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  return (
    <div className={layout.dialogBackdrop} data-testid="weightdiscrepancy-page">
      <NumericSettingModal open={open} setting="weight_discrepancy" onClose={() => setOpen(false)} afterClose={close} />
    </div>
  );
}
