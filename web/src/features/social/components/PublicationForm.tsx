import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError, refusalText, shownLocally } from '../../../shared/api';
import { dateFormat } from '../../../shared/format';
import { dayjs } from '../../../shared/format/dayjs';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ImagesField } from '../../../shared/ui/ImagesField';
import { usePublishEvent, usePublishNews } from '../api';
import { bodyHtml, daySeconds } from '../model';
import styles from '../social.module.css';
import { PublicationView } from './PublicationView';

/** Spec: a title up to 200 characters; up to 10 pictures. */
const TITLE_MAX = 200;
const IMAGES_MAX = 10;

interface Values {
  title: string;
  subtitle: string;
  body: string;
  images: string[];
  start?: Dayjs;
  end?: Dayjs;
}

/** The event's start and end pickers: whole days, always set. */
const datePicker = () => ({ format: dateFormat(), allowClear: false, className: styles.date }) as const;

/** Fields the server may name in a refusal, as the form calls them. */
const FIELDS: Record<string, keyof Values> = { title: 'title', subtitle: 'subtitle', body: 'body', images: 'images', start_date: 'start', end_date: 'end' };

/**
 * Publishing a news item or an event (spec part 2 §2 "News create", "Event create"): title,
 * subtitle (news) or start and end days (events: today and tomorrow to begin with, weeks from
 * Monday), the body, pictures dropped or picked, and beside them the live preview as members will
 * see it. Publishing goes back to the list, where the new item is first.
 */
export function PublicationForm({ kind }: { kind: 'news' | 'events' }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const news = usePublishNews();
  const event = usePublishEvent();
  const saving = news.isPending || event.isPending;
  const k = `social.${kind}`;
  const back = kind === 'news' ? '/news' : '/events';
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const today = dayjs().startOf('day');

  const refused = (e: unknown) => {
    if (!shownLocally(e)) return;
    const text = refusalText(e, t, i18n, 'social');
    const field = isApiError(e) && e.field ? FIELDS[e.field] : undefined;
    if (field) {
      form.setFields([{ name: field, errors: [text] }]);
      form.scrollToField(field, { block: 'center', focus: true });
      return;
    }
    modal.warning({ centered: true, title: t('social.warning'), content: <span data-testid="publish-error">{text}</span>, okText: t('common.ok') });
  };

  const publish = (v: Values) => {
    const done = () => {
      message.success(t(`${k}.published`, { title: v.title.trim() }), 3);
      navigate(back);
    };
    const body = bodyHtml(v.body ?? '');
    if (kind === 'news') {
      news.mutate({ title: v.title, subtitle: v.subtitle ?? '', body, images: v.images ?? [] }, { onSuccess: done, onError: refused });
    } else {
      event.mutate(
        { title: v.title, body, images: v.images ?? [], start_date: daySeconds(v.start!), end_date: daySeconds(v.end!) },
        { onSuccess: done, onError: refused },
      );
    }
  };

  const preview = {
    title: values?.title?.trim() ?? '',
    subtitle: kind === 'news' ? values?.subtitle?.trim() : undefined,
    body: bodyHtml(values?.body ?? ''),
    images: values?.images ?? [],
    startDate: kind === 'events' && values?.start ? daySeconds(values.start) : undefined,
    endDate: kind === 'events' && values?.end ? daySeconds(values.end) : undefined,
    counter: kind === 'events' ? 0 : undefined,
  };

  return (
    <div className={layout.page} data-testid={`${kind}-create`}>
      <PageHeader
        title={t(`${k}.createTitle`)}
        subtitle={t(`${k}.createSubtitle`)}
        start={<Button shape="circle" icon={<ArrowLeftOutlined />} onClick={() => navigate(back)} aria-label={t('social.back')} data-testid="back" />}
      />
      <div className={layout.formWithPreview}>
        <Card className={layout.card}>
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark="optional"
            onFinish={publish}
            initialValues={{ title: '', subtitle: '', body: '', images: [], start: today, end: today.add(1, 'day') }}
            disabled={saving}
          >
            <Form.Item
              name="title"
              label={t('social.form.title')}
              rules={[
                { required: true, whitespace: true, message: t('social.form.titleRequired') },
                { max: TITLE_MAX, message: t('social.form.titleTooLong', { max: TITLE_MAX }) },
              ]}
            >
              <Input size="large" maxLength={TITLE_MAX} showCount data-testid="f-title" />
            </Form.Item>
            {kind === 'news' && (
              <Form.Item name="subtitle" label={t('social.form.subtitle')} rules={[{ max: TITLE_MAX, message: t('social.form.titleTooLong', { max: TITLE_MAX }) }]}>
                <Input maxLength={TITLE_MAX} data-testid="f-subtitle" />
              </Form.Item>
            )}
            {kind === 'events' && (
              <div className={styles.dates}>
                <Form.Item name="start" label={t('social.form.start')} rules={[{ required: true, message: t('social.form.dateRequired') }]}>
                  <DatePicker
                    {...datePicker()}
                    onChange={(d) => {
                      const end = form.getFieldValue('end') as Dayjs | undefined;
                      if (d && end && end.isBefore(d, 'day')) form.setFieldValue('end', d.add(1, 'day'));
                    }}
                    data-testid="f-start"
                  />
                </Form.Item>
                <Form.Item
                  name="end"
                  label={t('social.form.end')}
                  dependencies={['start']}
                  rules={[
                    { required: true, message: t('social.form.dateRequired') },
                    ({ getFieldValue }) => ({
                      validator: (_, end?: Dayjs) => {
                        const start = getFieldValue('start') as Dayjs | undefined;
                        return !end || !start || !end.isBefore(start, 'day') ? Promise.resolve() : Promise.reject(new Error(t('social.form.endBeforeStart')));
                      },
                    }),
                  ]}
                >
                  <DatePicker
                    {...datePicker()}
                    disabledDate={(d) => {
                      const start = form.getFieldValue('start') as Dayjs | undefined;
                      return !!start && d.isBefore(start, 'day');
                    }}
                    data-testid="f-end"
                  />
                </Form.Item>
              </div>
            )}
            <Form.Item name="body" label={t('social.form.body')} extra={t('social.form.bodyHelp')}>
              <Input.TextArea autoSize={{ minRows: 6, maxRows: 18 }} data-testid="f-body" />
            </Form.Item>
            <Form.Item name="images" label={t('social.form.images')} extra={t('social.form.imagesHelp', { max: IMAGES_MAX })}>
              <ImagesField max={IMAGES_MAX} />
            </Form.Item>
            <div className={layout.formActions}>
              <Button size="large" onClick={() => navigate(back)} disabled={saving}>
                {t('common.cancel')}
              </Button>
              <Button type="primary" size="large" htmlType="submit" icon={<SendOutlined />} loading={saving} data-testid="publish">
                {t(`${k}.publish`)}
              </Button>
            </div>
          </Form>
        </Card>
        <section className={layout.previewColumn} aria-label={t('social.preview')}>
          <h2 className={layout.previewLabel}>{t('social.preview')}</h2>
          <Card className={`${layout.card} ${layout.previewCard}`}>
            <PublicationView item={preview} testId="preview" />
          </Card>
        </section>
      </div>
    </div>
  );
}
