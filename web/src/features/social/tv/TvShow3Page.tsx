import '../i18n';
import { formatMoney } from '../../../shared/format';
import { byCategory } from '../model';
import { TvEmpty, TvFrame, TvHeader } from './TvFrame';
import styles from './tv.module.css';

/** Route "tvshow3" (spec part 2 §2 "TV show 3"): a full-screen menu, the products' titles grouped by category. */
export default function TvShow3Page() {
  return (
    <TvFrame name="menu">
      {({ products, logo, title }) => (
        <>
          <TvHeader logo={logo} title={title} />
          {products.length === 0 ? (
            <TvEmpty />
          ) : (
            <div className={styles.menu}>
              {byCategory(products).map((g) => (
                <section key={g.category} className={styles.menuGroup}>
                  <h2>{g.category}</h2>
                  <ul>
                    {g.items.map((p) => (
                      <li key={p.pid} data-testid={`tv-item-${p.pid}`}>
                        <span>{p.titulo}</span>
                        {Number(p.precio) > 0 && (
                          <span className={styles.menuPrice}>
                            {formatMoney(Number(p.precio))}
                            {p.type === 'peso' ? '/g' : ''}
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </>
      )}
    </TvFrame>
  );
}
