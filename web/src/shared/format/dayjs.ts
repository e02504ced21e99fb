import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ca';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/pt';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { currentLanguage, i18n, isLanguage, LOCALE_TAGS } from '../i18n';
import { displayZone } from './zone';

/**
 * dayjs with the interface language's locale (weeks start on Monday in all seven) and the utc and
 * timezone plugins. Screens that show or pick dates import dayjs from here; it stays out of the
 * login page's bundle.
 */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale(LOCALE_TAGS[currentLanguage()].dayjs);
i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) dayjs.locale(LOCALE_TAGS[lng].dayjs);
});

/** An instant as the club's clock reads it (the display zone: the current club's time zone). */
export function inDisplayZone(d: Dayjs): Dayjs {
  const zone = displayZone();
  return zone ? d.tz(zone) : d;
}

/** Today's date (YYYY-MM-DD) on the club's calendar. */
export function todayInDisplayZone(now: Dayjs = dayjs()): string {
  return inDisplayZone(now).format('YYYY-MM-DD');
}

export { dayjs };
export default dayjs;
