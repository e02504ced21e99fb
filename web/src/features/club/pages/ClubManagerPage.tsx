import { CloudUploadOutlined, EditOutlined, FormatPainterOutlined, RollbackOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Skeleton, Tag, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refusalText, shownLocally } from '../../../shared/api';
import { bodyHtml, bodyText } from '../../../shared/format/body';
import { useClub, useClubSelection } from '../../../shared/session';
import { ImagesField } from '../../../shared/ui/ImagesField';
import { ImageError, prepareImage } from '../../../shared/ui/images';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useUpdateClub } from '../api';
import styles from '../club.module.css';
import { ClubLogo } from '../ClubLogo';
import { ClubPageContent, type ClubPageFields } from '../ClubPageContent';
import '../i18n';

/** The server keeps up to 20 pictures in the club's carousel. */
const IMAGES_MAX = 20;

interface Values {
  description: string;
  images: string[];
}

/**
 * Route "clubmanager" (spec part 2 §2 "Club configuration"): in basic mode the logo, the
 * description and the carousel's pictures, published together; in advanced mode (the club has a
 * designed page) the way back to basic mode, which clears the designed page's HTML after a
 * confirmation, and the designer. Beside it, the page as staff will see it.
 */
export default function ClubManagerPage() {
  const { t } = useTranslation();
  const { currentId } = useClubSelection();
  const club = useClub(currentId);

  return (
    <div className={layout.page} data-testid="club-manager">
      <PageHeader
        title={t('clubConfig.title')}
        subtitle={t('clubConfig.subtitle')}
        actions={
          club.data && (
            <Tag color={club.data.full_html ? 'purple' : 'default'} className={styles.modeTag} data-testid="club-mode">
              {club.data.full_html ? t('clubConfig.advancedMode') : t('clubConfig.basicMode')}
            </Tag>
          )
        }
      />
      {!club.data || currentId === null ? (
        <Card className={layout.card}>
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </Card>
      ) : club.data.full_html ? (
        <AdvancedMode id={currentId} club={club.data} />
      ) : (
        <BasicMode id={currentId} club={club.data} />
      )}
    </div>
  );
}

type Club = NonNullable<ReturnType<typeof useClub>['data']>;

function Preview({ club }: { club: ClubPageFields }) {
  const { t } = useTranslation();
  return (
    <section className={layout.previewColumn} aria-label={t('clubConfig.preview')} data-testid="club-preview">
      <h2 className={layout.previewLabel}>{t('clubConfig.preview')}</h2>
      <ClubPageContent club={club} compact />
    </section>
  );
}

function useRefused() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  return (e: unknown) => {
    if (!shownLocally(e)) return;
    modal.warning({
      centered: true,
      title: t('clubConfig.title'),
      content: <span data-testid="club-save-error">{t('clubConfig.saveError', { reason: refusalText(e, t, i18n, 'clubConfig') })}</span>,
      okText: t('common.ok'),
    });
  };
}

