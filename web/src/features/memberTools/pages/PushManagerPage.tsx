import '../i18n';
import { CheckCircleFilled, NotificationOutlined, SendOutlined, TeamOutlined, UserOutlined, WarningFilled } from '@ant-design/icons';
import { App, Avatar, Button, Card, Form, Input, Segmented, Select, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../shared/format';
import { useClub, useClubId } from '../../../shared/session';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { PUSH_MAX, useCollectOnlineAccounts, useMemberSearch, useSendPush, type PushReply } from '../api';
import { PageHeader } from '../components/PageHeader';
import { useErrorText } from '../errors';
import shared from '../memberTools.module.css';
import styles from './pushManager.module.css';

type Audience = 'some' | 'all';
type Picked = { value: number; label: string };
interface Values {
  body: string;
  audience: Audience;
  members: Picked[];
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** Route "pushnotificationsmanager": a message of up to 200 characters to chosen members or to all with an online account. */
export default function PushManagerPage() {
  const { t } = useTranslation();
  const { modal, notification, message } = App.useApp();
  const clubId = useClubId();
  const club = useClub(clubId);
  const [form] = Form.useForm<Values>();
  const body = Form.useWatch('body', form) ?? '';
  const audience = Form.useWatch('audience', form) ?? 'some';
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 250);
  const found = useMemberSearch(debounced);
  const send = useSendPush();
  const collect = useCollectOnlineAccounts();
  const [collected, setCollected] = useState<{ done: number; total: number } | null>(null);
  const [reply, setReply] = useState<(PushReply & { asked: number }) | null>(null);
  const errorText = useErrorText();
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const outcomeRef = useRef<HTMLDivElement | null>(null);
  const isDesktop = useIsDesktop();

  useEffect(() => {
    bodyRef.current?.focus();
  }, []);

  const doSend = (text: string, uids: number[]) => {
    send.mutate(
      { body: text, uids },
      {
        onSuccess: (r) => {
          setReply({ ...r, asked: uids.length });
          requestAnimationFrame(() => outcomeRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }));
          if (r.sent > 0) void message.success(t('memberTools.push.sentToast'), 3);
        },
        onError: (e) => notification.error({ title: t('memberTools.push.failed'), description: errorText(e), duration: 8 }),
      },
    );
  };

  const onFinish = async (v: Values) => {
    const text = v.body.trim();
    if (v.audience === 'some') {
      doSend(text, v.members.map((m) => m.value));
      return;
    }
    setCollected({ done: 0, total: 0 });
    let uids: number[];
    try {
      uids = await collect.mutateAsync((done, total) => setCollected({ done, total }));
    } catch {
      setCollected(null);
      return;
    }
    setCollected(null);
    if (uids.length === 0) {
      notification.warning({ title: t('memberTools.push.nobodyOnline'), duration: 6 });
      return;
    }
    modal.confirm({
      title: t('memberTools.push.confirmTitle'),
      content: t('memberTools.push.confirmBody', { n: uids.length }),
      okText: t('memberTools.push.confirmOk'),
      cancelText: t('common.cancel'),
      icon: <TeamOutlined className={styles.confirmIcon} />,
      autoFocusButton: 'ok',
      onOk: () => doSend(text, uids),
    });
  };

  const reset = () => {
    setReply(null);
    form.resetFields();
    requestAnimationFrame(() => bodyRef.current?.focus());
  };

  const options = (found.data ?? []).map((m) => {
    const online = m.online_account && !!m.user?.uid;
    const name = [m.nombre, m.surname].filter(Boolean).join(' ');
    return {
      value: online ? m.user!.uid : -m.nid,
      disabled: !online,
      label: t('memberTools.push.optionLabel', { number: m.number, name }),
      name,
      number: m.number,
      online,
    };
  });

  const busy = send.isPending || collected !== null;
  const clubTitle = club.data?.title ?? '';

  return (
    <div className={shared.page} data-testid="push-manager">
      <PageHeader icon={<NotificationOutlined />} title={t('memberTools.push.title')} subtitle={t('memberTools.push.subtitle')} />
      <div className={styles.layout}>
        <Card className={shared.card}>
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark={false}
            scrollToFirstError={{ focus: true, block: 'center' }}
            initialValues={{ body: '', audience: 'some', members: [] }}
            onFinish={(v) => void onFinish(v)}
            disabled={busy}
            data-testid="push-form"
          >
            <Form.Item
              name="body"
              label={t('memberTools.push.message')}
              rules={[{ required: true, whitespace: true, message: t('memberTools.push.bodyRequired') }]}
              extra={isDesktop ? t('memberTools.push.messageHelp') : undefined}
            >
              <Input.TextArea
                ref={(el) => {
                  bodyRef.current = el?.resizableTextArea?.textArea ?? null;
                }}
                maxLength={PUSH_MAX}
                showCount
                autoSize={{ minRows: 4, maxRows: 8 }}
                placeholder={t('memberTools.push.messagePlaceholder')}
                onKeyDown={(e) => {
                  // At a keyboard Enter sends; on a phone's keyboard Enter is a new line.
                  if (isDesktop && e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                    e.preventDefault();
                    form.submit();
                  }
                }}
                data-testid="push-body"
              />
            </Form.Item>
            <Form.Item name="audience" label={t('memberTools.push.recipients')}>
              <Segmented<Audience>
                block
                vertical={!isDesktop}
                size="large"
                options={[
                  { value: 'some', label: t('memberTools.push.audienceSome'), icon: <UserOutlined /> },
                  { value: 'all', label: t('memberTools.push.audienceAll'), icon: <TeamOutlined /> },
                ]}
                data-testid="push-audience"
              />
            </Form.Item>
            {audience === 'some' ? (
              <Form.Item
                name="members"
                rules={[{ required: true, type: 'array', min: 1, message: t('memberTools.push.pickRequired') }]}
                extra={t('memberTools.push.pickHelp')}
              >
                <Select<Picked[]>
                  mode="multiple"
                  size="large"
                  labelInValue
                  showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
                  onBlur={() => setSearch('')}
                  placeholder={t('memberTools.push.pickPlaceholder')}
                  aria-label={t('memberTools.push.pickPlaceholder')}
                  options={options}
                  optionRender={(o) => (
                    <div className={styles.option}>
                      <span className={styles.optionNumber}>{o.data.number}</span>
                      <span className={styles.optionName}>{o.data.name}</span>
                      {!o.data.online && (
                        <Tag bordered={false} className={styles.optionTag}>
                          {t('memberTools.push.noAccount')}
                        </Tag>
                      )}
                    </div>
                  )}
                  notFoundContent={
                    found.isFetching ? (
                      <div className={styles.searching}>
                        <Spin size="small" />
                      </div>
                    ) : debounced.trim() === '' ? (
                      <span className={shared.muted}>{t('memberTools.push.typeToSearch')}</span>
                    ) : (
                      <span className={shared.muted}>{t('memberTools.push.noMatch')}</span>
                    )
                  }
                  data-testid="push-members"
                />
              </Form.Item>
            ) : (
              <div className={styles.allNote} data-testid="push-all-note">
                <TeamOutlined />
                <span>{t('memberTools.push.allHelp')}</span>
              </div>
            )}
            <div className={styles.actions}>
              <Button
                type="primary"
                size="large"
                htmlType="submit"
                icon={<SendOutlined />}
                loading={busy}
                data-testid="push-send"
              >
                {collected ? t('memberTools.push.collecting', { done: collected.done, total: collected.total || '…' }) : t('memberTools.push.send')}
              </Button>
            </div>
          </Form>
        </Card>

        <div className={styles.side}>
          <Card className={shared.card} title={t('memberTools.push.preview')}>
            <div className={styles.phone}>
              <div className={styles.notification}>
                <Avatar shape="square" size={36} src={club.data?.logo?.img || undefined} alt="" className={styles.appIcon}>
                  {initials(clubTitle)}
                </Avatar>
                <div className={styles.notificationText}>
                  <div className={styles.notificationHead}>
                    <strong>{clubTitle || t('common.appName')}</strong>
                    <span>{t('memberTools.push.now')}</span>
                  </div>
                  <p className={body.trim() ? styles.notificationBody : `${styles.notificationBody} ${styles.placeholder}`} data-testid="push-preview">
                    {body.trim() || t('memberTools.push.previewEmpty')}
                  </p>
                </div>
              </div>
            </div>
          </Card>
          {reply && (
            <div ref={outcomeRef} className={styles.outcomeWrap}>
              <SendOutcome reply={reply} onNew={reset} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

function SendOutcome({ reply, onNew }: { reply: PushReply & { asked: number }; onNew: () => void }) {
  const { t } = useTranslation();
  const total = reply.sent + reply.not_sent + reply.failed;
  const state = reply.sent === 0 ? 'none' : reply.sent < total ? 'partial' : 'all';
  return (
    <Card className={`${shared.card} ${styles.outcome} ${styles[state]}`} data-testid="push-outcome" data-state={state}>
      <div className={styles.outcomeHead}>
        {state === 'all' ? <CheckCircleFilled className={styles.okIcon} /> : <WarningFilled className={styles.warnIcon} />}
        <div>
          <p className={styles.outcomeTitle} data-testid="push-outcome-title">
            {state === 'all'
              ? t('memberTools.push.sentAll')
              : state === 'partial'
                ? t('memberTools.push.sentPartial', { sent: reply.sent, total })
                : t('memberTools.push.notSent')}
          </p>
          <p className={shared.muted}>
            {state === 'none' ? t('memberTools.push.notSentHelp') : t('memberTools.push.sentHelp', { n: reply.sent })}
          </p>
        </div>
      </div>
      <dl className={styles.counts}>
        <div>
          <dt>{t('memberTools.push.countSent')}</dt>
          <dd data-testid="push-count-sent">{reply.sent}</dd>
        </div>
        <div>
          <dt>{t('memberTools.push.countNotSent')}</dt>
          <dd data-testid="push-count-not-sent">{reply.not_sent}</dd>
        </div>
        <div>
          <dt>{t('memberTools.push.countFailed')}</dt>
          <dd>{reply.failed}</dd>
        </div>
      </dl>
      <Button block onClick={onNew} data-testid="push-new">
        {t('memberTools.push.newMessage')}
      </Button>
    </Card>
  );
}
