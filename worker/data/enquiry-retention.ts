/** The nightly clean-up of enquiries kept no longer (handled after the dealer's setting, flagged after 30 days, open after a year). */
import { readEnquirySettings } from "./dealer-settings";
import { pruneEnquiries } from "./enquiries";
import { logEvent } from "../lib/log";

/** Deletes the enquiries past their retention and logs how many; never throws (a failure is logged, tried again next night). */
export async function expireEnquiries(db: D1Database, now = Date.now()): Promise<void> {
  try {
    const { handledDays } = await readEnquirySettings(db);
    const pruned = await pruneEnquiries(db, handledDays, now);
    if (pruned.handled + pruned.flagged + pruned.open > 0) logEvent("enquiries_expired", { ...pruned, handledDays });
  } catch (error) {
    logEvent("enquiries_expire_failed", { error });
  }
}
