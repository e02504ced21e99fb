import { CheckCircleFilled, ClockCircleFilled, MinusCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import { expiryOf, initials, type Member } from '../model';
import styles from '../members.module.css';

/** The member's photo, or their initials on the club purple. */
export function MemberAvatar({ member, size = 36 }: { member: Pick<Member, 'foto' | 'nombre' | 'surname'>; size?: number }) {
  const url = member.foto?.url;
  if (url) return <Avatar size={size} src={url} alt="" className={styles.avatarPhoto} />;
  const text = initials(member);
  return (
    <Avatar size={size} className={styles.avatarInitials} icon={text === '?' ? <UserOutlined /> : undefined}>
      {text === '?' ? null : text}
    </Avatar>
  );
}

/** spec §4: CADUCADA in red when the fee's end date is past, the date in green otherwise. */
export function ExpiryTag({ endDate, testId }: { endDate: number | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  const e = expiryOf(endDate);
  if (e.state === 'none') {
    return (
      <Tag bordered={false} icon={<MinusCircleOutlined />} className={cells.tagMuted} data-testid={testId} data-state="none">
        {t('members.expiry.none')}
      </Tag>
    );
  }
  if (e.state === 'expired') {
    return (
      <Tag color="error" icon={<ClockCircleFilled />} className={cells.tag} data-testid={testId} data-state="expired">
        {t('members.expiry.expired')}
      </Tag>
    );
  }
  return (
    <Tag color="success" icon={<CheckCircleFilled />} className={cells.tag} data-testid={testId} data-state="valid">
      {formatDate(e.date)}
    </Tag>
  );
}

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return status === 1 ? (
    <Tag color="green" bordered={false} className={cells.tag}>
      {t('members.status.active')}
    </Tag>
  ) : (
    <Tag bordered={false} className={styles.tagInactive}>
      {t('members.status.inactive')}
    </Tag>
  );
}

export function TypeTag({ type }: { type: string }) {
  const { t } = useTranslation();
  const therapeutic = type === 'terapeutico';
  return (
    <Tag bordered={false} color={therapeutic ? 'cyan' : 'purple'} className={cells.tag}>
      {therapeutic ? t('members.types.terapeutico') : t('members.types.ludico')}
    </Tag>
  );
}

/** The subtitle of a member list: how many match ("more than…" past the server's count cap), or a hint before the first search. */
export function ResultCount({ data, hint }: { data?: { total: number; more?: boolean }; hint: string }) {
  const { t } = useTranslation();
  if (!data) return <>{hint}</>;
  return <>{data.more ? t('members.common.totalMore', { count: data.total }) : t('members.common.total', { count: data.total })}</>;
}
