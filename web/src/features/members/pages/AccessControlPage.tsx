import '../i18n';
import { useState } from 'react';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { AccessControlModal } from '../components/AccessControlModal';
import { useSelectedMembers } from '../selection';
import { useMemberAccess } from '../useMemberAccess';

/**
 * Menu entry "accesscontrol": the member access control dialog over the shell, for the members
 * selected in the member manager (kept between visits) or added in the dialog.
 */
export default function AccessControlPage() {
  const { clubId } = useMemberAccess();
  const [selected, setSelected] = useSelectedMembers(clubId);
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  if (clubId === null) return null;
  return (
    <div className={layout.dialogBackdrop} data-testid="accesscontrol-page">
      <AccessControlModal
        open={open}
        club={clubId}
        members={selected}
        onMembersChange={setSelected}
        onClose={() => setOpen(false)}
        afterClose={close}
      />
    </div>
  );
}
