import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Avatar, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, initials } from '../../../shared/format';
import type { Member } from '../api';
import { expiryOf, verdictOf } from '../memberStatus';
import shared from '../memberTools.module.css';
import styles from './memberCard.module.css';

const VERDICT_ICON = {
  ok: <CheckCircleFilled />,
  expired: <ExclamationCircleFilled />,
  inactive: <CloseCircleFilled />,
};

/** The member card of the validation screen: photo, name, number, ID, type, expiry, status. */
export function MemberCard({ member }: { member: Member }) {
  const { t } = useTranslation();
  const verdict = verdictOf(member);
  const expiry = expiryOf(member.end_date);
  const fullName = [member.nombre, member.surname, member.surname2].filter(Boolean).join(' ');
  const type = member.type === 'terapeutico' || member.type === 'ludico' ? t(`memberTools.card.types.${member.type}`) : member.type;

  return (
    <article className={`${styles.card} ${styles[verdict]}`} data-testid="member-card" data-verdict={verdict}>
      <div className={styles.verdict} role="status">
        {VERDICT_ICON[verdict]}
        <span>{t(`memberTools.card.verdict.${verdict}`)}</span>
      </div>
      <div className={styles.body}>
        <Avatar size={112} src={member.foto?.url || undefined} className={styles.photo} alt={fullName}>
          {initials(member.nombre, member.surname)}
        </Avatar>
        <div className={styles.identity}>
          <h2 className={styles.name} data-testid="member-card-name">
            {fullName}
          </h2>
          <div className={styles.tags}>
            {member.status_member === 1 ? (
              <Tag color="success" data-testid="member-card-status">
                {t('memberTools.card.active')}
              </Tag>
            ) : (
              <Tag color="error" data-testid="member-card-status">
                {t('memberTools.card.inactive')}
              </Tag>
            )}
            {member.is_staff && <Tag color="purple">{t('memberTools.card.staff')}</Tag>}
            {member.category_member?.title && <Tag bordered={false}>{member.category_member.title}</Tag>}
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>{t('memberTools.card.number')}</dt>
              <dd className={styles.bigNumber} data-testid="member-card-number">
                {member.number}
              </dd>
            </div>
            <div>
              <dt>{t('memberTools.card.dni')}</dt>
              <dd className={shared.mono}>{member.dni || t('common.notAvailable')}</dd>
            </div>
            <div>
              <dt>{t('memberTools.card.type')}</dt>
              <dd>{type || t('common.notAvailable')}</dd>
            </div>
            <div>
              <dt>{t('memberTools.card.expiry')}</dt>
              <dd data-testid="member-card-expiry">
                {expiry === 'expired' ? (
                  <Tag color="red" className={styles.expiryTag}>
                    {t('memberTools.card.expired')}
                  </Tag>
                ) : expiry === 'valid' ? (
                  <Tag color="green" className={styles.expiryTag}>
                    {formatDate(member.end_date)}
                  </Tag>
                ) : (
                  <span className={shared.muted}>{t('memberTools.card.noExpiry')}</span>
                )}
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </article>
  );
}
