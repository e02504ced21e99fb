import '../i18n';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { productDetailPath } from '../../../shared/api';
import { formatMoney } from '../../../shared/format';
import { useClubId } from '../../../shared/session';
import { textCut } from '../model';
import { TvEmpty, TvFrame, TvHeader } from './TvFrame';
import styles from './tv.module.css';

/** Products on one page of the grid: four columns of three rows fill a 1920×1080 screen. */
const GRID_PAGE = 12;

/**
 * Route "tvshow1" (spec part 2 §2 "TV show 1"): a full-screen grid of the products: picture, title,
 * subtitle, 100 characters of the description and the price, each linking to the product's detail
 * (dispensary_item). More than a screenful turns page at the club's TV interval.
 */
export default function TvShow1Page() {
  return <TvFrame name="grid">{(data) => <Grid {...data} />}</TvFrame>;
}

function Grid({ products, settings, logo, title }: Parameters<Parameters<typeof TvFrame>[0]['children']>[0]) {
  const club = useClubId();
  const pages = Math.max(1, Math.ceil(products.length / GRID_PAGE));
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages < 2) return;
    const id = window.setInterval(() => setPage((p) => (p + 1) % pages), settings.interval);
    return () => window.clearInterval(id);
  }, [pages, settings.interval]);
  const shown = products.slice((page % pages) * GRID_PAGE, (page % pages) * GRID_PAGE + GRID_PAGE);
  return (
    <>
      <TvHeader logo={logo} title={title} />
      {products.length === 0 ? (
        <TvEmpty />
      ) : (
        <ul className={styles.grid}>
          {shown.map((p) => {
            const card = (
              <>
                <div className={styles.cardImage}>
                  {p.imagenes?.[0] ? <img src={p.imagenes[0].thumb || p.imagenes[0].img} alt="" /> : logo ? <img src={logo} alt="" className={styles.cardLogo} /> : null}
                </div>
                <div className={styles.cardText}>
                  <h2>{p.titulo}</h2>
                  {p.subtitle && <p className={styles.subtitle}>{p.subtitle}</p>}
                  {p.cuerpo && <p className={styles.description}>{textCut(p.cuerpo, 100)}</p>}
                  {Number(p.precio) > 0 && (
                    <span className={styles.price} data-testid="tv-price">
                      {formatMoney(Number(p.precio))}
                      {p.type === 'peso' ? '/g' : ''}
                    </span>
                  )}
                </div>
              </>
            );
            return (
              <li key={p.pid} className={styles.cell} data-testid={`tv-product-${p.pid}`}>
                {p.public && p.public_token ? (
                  <Link to={productDetailPath(p.public_token, club)} className={styles.card} data-testid="tv-product-link">
                    {card}
                  </Link>
                ) : (
                  <div className={styles.card}>{card}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
