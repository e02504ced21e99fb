import { ArrowLeftOutlined, DesktopOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Card, Result, Skeleton } from 'antd';
import 'grapesjs/dist/css/grapes.min.css';
import grapesjs, { type Editor } from 'grapesjs';
import ca from 'grapesjs/locale/ca';
import de from 'grapesjs/locale/de';
import en from 'grapesjs/locale/en';
import es from 'grapesjs/locale/es';
import fr from 'grapesjs/locale/fr';
import it from 'grapesjs/locale/it';
import pt from 'grapesjs/locale/pt';
import * as blocksBasicModule from 'grapesjs-blocks-basic';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { publicImageLink, refusalText, shownLocally } from '../../../shared/api';
import { currentLanguage, LOCALE_TAGS } from '../../../shared/i18n';
import { useClub, useClubSelection } from '../../../shared/session';
import { ImageError, prepareImage } from '../../../shared/ui/images';
import layout from '../../../shared/ui/layout.module.css';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useMediaQuery } from '../../../shared/ui/useMediaQuery';
import { useUpdateClub } from '../api';
import styles from '../club.module.css';
import { DEFAULT_CSS, defaultDesignHtml, EDITOR_SAFETY, noComponentScripts, pageDocument, savedDesign } from '../designer/design';
import { designerIcon, PANEL_ICONS } from '../designer/icons';
import '../i18n';

/** GrapesJS's own dictionaries for the app's seven languages (Catalan is "ca" there). */
const EDITOR_LOCALES = { es, cat: ca, it, pt, en, fr, de } as const;
/** The basic blocks plugin is a UMD bundle: its function sits one `default` deeper once bundled. */
type BlocksPlugin = typeof blocksBasicModule.default;
const blocksBasic: BlocksPlugin = ((m: { default?: unknown }) => (typeof m.default === 'function' ? m.default : (m.default as { default: unknown }).default))(
  blocksBasicModule as { default?: unknown },
) as BlocksPlugin;
/** GrapesJS's preview devices, by its ids. */
const DEVICES = ['desktop', 'tablet', 'mobileLandscape', 'mobilePortrait'] as const;
/** Blocks that load nothing from outside (the video and map blocks embed other sites). */
const BASIC_BLOCKS = ['column1', 'column2', 'column3', 'column3-7', 'text', 'link', 'image'];

type Club = NonNullable<ReturnType<typeof useClub>['data']>;

/**
 * Route "htmleditor" (spec part 2 §2 "Advanced HTML editor"): the visual page designer (GrapesJS,
 * in this route's own chunk), opening the club's saved design or the default one. Saving stores the
 * design (`html_design`, the editor's project JSON) and the page (`full_html`), puts the club in
 * advanced mode and goes back to the club configuration.
 */
export default function HtmlEditorPage() {
  const { t } = useTranslation();
  const { currentId } = useClubSelection();
  const club = useClub(currentId);
  // The designer's three panels need room: on a phone the page says so instead.
  const wide = useMediaQuery('(min-width: 768px)');

  if (!wide) {
    return (
      <div className={layout.page} data-testid="designer-narrow">
        <Card className={layout.card}>
          <Result icon={<DesktopOutlined />} title={t('designer.title')} subTitle={t('designer.narrow')} extra={<BackButton />} />
        </Card>
      </div>
    );
  }
  if (!club.data || currentId === null) {
    return (
      <div className={layout.page}>
        <Card className={layout.card}>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </div>
    );
  }
  return <Designer id={currentId} club={club.data} key={currentId} />;
}

function BackButton({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button shape="circle" icon={<ArrowLeftOutlined />} onClick={onClick ?? (() => navigate('/clubmanager'))} aria-label={t('designer.back')} data-testid="designer-back" />
  );
}

