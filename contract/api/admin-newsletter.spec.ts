import { describe, expect, it } from '@jest/globals';
import { CampaignContent, campaignVersionFor, CreateCampaignBody, isShopPathOrUrl } from './admin-newsletter.js';

const HR = { subject: ' Jesen ', blocks: [{ type: 'heading', text: ' Naslov ' }] };
const codes = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('campaign content', () => {
  it('trims texts, requires Croatian, refuses unknown languages and blocks with their codes', () => {
    expect(CampaignContent.parse({ hr: HR })).toEqual({ hr: { subject: 'Jesen', blocks: [{ type: 'heading', text: 'Naslov' }] } });
    expect(codes(CampaignContent.safeParse({ de: HR }))).toEqual(['NEWSLETTER_CROATIAN_REQUIRED']);
    expect(codes(CampaignContent.safeParse({ hr: HR, xx: HR }))).toContain('NEWSLETTER_LOCALE_INVALID');
    expect(codes(CampaignContent.safeParse('hr'))).toEqual(['NEWSLETTER_CONTENT_INVALID']);
    expect(codes(CampaignContent.safeParse({ hr: { ...HR, blocks: [{ type: 'video' }] } }))).toEqual(['NEWSLETTER_BLOCK_INVALID']);
    expect(codes(CreateCampaignBody.safeParse({ name: 'x', content: { hr: HR }, other_languages: 'de' }))).toEqual([
      'NEWSLETTER_OTHERS_INVALID',
    ]);
  });

  it('takes shop paths and http(s) URLs as targets, nothing else', () => {
    for (const ok of ['/recepti', '/images/a.jpg?w=600', 'https://zlatnozrno.hr/x', 'http://127.0.0.1:3000/y'])
      expect(isShopPathOrUrl(ok)).toBe(true);
    for (const bad of [
      '//evil.example/x',
      'javascript:alert(1)',
      'data:image/png;base64,xx',
      'recepti',
      '/a b',
      'https://u:p@x.hr/',
      'mailto:a@b.hr',
    ])
      expect([bad, isShopPathOrUrl(bad)]).toEqual([bad, false]);
  });

  it('gives each language its version, Croatian to the others only when chosen', () => {
    expect(campaignVersionFor(['hr', 'de'], 'skip', 'de')).toBe('de');
    expect(campaignVersionFor(['hr', 'de'], 'skip', 'en')).toBeNull();
    expect(campaignVersionFor(['hr', 'de'], 'hr', 'en')).toBe('hr');
  });
});
