import '../i18n';
import { EnterOutlined, LoginOutlined, LogoutOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Radio, Tag, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { ActiveMembersModal } from '../../../shared/members/ActiveMembersModal';
import { findMembers, lookupMember, memberByScan, type Member } from '../../../shared/members/find';
import cells from '../../../shared/ui/cells.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCheckInOut, type AccessAction } from '../api';
import { memberErrorText, shownLocally } from '../errors';
import { fullName } from '../model';
import styles from '../members.module.css';
import { useMemberAccess } from '../useMemberAccess';
import { useApp } from '../../../shared/ui/useApp';

interface Registered {
  id: number;
  at: number;
  action: AccessAction;
  number: number;
  name: string;
}

/** The picker's pages of a search, cached under the member screens' key of the club. */
const pickerKey = (club: number) => (text: string, page: number) => ['members', club, 'active', text, page] as const;

/**
 * Menu entry "accesscontrol": the door. The member field is focused: a key fob, an ID number or a
 * member number that names one active member registers them at once with Enter; a name or part
 * of one opens "Socios activos" filtered by it, where the arrows and Enter choose. After each
 * entry or exit the field is empty and focused again for the next member. What was registered on
 * this screen is listed, newest first.
 */
export default function AccessControlPage() {
  const { t, i18n } = useTranslation();
  const { message } = useApp();
  const qc = useQueryClient();
  const { clubId: club } = useMemberAccess();
  const check = useCheckInOut();
  const [action, setAction] = useState<AccessAction>('ENTRA');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState<string | null>(null);
  const [done, setDone] = useState<Registered[]>([]);
  const field = useRef<InputRef>(null);
  const lookups = useRef(0);

  const focusField = () => requestAnimationFrame(() => field.current?.focus());
  useEffect(() => {
    focusField();
  }, [club]);


  const register = async (m: Member) => {
    setBusy(true);
    try {
      await check.mutateAsync({ nid: m.nid, action });
      const who = `${m.number} · ${fullName(m)}`;
      message.success({
        content: action === 'ENTRA' ? t('members.access.registeredIn', { member: who }) : t('members.access.registeredOut', { member: who }),
        duration: 3,
        key: 'member-access',
      });
      setDone((list) => [{ id: Date.now(), at: Math.floor(Date.now() / 1000), action, number: m.number, name: fullName(m) }, ...list].slice(0, 20));
      setText('');
    } catch (e) {
      if (shownLocally(e)) message.error({ content: memberErrorText(e, t, i18n), duration: 5, key: 'member-access' });
    } finally {
      setBusy(false);
      focusField();
    }
  };

  // A code or number that names one member registers them; other text that finds members opens
  // the picker filtered by it; nothing found says so and keeps the text to correct.
  const submit = async () => {
    const q = text.trim();
    if (!q) {
      message.warning({ content: t('members.access.selectOne'), duration: 3, key: 'member-access' });
      focusField();
      return;
    }
    const seq = ++lookups.current;
    setBusy(true);
    try {
      const r = await lookupMember(q, {
        scan: (code) => memberByScan(club, code),
        count: async (s) => (await qc.fetchQuery({ queryKey: pickerKey(club)(s, 0), queryFn: () => findMembers(club, s, 0) })).total,
      });
      if (seq !== lookups.current) return;
      setBusy(false);
      if (r.kind === 'one') await register(r.member);
      else if (r.kind === 'pick') setPicking(q);
      else {
        message.error({ content: t('members.access.notFound', { text: q }), duration: 3, key: 'member-access' });
        focusField();
      }
    } catch (e) {
      setBusy(false);
      if (shownLocally(e)) message.error({ content: memberErrorText(e, t, i18n), duration: 5, key: 'member-access' });
      focusField();
    }
  };

  const isIn = action === 'ENTRA';
  return (
    <div className={`${layout.page} ${styles.accessPage}`} data-testid="accesscontrol-page">
      <PageHeader title={t('members.access.title')} subtitle={t('members.access.pageSubtitle')} />
      <Card className={layout.card}>
        <form
          className={styles.accessForm}
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void submit();
          }}
          data-testid="access-form"
        >
          <Radio.Group
            value={action}
            onChange={(e) => {
              setAction(e.target.value as AccessAction);
              focusField();
            }}
            optionType="button"
            buttonStyle="solid"
            size="large"
            className={styles.accessRadio}
            aria-label={t('members.access.action')}
            data-testid="access-action"
            options={[
              { value: 'ENTRA', label: <span data-testid="access-in"><LoginOutlined /> {t('members.access.in')}</span> },
              { value: 'SALE', label: <span data-testid="access-out"><LogoutOutlined /> {t('members.access.out')}</span> },
            ]}
          />
          <label htmlFor="access-member" className={styles.accessLabel}>
            {t('members.access.memberLabel')}
          </label>
          <div className={styles.accessRow}>
            <Input
              id="access-member"
              ref={field}
              size="large"
              autoFocus
              allowClear
              autoComplete="off"
              spellCheck={false}
              prefix={<SearchOutlined />}
              placeholder={t('members.access.memberPlaceholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-describedby="access-keys"
              data-testid="access-member"
            />
            <Button
              type="primary"
              size="large"
              htmlType="submit"
              loading={busy}
              icon={isIn ? <LoginOutlined /> : <LogoutOutlined />}
              className={styles.accessSubmit}
              data-testid="access-submit"
            >
              {isIn ? t('members.access.registerIn') : t('members.access.registerOut')}
            </Button>
          </div>
          <p id="access-keys" className={styles.accessKeys}>
            <EnterOutlined aria-hidden /> {t('members.access.keys')}
          </p>
        </form>
      </Card>

      <Card className={layout.card} title={t('members.access.recent')} data-testid="access-recent">
        {done.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members.access.recentEmpty')} />
        ) : (
          <ol className={styles.accessList}>
            {done.map((r) => (
              <li key={r.id} className={styles.accessItem} data-testid="access-recent-item">
                <Tag color={r.action === 'ENTRA' ? 'green' : 'default'} className={styles.accessTag}>
                  {r.action === 'ENTRA' ? t('members.access.in') : t('members.access.out')}
                </Tag>
                <span className={styles.accessWho}>
                  <span className={cells.num}>{r.number}</span> · {r.name}
                </span>
                <span className={styles.accessTime}>{formatDateTime(r.at).slice(0, 5)}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>

      {picking !== null && (
        <ActiveMembersModal
          club={club}
          text={picking}
          labels={{ title: t('members.access.pickerTitle'), search: t('members.access.pickerSearch'), keys: t('members.access.pickerKeys') }}
          queryKey={pickerKey(club)}
          columns={[
            { title: t('members.access.number'), dataIndex: 'number', width: 90 },
            { title: t('members.access.name'), render: (_, m) => fullName(m) },
            { title: t('members.access.dni'), dataIndex: 'dni', responsive: ['sm'] },
          ]}
          onClose={() => {
            setPicking(null);
            focusField();
          }}
          onPick={(m) => {
            setPicking(null);
            void register(m);
          }}
        />
      )}
    </div>
  );
}
