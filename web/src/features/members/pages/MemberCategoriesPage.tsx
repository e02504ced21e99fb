import '../i18n';
import { useState } from 'react';
import { MemberCategoriesModal } from '../components/MemberCategoriesModal';
import { useCloseDialogRoute } from '../useCloseDialogRoute';
import { useMemberAccess } from '../useMemberAccess';
import styles from '../members.module.css';

/** Menu entry "membercategories": the member categories dialog over the shell. */
export default function MemberCategoriesPage() {
  const { clubId } = useMemberAccess();
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  if (clubId === null) return null;
  return (
    <div className={styles.dialogBackdrop} data-testid="membercategories-page">
      <MemberCategoriesModal open={open} club={clubId} onClose={() => setOpen(false)} afterClose={close} />
    </div>
  );
}
