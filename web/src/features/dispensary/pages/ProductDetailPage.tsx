import '../i18n';
import { ArrowLeftOutlined, DisconnectOutlined, ReloadOutlined, ShopOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Carousel, Skeleton, Tag } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '../../../shared/format';
import { useCurrentClubId, useSession } from '../../../shared/session';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import { isNotAvailable, usePublicProduct } from '../api';
import styles from '../dispensary.module.css';
import { bodyPreview, isProfessional, ITEM_CAROUSEL_MS, linkToken, plainText, positiveId, priceUnit, type PublicProduct } from '../model';

const DOMINANCE_COLOR: Record<string, string> = { indica: 'purple', sativa: 'orange', hibrido: 'green' };

/** True when the browser can go back inside the app (React Router numbers its history entries). */
function hasAppHistory(): boolean {
  if (typeof window === 'undefined') return false;
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * Route "dispensary_item" (?id=<public token>[&asocid=<club>]): a product's page, without the navigation.
 * It is also the public page of the product's QR code, so it opens without a login: the club comes
 * from asocid, or from the current club of a logged-in user. Unknown, deleted or unpublished
 * products show a "not available" state. `orderAction` is what the page offers to add the product to
 * an order (the counter's add-to-order dialog, composed by the app for staff who may sell).
 */
export default function ProductDetailPage({ orderAction }: { orderAction?: (p: PublicProduct, club: number) => ReactNode } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const currentClub = useCurrentClubId();
  const token = linkToken(params.get('id'));
  const club = positiveId(params.get('asocid')) ?? (session ? currentClub : null);
  const product = usePublicProduct(club !== null && token !== null ? { club, token } : null);
  const [canGoBack] = useState(hasAppHistory);

  const title = product.data?.titulo;
  useEffect(() => {
    const app = t('common.appName');
    document.title = title ? `${title} · ${product.data?.club || app}` : `${t('routes.dispensary_item')} · ${app}`;
  }, [title, product.data?.club, t]);

  const back = canGoBack ? () => navigate(-1) : session ? () => navigate('/dispensary') : null;
  const backButton = back && (
    <Button size="large" icon={<ArrowLeftOutlined />} onClick={back} data-testid="detail-back">
      {t('dispensary.detail.back')}
    </Button>
  );

  let content;
  if (token === null || club === null || (product.isError && isNotAvailable(product.error))) {
    content = (
      <DetailState
        icon={<StopOutlined />}
        title={t('dispensary.detail.notAvailableTitle')}
        help={t('dispensary.detail.notAvailableHelp')}
        testId="detail-not-available"
      />
    );
  } else if (product.isError) {
    content = (
      <DetailState
        icon={<DisconnectOutlined />}
        title={t('dispensary.detail.loadErrorTitle')}
        help={t('dispensary.detail.loadErrorHelp')}
        testId="detail-error"
        action={
          <Button type="primary" size="large" icon={<ReloadOutlined />} onClick={() => void product.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!product.data) {
    content = (
      <div className={styles.detailCard} data-testid="detail-loading">
        <div className={styles.slideEmpty} />
        <div className={styles.detailSkeleton}>
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 6 }} />
        </div>
      </div>
    );
  } else {
    content = <ProductView p={product.data} action={club !== null ? orderAction?.(product.data, club) : null} />;
  }

  return (
    <div className={styles.detailPage} data-testid="dispensary-item-page">
      <div className={styles.detailBar}>
        {backButton}
        {product.data?.club && (
          <span className={styles.detailClub} data-testid="detail-club">
            <ShopOutlined aria-hidden="true" />
            {product.data.club}
          </span>
        )}
      </div>
      <main className={styles.detailMain}>{content}</main>
    </div>
  );
}

function DetailState(p: { icon: React.ReactNode; title: string; help: string; action?: React.ReactNode; testId: string }) {
  return (
    <section className={styles.detailState} data-testid={p.testId} role="status">
      <span className={styles.detailStateIcon} aria-hidden="true">
        {p.icon}
      </span>
      <h1 className={styles.detailStateTitle}>{p.title}</h1>
      <p className={styles.detailStateHelp}>{p.help}</p>
      {p.action}
    </section>
  );
}

function ProductView({ p, action }: { p: PublicProduct; action?: ReactNode }) {
  const { t } = useTranslation();
  const isDesktop = useIsDesktop();
  const [expanded, setExpanded] = useState(false);
  const images = (p.imagenes ?? []).filter((i) => i?.img);
  const body = plainText(p.cuerpo);
  const preview = bodyPreview(body);
  const pro = isProfessional(p);
  const unit = priceUnit(p.type);
  const initial = Array.from(p.titulo.trim())[0]?.toLocaleUpperCase() ?? '';

  return (
    <article className={`${styles.detailCard} ${images.length === 0 ? styles.detailCardNoImage : ''}`} data-testid="detail-product">
      <div className={styles.detailMedia}>
        {images.length === 0 ? (
          <div className={styles.slideEmpty} aria-hidden="true">
            <span className={styles.slideEmptyInitial}>{initial}</span>
          </div>
        ) : images.length === 1 ? (
          <div className={styles.slide}>
            <img src={images[0].img} alt={p.titulo} data-testid="detail-image" />
          </div>
        ) : (
          <Carousel autoplay autoplaySpeed={ITEM_CAROUSEL_MS} arrows={isDesktop} draggable data-testid="detail-carousel">
            {images.map((img, i) => (
              <div key={`${i}-${img.img}`}>
                <div className={styles.slide}>
                  <img
                    src={img.img}
                    alt={t('dispensary.detail.photo', { n: i + 1, total: images.length })}
                    data-testid="detail-image"
                  />
                </div>
              </div>
            ))}
          </Carousel>
        )}
      </div>

      <div className={styles.detailInfo}>
        {p.categorias && <p className={styles.detailList}>{p.categorias}</p>}
        <h1 className={styles.detailTitle} data-testid="detail-title">
          {p.titulo}
        </h1>
        {p.subtitle && (
          <p className={styles.detailSubtitle} data-testid="detail-subtitle">
            {p.subtitle}
          </p>
        )}
        {pro && (
          <div className={styles.detailTags} data-testid="detail-tags">
            {p.dominance && (
              <Tag color={DOMINANCE_COLOR[p.dominance] ?? 'default'} data-testid="detail-dominance">
                {t(`dispensary.detail.dominance.${p.dominance}`, { defaultValue: p.dominance })}
              </Tag>
            )}
            <Tag color={p.thc ? 'magenta' : 'cyan'} data-testid="detail-thc">
              {p.thc ? t('dispensary.detail.thc') : t('dispensary.detail.noThc')}
            </Tag>
          </div>
        )}
        {pro && (
          <div className={styles.priceBox} data-testid="detail-price">
            <span className={styles.priceLabel}>{t('dispensary.detail.price')}</span>
            <span className={styles.priceAmount}>
              <span className={styles.priceValue}>{formatMoney(p.precio)}</span>
              {unit && (
                <span className={styles.priceUnit}>
                  {unit === 'gram' ? t('dispensary.detail.perGram') : t('dispensary.detail.perUnit')}
                </span>
              )}
            </span>
          </div>
        )}
        {pro && action}
        {body && (
          <p className={styles.detailBody} data-testid="detail-body">
            {expanded || !preview.truncated ? body : preview.text}
            {preview.truncated && (
              <Button
                type="link"
                className={styles.readMore}
                onClick={() => setExpanded((v) => !v)}
                aria-expanded={expanded}
                data-testid="detail-read-more"
              >
                {expanded ? t('dispensary.detail.readLess') : t('dispensary.detail.readMore')}
              </Button>
            )}
          </p>
        )}
      </div>
    </article>
  );
}
