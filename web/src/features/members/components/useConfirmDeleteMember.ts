import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteMember } from '../api';
import { fullName, type Member } from '../model';

/**
 * Deleting a member: 'Primero debes seleccionar un socio' without one, the confirmation
 * 'Esta acción no se puede deshacer', then the delete. The detail modal and the staff screen share it.
 */
export function useConfirmDeleteMember(fail: (e: unknown) => void) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const del = useDeleteMember();
  const remove = (m: Member | null | undefined, onDeleted?: () => void) => {
    if (!m) {
      message.warning(t('members.common.selectFirst'), 3);
      return;
    }
    modal.confirm({
      centered: true,
      title: t('members.common.deleteTitle', { name: fullName(m) }),
      content: t('members.common.confirmDelete'),
      okText: t('members.common.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelText: t('common.cancel'),
      onOk: () =>
        del.mutateAsync(m.nid).then(() => {
          message.success(t('members.common.deleted'), 3);
          onDeleted?.();
        }, fail),
    });
  };
  return { remove, pending: del.isPending };
}
