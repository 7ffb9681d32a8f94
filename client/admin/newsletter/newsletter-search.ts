/**
 * The newsletter lists' search params, validated by the API's own zod schemas field by field: a
 * hostile or stale value is dropped, the rest of the URL still counts.
 */
import { AdminCampaignListQuery, AdminSubscriptionListQuery } from '../../../contract/api/admin-newsletter';
import type { NewsletterStatus } from '../../../contract/newsletter';

export interface SubscriberSearch {
  status?: NewsletterStatus;
  q?: string;
  page?: number;
}

export interface CampaignSearch {
  page?: number;
}

export function subscriberSearch(raw: Record<string, unknown>): SubscriberSearch {
  const out: SubscriberSearch = {};
  const shape = AdminSubscriptionListQuery.shape;
  const status = shape.status.safeParse(raw.status);
  if (status.success && status.data) out.status = status.data;
  const q = shape.q.safeParse(raw.q);
  if (q.success && q.data) out.q = q.data;
  const page = shape.page.safeParse(raw.page);
  if (page.success && page.data && page.data > 1) out.page = page.data;
  return out;
}

export function campaignSearch(raw: Record<string, unknown>): CampaignSearch {
  const page = AdminCampaignListQuery.shape.page.safeParse(raw.page);
  return page.success && page.data && page.data > 1 ? { page: page.data } : {};
}

/** The campaign list's last page in this tab, so 'back to the campaigns' opens it as it was left. */
let lastCampaigns: CampaignSearch = {};
export const rememberCampaignSearch = (search: CampaignSearch) => void (lastCampaigns = search);
export const lastCampaignSearch = (): CampaignSearch => lastCampaigns;
