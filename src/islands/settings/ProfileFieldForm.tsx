import type { InputHTMLAttributes } from 'react';
import { api } from '../../lib/api.ts';
import { profileUpdateSchema } from '../../lib/schemas/account.ts';
import type { Profile } from '../../lib/schemas/auth.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { FormNotice } from '../ui/Alert.tsx';
import { DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { TextField } from '../ui/Field.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

export type ProfileField = 'name' | 'phone_number';

interface Props {
  field: ProfileField;
  title: string;
  description: string;
  label: string;
  initial: string;
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'>;
  close: () => void;
  /** After a save (the toast and `$user` are done); closes the popup unless given. */
  onSaved?: (profile: Profile) => void;
}

/**
 * A popup form changing one profile field with PUT /v1/users/me (the API takes exactly one),
 * checked first with the API's own schema.
 */
export function ProfileFieldForm({ field, title, description, label, initial, input, close, onSaved }: Props) {
  const form = useZodForm({ schema: profileUpdateSchema, defaultValues: { [field]: initial } as Partial<Record<ProfileField, string>> });

  const onSubmit = form.submit(async (data) => {
    if ((form.getValues(field) ?? '').trim() === initial.trim()) return close();
    const res = await api<Profile>('PUT', '/users/me', { body: { [field]: data[field] } });
    $user.set(res.data);
    toast.success(res.message ?? '');
    if (onSaved) onSaved(res.data);
    else close();
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogHeader title={title} description={description} />
      <DialogBody className="space-y-4 pb-4">
        <FormNotice notice={form.notice} />
        <TextField {...input} {...form.text(field)} label={label} data-autofocus />
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} />
    </form>
  );
}
