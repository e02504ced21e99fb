import '../i18n';
import { useState } from 'react';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { MemberCategoriesModal } from '../components/MemberCategoriesModal';

/** Menu entry "membercategories": the member categories dialog over the shell. */
export default function MemberCategoriesPage() {
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  return (
    <div className={layout.dialogBackdrop} data-testid="membercategories-page">
      <MemberCategoriesModal open={open} onClose={() => setOpen(false)} afterClose={close} />
    </div>
  );
}
