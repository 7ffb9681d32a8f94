/**
 * What every campaign mail carries besides its body (docs/admin.md 'Newsletter', 'Headers'), and how
 * a send is paced. Pure functions: the unit tests pin them.
 */

/** The headers of one recipient's campaign mail. */
export interface CampaignHeaderInput {
  /** NEWSLETTER_LIST_ID, e.g. `<novosti.zlatnozrno.hr>` (RFC 2919). */
  listId: string;
  /** This recipient's one-click URL (POST unsubscribes, RFC 8058). */
  oneClickUrl: string;
  /** A mailto: address that unsubscribes too, when the shop has one (it has not today: RFC 2369 makes it optional). */
  mailto?: string;
}

export function campaignHeaders({ listId, oneClickUrl, mailto }: CampaignHeaderInput): Record<string, string> {
  return {
    // RFC 2919: which list this is (mail clients group and filter by it; Gmail's bulk-sender rules read it)
    'List-Id': listId,
    // RFC 2369 / RFC 8058: the https one-click URL first, then a mailto when there is one
    'List-Unsubscribe': [`<${oneClickUrl}>`, ...(mailto ? [`<mailto:${mailto}?subject=unsubscribe>`] : [])].join(', '),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    // Not a standard, but what vacation responders and many list servers honour: no auto-replies to a newsletter
    Precedence: 'bulk',
  };
}

/**
 * When the recipient at `position` (0-based in the send's order) is due, in milliseconds after the
 * send started: evenly spaced at `ratePerMinute`, so any minute holds at most that many mails.
 */
export function paceDelayMs(position: number, ratePerMinute: number): number {
  if (!Number.isInteger(position) || position < 0) throw new RangeError(`position ${position}`);
  if (!Number.isFinite(ratePerMinute) || ratePerMinute <= 0) throw new RangeError(`rate ${ratePerMinute}`);
  return Math.floor((position * 60_000) / ratePerMinute);
}

/** How long a send of `recipients` mails takes at `ratePerMinute` (the last one's delay), for the confirmation. */
export function sendDurationMs(recipients: number, ratePerMinute: number): number {
  return recipients <= 0 ? 0 : paceDelayMs(recipients - 1, ratePerMinute);
}

/** The BullMQ job id of a delivery (no ':' allowed): re-adding it while it waits adds nothing. */
export function deliveryJobId(deliveryId: string): string {
  return `newsletter-delivery-${deliveryId}`;
}
