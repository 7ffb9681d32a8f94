// The result pages' search parameters, apart from their screens: the route tree (in every page's first
// chunk) imports this for validateSearch, and must not pull the screens' code in with it.

export interface NewsletterSearch {
  token?: string;
  /** Set by the API after the unsubscribe page's plain form (no JavaScript) was sent. */
  status?: 'unsubscribed' | 'invalid';
}

/** `?token=` (the mailed link's) and `?status=`; anything else is dropped. */
export function validateNewsletterSearch(search: Record<string, unknown>): NewsletterSearch {
  const out: NewsletterSearch = {};
  if (typeof search.token === 'string' && search.token.length <= 200) out.token = search.token;
  if (search.status === 'unsubscribed' || search.status === 'invalid') out.status = search.status;
  return out;
}