function BasicMode({ id, club }: { id: number; club: Club }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const update = useUpdateClub(id);
  const refused = useRefused();
  const [form] = Form.useForm<Values>();
  // A new logo is a data URL until it is published; the stored one is not sent back.
  const [logo, setLogo] = useState<string | null>(null);
  const initial: Values = { description: bodyText(club.body ?? ''), images: (club.images ?? []).map((i) => i.img) };
  const values = (Form.useWatch([], form) as Partial<Values> | undefined) ?? initial;
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    form.setFieldsValue(initial);
    setLogo(null);
    setDirty(false);
    // The club's own fields, each time another club is chosen or a save comes back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [club.nid, club.body, JSON.stringify(club.images), club.logo?.img]);

  const pickLogo = async (file: File) => {
    try {
      setLogo(await prepareImage(file));
      setDirty(true);
    } catch (e) {
      const reason = e instanceof ImageError ? e.reason : 'notImage';
      message.error(reason === 'tooLarge' ? t('images.imageTooLarge', { name: file.name }) : t('images.notImage', { name: file.name }), 5);
    }
  };

  const publish = (v: Values) => {
    if (!dirty) {
      message.info(t('clubConfig.unchanged'), 3);
      return;
    }
    update.mutate(
      { body: bodyHtml(v.description ?? ''), images: v.images ?? [], ...(logo ? { logo } : {}) },
      { onSuccess: () => message.success(t('clubConfig.published'), 3), onError: refused },
    );
  };

  const preview: ClubPageFields = {
    title: club.title,
    logo: { img: logo ?? club.logo?.img ?? '' },
    body: bodyHtml(values.description ?? ''),
    images: (values.images ?? []).map((img) => ({ img })),
  };

  return (
    <div className={layout.formWithPreview}>
      <div className={styles.configColumn}>
        <Card className={layout.card}>
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={initial}
            onFinish={publish}
            onValuesChange={() => setDirty(true)}
            disabled={update.isPending}
          >
            <Form.Item label={t('clubConfig.logo')} extra={t('clubConfig.logoHelp')}>
              <div className={styles.logoField} data-testid="club-logo-field">
                <ClubLogo title={club.title} src={logo ?? club.logo?.img} size={72} />
                <Upload
                  accept="image/*"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void pickLogo(file);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} data-testid="club-logo">
                    {club.logo?.img || logo ? t('clubConfig.changeLogo') : t('clubConfig.chooseLogo')}
                  </Button>
                </Upload>
              </div>
            </Form.Item>
            <Form.Item name="description" label={t('clubConfig.description')} extra={t('clubConfig.descriptionHelp')}>
              <Input.TextArea autoSize={{ minRows: 6, maxRows: 18 }} data-testid="club-description" />
            </Form.Item>
            <Form.Item name="images" label={t('clubConfig.images')} extra={t('clubConfig.imagesHelp', { max: IMAGES_MAX })}>
              <ImagesField max={IMAGES_MAX} />
            </Form.Item>
            <div className={layout.formActions}>
              <Button
                size="large"
                disabled={!dirty || update.isPending}
                onClick={() => {
                  form.setFieldsValue(initial);
                  setLogo(null);
                  setDirty(false);
                }}
              >
                {t('clubConfig.discard')}
              </Button>
              <Button type="primary" size="large" htmlType="submit" icon={<CloudUploadOutlined />} loading={update.isPending} data-testid="club-publish">
                {t('clubConfig.publish')}
              </Button>
            </div>
          </Form>
        </Card>
        <Card className={layout.card}>
          <div className={styles.advancedBlock}>
            <FormatPainterOutlined className={styles.advancedIcon} aria-hidden />
            <div className={styles.advancedText}>
              <h2 className={styles.sectionTitle}>{t('clubConfig.advancedTitle')}</h2>
              <p className={styles.sectionHelp}>{t('clubConfig.advancedHelp')}</p>
            </div>
            <Button icon={<EditOutlined />} onClick={() => navigate('/htmleditor')} data-testid="club-design">
              {t('clubConfig.designPage')}
            </Button>
          </div>
        </Card>
      </div>
      <Preview club={preview} />
    </div>
  );
}

function AdvancedMode({ id, club }: { id: number; club: Club }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const update = useUpdateClub(id);
  const refused = useRefused();

  const backToBasic = () =>
    modal.confirm({
      centered: true,
      title: t('clubConfig.backToBasicTitle'),
      content: t('clubConfig.backToBasicText'),
      okText: t('clubConfig.backToBasicOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'club-basic-confirm' },
      onOk: () =>
        update.mutateAsync({ full_html: '' }).then(
          () => void message.success(t('clubConfig.backToBasicDone'), 3),
          (e) => refused(e),
        ),
    });

  return (
    <div className={layout.formWithPreview}>
      <Card className={layout.card}>
        <Alert type="info" showIcon message={t('clubConfig.advancedActive')} description={t('clubConfig.advancedActiveHelp')} className={styles.advancedAlert} />
        <div className={layout.formActions}>
          <Button size="large" icon={<RollbackOutlined />} onClick={backToBasic} loading={update.isPending} data-testid="club-basic">
            {t('clubConfig.backToBasic')}
          </Button>
          <Button type="primary" size="large" icon={<EditOutlined />} onClick={() => navigate('/htmleditor')} data-testid="club-design">
            {t('clubConfig.openDesigner')}
          </Button>
        </div>
      </Card>
      <Preview club={club} />
    </div>
  );
}
