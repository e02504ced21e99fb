import '../i18n';
import { ArrowLeftOutlined, CommentOutlined, DeleteOutlined, SearchOutlined, SendOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, Input, Skeleton } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText, shownLocally } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { useCommentConsult, useConsults, useDeleteConsult, type Consult } from '../api';
import { matches } from '../model';
import styles from '../social.module.css';

/** Spec: a message up to 2000 characters. */
const MESSAGE_MAX = 2000;

/**
 * Route "consults" (spec part 2 §2 "Consultations"): members' questions as a chat. The list holds
 * every consultation of the club, the latest activity first; the chosen one shows its conversation
 * (the member's messages on the left, the club's on the right) with a box to answer (Enter sends,
 * Shift+Enter breaks the line) and its deletion after a confirmation. A new consultation or comment
 * arrives live through the club's event stream (the shell's notification box shows it for 3 s and
 * refreshes this list). Below 992 px the conversation takes the screen, with a way back to the list.
 */
export default function ConsultsPage() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const isDesktop = useIsDesktop();
  const consults = useConsults();
  const comment = useCommentConsult();
  const del = useDeleteConsult();
  const [text, setText] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const threadEnd = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => (consults.data ?? []).filter((c) => matches({ title: c.title, subtitle: `${c.name} ${c.body}` }, text)), [consults.data, text]);
  const selected = (consults.data ?? []).find((c) => c.nid === selectedId) ?? (isDesktop ? rows[0] : undefined) ?? null;
  const messages = selected ? (selected.comments ?? []).length : 0;

  // the newest message in view when a conversation opens or grows
  useEffect(() => {
    threadEnd.current?.scrollIntoView({ block: 'end' });
  }, [selected?.nid, messages]);

  const send = () => {
    const body = draft.trim();
    if (!selected || body === '' || comment.isPending) return;
    comment.mutate(
      { nid: selected.nid, body },
      {
        onSuccess: () => setDraft(''),
        onError: (e) => {
          if (shownLocally(e)) message.error(refusalText(e, t, i18n, 'social'), 4);
        },
      },
    );
  };

  const confirmDelete = (c: Consult) =>
    modal.confirm({
      centered: true,
      title: t('social.consults.delete.title', { title: c.title }),
      content: t('social.consults.delete.body'),
      okText: t('social.consults.delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelText: t('common.cancel'),
      onOk: () =>
        del.mutateAsync(c.nid).then(
          () => {
            message.success(t('social.consults.delete.done'), 3);
            setSelectedId(null);
          },
          (e: unknown) => {
            if (shownLocally(e)) message.error(refusalText(e, t, i18n, 'social'), 4);
          },
        ),
    });

  const list = (
    <nav className={styles.consultList} aria-label={t('social.consults.list')} data-testid="consults-list">
      <div className={styles.consultSearch}>
        <Input
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          prefix={<SearchOutlined className={styles.muted} />}
          placeholder={t('social.consults.search')}
          aria-label={t('social.consults.search')}
          data-testid="consults-search"
        />
      </div>
      {consults.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} className={styles.consultSkeleton} />
      ) : rows.length === 0 ? (
        <Empty
          image={<CommentOutlined className={layout.emptyIcon} />}
          description={text.trim() ? t('social.consults.emptyFiltered') : t('social.consults.empty')}
          data-testid="consults-empty"
        />
      ) : (
        <ul className={styles.consultItems}>
          {rows.map((c) => {
            const last = (c.comments ?? []).at(-1);
            const active = selected?.nid === c.nid;
            return (
              <li key={c.nid}>
                <button
                  type="button"
                  className={`${styles.consultItem} ${active ? styles.consultItemActive : ''}`}
                  onClick={() => setSelectedId(c.nid)}
                  aria-current={active ? 'true' : undefined}
                  data-testid={`consult-${c.nid}`}
                >
                  <span className={styles.consultItemHead}>
                    <strong className={styles.consultItemTitle}>{c.title}</strong>
                    <span className={styles.consultItemDate}>{formatDateTime(c.comment_date)}</span>
                  </span>
                  <span className={styles.consultItemName}>{c.name}</span>
                  <span className={styles.consultItemLast}>
                    {last ? `${last.staff ? t('social.consults.you') : last.name}: ${last.body}` : c.body}
                  </span>
                  {(c.comments ?? []).length > 0 && (
                    <Badge count={(c.comments ?? []).length} color="#8c5aa8" className={styles.consultItemCount} title={t('social.consults.comments', { count: (c.comments ?? []).length })} />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );

  const thread = selected && (
    <section className={styles.thread} aria-label={selected.title} data-testid="consult-thread">
      <header className={styles.threadHead}>
        {!isDesktop && (
          <Button shape="circle" icon={<ArrowLeftOutlined />} onClick={() => setSelectedId(null)} aria-label={t('social.back')} data-testid="thread-back" />
        )}
        <div className={styles.threadTitle}>
          <h2 data-testid="thread-title">{selected.title}</h2>
          <span className={styles.muted}>{t('social.consults.askedBy', { name: selected.name, date: formatDateTime(selected.created) })}</span>
        </div>
        <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)} data-testid="consult-delete" aria-label={t('social.consults.delete.action')}>
          {isDesktop ? t('social.consults.delete.action') : null}
        </Button>
      </header>
      <div className={styles.messages} data-testid="thread-messages">
        <div className={styles.bubbleRow}>
          <div className={styles.bubble}>
            <span className={styles.bubbleName}>{selected.name}</span>
            <p>{selected.body}</p>
            <time className={styles.bubbleTime}>{formatDateTime(selected.created)}</time>
          </div>
        </div>
        {(selected.comments ?? []).map((m) => (
          <div key={m.cid} className={`${styles.bubbleRow} ${m.staff ? styles.bubbleRowStaff : ''}`} data-testid="thread-comment">
            <div className={`${styles.bubble} ${m.staff ? styles.bubbleStaff : ''}`}>
              <span className={styles.bubbleName}>{m.name}</span>
              <p>{m.body}</p>
              <time className={styles.bubbleTime}>{formatDateTime(m.created)}</time>
            </div>
          </div>
        ))}
        <div ref={threadEnd} />
      </div>
      <form
        className={styles.composer}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={MESSAGE_MAX}
          placeholder={t('social.consults.answer')}
          aria-label={t('social.consults.answer')}
          data-testid="consult-answer"
        />
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={comment.isPending} disabled={draft.trim() === ''} data-testid="consult-send">
          {t('social.consults.send')}
        </Button>
      </form>
    </section>
  );

  return (
    <div className={layout.page} data-testid="consults-page">
      <PageHeader
        title={t('social.consults.title')}
        subtitle={consults.data ? t('social.consults.total', { count: consults.data.length }) : t('social.consults.subtitle')}
        subtitleTestId="consults-total"
      />
      <div className={styles.chat}>
        {(isDesktop || !thread) && list}
        {thread ?? (isDesktop && !consults.isPending && <div className={styles.threadEmpty}>{t('social.consults.pick')}</div>)}
      </div>
    </div>
  );
}
