import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CampaignIdParams, type AdminCampaignDetail } from '../../../contract/api/admin-newsletter';
import type { Locale } from '../../../contract/locales';
import { ApiError } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed, NotFound } from '../frame/status';
import { HistoryPanel } from '../history/history-panel';
import { useLeaveGuard } from '../kit/save-bar';
import {
  changedParts,
  createBody,
  EMPTY_CAMPAIGN,
  emptyBlock,
  fieldIdOf,
  languageOfField,
  moveBlock,
  updateBody,
  valuesOf,
  type CampaignValues,
} from './campaign-form';
import { CampaignEditView } from './campaign-edit-view';
import { lastCampaignSearch } from './newsletter-search';

/** The campaign just created in this tab: its screen opens saying so. */
let justCreated: string | null = null;

/** `/admin/newsletter/new` */
export function CampaignNew() {
  return <CampaignEditor id={null} />;
}

/** `/admin/newsletter/$id` (a malformed id is the not-found screen, never a call). */
export function CampaignEdit() {
  const { id } = useParams({ from: '/newsletter/$id' });
  return CampaignIdParams.safeParse({ id }).success ? <CampaignEditor key={id} id={id} /> : <NotFound />;
}

function CampaignEditor({ id }: { id: string | null }) {
  const { api } = useAdmin();
  const { t } = useTranslation();
  const campaign = useQuery({
    queryKey: ['newsletter-campaign', id],
    queryFn: () => api.get<AdminCampaignDetail>(`/api/admin/newsletter/campaigns/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'sending' ? 2000 : false),
  });
  const title = t('newsletter.title');
  if (id === null) return <CampaignForm id={null} campaign={null} />;
  if (campaign.error instanceof ApiError && campaign.error.status === 403) return <NotAllowed title={title} />;
  if (campaign.error) return <ApiProblem title={title} error={campaign.error} onRetry={() => void campaign.refetch()} />;
  if (!campaign.data) return <Loading title={title} />;
  return <CampaignForm id={id} campaign={campaign.data} />;
}

function CampaignForm({ id, campaign }: { id: string | null; campaign: AdminCampaignDetail | null }) {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<CampaignValues>(() => (campaign ? valuesOf(campaign) : EMPTY_CAMPAIGN));
  const [values, setValues] = useState<CampaignValues>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(() => {
    if (id === null || justCreated !== id) return null;
    justCreated = null;
    return t('newsletter.created');
  });
  const [active, setActive] = useState<Locale>('hr');
  const [testLanguage, setTestLanguage] = useState<Locale>('hr');
  const [confirming, setConfirming] = useState(false);
  const [focusOn, setFocusOn] = useState<{ id: string } | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    if (focusOn) document.getElementById(focusOn.id)?.focus();
  }, [focusOn]);

  const changed = changedParts(values, saved);
  const dirty = id === null ? changedParts(values, EMPTY_CAMPAIGN).length > 0 : changed.length > 0;
  useLeaveGuard(dirty, t, () => leaving.current);

  // the text version of the saved language shown (the HTML comes from the preview document)
  const savedVersion = campaign?.content[active];
  const text = useQuery({
    queryKey: ['newsletter-preview-text', id, active, campaign?.updated_at],
    queryFn: () =>
      api.send<{ subject: string; html: string; text: string }>('POST', '/api/admin/newsletter/preview', {
        locale: active,
        version: savedVersion,
      }),
    enabled: !!savedVersion,
  });

  const apiFail = (error: unknown) => {
    setNotice(null);
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
      setErrors({});
      setFormErrors([t('newsletter.errors.general')]);
      setFocusOn({ id: 'campaign-form-error' });
      return;
    }
    const messages: Record<string, string> = {};
    const form: string[] = [];
    for (const e of error.errors) {
      const field = fieldIdOf(e.field);
      if (field) messages[field] ??= e.message;
      else if (!form.includes(e.message)) form.push(e.message);
    }
    setErrors(messages);
    setFormErrors(form);
    const first = Object.keys(messages)[0];
    const tab = first ? languageOfField(first) : null;
    if (tab) setActive(tab);
    setFocusOn({ id: form.length > 0 || !first ? 'campaign-form-error' : first });
  };

  const applied = (answer: AdminCampaignDetail, message: string) => {
    client.setQueryData(['newsletter-campaign', answer.id], answer);
    void client.invalidateQueries({ queryKey: ['newsletter-campaigns'] });
    void client.invalidateQueries({ queryKey: ['audit'] });
    const next = valuesOf(answer);
    setSaved(next);
    setValues(next);
    setErrors({});
    setFormErrors([]);
    setNotice(message);
    setFocusOn({ id: 'campaign-notice' });
  };

  const save = useMutation({
    mutationFn: () =>
      id === null
        ? api.send<AdminCampaignDetail>('POST', '/api/admin/newsletter/campaigns', createBody(values))
        : api.send<AdminCampaignDetail>('PATCH', `/api/admin/newsletter/campaigns/${id}`, updateBody(values, changed)),
    onSuccess: (answer) => {
      if (id === null) {
        leaving.current = true;
        client.setQueryData(['newsletter-campaign', answer.id], answer);
        void client.invalidateQueries({ queryKey: ['newsletter-campaigns'] });
        justCreated = answer.id;
        void navigate({ to: '/newsletter/$id', params: { id: answer.id }, replace: true });
        return;
      }
      applied(answer, t('newsletter.saved'));
    },
    onError: apiFail,
  });
  const test = useMutation({
    mutationFn: () => api.send<{ to: string }>('POST', `/api/admin/newsletter/campaigns/${id}/test`, { locale: testLanguage }),
    onSuccess: ({ to }) => {
      setErrors({});
      setFormErrors([]);
      setNotice(t('newsletter.test.sent', { to }));
      setFocusOn({ id: 'campaign-notice' });
    },
    onError: apiFail,
  });
  const send = useMutation({
    mutationFn: () => api.send<AdminCampaignDetail>('POST', `/api/admin/newsletter/campaigns/${id}/send`, {}),
    onSuccess: (answer) => {
      setConfirming(false);
      applied(answer, t('newsletter.send.started', { count: answer.counts.recipients - answer.counts.skipped }));
    },
    onError: (e) => {
      setConfirming(false);
      apiFail(e);
    },
  });

  const busy = save.isPending || test.isPending || send.isPending;
  const patchVersion = (
    l: Locale,
    f: (v: NonNullable<CampaignValues['versions'][Locale]>) => NonNullable<CampaignValues['versions'][Locale]>,
  ) => setValues((v) => (v.versions[l] ? { ...v, versions: { ...v.versions, [l]: f(v.versions[l]!) } } : v));
  const clearError = (fieldId: string) => setErrors((e) => (e[fieldId] ? { ...e, [fieldId]: '' } : e));

  return (
    <CampaignEditView
      t={t}
      language={language}
      campaign={campaign}
      values={values}
      changedCount={changed.length}
      errors={Object.fromEntries(Object.entries(errors).filter(([, m]) => m))}
      formErrors={formErrors}
      notice={notice}
      busy={busy}
      active={active}
      onTab={setActive}
      onName={(name) => {
        setValues((v) => ({ ...v, name }));
        clearError('campaign-name');
      }}
      onOthers={(other_languages) => setValues((v) => ({ ...v, other_languages }))}
      onVersion={(l, patch) => {
        patchVersion(l, (v) => ({ ...v, ...patch }));
        for (const k of Object.keys(patch)) clearError(`campaign-${l}-${k}`);
      }}
      onWriteLanguage={(l) => {
        // a start from the Croatian text, to translate (a missing version stays absent until written)
        const hr = values.versions.hr;
        setValues((v) => ({
          ...v,
          versions: {
            ...v.versions,
            [l]: hr
              ? { ...hr, blocks: hr.blocks.map((b) => ({ ...b })) }
              : { subject: '', preheader: '', blocks: [emptyBlock('paragraph')] },
          },
        }));
        setFocusOn({ id: `campaign-${l}-subject` });
      }}
      onDropLanguage={(l) => {
        setValues((v) => {
          const versions = { ...v.versions };
          delete versions[l];
          return { ...v, versions };
        });
        setFocusOn({ id: `campaign-${l}-write` });
      }}
      onBlock={(l, i, block) => {
        patchVersion(l, (v) => ({ ...v, blocks: v.blocks.map((b, j) => (j === i ? block : b)) }));
        for (const f of ['text', 'src', 'alt', 'label', 'url']) clearError(`campaign-${l}-block-${i}-${f}`);
      }}
      onAddBlock={(l, type) => {
        const at = values.versions[l]?.blocks.length ?? 0;
        patchVersion(l, (v) => ({ ...v, blocks: [...v.blocks, emptyBlock(type)] }));
        setFocusOn({ id: `campaign-${l}-block-${at}-${type === 'image' ? 'src' : type === 'button' ? 'label' : 'text'}` });
      }}
      onMoveBlock={(l, i, by) => patchVersion(l, (v) => ({ ...v, blocks: moveBlock(v.blocks, i, by) }))}
      onRemoveBlock={(l, i) => patchVersion(l, (v) => ({ ...v, blocks: v.blocks.filter((_, j) => j !== i) }))}
      onSave={() => {
        if (!busy) save.mutate();
      }}
      onDiscard={() => {
        setValues(saved);
        setErrors({});
        setFormErrors([]);
      }}
      preview={
        campaign && savedVersion
          ? {
              src: `/api/admin/newsletter/campaigns/${campaign.id}/preview?locale=${active}&v=${encodeURIComponent(campaign.updated_at)}`,
              text: text.data?.text ?? null,
            }
          : null
      }
      testLanguage={campaign?.content[testLanguage] ? testLanguage : 'hr'}
      onTestLanguage={setTestLanguage}
      onTest={() => {
        if (!busy) test.mutate();
      }}
      confirming={confirming}
      onAskSend={() => {
        setConfirming(true);
        setFocusOn({ id: 'campaign-send-confirm' });
      }}
      onConfirmSend={() => {
        if (!busy) send.mutate();
      }}
      onCancelSend={() => {
        setConfirming(false);
        setFocusOn({ id: 'campaign-send' });
      }}
      backLink={
        <Link to="/newsletter" search={lastCampaignSearch()}>
          {t('newsletter.backToCampaigns')}
        </Link>
      }
      history={id !== null ? <HistoryPanel entityType="newsletter_campaign" entityId={id} /> : undefined}
    />
  );
}
