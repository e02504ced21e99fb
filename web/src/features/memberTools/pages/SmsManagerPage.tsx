import '../i18n';
import { ArrowRightOutlined, IdcardOutlined, InfoCircleFilled, MessageOutlined, SendOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip, type InputRef } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canAccess, gates } from '../../../shared/access';
import { useClub, useClubId } from '../../../shared/session';
import { PageHeader } from '../components/PageHeader';
import shared from '../memberTools.module.css';
import styles from './smsManager.module.css';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '0', '⌫'] as const;
const LETTERS: Record<string, string> = { '2': 'ABC', '3': 'DEF', '4': 'GHI', '5': 'JKL', '6': 'MNO', '7': 'PQRS', '8': 'TUV', '9': 'WXYZ' };
const PHONE_MAX = 16;

/**
 * Route "smsmanager". The specification describes it as a placeholder with a number grid whose
 * sending is not implemented; the screen says so and leads to where SMS invitations are sent.
 */
export default function SmsManagerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const inputRef = useRef<InputRef | null>(null);
  const club = useClub(useClubId());
  // Only screens this user may open are offered as links.
  const can = (screen: string) => canAccess(gates.screens[screen], club.data);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const press = (k: (typeof KEYS)[number]) => {
    setNumber((n) => (k === '⌫' ? n.slice(0, -1) : k === '+' && n !== '' ? n : (n + k).slice(0, PHONE_MAX)));
    inputRef.current?.focus();
  };

  return (
    <div className={shared.narrowPage} data-testid="sms-manager">
      <PageHeader icon={<MessageOutlined />} title={t('memberTools.sms.title')} subtitle={t('memberTools.sms.subtitle')} />
      <div className={styles.layout}>
        <section className={shared.panel} data-testid="sms-info">
          <div className={styles.infoHead}>
            <InfoCircleFilled className={styles.infoIcon} />
            <h2 className={styles.infoTitle}>{t('memberTools.sms.notAvailableTitle')}</h2>
          </div>
          <p className={styles.infoBody}>{t('memberTools.sms.notAvailableBody')}</p>
          <ul className={shared.stack}>
            <li>
              <Way
                icon={<IdcardOutlined className={styles.wayIcon} />}
                title={t('memberTools.sms.staffTitle')}
                body={t('memberTools.sms.staffBody')}
                onOpen={can('staffmanager') ? () => navigate('/staffmanager') : undefined}
                testId="sms-go-staff"
              />
            </li>
            <li>
              <Way
                icon={<UserAddOutlined className={styles.wayIcon} />}
                title={t('memberTools.sms.inviteTitle')}
                body={t('memberTools.sms.inviteBody')}
                onOpen={can('userinvite') ? () => navigate('/userinvite') : undefined}
                testId="sms-go-invite"
              />
            </li>
          </ul>
        </section>

        <section className={shared.panel} aria-label={t('memberTools.sms.padLabel')}>
          <Input
            ref={inputRef}
            size="large"
            value={number}
            onChange={(e) => setNumber(e.target.value.replace(/[^\d+]/g, '').slice(0, PHONE_MAX))}
            inputMode="tel"
            placeholder={t('memberTools.sms.numberPlaceholder')}
            className={styles.display}
            aria-label={t('memberTools.sms.number')}
            data-testid="sms-number"
          />
          <div className={styles.grid} data-testid="sms-grid">
            {KEYS.map((k) => (
              <button
                key={k}
                type="button"
                className={`${styles.key} ${k === '⌫' ? styles.keyBack : ''}`}
                onClick={() => press(k)}
                aria-label={k === '⌫' ? t('memberTools.sms.delete') : undefined}
              >
                <span className={styles.keyDigit}>{k}</span>
                {LETTERS[k] && (
                  <span className={styles.keyLetters} aria-hidden="true">
                    {LETTERS[k]}
                  </span>
                )}
              </button>
            ))}
          </div>
          <Tooltip title={t('memberTools.sms.sendDisabled')}>
            <span className={styles.sendWrap}>
              <Button size="large" type="primary" icon={<SendOutlined />} disabled block data-testid="sms-send">
                {t('memberTools.sms.send')}
              </Button>
            </span>
          </Tooltip>
          <p className={styles.padNote}>{t('memberTools.sms.sendDisabled')}</p>
        </section>
      </div>
    </div>
  );
}

/** One of the places SMS invitations are sent from: a link when the user may open it, else a note. */
function Way({ icon, title, body, onOpen, testId }: { icon: ReactNode; title: string; body: string; onOpen?: () => void; testId: string }) {
  const content = (
    <>
      {icon}
      <span className={styles.wayText}>
        <strong>{title}</strong>
        <span>{body}</span>
      </span>
    </>
  );
  if (!onOpen) return <div className={`${styles.way} ${styles.wayStatic}`}>{content}</div>;
  return (
    <button type="button" className={styles.way} onClick={onOpen} data-testid={testId}>
      {content}
      <ArrowRightOutlined className={styles.wayArrow} />
    </button>
  );
}
