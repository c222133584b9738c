import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { profileUpdateSchema } from '../../lib/schemas/account.ts';
import type { Profile } from '../../lib/schemas/auth.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { FormAlert, TextField } from '../auth/fields.tsx';
import { PopupBody, PopupHeader } from '../popups/PopupParts.tsx';
import { FormActions } from './controls.tsx';
import { useSchemaForm } from './use-schema-form.ts';

export type ProfileField = 'name' | 'email' | 'phone_number';

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
  const t = useT();
  const [value, setValue] = useState(initial);
  const form = useSchemaForm([field], profileUpdateSchema);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void form.submit({ [field]: value }, async (data) => {
      if (value.trim() === initial.trim()) return close();
      const res = await api<Profile>('PUT', '/users/me', { body: { [field]: data[field] } });
      $user.set(res.data);
      toast.success(res.message ?? '');
      if (onSaved) onSaved(res.data);
      else close();
    });
  }

  return (
    <form noValidate onSubmit={submit}>
      <PopupHeader title={title} description={description} />
      <PopupBody className="space-y-4 pb-4">
        {form.notice && <FormAlert kind="error">{form.notice}</FormAlert>}
        <TextField
          {...input}
          name={field}
          label={label}
          value={value}
          onValue={(v) => {
            setValue(v);
            form.clear(field);
          }}
          error={form.errors[field]}
          inputRef={form.bind(field)}
          data-autofocus
        />
      </PopupBody>
      <FormActions busy={form.busy} onCancel={close} />
    </form>
  );
}
