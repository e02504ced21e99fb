import { useTranslation } from 'react-i18next';
import { moneyColumn } from '../../../shared/ui/Figures';
import { ActiveMembersModal } from '../../../shared/members/ActiveMembersModal';
import { posKeys, type Member } from '../api';

interface Props {
  club: number;
  /** The search it opens with: what was typed in the counter's member field, or nothing. */
  text?: string;
  onClose: () => void;
  onPick: (m: Member) => void;
}

/**
 * The counter's "Socios activos" (shared/members/ActiveMembersModal): number, name and wallet,
 * 5 a page; the arrows and Enter choose.
 */
export function MembersModal({ club, text, onClose, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <ActiveMembersModal
      club={club}
      text={text}
      labels={{ title: t('pos.members.title'), search: t('pos.members.search'), keys: t('pos.members.keys') }}
      queryKey={(q, page) => posKeys.members(club, q, page)}
      onClose={onClose}
      onPick={onPick}
      columns={[
        { title: t('pos.members.number'), dataIndex: 'number', width: 90 },
        { title: t('pos.members.name'), render: (_, m) => `${m.nombre} ${m.surname}` },
        moneyColumn<Member>('wallet', t('pos.members.wallet'), (m) => m.monedero),
      ]}
    />
  );
}
