import { useState, type ReactNode } from 'react';
import layout from './layout.module.css';
import type { DialogProps } from './SheetModal';
import { useCloseDialogRoute } from './useCloseDialogRoute';

/**
 * A menu entry that is a dialog over the shell: the dialog is open at once, and once it has closed
 * the route is left (useCloseDialogRoute).
 */
export function DialogRoute({ testId, children }: { testId: string; children: (dialog: DialogProps) => ReactNode }) {
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  return (
    <div className={layout.dialogBackdrop} data-testid={testId}>
      {children({ open, onClose: () => setOpen(false), afterClose: close })}
    </div>
  );
}
