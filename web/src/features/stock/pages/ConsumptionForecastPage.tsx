import '../i18n';
import { useState } from 'react';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { ConsumptionCheckSwitch } from '../components/ConsumptionCheckSwitch';
import { NumericSettingModal } from '../components/NumericSettingModal';
import { useStockAccess } from '../useStockAccess';

/** Menu entry "consumptionforecast": the consumption forecast (grams a month) and whether the counter enforces it. */
export default function ConsumptionForecastPage() {
  const { clubId } = useStockAccess();
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  if (clubId === null) return null;
  return (
    <div className={layout.dialogBackdrop} data-testid="consumptionforecast-page">
      <NumericSettingModal open={open} club={clubId} setting="consumptionforecast" onClose={() => setOpen(false)} afterClose={close}>
        <ConsumptionCheckSwitch club={clubId} />
      </NumericSettingModal>
    </div>
  );
}
