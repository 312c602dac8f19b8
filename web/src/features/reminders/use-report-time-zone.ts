import { useEffect } from 'react';
import { reportTimeZone } from './reminders-api';

const REPORTED = 'vouch:time-zone-reported';

/**
 * Tells the server the browser's time zone once per browser session, so a reminder ("your date
 * is tomorrow at 19:30") writes times as the member reads them.
 */
export function useReportTimeZone(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || sessionStorage.getItem(REPORTED) === zone) return;
    reportTimeZone(zone)
      .then(() => sessionStorage.setItem(REPORTED, zone))
      .catch(() => undefined); // a reminder then writes UTC: nothing to tell the member
  }, [signedIn]);
}
