import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Num } from '../../../shared/ui/Figures';
import styles from '../cultivation.module.css';
import { balanceSentence, equations, type Balance } from '../model';
import { gramsText } from './bits';

/**
 * A mass balance as its two equations, each written out with its figures: in the batch, harvested =
 * released + destroyed in the batch + held; in stock, released = sold − refunded + destroyed from
 * stock + in stock. An equation that does not hold says by how much, in red, in a sentence.
 */
export function BalanceView({ balance, testId }: { balance: Balance; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.equations} data-testid={testId}>
      {equations(balance).map((e) => {
        const sentence = balanceSentence(e);
        return (
          <section key={e.key} className={`${styles.equation} ${e.holds ? '' : styles.equationFails}`} data-testid={`${testId}-${e.key}`} aria-label={t(`cultivation.balance.${e.key}.title`)}>
            <h3 className={styles.equationTitle}>{t(`cultivation.balance.${e.key}.title`)}</h3>
            <dl className={styles.terms}>
              <div className={styles.term}>
                <dt>{t(`cultivation.balance.terms.${e.key === 'batch' ? 'harvested' : 'released'}`)}</dt>
                <dd>
                  <Num value={e.left} unit=" g" strong />
                </dd>
              </div>
              {e.right.map((r, i) => (
                <div key={r.key} className={styles.term}>
                  <dt>
                    <span className={styles.operator} aria-hidden="true">
                      {i === 0 ? '=' : r.sign < 0 ? '−' : '+'}
                    </span>
                    {t(`cultivation.balance.terms.${r.key}`)}
                  </dt>
                  <dd>
                    <Num value={r.grams} unit=" g" muted />
                  </dd>
                </div>
              ))}
            </dl>
            <p className={e.holds ? styles.holds : styles.fails} data-testid={`${testId}-${e.key}-sentence`}>
              {e.holds ? <CheckCircleFilled aria-hidden="true" /> : <WarningFilled aria-hidden="true" />}{' '}
              {t(sentence.key, { grams: gramsText(sentence.grams) })}
            </p>
          </section>
        );
      })}
    </div>
  );
}
