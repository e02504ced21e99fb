import '../i18n';
import { useState } from 'react';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { AmountPresetsModal, type PresetKind } from '../components/AmountPresetsModal';

function PresetsDialog({ kind }: { kind: PresetKind }) {
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  return (
    <div className={layout.dialogBackdrop} data-testid={`${kind}-presets-page`}>
      <AmountPresetsModal kind={kind} open={open} onClose={() => setOpen(false)} afterClose={close} />
    </div>
  );
}

/** Menu entry "walletamounts": the wallet top-up amounts. */
export function WalletAmountsPage() {
  return <PresetsDialog kind="wallet" />;
}

/** Menu entry "cashamounts": the counter's default cash amounts. */
export function CashAmountsPage() {
  return <PresetsDialog kind="cash-register" />;
}
