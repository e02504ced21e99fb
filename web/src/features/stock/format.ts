import { currentLanguage, LOCALE_TAGS } from '../../shared/i18n';
import type { Milli } from './quantity';

function numberFormat(signed: boolean, minFraction = 0) {
  return new Intl.NumberFormat(LOCALE_TAGS[currentLanguage()].bcp47, {
    minimumFractionDigits: minFraction,
    maximumFractionDigits: 3,
    signDisplay: signed ? 'exceptZero' : 'auto',
  });
}

/** A quantity in the user's language with up to three decimals ("2.500,5"); a true minus sign. */
export function formatQuantity(milli: Milli | null | undefined): string {
  return numberFormat(false)
    .format((milli ?? 0) / 1000)
    .replace('-', '\u2212');
}

/** A change with its sign always shown ("+30", "−2", "0"). */
export function formatSigned(milli: Milli | null | undefined): string {
  return numberFormat(true)
    .format((milli ?? 0) / 1000)
    .replace('-', '\u2212');
}