function Designer({ id, club }: { id: number; club: Club }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const update = useUpdateClub(id);
  const container = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const dirty = useRef(false);

  useEffect(() => {
    if (!container.current) return;
    const lang = currentLanguage();
    const saved = savedDesign(club.html_design);
    // The club page shows the design from a frame without the staff's session: its pictures are
    // the club's public ones (they stop showing if the picture is later removed from the club).
    const images = [club.logo?.img, ...(club.images ?? []).map((i) => i.img)].filter((s): s is string => !!s).map(publicImageLink);
    const ed = grapesjs.init({
      ...EDITOR_SAFETY,
      container: container.current,
      height: '100%',
      width: 'auto',
      storageManager: false,
      i18n: {
        locale: lang,
        detectLocale: false,
        localeFallback: 'en',
        messages: EDITOR_LOCALES,
        // GrapesJS's devices, named in the person's language (most of its dictionaries leave them in English)
        messagesAdd: { [lang]: { deviceManager: { devices: Object.fromEntries(DEVICES.map((d) => [d, t(`designer.devices.${d}`)])) } } },
      },
      plugins: [
        noComponentScripts,
        (e) =>
          blocksBasic(e, {
            blocks: BASIC_BLOCKS,
            flexGrid: true,
            category: t('designer.blocksCategory'),
            labelColumn1: t('designer.blockLabels.column1'),
            labelColumn2: t('designer.blockLabels.column2'),
            labelColumn3: t('designer.blockLabels.column3'),
            labelColumn37: t('designer.blockLabels.column37'),
            labelText: t('designer.blockLabels.text'),
            labelLink: t('designer.blockLabels.link'),
            labelImage: t('designer.blockLabels.image'),
          }),
      ],
      projectData: saved ?? {
        // The default page's styles come with it, as a style element GrapesJS turns into its rules.
        pages: [
          {
            component:
              defaultDesignHtml(
                { title: club.title, logo: club.logo?.img ? publicImageLink(club.logo.img) : undefined },
                {
                  description: t('designer.default.description'),
                  call: t('designer.default.call'),
                  instagram: t('designer.default.instagram'),
                  sectionTitle: t('designer.default.sectionTitle'),
                  sectionText: t('designer.default.sectionText'),
                  logoAlt: t('designer.default.logoAlt'),
                },
              ) + `<style>${DEFAULT_CSS}</style>`,
          },
        ],
      },
      assetManager: {
        assets: images,
        // Pictures dropped in the designer are scaled like every other picture and kept in the page.
        uploadFile: (ev) => {
          const target = ev.target as HTMLInputElement | null;
          const files = Array.from(ev.dataTransfer?.files ?? target?.files ?? []);
          return Promise.all(
            files.map((f) =>
              prepareImage(f).then(
                (src) => ed.AssetManager.add(src),
                (e: unknown) =>
                  void message.error(
                    e instanceof ImageError && e.reason === 'tooLarge' ? t('images.imageTooLarge', { name: f.name }) : t('images.notImage', { name: f.name }),
                    5,
                  ),
              ),
            ),
          ).then(() => undefined);
        },
      },
    });
    // The text and link blocks' own words are English: the person's language instead.
    ed.Blocks.get('text')?.set('content', { type: 'text', content: t('designer.textPlaceholder'), style: { padding: '10px' } });
    ed.Blocks.get('link')?.set('content', { type: 'link', content: t('designer.linkPlaceholder'), style: { color: '#5b2d7e' } });
    for (const [panel, button, icon] of PANEL_ICONS) ed.Panels.getButton(panel, button)?.set({ className: '', label: designerIcon(icon) });
    for (const [id, icon] of [
      ['undo', 'undo'],
      ['redo', 'redo'],
    ] as const) {
      ed.Panels.addButton('options', { id, command: `core:${id}`, label: designerIcon(icon), attributes: { title: t(`designer.${id}`) } });
    }
    ed.onReady(() => {
      // Start on the blocks, the first thing a person looks for.
      ed.Panels.getButton('views', 'open-blocks')?.set('active', true);
      const frame = ed.Canvas.getFrameEl();
      if (frame) frame.title = t('designer.canvas');
      // GrapesJS labels its device list with text beside it, not a label element.
      container.current?.querySelector('select.gjs-devices')?.setAttribute('aria-label', t('designer.device'));
      setEditor(ed);
    });
    ed.on('update', () => {
      dirty.current = true;
    });
    return () => {
      setEditor(null);
      ed.destroy();
    };
    // The editor is made once per club (the component is keyed by the club).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const back = () => {
    if (!dirty.current) {
      navigate('/clubmanager');
      return;
    }
    modal.confirm({
      centered: true,
      title: t('designer.leaveTitle'),
      content: t('designer.leaveText'),
      okText: t('designer.leaveOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => navigate('/clubmanager'),
    });
  };

  const save = async () => {
    if (!editor) return;
    // A text still being typed in is written into the design first, as when it is left.
    const view = editor.getEditing()?.getView() as { disableEditing?: () => Promise<void> } | undefined;
    await view?.disableEditing?.();
    const html = editor.getHtml();
    const css = editor.getCss() ?? '';
    update.mutate(
      {
        html_design: JSON.stringify(editor.getProjectData()),
        full_html: pageDocument(club.title, LOCALE_TAGS[currentLanguage()].bcp47, html, css),
      },
      {
        onSuccess: () => {
          dirty.current = false;
          message.success(t('designer.saved'), 3);
          navigate('/clubmanager');
        },
        onError: (e) => {
          if (!shownLocally(e)) return;
          modal.warning({
            centered: true,
            title: t('designer.title'),
            content: <span data-testid="designer-error">{t('clubConfig.saveError', { reason: refusalText(e, t, i18n, 'clubConfig') })}</span>,
            okText: t('common.ok'),
          });
        },
      },
    );
  };

  return (
    <div className={styles.designerPage} data-testid="designer">
      <PageHeader
        title={t('designer.title')}
        subtitle={t('designer.subtitle')}
        start={<BackButton onClick={back} />}
        actions={
          <Button type="primary" size="large" icon={<SaveOutlined />} onClick={() => void save()} loading={update.isPending} disabled={!editor} data-testid="designer-save">
            {t('designer.save')}
          </Button>
        }
      />
      <div className={styles.designerFrame}>
        {!editor && (
          <div className={styles.designerLoading} role="status">
            <Skeleton active paragraph={{ rows: 8 }} />
            <span className={styles.sectionHelp}>{t('designer.loading')}</span>
          </div>
        )}
        <div ref={container} className={styles.designer} />
      </div>
    </div>
  );
}
