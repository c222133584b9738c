import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { messageSchema } from '../../lib/schemas/catalogue.ts';
import { $popupState } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Icon } from '../Icon.tsx';
import { PopupActions, PopupBody, PopupHeader, primaryButton, secondaryButton, type PopupProps } from '../popups/PopupParts.tsx';
import { $catalogueTarget, $postedQuestions, type DiscussionMessage } from './stores.ts';

const MAX = 1000;

/** The discussion popups' form: one required question, posted to the item's thread. */
export function AskQuestionForm({ close, subject }: PopupProps & { subject: 'product' | 'request' }) {
  const t = useT();
  const target = useStore($catalogueTarget);
  const { id } = useStore($popupState);
  const itemId = Number(target?.kind === subject ? target.id : id);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const errorId = useId();

  async function submit() {
    const parsed = messageSchema.safeParse({ message });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0].message));
      return;
    }
    if (!Number.isInteger(itemId) || itemId <= 0) return;
    setBusy(true);
    try {
      const res = await api<DiscussionMessage>('POST', `/${subject === 'product' ? 'products' : 'requests'}/${itemId}/discussions`, { body: parsed.data });
      $postedQuestions.set([...$postedQuestions.get(), { ...res.data, subject, item_id: itemId }]);
      if (res.message) toast.success(res.message);
      close();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) location.assign(`/login?redirect=${encodeURIComponent(location.pathname + '#discussion')}`);
      else setError(err instanceof ApiError ? (err.errors.message ?? err.message) : (err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <PopupHeader
        title={t('market:discussion.popup_title')}
        description={target && target.kind === subject ? t('market:discussion.popup_about', { name: target.name }) : undefined}
      />
      <PopupBody className="space-y-2">
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          {t('market:discussion.question_label')}
        </label>
        <textarea
          id={fieldId}
          name="message"
          rows={5}
          maxLength={MAX}
          required
          data-autofocus
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            if (error) setError('');
          }}
          placeholder={t(subject === 'product' ? 'market:discussion.placeholder_product' : 'market:discussion.placeholder_request')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-400 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-400"
        />
        <div className="flex items-start justify-between gap-3 text-xs">
          {error ? (
            <p id={errorId} role="alert" className="flex items-center gap-1.5 text-sm font-medium text-red-600">
              <Icon name="alertCircle" className="size-4" />
              {error}
            </p>
          ) : (
            <p className="text-slate-500">{t('market:discussion.public_hint')}</p>
          )}
          <p className="shrink-0 text-slate-400 tabular-nums">
            {message.length}/{MAX}
          </p>
        </div>
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={secondaryButton}>
          {t('popup.cancel')}
        </button>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? t('market:discussion.sending') : t('market:discussion.send')}
        </button>
      </PopupActions>
    </form>
  );
}
