import '../i18n';
import { DialogRoute } from '../../../shared/ui/DialogRoute';
import { NumericSettingModal } from '../components/NumericSettingModal';

/** Menu entry "weightdiscrepancy": the allowed weight discrepancy (percent) in a dialog over the shell. */
export default function WeightDiscrepancyPage() {
  return <DialogRoute testId="weightdiscrepancy-page">{(dialog) => <NumericSettingModal {...dialog} setting="weight_discrepancy" />}</DialogRoute>;
}
