import '../i18n';
import { Carousel, QRCode } from 'antd';
import { publicProductLink } from '../../../shared/api';
import { formatMoney } from '../../../shared/format';
import { useClubId } from '../../../shared/session';
import { textCut } from '../model';
import { TvEmpty, TvFrame } from './TvFrame';
import styles from './tv.module.css';

/**
 * Route "tvshow2" (spec part 2 §2 "TV show 2"): a full-screen carousel, one product at a time at the
 * club's interval: logo, picture, title, and as the settings say the subtitle, 250 characters of
 * the description and the QR code of the product's public page.
 */
export default function TvShow2Page() {
  const club = useClubId();
  return (
    <TvFrame name="carousel">
      {({ products, settings, logo, title }) =>
        products.length === 0 ? (
          <TvEmpty />
        ) : (
          <Carousel autoplay autoplaySpeed={settings.interval} dots={false} effect="fade" className={styles.carousel} key={`${settings.interval}-${products.length}`}>
            {products.map((p) => (
              <div key={p.pid}>
                <section className={styles.slide} data-testid={`tv-slide-${p.pid}`}>
                  <div className={styles.slideImage}>
                    {p.imagenes?.[0] ? <img src={p.imagenes[0].img} alt="" /> : logo ? <img src={logo} alt="" className={styles.slideLogo} /> : null}
                  </div>
                  <div className={styles.slideText}>
                    <div className={styles.slideClub}>
                      {logo && <img src={logo} alt="" className={styles.logo} />}
                      <span>{title}</span>
                    </div>
                    <h2 className={styles.slideTitle}>{p.titulo}</h2>
                    {settings.showItemSubtitle && p.subtitle && (
                      <p className={styles.slideSubtitle} data-testid="tv-subtitle">
                        {p.subtitle}
                      </p>
                    )}
                    {settings.showItemDescription && p.cuerpo && (
                      <p className={styles.slideDescription} data-testid="tv-description">
                        {textCut(p.cuerpo, 250)}
                      </p>
                    )}
                    <div className={styles.slideFoot}>
                      {Number(p.precio) > 0 && (
                        <span className={styles.slidePrice}>
                          {formatMoney(Number(p.precio))}
                          {p.type === 'peso' ? '/g' : ''}
                        </span>
                      )}
                      {settings.showItemQr && p.public && p.public_token && (
                        <div className={styles.qr} data-testid="tv-qr">
                          <QRCode value={publicProductLink(window.location.origin, p.public_token, club)} size={150} bordered={false} color="#000000" bgColor="#ffffff" aria-label={p.titulo} />
                        </div>
                      )}
                    </div>
                  </div>
                </section>
              </div>
            ))}
          </Carousel>
        )
      }
    </TvFrame>
  );
}
