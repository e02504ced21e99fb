import '../i18n';
import { IdcardOutlined, MessageOutlined, SolutionOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { RegisterMemberModal } from '../components/RegisterMemberModal';
import shared from '../memberTools.module.css';
import { prefillFromParams } from '../registration';
import styles from './userInvite.module.css';

/**
 * Route "userinvite": the new-member registration dialog, open on arrival. Query parameters
 * (name, surname, dni, birthdate yyyy-mm-dd, …; source=dniread) prefill it.
 */
export default function UserInvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const prefill = useMemo(() => prefillFromParams(params), [params]);
  const fromDocument = params.get('source') === 'dniread';
  const [open, setOpen] = useState(true);
  const [round, setRound] = useState(0);

  const openNew = () => {
    if (params.toString() !== '') navigate('/userinvite', { replace: true });
    setRound((r) => r + 1);
    setOpen(true);
  };

  return (
    <div className={shared.narrowPage} data-testid="user-invite">
      <PageHeader icon={<SolutionOutlined />} title={t('memberTools.invite.title')} subtitle={t('memberTools.invite.subtitle')} />
      <section className={styles.hero}>
        <div className={styles.heroText}>
          <h2 className={styles.heroTitle}>{t('memberTools.invite.heroTitle')}</h2>
          <ul className={`${shared.stack} ${styles.points}`}>
            <li>
              <UserAddOutlined /> {t('memberTools.invite.point1')}
            </li>
            <li>
              <MessageOutlined /> {t('memberTools.invite.point2')}
            </li>
            <li>
              <IdcardOutlined /> {t('memberTools.invite.point3')}
            </li>
          </ul>
        </div>
        <div className={styles.heroActions}>
          <Button type="primary" size="large" icon={<UserAddOutlined />} onClick={openNew} data-testid="invite-open">
            {t('memberTools.invite.open')}
          </Button>
          <Button size="large" icon={<IdcardOutlined />} onClick={() => navigate('/dniread')} data-testid="invite-read-document">
            {t('memberTools.invite.readDocument')}
          </Button>
        </div>
      </section>
      <RegisterMemberModal
        key={`${round}:${params.toString()}`}
        open={open}
        onClose={() => setOpen(false)}
        prefill={prefill}
        fromDocument={fromDocument}
      />
    </div>
  );
}
