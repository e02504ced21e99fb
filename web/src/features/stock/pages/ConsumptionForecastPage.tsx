import '../i18n';
import { DialogRoute } from '../../../shared/ui/DialogRoute';
import { ConsumptionCheckSwitch } from '../components/ConsumptionCheckSwitch';
import { NumericSettingModal } from '../components/NumericSettingModal';

/** Menu entry "consumptionforecast": the consumption forecast (grams a month) and whether the counter enforces it. */
export default function ConsumptionForecastPage() {
  return (
    <DialogRoute testId="consumptionforecast-page">
      {(dialog) => (
        <NumericSettingModal {...dialog} setting="consumptionforecast">
          <ConsumptionCheckSwitch />
        </NumericSettingModal>
      )}
    </DialogRoute>
  );
}
