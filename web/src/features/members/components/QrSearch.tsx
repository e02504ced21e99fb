import { QrScannerModal } from '../../../shared/scan';

/**
 * QR member search (club flag gestion_avanzada_socios): the shared camera scanner; the code read
 * (a member's QR carries their ID number; a key fob or card may carry its own code) goes to onCode.
 */
export function QrSearch({ open, onClose, onCode }: { open: boolean; onClose: () => void; onCode: (code: string) => void }) {
  return (
    <QrScannerModal
      open={open}
      onClose={onClose}
      onResult={(text) => {
        const code = text.trim();
        if (code) onCode(code);
      }}
    />
  );
}
