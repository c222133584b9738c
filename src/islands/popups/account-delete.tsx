import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { z } from 'zod';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { msg } from '../../lib/schemas/common.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Glyph } from '../settings/Glyph.tsx';
import { FormNotice } from '../ui/Alert.tsx';
import { DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { TextField } from '../ui/Field.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

/** How long the goodbye toast is shown before the page starts afresh at home. */
const GOODBYE_MS = 1500;

const sameName = (typed: string, username: string) => typed.trim().toLowerCase() === username.toLowerCase();

/**
 * Account settings, danger zone: the user types their username to confirm, then
 * DELETE /v1/users/me. The server ends the session (clears the cookie); the page reloads at /.
 * A refusal (open orders, a balance) shows the server's reason here.
 */
export default function AccountDeletePopup({ close }: PopupProps) {
  const user = useStore($user);
  if (!user) return null;
  return <DeleteForm username={user.username} close={close} />;
}

function DeleteForm({ username, close }: { username: string; close: () => void }) {
  const t = useT();
  // Only the browser asks for the username: the session says whose account goes.
  const schema = useMemo(() => z.object({ confirm_username: z.string().refine((v) => sameName(v, username), { error: msg.invalid }) }), [username]);
  const form = useZodForm({ schema, defaultValues: { confirm_username: '' } });
  const typed = form.watch('confirm_username');
  const confirmed = sameName(typed, username);

  const onSubmit = form.submit(async () => {
    const res = await api('DELETE', '/users/me');
    toast.success(res.message ?? '');
    setTimeout(() => window.location.assign('/'), GOODBYE_MS);
    return 'navigating';
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogHeader title={t('settings:delete_popup.title')} />
      <DialogBody className="space-y-4 pb-4">
        <div className="flex gap-3 rounded-xl border border-red-100 bg-red-50 p-4">
          <Glyph name="warning" className="size-6 shrink-0 text-red-600" />
          <p className="text-sm leading-6 text-red-900">{t('settings:delete_popup.text')}</p>
        </div>
        <FormNotice notice={form.notice} />
        <TextField
          {...form.text('confirm_username')}
          label={t('settings:delete_popup.confirm_label', { username })}
          hint={typed && !confirmed ? t('settings:delete_popup.mismatch', { username }) : undefined}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={username}
          disabled={form.busy}
          data-autofocus
        />
      </DialogBody>
      <FormActions
        busy={form.busy}
        onCancel={close}
        variant="danger"
        disabled={!confirmed}
        submitLabel={t('settings:delete_popup.submit')}
        busyLabel={t('ui.deleting')}
      />
    </form>
  );
}
