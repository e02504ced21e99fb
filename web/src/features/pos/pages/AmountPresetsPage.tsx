import '../i18n';
import { DialogRoute } from '../../../shared/ui/DialogRoute';
import { AmountPresetsModal, type PresetKind } from '../components/AmountPresetsModal';

function PresetsDialog({ kind }: { kind: PresetKind }) {
  return <DialogRoute testId={`${kind}-presets-page`}>{(dialog) => <AmountPresetsModal kind={kind} {...dialog} />}</DialogRoute>;
}

/** Menu entry "walletamounts": the wallet top-up amounts. */
export function WalletAmountsPage() {
  return <PresetsDialog kind="wallet" />;
}

/** Menu entry "cashamounts": the counter's default cash amounts. */
export function CashAmountsPage() {
  return <PresetsDialog kind="cash-register" />;
}
