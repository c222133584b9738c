import { useStore } from '@nanostores/react';
import { api, type ApiError, isUnauthenticated } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { messageSchema } from '../../lib/schemas/catalogue.ts';
import { $popupState, type PopupProps } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { FormNotice } from '../ui/Alert.tsx';
import { DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { CharCount, TextArea } from '../ui/Field.tsx';
import { redirectToLogin } from '../ui/flash.ts';
import { useZodForm } from '../ui/use-zod-form.ts';
import type { DiscussionMessage } from '../../lib/views/index.ts';
import { $catalogueTarget, $postedQuestions } from './stores.ts';

const MAX = 1000;

/** The discussion popups' form: one required question, posted to the item's thread. */
export function AskQuestionForm({ close, subject }: PopupProps & { subject: 'product' | 'request' }) {
  const t = useT();
  const target = useStore($catalogueTarget);
  const { id } = useStore($popupState);
  const itemId = Number(target?.kind === subject ? target.id : id);
  const form = useZodForm({ schema: messageSchema, defaultValues: { message: '' } });

  const onSubmit = form.submit(
    async (data) => {
      if (!Number.isInteger(itemId) || itemId <= 0) return;
      const res = await api<DiscussionMessage>('POST', `/${subject === 'product' ? 'products' : 'requests'}/${itemId}/discussions`, { body: data });
      $postedQuestions.set([...$postedQuestions.get(), { ...res.data, subject, item_id: itemId }]);
      if (res.message) toast.success(res.message);
      close();
    },
    {
      // Signed out: log in, then back to the thread.
      onError: (err: ApiError) => {
        if (!isUnauthenticated(err)) return false;
        redirectToLogin('#discussion');
        return true;
      },
    },
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogHeader
        title={t('market:discussion.popup_title')}
        description={target && target.kind === subject ? t('market:discussion.popup_about', { name: target.name }) : undefined}
      />
      <DialogBody className="space-y-2">
        <FormNotice notice={form.notice} />
        <TextArea
          {...form.text('message')}
          label={t('market:discussion.question_label')}
          aside={<CharCount value={form.watch('message')} max={MAX} />}
          hint={t('market:discussion.public_hint')}
          rows={5}
          maxLength={MAX}
          required
          data-autofocus
          placeholder={t(subject === 'product' ? 'market:discussion.placeholder_product' : 'market:discussion.placeholder_request')}
        />
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} submitLabel={t('market:discussion.send')} busyLabel={t('market:discussion.sending')} />
    </form>
  );
}
