import '../i18n';
import { useState } from 'react';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { ConsumptionCheckSwitch } from '../components/ConsumptionCheckSwitch';
import { NumericSettingModal } from '../components/NumericSettingModal';

/** Menu entry "consumptionforecast": the consumption forecast (grams a month) and whether the counter enforces it. */
export default function ConsumptionForecastPage() {
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  return (
    <div className={layout.dialogBackdrop} data-testid="consumptionforecast-page">
      <NumericSettingModal open={open} setting="consumptionforecast" onClose={() => setOpen(false)} afterClose={close}>
        <ConsumptionCheckSwitch />
      </NumericSettingModal>
    </div>
  );
}
